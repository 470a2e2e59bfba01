import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { fieldErrors, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * SKU BOMs and PLU BOMs through the gateway: validation with SPEC.md §5 wording in English and Chinese, UOMs
 * limited to the SKU's, duplicates per kind, the cycle rule (direct, one and two BOMs deep, archived BOMs not
 * counting, reactivation re-checked), the cost roll-up (default supplier, lowest price per primary unit, UOM
 * factors, wastage, a SKU priced by the BOM producing it) shown only with can_see_cost, the usage that refuses
 * archiving consumed SKUs, UOMs and categories, the events, and the SKU_BOM / PLU_BOM keys.
 */
describe('SKU BOMs and PLU BOMs (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;
  const uoms: Record<string, string> = {};
  let skuBomCategory: string;
  let otherSkuBomCategory: string;
  let pluBomCategory: string;
  let pluCategory: string;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, 60_000);

  afterAll(() => close?.());

  const skuBom = (overrides: Record<string, unknown> = {}) => ({
    bom_id: 'BOM-DOUGH',
    bom_name: 'Sweet dough',
    output_sku_id: 'DOUGH',
    output_quantity: '2',
    output_uom_name: uoms.KG,
    category_id: skuBomCategory,
    owner_type: 'text',
    owner: 'Central kitchen',
    hashtag_list: ['dough', 'base', 'dough'],
    consume_sku_list: [
      // wastage left blank: FLOUR's default (2%) applies
      { sku_id: 'FLOUR', quantity_per_uom: '1.5', uom_name: uoms.KG, wastage_percentage: '' },
      { sku_id: 'EGG', quantity_per_uom: 4, uom_name: uoms.PCS, wastage_percentage: '0' },
      { sku_id: 'SUGAR', quantity_per_uom: '200', uom_name: uoms.G, wastage_percentage: '5' },
    ],
    ...overrides,
  });

  const cakeBom = (overrides: Record<string, unknown> = {}) =>
    skuBom({
      bom_id: 'BOM-CAKE',
      bom_name: 'Sponge cake',
      output_sku_id: 'CAKE',
      output_quantity: '10',
      output_uom_name: uoms.PCS,
      hashtag_list: [],
      consume_sku_list: [
        { sku_id: 'DOUGH', quantity_per_uom: '500', uom_name: uoms.G, wastage_percentage: '10' },
        { sku_id: 'SUGAR', quantity_per_uom: '100', uom_name: uoms.G, wastage_percentage: '0' },
      ],
      ...overrides,
    });

  it('sets up UOMs, suppliers, SKUs with prices and BOM categories through their APIs', async () => {
    for (const name of ['KG', 'G', 'PCS', 'TRAY', 'PORTION']) {
      const created = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: `${name}-PACK`, uom_per_primary: '1' });
      expect(created.status).toBe(201);
      uoms[name] = created.body.data.uom_name as string;
    }
    const supplierCategory = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Bakery' });
    for (const id of ['S1', 'S2']) {
      const created = await agent.post('/api/catalog/suppliers').send({
        supplier_id: id,
        company_name: `Supplier ${id}`,
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
      expect(created.status).toBe(201);
    }
    const skuCategory = (await agent.post('/api/catalog/sku-categories').send({ category_name: 'Baking' })).body.data
      .category_id as string;
    const sku = async (
      skuId: string,
      primary: string,
      others: [string, string][],
      suppliers: string[],
      defaultSupplier: string | null,
      wastage = '0',
    ) => {
      const created = await agent.post('/api/catalog/skus').send({
        sku_id: skuId,
        name: `${skuId[0]}${skuId.slice(1).toLowerCase()}`,
        display_name: skuId,
        category_id: skuCategory,
        primary_uom_name: uoms[primary],
        purchasing_uom_name: uoms[primary],
        receiving_uom_name: uoms[primary],
        counting_uom_name: uoms[primary],
        uom_list: [
          { uom_name: uoms[primary], factor: '1' },
          ...others.map(([uom, factor]) => ({ uom_name: uoms[uom], factor })),
        ],
        supplier_list: suppliers,
        default_supplier_id: defaultSupplier,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: wastage,
      });
      expect(created.status).toBe(201);
    };
    await sku('FLOUR', 'KG', [['G', '0.001']], ['S1', 'S2'], 'S1', '2');
    await sku('SUGAR', 'KG', [['G', '0.001']], ['S1', 'S2'], null);
    await sku('EGG', 'PCS', [['TRAY', '30']], ['S1'], 'S1');
    await sku('DOUGH', 'KG', [['G', '0.001']], [], null);
    await sku('CAKE', 'PCS', [], [], null);
    await sku('SALT', 'KG', [], [], null);
    const price = async (skuId: string, supplierId: string, uom: string, current: string) => {
      const saved = await agent.put('/api/catalog/supplier-prices').send({
        sku_id: skuId,
        supplier_id: supplierId,
        uom_name: uoms[uom],
        current_price: current,
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      });
      expect(saved.status).toBe(200);
    };
    // FLOUR: the default supplier's 2.00/kg wins over S2's cheaper 1.50/kg.
    await price('FLOUR', 'S1', 'KG', '2');
    await price('FLOUR', 'S2', 'KG', '1.5');
    // SUGAR, no default supplier: the lowest per primary unit, S2's 0.0025/g = 2.50/kg, beats S1's 3.00/kg.
    await price('SUGAR', 'S1', 'KG', '3');
    await price('SUGAR', 'S2', 'G', '0.0025');
    // EGG: 9.00 a tray of 30 = 0.30 a piece.
    await price('EGG', 'S1', 'TRAY', '9');

    const category = async (kind: string, name: string) =>
      (await agent.post(`/api/catalog/item-categories/${kind}`).send({ category_name: name })).body.data
        .category_id as string;
    skuBomCategory = await category('sku-bom', 'Pastry');
    otherSkuBomCategory = await category('sku-bom', 'Sauces');
    pluBomCategory = await category('plu-bom', 'Desserts');
    pluCategory = await category('plu', 'Cakes');
  });

  it('creates a SKU BOM: names resolved, blank wastage from the SKU, hashtags de-duplicated, cost rolled up', async () => {
    const created = await agent.post('/api/catalog/sku-boms').send(skuBom());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      bom_kind: 'sku_bom',
      bom_id: 'BOM-DOUGH',
      output_sku_id: 'DOUGH',
      output_sku_name: 'Dough',
      output_quantity: '2.000',
      output_uom_name: 'KG',
      category_name: 'Pastry',
      owner_type: 'text',
      owner_name: 'Central kitchen',
      hashtag_list: ['dough', 'base'],
      status: 'new',
      in_use: false,
    });
    expect(created.body.data.consume_sku_list).toEqual([
      // 1.5 kg × 1 × 2.00 × 1.02
      expect.objectContaining({
        sku_id: 'FLOUR',
        sku_name: 'Flour',
        quantity_per_uom: '1.500',
        uom_name: 'KG',
        wastage_percentage: '2.00',
        unit_cost: '2.0000',
        cost: '3.0600',
      }),
      // 4 pcs × 1 × 0.30
      expect.objectContaining({ sku_id: 'EGG', wastage_percentage: '0.00', unit_cost: '0.3000', cost: '1.2000' }),
      // 200 g × 0.001 × 2.50 × 1.05
      expect.objectContaining({
        sku_id: 'SUGAR',
        uom_name: 'G',
        factor: '0.001000',
        wastage_percentage: '5.00',
        unit_cost: '2.5000',
        cost: '0.5250',
      }),
    ]);
    expect(created.body.data).toMatchObject({ cost: '4.7850', cost_per_output_unit: '2.3925' });
  });

  it('previews a recipe being written with the figures the saved BOM shows, to roles that see costs', async () => {
    const { consume_sku_list, output_quantity } = skuBom();
    const preview = await agent
      .post('/api/catalog/bom-options/cost-preview')
      .send({ consume_sku_list, output_quantity });
    expect(preview.status).toBe(200);
    const saved = (await agent.get('/api/catalog/sku-boms/BOM-DOUGH')).body.data;
    expect(preview.body.data).toEqual({
      consume_sku_list: saved.consume_sku_list,
      cost: saved.cost,
      cost_per_output_unit: saved.cost_per_output_unit,
    });
    const unknown = await agent
      .post('/api/catalog/bom-options/cost-preview')
      .send({ consume_sku_list: [{ sku_id: 'NOPE', quantity_per_uom: '1', uom_name: 'KG' }], output_quantity: '1' });
    expect(unknown.status).toBe(400);
    const blind = await tokenWithPermissions(runtime, [permission('SKU_BOM', true, true)], { cost: false });
    const stripped = await request(app.getHttpServer())
      .post('/api/catalog/bom-options/cost-preview')
      .set('Authorization', `Bearer ${blind}`)
      .send({ consume_sku_list, output_quantity });
    expect(stripped.status).toBe(200);
    expect(stripped.body.data).not.toHaveProperty('cost');
    expect(stripped.body.data.consume_sku_list[0]).not.toHaveProperty('unit_cost');
  });

  it('prices a SKU without supplier prices by the SKU BOM producing it, recursively', async () => {
    const created = await agent.post('/api/catalog/sku-boms').send(cakeBom());
    expect(created.status).toBe(201);
    // DOUGH costs 4.785 / 2 kg = 2.3925 per kg: 500 g × 0.001 × 2.3925 × 1.10 = 1.315875; SUGAR 100 g = 0.25.
    expect(created.body.data.consume_sku_list).toEqual([
      expect.objectContaining({ sku_id: 'DOUGH', unit_cost: '2.3925', cost: '1.3159' }),
      expect.objectContaining({ sku_id: 'SUGAR', cost: '0.2500' }),
    ]);
    expect(created.body.data).toMatchObject({ cost: '1.5659', cost_per_output_unit: '0.1566' });

    // A row whose SKU has neither a price nor a BOM has no cost, nor has the BOM.
    const unknown = await agent.post('/api/catalog/sku-boms').send(
      skuBom({
        bom_id: 'BOM-SALTY',
        output_sku_id: 'CAKE',
        output_uom_name: uoms.PCS,
        consume_sku_list: [
          { sku_id: 'SALT', quantity_per_uom: '1', uom_name: uoms.KG },
          { sku_id: 'EGG', quantity_per_uom: '1', uom_name: uoms.TRAY },
        ],
      }),
    );
    expect(unknown.status).toBe(201);
    expect(unknown.body.data.consume_sku_list).toEqual([
      expect.objectContaining({ sku_id: 'SALT', wastage_percentage: '0.00', unit_cost: null, cost: null }),
      expect.objectContaining({ sku_id: 'EGG', uom_name: 'TRAY', factor: '30.000000', cost: '9.0000' }),
    ]);
    expect(unknown.body.data).toMatchObject({ cost: null, cost_per_output_unit: null });
    expect((await agent.delete('/api/catalog/sku-boms/BOM-SALTY')).status).toBe(200);
  });

  it('follows a price change at once (costs are never stored)', async () => {
    await agent.put('/api/catalog/supplier-prices').send({
      sku_id: 'EGG',
      supplier_id: 'S1',
      uom_name: uoms.TRAY,
      current_price: '12',
      future_price_1: null,
      future_price_1_date: null,
      future_price_2: null,
      future_price_2_date: null,
    });
    const dough = await agent.get('/api/catalog/sku-boms/BOM-DOUGH');
    // EGG 0.40 a piece: 4 × 0.40 = 1.60; 3.06 + 1.60 + 0.525 = 5.185
    expect(dough.body.data).toMatchObject({ cost: '5.1850', cost_per_output_unit: '2.5925' });
    const list = await agent
      .post('/api/catalog/sku-boms/list')
      .send({ order_by: [{ column: 'bom_id', sort_type: 'ASC' }] });
    expect(list.body.data.map((row: { bom_id: string; cost: string }) => [row.bom_id, row.cost])).toEqual([
      ['BOM-CAKE', '1.6759'],
      ['BOM-DOUGH', '5.1850'],
    ]);
  });

  it('answers costs only to roles with can_see_cost, in the list, the view and the answers of changes', async () => {
    const server = app.getHttpServer();
    const blind = await tokenWithPermissions(runtime, [permission('SKU_BOM', true, true)], { cost: false });
    const view = await request(server).get('/api/catalog/sku-boms/BOM-DOUGH').set('Authorization', `Bearer ${blind}`);
    expect(view.status).toBe(200);
    expect(view.body.data).not.toHaveProperty('cost');
    expect(view.body.data).not.toHaveProperty('cost_per_output_unit');
    for (const row of view.body.data.consume_sku_list) {
      expect(row).not.toHaveProperty('cost');
      expect(row).not.toHaveProperty('unit_cost');
      expect(row).toHaveProperty('quantity_per_uom');
    }
    const list = await request(server)
      .post('/api/catalog/sku-boms/list')
      .set('Authorization', `Bearer ${blind}`)
      .send({});
    expect(list.body.data).toHaveLength(2);
    for (const row of list.body.data) expect(row).not.toHaveProperty('cost');
    const changed = await request(server)
      .put('/api/catalog/sku-boms/BOM-CAKE')
      .set('Authorization', `Bearer ${blind}`)
      .send(cakeBom());
    expect(changed.status).toBe(200);
    expect(changed.body.data).not.toHaveProperty('cost');
    expect(changed.body.data.consume_sku_list[0]).not.toHaveProperty('cost');

    const seeing = await tokenWithPermissions(runtime, [permission('SKU_BOM', true)], { cost: true });
    const withCost = await request(server)
      .get('/api/catalog/sku-boms/BOM-CAKE')
      .set('Authorization', `Bearer ${seeing}`);
    expect(withCost.body.data.cost).toBe('1.6759');
  });

  it('validates with SPEC wording in English and Chinese', async () => {
    const body = skuBom({
      bom_id: 'BOM/1',
      output_quantity: '0',
      consume_sku_list: [
        { sku_id: 'FLOUR', quantity_per_uom: '0', uom_name: uoms.KG },
        { sku_id: 'EGG', quantity_per_uom: '1.2345', uom_name: uoms.PCS, wastage_percentage: '100' },
        { sku_id: 'flour', quantity_per_uom: '1', uom_name: uoms.KG, wastage_percentage: '-1' },
        { sku_id: 'SUGAR', quantity_per_uom: 'abc', uom_name: '' },
      ],
    });
    const english = await agent.post('/api/catalog/sku-boms').send(body);
    expect(english.status).toBe(400);
    expect(fieldErrors(english.body)).toMatchObject({
      bom_id: 'Value cannot have slash',
      output_quantity: 'Value must be more than 0',
      'consume_sku_list.0.quantity_per_uom': 'Value must be more than 0',
      'consume_sku_list.1.quantity_per_uom': 'Please enter a number with at most 3 decimal places',
      'consume_sku_list.1.wastage_percentage': 'Value cannot be more than 99.99',
      'consume_sku_list.2.wastage_percentage': 'Value must be more than or equal to 0',
      'consume_sku_list.2.sku_id': 'This value is already in the list',
      'consume_sku_list.3.quantity_per_uom': 'Please enter valid number',
      'consume_sku_list.3.uom_name': 'This field is required',
    });
    const chinese = await agent.post('/api/catalog/sku-boms').set('Accept-Language', 'zh-CN').send(body);
    const zh = fieldErrors(chinese.body);
    expect(zh.bom_id).toBe('数值不能包含斜杠');
    expect(zh['consume_sku_list.0.quantity_per_uom']).not.toBe('Value must be more than 0');
    expect(zh['consume_sku_list.2.sku_id']).toBe('列表中已有此值');

    const empty = await agent.post('/api/catalog/sku-boms').send(skuBom({ bom_id: 'BOM-E', consume_sku_list: [] }));
    expect(fieldErrors(empty.body)).toMatchObject({ consume_sku_list: 'This field is required' });
    const missing = await agent
      .post('/api/catalog/sku-boms')
      .send({ bom_id: 'BOM-M', consume_sku_list: [{ sku_id: 'FLOUR' }] });
    expect(fieldErrors(missing.body)).toMatchObject({
      bom_name: 'This field is required',
      output_sku_id: 'This field is required',
      output_uom_name: 'This field is required',
      category_id: 'This field is required',
      'consume_sku_list.0.quantity_per_uom': 'This field is required',
    });
    const ownerless = await agent
      .post('/api/catalog/sku-boms')
      .send(skuBom({ bom_id: 'BOM-O', owner_type: 'location', owner: '' }));
    expect(fieldErrors(ownerless.body)).toMatchObject({ owner: 'This field is required' });
  });

  it('limits each row to its SKU’s UOMs and the output to the output SKU’s, and refuses unknown references', async () => {
    const foreign = await agent.post('/api/catalog/sku-boms').send(
      skuBom({
        bom_id: 'BOM-U',
        output_uom_name: uoms.PCS,
        consume_sku_list: [
          { sku_id: 'FLOUR', quantity_per_uom: '1', uom_name: uoms.KG },
          { sku_id: 'EGG', quantity_per_uom: '1', uom_name: uoms.G },
        ],
      }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('CATALOG_BOM_UOM_NOT_OF_SKU');
    expect(fieldErrors(foreign.body)).toEqual({ 'consume_sku_list.1.uom_name': "Choose one of this SKU's UOMs" });
    const chinese = await agent
      .post('/api/catalog/sku-boms')
      .set('Accept-Language', 'zh-CN')
      .send(skuBom({ bom_id: 'BOM-U', output_uom_name: uoms.PCS }));
    expect(fieldErrors(chinese.body)).toEqual({ output_uom_name: '请选择该 SKU 的计量单位之一' });

    const unknown = await agent.post('/api/catalog/sku-boms').send(
      skuBom({
        bom_id: 'BOM-U',
        category_id: pluCategory,
        consume_sku_list: [{ sku_id: 'NOPE', quantity_per_uom: '1', uom_name: uoms.KG }],
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CATALOG_BOM_REFERENCE_INVALID');
    expect(Object.keys(fieldErrors(unknown.body))).toEqual(['consume_sku_list.0.sku_id']);
    const wrongKind = await agent
      .post('/api/catalog/sku-boms')
      .send(skuBom({ bom_id: 'BOM-U', category_id: pluCategory }));
    expect(fieldErrors(wrongKind.body)).toEqual({
      category_id: 'The chosen record does not exist or is archived',
    });
  });

  it('refuses a duplicate BOM ID within a kind (any case) and a changed ID; the kinds keep their own codes', async () => {
    const duplicate = await agent.post('/api/catalog/sku-boms').send(skuBom({ bom_id: 'bom-dough' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A BOM with this BOM ID already exists');
    const renamed = await agent.put('/api/catalog/sku-boms/BOM-DOUGH').send(skuBom({ bom_id: 'BOM-DOUGH-2' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_BOM_ID_CHANGED');

    const pluBom = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'BOM-DOUGH',
      bom_name: 'Cake slice',
      output_quantity: '1',
      output_uom_name: uoms.PORTION,
      category_id: pluBomCategory,
      consume_sku_list: [
        { sku_id: 'CAKE', quantity_per_uom: '1', uom_name: uoms.PCS },
        { sku_id: 'SUGAR', quantity_per_uom: '10', uom_name: uoms.G },
      ],
    });
    expect(pluBom.status).toBe(201);
    // CAKE priced by BOM-CAKE: 1.675875 / 10 = 0.1675875 a piece; sugar 10 g = 0.025.
    expect(pluBom.body.data).toMatchObject({
      bom_kind: 'plu_bom',
      output_sku_id: null,
      output_uom_name: 'PORTION',
      category_name: 'Desserts',
      cost: '0.1926',
    });
    const skuBomList = await agent.post('/api/catalog/sku-boms/list').send({});
    expect(skuBomList.body.recordsTotal).toBe(2);
    const pluBomList = await agent.post('/api/catalog/plu-boms/list').send({ search_str: 'sugar' });
    expect(pluBomList.body.data.map((row: { bom_id: string }) => row.bom_id)).toEqual(['BOM-DOUGH']);
    // Its output is a unit by name (docs/units-of-measure.md): any unit a UOM record names, in any case.
    const lower = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'BOM-SLICE',
      bom_name: 'Slice',
      output_quantity: '1',
      output_uom_name: 'portion',
      category_id: pluBomCategory,
      consume_sku_list: [{ sku_id: 'SUGAR', quantity_per_uom: '10', uom_name: 'g' }],
    });
    expect(lower.status).toBe(201);
    expect(lower.body.data).toMatchObject({ output_uom_name: 'PORTION', consume_sku_list: [{ uom_name: 'G' }] });
    const unknownUnit = await agent.post('/api/catalog/plu-boms').send({
      bom_id: 'BOM-SLICE-2',
      bom_name: 'Slice',
      output_quantity: '1',
      output_uom_name: 'SLAB',
      category_id: pluBomCategory,
      consume_sku_list: [{ sku_id: 'SUGAR', quantity_per_uom: '10', uom_name: 'G' }],
    });
    expect(Object.keys(fieldErrors(unknownUnit.body))).toEqual(['output_uom_name']);
    expect((await agent.delete('/api/catalog/plu-boms/BOM-SLICE')).status).toBe(200);
    expect((await agent.delete('/api/catalog/plu-boms/BOM-DOUGH')).status).toBe(200);
  });

  it('refuses a BOM that consumes its own output, directly or through one or two other BOMs', async () => {
    const direct = await agent.post('/api/catalog/sku-boms').send(
      skuBom({
        bom_id: 'BOM-SELF',
        consume_sku_list: [{ sku_id: 'DOUGH', quantity_per_uom: '1', uom_name: uoms.KG }],
      }),
    );
    expect(direct.status).toBe(400);
    expect(fieldErrors(direct.body)).toEqual({
      'consume_sku_list.0.sku_id': 'A BOM cannot consume the SKU it produces',
    });

    // BOM-FL makes FLOUR from DOUGH, which BOM-DOUGH makes from FLOUR.
    const oneDeep = (consumed: string, uom: string) =>
      skuBom({
        bom_id: 'BOM-FL',
        output_sku_id: 'FLOUR',
        output_quantity: '1',
        output_uom_name: uoms.KG,
        consume_sku_list: [
          { sku_id: 'SUGAR', quantity_per_uom: '1', uom_name: uoms.KG },
          { sku_id: consumed, quantity_per_uom: '1', uom_name: uom },
        ],
      });
    const indirect = await agent.post('/api/catalog/sku-boms').send(oneDeep('DOUGH', uoms.KG));
    expect(indirect.status).toBe(400);
    expect(indirect.body.code).toBe('CATALOG_BOM_CYCLE');
    expect(fieldErrors(indirect.body)).toEqual({
      'consume_sku_list.1.sku_id': 'A BOM cannot consume itself: BOM-FL → DOUGH → BOM-DOUGH → FLOUR',
    });
    const chinese = await agent
      .post('/api/catalog/sku-boms')
      .set('Accept-Language', 'zh-CN')
      .send(oneDeep('DOUGH', uoms.KG));
    expect(chinese.body.message).toBe('BOM 不能消耗其自身：BOM-FL → DOUGH → BOM-DOUGH → FLOUR');

    // Two deep: CAKE ← BOM-CAKE ← DOUGH ← BOM-DOUGH ← FLOUR.
    const twoDeep = await agent.post('/api/catalog/sku-boms').send(oneDeep('CAKE', uoms.PCS));
    expect(twoDeep.status).toBe(400);
    expect(fieldErrors(twoDeep.body)).toEqual({
      'consume_sku_list.1.sku_id': 'A BOM cannot consume itself: BOM-FL → CAKE → BOM-CAKE → DOUGH → BOM-DOUGH → FLOUR',
    });

    // An archived BOM is not part of the production graph; reactivating it is checked again.
    expect((await agent.post('/api/catalog/sku-boms/BOM-CAKE/archive')).body.data.status).toBe('archived');
    const allowed = await agent.post('/api/catalog/sku-boms').send(oneDeep('CAKE', uoms.PCS));
    expect(allowed.status).toBe(201);
    const reactivate = await agent.post('/api/catalog/sku-boms/BOM-CAKE/reactivate');
    expect(reactivate.status).toBe(400);
    expect(fieldErrors(reactivate.body)).toEqual({
      'consume_sku_list.0.sku_id': 'A BOM cannot consume itself: BOM-CAKE → DOUGH → BOM-DOUGH → FLOUR → BOM-FL → CAKE',
    });
    // Editing an existing BOM into a cycle is refused too.
    const edit = await agent.put('/api/catalog/sku-boms/BOM-FL').send(oneDeep('DOUGH', uoms.KG));
    expect(edit.body.code).toBe('CATALOG_BOM_CYCLE');
    expect((await agent.delete('/api/catalog/sku-boms/BOM-FL')).status).toBe(200);
    expect((await agent.post('/api/catalog/sku-boms/BOM-CAKE/reactivate')).body.data.status).toBe('active');
  });

  it('is owned by a location: its name shown, the location refusing archive, an unknown one refused', async () => {
    const category = await agent.post('/api/catalog/location-categories').send({ category_name: 'Kitchens' });
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'West' });
    const location = await agent.post('/api/catalog/locations').send({
      location_id: 'CK-1',
      location_name: 'Central Kitchen West',
      is_operating: true,
      category_id: category.body.data.category_id,
      region_id: region.body.data.region_id,
      address: '1 Jurong Road',
      country: 'Singapore',
      postal_code: '600001',
    });
    expect(location.status).toBe(201);
    const unknown = await agent
      .put('/api/catalog/sku-boms/BOM-DOUGH')
      .send(skuBom({ owner_type: 'location', owner: 'NOPE' }));
    expect(fieldErrors(unknown.body)).toEqual({ owner: 'The chosen record does not exist or is archived' });
    const owned = await agent
      .put('/api/catalog/sku-boms/BOM-DOUGH')
      .send(skuBom({ owner_type: 'location', owner: 'CK-1' }));
    expect(owned.body.data).toMatchObject({
      owner_type: 'location',
      owner: 'CK-1',
      owner_name: 'Central Kitchen West',
    });
    const listed = await agent.post('/api/catalog/sku-boms/list').send({ search_str: 'central kitchen west' });
    expect(listed.body.data.map((row: { bom_id: string }) => row.bom_id)).toEqual(['BOM-DOUGH']);
    const archive = await agent.post('/api/catalog/locations/CK-1/archive');
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('Location is in use, cannot be deleted or archived');
    // Back to a text owner: the location is free.
    expect((await agent.put('/api/catalog/sku-boms/BOM-DOUGH').send(skuBom())).status).toBe(200);
    expect((await agent.post('/api/catalog/locations/CK-1/archive')).status).toBe(200);
  });

  it('records what a BOM uses: consumed and output SKUs, UOMs and category refuse archive until it is gone', async () => {
    const sku = await agent.post('/api/catalog/skus/FLOUR/archive');
    expect(sku.status).toBe(409);
    expect(sku.body.message).toBe('SKU is in use, cannot be deleted or archived');
    const output = await agent.post('/api/catalog/skus/CAKE/archive').set('Accept-Language', 'zh-CN');
    expect(output.status).toBe(409);
    const category = await agent.post(`/api/catalog/item-categories/sku-bom/${skuBomCategory}/archive`);
    expect(category.status).toBe(409);
    expect(category.body.message).toBe('Category is in use, cannot be deleted or archived');

    // Moving BOM-CAKE to another category moves the usage.
    const moved = await agent.put('/api/catalog/sku-boms/BOM-CAKE').send(cakeBom({ category_id: otherSkuBomCategory }));
    expect(moved.body.data.category_name).toBe('Sauces');
    const detail = await agent.get(`/api/catalog/item-categories/sku-bom/${otherSkuBomCategory}`);
    expect(detail.body.data.in_use).toBe(true);

    // An archived category cannot be chosen.
    const spare = await agent.post('/api/catalog/item-categories/sku-bom').send({ category_name: 'Old' });
    await agent.post(`/api/catalog/item-categories/sku-bom/${spare.body.data.category_id}/archive`);
    const archivedCategory = await agent
      .put('/api/catalog/sku-boms/BOM-CAKE')
      .send(cakeBom({ category_id: spare.body.data.category_id }));
    expect(fieldErrors(archivedCategory.body)).toEqual({
      category_id: 'The chosen record does not exist or is archived',
    });

    expect((await agent.delete('/api/catalog/sku-boms/BOM-CAKE')).status).toBe(200);
    expect((await agent.post('/api/catalog/skus/CAKE/archive')).status).toBe(200);
    expect((await agent.post('/api/catalog/skus/CAKE/reactivate')).status).toBe(200);
  });

  it('refuses archive and delete of a BOM in use, archives and reactivates it, and hides archived ones', async () => {
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('sku_bom', 'BOM-DOUGH', 'wip', 'WIP-1')`,
    );
    const refused = await agent.post('/api/catalog/sku-boms/BOM-DOUGH/archive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('SKU BOM is in use, cannot be deleted or archived');
    const zh = await agent.delete('/api/catalog/sku-boms/BOM-DOUGH').set('Accept-Language', 'zh-CN');
    expect(zh.body.message).toBe('SKU BOM 正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'sku_bom'`);

    expect((await agent.post('/api/catalog/sku-boms/BOM-DOUGH/archive')).body.data.status).toBe('archived');
    const editArchived = await agent.put('/api/catalog/sku-boms/BOM-DOUGH').send(skuBom());
    expect(editArchived.status).toBe(409);
    const live = await agent.post('/api/catalog/sku-boms/list').send({ other_params: { status: 'new_or_active' } });
    expect(live.body.recordsTotal).toBe(0);
    expect((await agent.post('/api/catalog/sku-boms/BOM-DOUGH/reactivate')).body.data.status).toBe('active');
  });

  it('publishes full snapshots without cost, and the deletion', async () => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.sku-bom.%'
        AND envelope->'data'->>'bom_id' = 'BOM-CAKE' ORDER BY id`,
    );
    expect(rows.map((row) => row.subject)).toEqual([
      'catalog.sku-bom.upserted',
      'catalog.sku-bom.upserted',
      'catalog.sku-bom.upserted',
      'catalog.sku-bom.upserted',
      'catalog.sku-bom.upserted',
      'catalog.sku-bom.deleted',
    ]);
    expect(rows[0].envelope.data).toEqual({
      bom_kind: 'sku_bom',
      bom_id: 'BOM-CAKE',
      bom_name: 'Sponge cake',
      output_sku_id: 'CAKE',
      output_quantity: '10.000',
      output_uom_name: uoms.PCS,
      category_id: skuBomCategory,
      owner_type: 'text',
      owner: 'Central kitchen',
      hashtag_list: [],
      consume_sku_list: [
        { sku_id: 'DOUGH', quantity_per_uom: '500.000', uom_name: uoms.G, wastage_percentage: '10.00' },
        { sku_id: 'SUGAR', quantity_per_uom: '100.000', uom_name: uoms.G, wastage_percentage: '0.00' },
      ],
      status: 'new',
      revision: 1,
      last_updated_time: expect.any(String),
    });
    expect(rows.map((row) => row.envelope.data.revision)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[5].envelope.data).toEqual({ bom_kind: 'sku_bom', bom_id: 'BOM-CAKE', revision: 6 });
  });

  it('guards SKU BOMs with SKU_BOM and PLU BOMs with PLU_BOM; the form options with any BOM or PLU key', async () => {
    const server = app.getHttpServer();
    const call = async (token: string, method: 'get' | 'post', path: string, body?: object) => {
      const pending = request(server)[method](path).set('Authorization', `Bearer ${token}`);
      return (body ? await pending.send(body) : await pending).status;
    };
    const skuBomViewer = await tokenWithPermissions(runtime, [permission('SKU_BOM', true)]);
    const pluBomEditor = await tokenWithPermissions(runtime, [permission('PLU_BOM', true, true)]);
    const pluViewer = await tokenWithPermissions(runtime, [permission('PLU', true)]);
    const skuOnly = await tokenWithPermissions(runtime, [permission('SKU', true, true)]);
    expect(await call(skuBomViewer, 'post', '/api/catalog/sku-boms/list', {})).toBe(200);
    expect(await call(skuBomViewer, 'post', '/api/catalog/sku-boms', skuBom({ bom_id: 'BOM-V' }))).toBe(403);
    expect(await call(pluBomEditor, 'post', '/api/catalog/sku-boms/list', {})).toBe(403);
    expect(await call(pluBomEditor, 'post', '/api/catalog/plu-boms/list', {})).toBe(200);
    expect(await call(skuBomViewer, 'post', '/api/catalog/plu-boms/list', {})).toBe(403);
    for (const token of [skuBomViewer, pluBomEditor, pluViewer]) {
      expect(await call(token, 'get', '/api/catalog/bom-options')).toBe(200);
      expect(await call(token, 'post', '/api/catalog/bom-options/skus', { search_str: 'fl' })).toBe(200);
    }
    expect(await call(skuOnly, 'get', '/api/catalog/bom-options')).toBe(403);

    const options = await request(server)
      .post('/api/catalog/bom-options/skus')
      .set('Authorization', `Bearer ${pluViewer}`)
      .send({ search_str: 'flo' });
    expect(options.body.data).toEqual([
      expect.objectContaining({
        sku_id: 'FLOUR',
        default_wastage_percentage: '2.00',
        uom_list: [
          { uom_name: 'KG', factor: '1.000000' },
          { uom_name: 'G', factor: '0.001000' },
        ],
      }),
    ]);
    expect(options.body.data[0]).not.toHaveProperty('unit_cost');
    // With can_see_cost the picker carries each SKU's unit cost, for the form's live cost column.
    const seeing = await agent.post('/api/catalog/bom-options/skus').send({ search_str: 'flo' });
    expect(seeing.body.data[0].unit_cost).toBe('2.0000');
    const asked = await agent.post('/api/catalog/bom-options/skus').send({ search_str: 'zzz', sku_ids: ['DOUGH'] });
    expect(asked.body.data.map((sku: { sku_id: string; unit_cost: string }) => [sku.sku_id, sku.unit_cost])).toEqual([
      ['DOUGH', '2.5925'],
    ]);
  });
});
