import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { fieldErrors, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * PLUs through the gateway: on an existing PLU BOM or on a custom BOM of their own (kept out of the PLU BOM list,
 * switched both ways), validation with SPEC.md §5 wording in English and Chinese, references, duplicates, cost
 * and margin against the suggested price only with can_see_cost, the usage of category, BOM and custom-BOM SKUs,
 * the PLU's own in-use refusal, the events, and the PLU key.
 */
describe('PLUs (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;
  const uoms: Record<string, string> = {};
  let drinks: string;
  let food: string;
  let coffeeBoms: string;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, 60_000);

  afterAll(() => close?.());

  const latte = (overrides: Record<string, unknown> = {}) => ({
    plu_id: 'LATTE',
    plu_name: 'Cafe latte',
    ch_display_name: '拿铁',
    suggested_price: '4.5',
    barcode: '1000001',
    category_id: drinks,
    bom_type: 'existing',
    bom_id: 'LATTE-BOM',
    ...overrides,
  });

  const espresso = (overrides: Record<string, unknown> = {}) => ({
    plu_id: 'ESPRESSO',
    plu_name: 'Espresso',
    suggested_price: 0,
    category_id: drinks,
    bom_type: 'custom',
    custom_bom: {
      output_quantity: '1',
      output_uom_name: uoms.CUP,
      consume_sku_list: [
        { sku_id: 'BEAN', quantity_per_uom: '18', uom_name: uoms.G },
        { sku_id: 'SUGAR', quantity_per_uom: '5', uom_name: uoms.G, wastage_percentage: '0' },
      ],
    },
    ...overrides,
  });

  it('sets up UOMs, a supplier, SKUs with prices, categories and a PLU BOM through their APIs', async () => {
    for (const name of ['KG', 'G', 'CUP']) {
      const created = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: `${name}-PACK`, uom_per_primary: '1' });
      uoms[name] = created.body.data.uom_name as string;
    }
    const supplierCategory = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Cafe' });
    const supplier = await agent.post('/api/catalog/suppliers').send({
      supplier_id: 'S1',
      company_name: 'Supplier S1',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '0',
      category_id: supplierCategory.body.data.category_id,
      gst_price_type: 'exclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
    });
    expect(supplier.status).toBe(201);
    const skuCategory = (await agent.post('/api/catalog/sku-categories').send({ category_name: 'Cafe' })).body.data
      .category_id as string;
    for (const [skuId, wastage, price] of [
      ['BEAN', '5', '20'],
      ['MILK', '0', '2'],
      ['SUGAR', '0', '1'],
    ]) {
      const created = await agent.post('/api/catalog/skus').send({
        sku_id: skuId,
        name: skuId.toLowerCase(),
        display_name: skuId,
        category_id: skuCategory,
        primary_uom_name: uoms.KG,
        purchasing_uom_name: uoms.KG,
        receiving_uom_name: uoms.KG,
        counting_uom_name: uoms.KG,
        uom_list: [
          { uom_name: uoms.KG, factor: '1' },
          { uom_name: uoms.G, factor: '0.001' },
        ],
        supplier_list: ['S1'],
        default_supplier_id: 'S1',
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: wastage,
      });
      expect(created.status).toBe(201);
      const priced = await agent.put('/api/catalog/supplier-prices').send({
        sku_id: skuId,
        supplier_id: 'S1',
        uom_name: uoms.KG,
        current_price: price,
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      });
      expect(priced.status).toBe(200);
    }
    const category = async (kind: string, name: string) =>
      (await agent.post(`/api/catalog/item-categories/${kind}`).send({ category_name: name })).body.data
        .category_id as string;
    drinks = await category('plu', 'Drinks');
    food = await category('plu', 'Food');
    coffeeBoms = await category('plu-bom', 'Coffee');
    const bom = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'LATTE-BOM',
      bom_name: 'Latte recipe',
      output_quantity: '2',
      output_uom_name: uoms.CUP,
      category_id: coffeeBoms,
      consume_sku_list: [
        // 36 g × 0.001 × 20.00 = 0.72 (wastage 0 given)
        { sku_id: 'BEAN', quantity_per_uom: '36', uom_name: uoms.G, wastage_percentage: '0' },
        // 0.5 kg × 2.00 × 1.10 = 1.10
        { sku_id: 'MILK', quantity_per_uom: '0.5', uom_name: uoms.KG, wastage_percentage: '10' },
      ],
    });
    expect(bom.status).toBe(201);
    expect(bom.body.data).toMatchObject({ cost: '1.8200', cost_per_output_unit: '0.9100' });
  });

  it('creates a PLU on an existing PLU BOM with its cost per cup and margin', async () => {
    const created = await agent.post('/api/catalog/plus').send(latte());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      plu_id: 'LATTE',
      plu_name: 'Cafe latte',
      ch_display_name: '拿铁',
      suggested_price: '4.50',
      barcode: '1000001',
      category_name: 'Drinks',
      bom_type: 'existing',
      bom_id: 'LATTE-BOM',
      bom: expect.objectContaining({ bom_id: 'LATTE-BOM', bom_name: 'Latte recipe', output_uom_name: 'CUP' }),
      cost: '0.9100',
      margin: '3.59',
      margin_percentage: '79.78',
      status: 'new',
      in_use: false,
    });
    expect(created.body.data.bom.consume_sku_list).toHaveLength(2);
  });

  it('creates a PLU on a custom BOM of its own, kept out of the PLU BOM list', async () => {
    const created = await agent.post('/api/catalog/plus').send(espresso());
    expect(created.status).toBe(201);
    // BEAN 18 g × 0.001 × 20.00 × 1.05 (its default wastage) = 0.378; SUGAR 5 g × 0.001 × 1.00 = 0.005.
    expect(created.body.data).toMatchObject({
      bom_type: 'custom',
      bom_id: null,
      suggested_price: '0.00',
      cost: '0.3830',
      margin: '-0.38',
      margin_percentage: null,
    });
    expect(created.body.data.bom.consume_sku_list).toEqual([
      expect.objectContaining({ sku_id: 'BEAN', wastage_percentage: '5.00', cost: '0.3780' }),
      expect.objectContaining({ sku_id: 'SUGAR', cost: '0.0050' }),
    ]);
    const boms = await agent.post('/api/catalog/plu-boms/list').send({});
    expect(boms.body.data.map((row: { bom_id: string }) => row.bom_id)).toEqual(['LATTE-BOM']);
    expect((await agent.get('/api/catalog/plu-boms/ESPRESSO')).status).toBe(404);
    // A PLU BOM may take the same code as a PLU's custom BOM.
    const same = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'ESPRESSO',
      bom_name: 'Double shot',
      output_quantity: '1',
      output_uom_name: uoms.CUP,
      category_id: coffeeBoms,
      consume_sku_list: [{ sku_id: 'BEAN', quantity_per_uom: '36', uom_name: uoms.G }],
    });
    expect(same.status).toBe(201);
  });

  it('lists PLUs with their BOM, cost and margin; searches code, names, barcode and BOM', async () => {
    const list = await agent
      .post('/api/catalog/plus/list')
      .send({ order_by: [{ column: 'plu_id', sort_type: 'ASC' }] });
    expect(
      list.body.data.map((row: Record<string, unknown>) => [
        row.plu_id,
        row.bom_id,
        row.bom_name,
        row.cost,
        row.margin,
      ]),
    ).toEqual([
      ['ESPRESSO', null, 'Espresso', '0.3830', '-0.38'],
      ['LATTE', 'LATTE-BOM', 'Latte recipe', '0.9100', '3.59'],
    ]);
    for (const search of ['latt', '拿铁', '1000001', 'latte recipe']) {
      const found = await agent.post('/api/catalog/plus/list').send({ search_str: search });
      expect(found.body.data.map((row: { plu_id: string }) => row.plu_id)).toEqual(['LATTE']);
    }
    const byType = await agent.post('/api/catalog/plus/list').send({ other_params: { bom_type: 'custom' } });
    expect(byType.body.recordsTotal).toBe(1);
  });

  it('shows the same cost and margin of a PLU in its view, the list and the export: one rounding, on the server', async () => {
    // Rows of 0.7200, 0.000125 and 0.000126: each row's cost is rounded once (0.7200, 0.0001, 0.0001) and the
    // total is the sum of the rows as shown (0.7202), not the rounded exact sum (0.720251 → 0.7203).
    const mocha = espresso({
      plu_id: 'MOCHA',
      plu_name: 'Mocha',
      suggested_price: '6.9',
      custom_bom: {
        output_quantity: '1',
        output_uom_name: uoms.CUP,
        consume_sku_list: [
          { sku_id: 'BEAN', quantity_per_uom: '36', uom_name: uoms.G, wastage_percentage: '0' },
          { sku_id: 'SUGAR', quantity_per_uom: '0.125', uom_name: uoms.G, wastage_percentage: '0' },
          { sku_id: 'MILK', quantity_per_uom: '0.063', uom_name: uoms.G, wastage_percentage: '0' },
        ],
      },
    });
    // Before it is saved, the form asks the server for the same figures (one computation).
    const { plu_id: _id, plu_name: _name, category_id: _category, ...recipe } = mocha;
    const preview = await agent.post('/api/catalog/plus/cost-preview').send(recipe);
    expect(preview.status).toBe(200);
    expect((await agent.post('/api/catalog/plus').send(mocha)).status).toBe(201);
    const view = (await agent.get('/api/catalog/plus/MOCHA')).body.data;
    expect(preview.body.data).toEqual({
      bom: {
        output_quantity: view.bom.output_quantity,
        consume_sku_list: view.bom.consume_sku_list,
        cost: view.bom.cost,
        cost_per_output_unit: view.bom.cost_per_output_unit,
      },
      cost: view.cost,
      margin: view.margin,
      margin_percentage: view.margin_percentage,
    });
    const rows = view.bom.consume_sku_list.map((row: { cost: string }) => row.cost);
    expect(rows).toEqual(['0.7200', '0.0001', '0.0001']);
    expect(view.bom).toMatchObject({ cost: '0.7202', cost_per_output_unit: '0.7202' });
    // Money at 2 decimals, the margin % from the same cost; the cost a unit cost at 4.
    expect(view).toMatchObject({ cost: '0.7202', margin: '6.18', margin_percentage: '89.56' });

    const figures = (row: Record<string, unknown>) => [row.cost, row.margin, row.margin_percentage];
    const list = await agent.post('/api/catalog/plus/list').send({ search_str: 'MOCHA' });
    expect(list.body.data.map(figures)).toEqual([figures(view)]);
    // The Excel export pages the list with the table's columns and the largest page.
    const exported = await agent.post('/api/catalog/plus/list').send({
      search_str: 'MOCHA',
      columns: ['plu_id', 'plu_name', 'suggested_price', 'cost', 'margin', 'margin_percentage'],
      start: 0,
      limit: 1000,
    });
    expect(exported.body.data.map(figures)).toEqual([figures(view)]);
    expect((await agent.delete('/api/catalog/plus/MOCHA')).status).toBe(200);
  });

  it('previews the cost and margin of a PLU on an existing BOM before it is saved, without a price too', async () => {
    const preview = await agent
      .post('/api/catalog/plus/cost-preview')
      .send({ bom_type: 'existing', bom_id: 'latte-bom', suggested_price: '4.5' });
    expect(preview.body.data).toMatchObject({ cost: '0.9100', margin: '3.59', margin_percentage: '79.78' });
    expect(preview.body.data.bom).toMatchObject({ cost: '1.8200', cost_per_output_unit: '0.9100' });
    const unpriced = await agent
      .post('/api/catalog/plus/cost-preview')
      .send({ bom_type: 'existing', bom_id: 'LATTE-BOM' });
    expect(unpriced.body.data).toMatchObject({ cost: '0.9100', margin: null, margin_percentage: null });
    const unknown = await agent.post('/api/catalog/plus/cost-preview').send({ bom_type: 'existing', bom_id: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(fieldErrors(unknown.body))).toEqual(['bom_id']);
  });

  it('validates with SPEC wording in English and Chinese', async () => {
    const body = latte({
      plu_id: 'LA/TTE',
      suggested_price: '1.234',
      bom_id: '',
    });
    const english = await agent.post('/api/catalog/plus').send(body);
    expect(english.status).toBe(400);
    expect(fieldErrors(english.body)).toMatchObject({
      plu_id: 'Value cannot have slash',
      suggested_price: 'Please enter a number with at most 2 decimal places',
      bom_id: 'This field is required',
    });
    const chinese = await agent.post('/api/catalog/plus').set('Accept-Language', 'zh-CN').send(body);
    expect(fieldErrors(chinese.body)).toMatchObject({ plu_id: '数值不能包含斜杠', bom_id: '此项为必填项' });

    const negative = await agent.post('/api/catalog/plus').send(latte({ plu_id: 'N', suggested_price: '-1' }));
    expect(fieldErrors(negative.body)).toMatchObject({ suggested_price: 'Value must be more than or equal to 0' });
    const noRecipe = await agent.post('/api/catalog/plus').send(espresso({ plu_id: 'N', custom_bom: null }));
    expect(fieldErrors(noRecipe.body)).toEqual({ custom_bom: 'This field is required' });
    const badRows = await agent.post('/api/catalog/plus').send(
      espresso({
        plu_id: 'N',
        custom_bom: {
          output_quantity: '0',
          output_uom_name: uoms.CUP,
          consume_sku_list: [
            { sku_id: 'BEAN', quantity_per_uom: '0', uom_name: uoms.G },
            { sku_id: 'bean', quantity_per_uom: '1', uom_name: uoms.G },
          ],
        },
      }),
    );
    expect(fieldErrors(badRows.body)).toMatchObject({
      'custom_bom.output_quantity': 'Value must be more than 0',
      'custom_bom.consume_sku_list.0.quantity_per_uom': 'Value must be more than 0',
      'custom_bom.consume_sku_list.1.sku_id': 'This value is already in the list',
    });
    const missing = await agent.post('/api/catalog/plus').send({ plu_id: 'N' });
    expect(fieldErrors(missing.body)).toMatchObject({
      plu_name: 'This field is required',
      suggested_price: 'This field is required',
      category_id: 'This field is required',
      bom_type: 'This field is required',
    });
  });

  it('refuses unknown or archived references and a UOM not of the SKU in a custom BOM', async () => {
    const unknownBom = await agent.post('/api/catalog/plus').send(latte({ plu_id: 'X', bom_id: 'NO-SUCH' }));
    expect(unknownBom.status).toBe(400);
    expect(fieldErrors(unknownBom.body)).toEqual({
      bom_id: 'The chosen category or BOM does not exist or is archived',
    });
    const wrongKind = await agent.post('/api/catalog/plus').send(latte({ plu_id: 'X', category_id: coffeeBoms }));
    expect(Object.keys(fieldErrors(wrongKind.body))).toEqual(['category_id']);
    const foreignUom = await agent.post('/api/catalog/plus').send(
      espresso({
        plu_id: 'X',
        custom_bom: {
          output_quantity: '1',
          output_uom_name: uoms.CUP,
          consume_sku_list: [{ sku_id: 'BEAN', quantity_per_uom: '1', uom_name: uoms.CUP }],
        },
      }),
    );
    expect(foreignUom.body.code).toBe('CATALOG_BOM_UOM_NOT_OF_SKU');
    expect(Object.keys(fieldErrors(foreignUom.body))).toEqual(['custom_bom.consume_sku_list.0.uom_name']);
  });

  it('refuses a duplicate PLU ID (any case) and a changed ID', async () => {
    const duplicate = await agent.post('/api/catalog/plus').send(latte({ plu_id: 'latte' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A PLU with this PLU ID already exists');
    const zh = await agent.post('/api/catalog/plus').set('Accept-Language', 'zh-CN').send(latte());
    expect(zh.body.message).toBe('已存在相同 PLU 编号的 PLU');
    const renamed = await agent.put('/api/catalog/plus/LATTE').send(latte({ plu_id: 'LATTE-2' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_PLU_ID_CHANGED');
  });

  it('records what a PLU uses: its PLU BOM, its category and its custom BOM’s SKUs refuse archive', async () => {
    const bom = await agent.post('/api/catalog/plu-boms/LATTE-BOM/archive');
    expect(bom.status).toBe(409);
    expect(bom.body.message).toBe('PLU BOM is in use, cannot be deleted or archived');
    const category = await agent.post(`/api/catalog/item-categories/plu/${drinks}/archive`);
    expect(category.status).toBe(409);
    // SUGAR is consumed by ESPRESSO's custom BOM only.
    const sugar = await agent.post('/api/catalog/skus/SUGAR/archive');
    expect(sugar.status).toBe(409);
    expect(sugar.body.message).toBe('SKU is in use, cannot be deleted or archived');

    // ESPRESSO moves to an existing BOM: its custom BOM goes, and SUGAR is free.
    const moved = await agent
      .put('/api/catalog/plus/ESPRESSO')
      .send(espresso({ bom_type: 'existing', bom_id: 'ESPRESSO', category_id: food, custom_bom: undefined }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ bom_type: 'existing', bom_id: 'ESPRESSO', category_name: 'Food' });
    const customs: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.bom WHERE custom_plu_id = 'ESPRESSO'`);
    expect(customs).toHaveLength(0);
    expect((await agent.post('/api/catalog/skus/SUGAR/archive')).status).toBe(200);
    expect((await agent.post('/api/catalog/skus/SUGAR/reactivate')).status).toBe(200);
    expect((await agent.post('/api/catalog/plu-boms/ESPRESSO/archive')).status).toBe(409);

    // And back to a custom BOM: the PLU BOM is free again.
    const back = await agent.put('/api/catalog/plus/ESPRESSO').send(espresso());
    expect(back.body.data).toMatchObject({ bom_type: 'custom', bom_id: null, cost: '0.3830' });
    expect((await agent.delete('/api/catalog/plu-boms/ESPRESSO')).status).toBe(200);
    // Editing the custom recipe rewrites it in place.
    const edited = await agent.put('/api/catalog/plus/ESPRESSO').send(
      espresso({
        custom_bom: {
          output_quantity: '2',
          output_uom_name: uoms.CUP,
          consume_sku_list: [{ sku_id: 'BEAN', quantity_per_uom: '40', uom_name: uoms.G, wastage_percentage: '0' }],
        },
      }),
    );
    // 40 g × 0.001 × 20 = 0.80 for 2 cups.
    expect(edited.body.data).toMatchObject({ cost: '0.4000' });
    const rows: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.bom WHERE custom_plu_id = 'ESPRESSO'`);
    expect(rows).toHaveLength(1);
  });

  it('answers cost and margin only to roles with can_see_cost', async () => {
    const server = app.getHttpServer();
    const blind = await tokenWithPermissions(runtime, [permission('PLU', true, true)], { cost: false });
    const view = await request(server).get('/api/catalog/plus/LATTE').set('Authorization', `Bearer ${blind}`);
    expect(view.status).toBe(200);
    for (const field of ['cost', 'margin', 'margin_percentage']) expect(view.body.data).not.toHaveProperty(field);
    expect(view.body.data.suggested_price).toBe('4.50');
    expect(view.body.data.bom).not.toHaveProperty('cost');
    expect(view.body.data.bom).not.toHaveProperty('cost_per_output_unit');
    expect(view.body.data.bom.consume_sku_list[0]).not.toHaveProperty('cost');
    expect(view.body.data.bom.consume_sku_list[0]).not.toHaveProperty('unit_cost');
    const list = await request(server).post('/api/catalog/plus/list').set('Authorization', `Bearer ${blind}`).send({});
    for (const row of list.body.data) {
      expect(row).not.toHaveProperty('cost');
      expect(row).not.toHaveProperty('margin');
    }
    const changed = await request(server)
      .put('/api/catalog/plus/LATTE')
      .set('Authorization', `Bearer ${blind}`)
      .send(latte());
    expect(changed.status).toBe(200);
    expect(changed.body.data).not.toHaveProperty('margin');
    const preview = await request(server)
      .post('/api/catalog/plus/cost-preview')
      .set('Authorization', `Bearer ${blind}`)
      .send({ bom_type: 'existing', bom_id: 'LATTE-BOM', suggested_price: '4.5' });
    expect(preview.status).toBe(200);
    for (const field of ['cost', 'margin', 'margin_percentage']) expect(preview.body.data).not.toHaveProperty(field);
    expect(preview.body.data.bom).not.toHaveProperty('cost');
    expect(preview.body.data.bom.consume_sku_list[0]).not.toHaveProperty('unit_cost');
  });

  it('refuses archive and delete of a PLU in use; deleting one drops its custom BOM', async () => {
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('plu', 'LATTE', 'sales_order', 'SO-1')`,
    );
    const refused = await agent.post('/api/catalog/plus/LATTE/archive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('PLU is in use, cannot be deleted or archived');
    const zh = await agent.delete('/api/catalog/plus/LATTE').set('Accept-Language', 'zh-CN');
    expect(zh.body.message).toBe('PLU 正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'plu'`);

    expect((await agent.post('/api/catalog/plus/LATTE/archive')).body.data.status).toBe('archived');
    expect((await agent.put('/api/catalog/plus/LATTE').send(latte())).status).toBe(409);
    expect((await agent.post('/api/catalog/plus/LATTE/reactivate')).body.data.status).toBe('active');

    expect((await agent.delete('/api/catalog/plus/ESPRESSO')).status).toBe(200);
    const rows: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.bom WHERE custom_plu_id = 'ESPRESSO'`);
    expect(rows).toHaveLength(0);
    const usage: unknown[] = await catalogDb.query(
      `SELECT 1 FROM catalog.record_usage WHERE used_by_type = 'plu' AND used_by_id = 'ESPRESSO'`,
    );
    expect(usage).toHaveLength(0);
  });

  it('publishes full snapshots (the custom recipe included, no cost) and the deletion', async () => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.plu.%'
        AND envelope->'data'->>'plu_id' = 'ESPRESSO' ORDER BY id`,
    );
    expect(rows.map((row) => [row.subject, row.envelope.data.bom_type, row.envelope.data.revision])).toEqual([
      ['catalog.plu.upserted', 'custom', 1],
      ['catalog.plu.upserted', 'existing', 2],
      ['catalog.plu.upserted', 'custom', 3],
      ['catalog.plu.upserted', 'custom', 4],
      ['catalog.plu.deleted', undefined, 5],
    ]);
    expect(rows[0].envelope.data).toEqual({
      plu_id: 'ESPRESSO',
      plu_name: 'Espresso',
      ch_display_name: '',
      suggested_price: '0.00',
      barcode: '',
      category_id: drinks,
      bom_type: 'custom',
      bom_id: null,
      custom_bom: {
        output_quantity: '1.000',
        output_uom_name: uoms.CUP,
        consume_sku_list: [
          { sku_id: 'BEAN', quantity_per_uom: '18.000', uom_name: uoms.G, wastage_percentage: '5.00' },
          { sku_id: 'SUGAR', quantity_per_uom: '5.000', uom_name: uoms.G, wastage_percentage: '0.00' },
        ],
      },
      status: 'new',
      revision: 1,
      last_updated_time: expect.any(String),
    });
    expect(rows[1].envelope.data).toMatchObject({ bom_id: 'ESPRESSO', custom_bom: null });
  });

  it('guards PLUs and their BOM choices with the PLU key', async () => {
    const server = app.getHttpServer();
    const viewer = await tokenWithPermissions(runtime, [permission('PLU', true)]);
    const pluBomOnly = await tokenWithPermissions(runtime, [permission('PLU_BOM', true, true)]);
    const list = (token: string) =>
      request(server).post('/api/catalog/plus/list').set('Authorization', `Bearer ${token}`).send({});
    expect((await list(viewer)).status).toBe(200);
    expect((await list(pluBomOnly)).status).toBe(403);
    const create = await request(server)
      .post('/api/catalog/plus')
      .set('Authorization', `Bearer ${viewer}`)
      .send(latte({ plu_id: 'V' }));
    expect(create.status).toBe(403);
    const options = await request(server)
      .post('/api/catalog/plu-options/boms')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ search_str: 'latte' });
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual([
      {
        bom_id: 'LATTE-BOM',
        bom_name: 'Latte recipe',
        output_quantity: '2.000',
        output_uom_name: 'CUP',
        status: 'new',
      },
    ]);
  });
});
