import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource, EntityManager } from 'typeorm';
import { SkuService } from '../../services/catalog/src/sku/sku.service.js';

/**
 * SKUs through the gateway (embedded mode), SPEC.md §3 SKU: every field, UOM rows with factors to the primary
 * UOM, suppliers with a default one, validation in English and Chinese, a duplicate SKU ID, references that must
 * be usable; the usage a SKU records (its category, sub-category, UOMs and suppliers refuse archive / delete
 * while it uses them, and a change moves the usage); the SKU's own in-use refusal; prices only for roles with
 * can_see_cost; the list's search, filters and sort; the events with the full snapshot (prices included, through
 * SkuService.changePrices); and the SKU key.
 */
describe('SKUs (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  });

  afterAll(() => close?.());

  /** The outbox envelopes of one SKU, oldest first. */
  const outbox = async (skuId: string) => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.sku.%'
        AND envelope->'data'->>'sku_id' = $1 ORDER BY id`,
      [skuId],
    );
    return rows.map((row) => ({ subject: row.subject, data: row.envelope.data }));
  };
  /** A refusal's field errors as `{ field, message }`. */
  const problems = (response: request.Response) =>
    (response.body.errors as { field: string; message: string }[]).map(({ field, message }) => ({ field, message }));
  const as = async (permissions: ReturnType<typeof permission>[], cost: boolean) =>
    `Bearer ${await tokenWithPermissions(runtime, permissions, { cost })}`;

  let pcs: string;
  let box: string;
  let kg: string;
  let litre: string;
  /** UOM record ids by the unit they were made for (a SKU names units; a record is one conversion). */
  const records: Record<string, string> = {};
  let dryGoods: string;
  let rice: string;
  let noodles: string;
  let chilled: string;
  let milk: string;

  const sku = (overrides: Record<string, unknown> = {}) => ({
    sku_id: 'SKU-001',
    name: 'Jasmine rice 5kg',
    display_name: 'Jasmine Rice',
    ch_display_name: '茉莉香米',
    alternate_display_name_list: ['Thai rice', 'Fragrant rice', 'Thai rice'],
    category_id: dryGoods,
    sub_category_id: rice,
    primary_uom_name: pcs,
    purchasing_uom_name: box,
    receiving_uom_name: box,
    counting_uom_name: pcs,
    uom_list: [
      { uom_name: pcs, factor: 1 },
      { uom_name: box, factor: '12' },
      { uom_name: kg, factor: '0.2' },
    ],
    supplier_list: ['SUP-A', 'SUP-B', 'SUP-A'],
    default_supplier_id: 'SUP-B',
    barcode: '8850000000011',
    threshold: '10',
    is_inventorise: true,
    default_wastage_percentage: '2.5',
    max_order_qty: '500',
    account_code: 'AC-100',
    gl_code: 'GL-5000',
    hashtag_list: ['rice', 'staple', 'rice'],
    supplier_description: 'Thai Hom Mali, 5kg bag',
    product_brand: 'Royal Umbrella',
    packaging_detail: '4 bags per carton',
    ...overrides,
  });

  it('sets up UOMs, suppliers and SKU categories through their APIs', async () => {
    const uom = async (name: string, secondary: string, factor: string) => {
      const response = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: secondary, uom_per_primary: factor });
      expect(response.status).toBe(201);
      records[name] = response.body.data.uom_id as string;
      return name;
    };
    pcs = await uom('PCS', 'CTN', '24');
    // 1 BOX = 12 PCS: the SKU's BOX row takes its factor from this record.
    records.BOX = (
      await agent.post('/api/catalog/uoms').send({ uom_name: 'PCS', secondary_uom: 'BOX', uom_per_primary: '12' })
    ).body.data.uom_id as string;
    box = 'BOX';
    kg = await uom('KG', 'BAG', '25');
    litre = await uom('L', 'JUG', '4');

    const supplierCategory = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Grocers' });
    const supplier = async (supplierId: string, companyName: string) => {
      const response = await agent.post('/api/catalog/suppliers').send({
        supplier_id: supplierId,
        company_name: companyName,
        credit_term_in_days: 30,
        contact_name: 'Alice Tan',
        contact_no: '91234567',
        address: '10 Pasir Panjang Road',
        postal_code: '117438',
        country: 'Singapore',
        minimum_order_value: '0',
        category_id: supplierCategory.body.data.category_id,
        gst_price_type: 'exclusive',
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
      });
      expect(response.status).toBe(201);
    };
    await supplier('SUP-A', 'Alpha Foods');
    await supplier('SUP-B', 'Beta Trading');
    await supplier('SUP-C', 'Gamma Supplies');
    expect((await agent.post('/api/catalog/suppliers/SUP-C/archive')).status).toBe(200);

    const category = await agent.post('/api/catalog/sku-categories').send({
      category_name: 'Dry Goods',
      sub_categories: [{ sub_category_name: 'Rice' }, { sub_category_name: 'Noodles' }],
    });
    dryGoods = category.body.data.category_id;
    [rice, noodles] = category.body.data.sub_categories.map((row: { sub_category_id: string }) => row.sub_category_id);
    const other = await agent
      .post('/api/catalog/sku-categories')
      .send({ category_name: 'Chilled', sub_categories: [{ sub_category_name: 'Milk' }] });
    chilled = other.body.data.category_id;
    milk = other.body.data.sub_categories[0].sub_category_id;
  });

  it('creates a SKU with every field: names resolved, lists de-duplicated, decimals normalised', async () => {
    const created = await agent.post('/api/catalog/skus').send(sku());
    expect(created.status).toBe(201);
    const expected = {
      sku_id: 'SKU-001',
      name: 'Jasmine rice 5kg',
      display_name: 'Jasmine Rice',
      ch_display_name: '茉莉香米',
      alternate_display_name_list: ['Thai rice', 'Fragrant rice'],
      category_id: dryGoods,
      category_name: 'Dry Goods',
      sub_category_id: rice,
      sub_category_name: 'Rice',
      primary_uom_name: 'PCS',
      purchasing_uom_name: 'BOX',
      receiving_uom_name: 'BOX',
      counting_uom_name: 'PCS',
      uom_list: [
        { uom_name: 'PCS', factor: '1.000000', uom_id: null },
        { uom_name: 'BOX', factor: '12.000000', uom_id: records.BOX },
        { uom_name: 'KG', factor: '0.200000', uom_id: null },
      ],
      supplier_list: [
        { supplier_id: 'SUP-A', company_name: 'Alpha Foods' },
        { supplier_id: 'SUP-B', company_name: 'Beta Trading' },
      ],
      default_supplier_id: 'SUP-B',
      default_supplier_name: 'Beta Trading',
      barcode: '8850000000011',
      threshold: '10.000',
      is_inventorise: true,
      default_wastage_percentage: '2.50',
      max_order_qty: '500.000',
      account_code: 'AC-100',
      gl_code: 'GL-5000',
      hashtag_list: ['rice', 'staple'],
      supplier_description: 'Thai Hom Mali, 5kg bag',
      product_brand: 'Royal Umbrella',
      packaging_detail: '4 bags per carton',
      price_per_uom: [],
      status: 'new',
      in_use: false,
    };
    expect(created.body.data).toMatchObject(expected);
    const fetched = await agent.get('/api/catalog/skus/SKU-001');
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toMatchObject(expected);
  });

  it('answers field errors with SPEC wording in English and Chinese', async () => {
    const body = sku({
      sku_id: 'SKU/002',
      name: ' ',
      uom_list: [
        { uom_name: pcs, factor: '2' },
        { uom_name: box, factor: '0' },
        { uom_name: kg, factor: '0.1234567' },
        { uom_name: kg, factor: '1' },
      ],
      purchasing_uom_name: litre,
      default_supplier_id: 'SUP-C',
      default_wastage_percentage: '100',
      threshold: '-1',
      max_order_qty: '0',
      is_inventorise: 'yes',
    });
    const english = await agent.post('/api/catalog/skus').send(body);
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('One or more fields are not filled in correctly');
    expect(problems(english)).toEqual(
      expect.arrayContaining([
        { field: 'sku_id', message: 'Value cannot have slash' },
        { field: 'name', message: 'This field is required' },
        { field: 'uom_list.1.factor', message: 'Value must be more than 0' },
        { field: 'uom_list.2.factor', message: 'Please enter valid number' },
        { field: 'default_wastage_percentage', message: 'Value cannot be more than 99.99' },
        { field: 'threshold', message: 'Value must be more than or equal to 0' },
        { field: 'max_order_qty', message: 'Value must be more than 0' },
        expect.objectContaining({ field: 'is_inventorise' }),
      ]),
    );
    const chinese = await agent.post('/api/catalog/skus').set('Accept-Language', 'zh-CN').send(body);
    expect(problems(chinese)).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '此项为必填项' },
        { field: 'uom_list.1.factor', message: '数值必须大于 0' },
        { field: 'default_wastage_percentage', message: '数值不能超过 99.99' },
      ]),
    );

    // Cross-field rules (the fields themselves valid).
    const rules = sku({
      sku_id: 'SKU-002',
      uom_list: [
        { uom_name: pcs, factor: '2' },
        { uom_name: box, factor: '12' },
        { uom_name: box, factor: '6' },
      ],
      purchasing_uom_name: litre,
      default_supplier_id: 'SUP-C',
    });
    const crossEnglish = await agent.post('/api/catalog/skus').send(rules);
    expect(problems(crossEnglish)).toEqual(
      expect.arrayContaining([
        { field: 'uom_list.2.uom_name', message: 'This value is already in the list' },
        { field: 'uom_list.0.factor', message: "The primary UOM's factor must be 1" },
        { field: 'purchasing_uom_name', message: 'Choose a UOM from the UOM list' },
        { field: 'default_supplier_id', message: 'The default supplier must be one of the suppliers' },
      ]),
    );
    const crossChinese = await agent.post('/api/catalog/skus').set('Accept-Language', 'zh-CN').send(rules);
    expect(problems(crossChinese)).toEqual(
      expect.arrayContaining([
        { field: 'uom_list.0.factor', message: '主单位的换算系数必须为 1' },
        { field: 'purchasing_uom_name', message: '请从单位列表中选择单位' },
        { field: 'default_supplier_id', message: '默认供应商必须是已选供应商之一' },
      ]),
    );
    const noPrimary = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SKU-002',
        uom_list: [{ uom_name: box, factor: 1 }],
        purchasing_uom_name: box,
        counting_uom_name: box,
        receiving_uom_name: box,
      }),
    );
    expect(problems(noPrimary)).toContainEqual({
      field: 'primary_uom_name',
      message: 'Choose a UOM from the UOM list',
    });
    const empty = await agent.post('/api/catalog/skus').send(sku({ sku_id: 'SKU-002', uom_list: [] }));
    expect(problems(empty)).toContainEqual({ field: 'uom_list', message: 'This field is required' });
  });

  it('refuses references that are missing, archived or of another category, each on its field', async () => {
    const unknownUom = 'NO-SUCH-UNIT';
    const refused = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SKU-002',
        sub_category_id: milk,
        uom_list: [
          { uom_name: pcs, factor: 1 },
          { uom_name: unknownUom, factor: '3' },
        ],
        purchasing_uom_name: pcs,
        receiving_uom_name: pcs,
        supplier_list: ['SUP-C', 'SUP-A', 'NO-SUCH'],
        default_supplier_id: 'SUP-A',
      }),
    );
    // A unit no UOM record names is refused first, on its row.
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CATALOG_SKU_UNIT_UNKNOWN');
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['uom_list.1.uom_name']);
    const references = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SKU-002',
        sub_category_id: milk,
        uom_list: [{ uom_name: pcs, factor: 1 }],
        purchasing_uom_name: pcs,
        receiving_uom_name: pcs,
        supplier_list: ['SUP-C', 'SUP-A', 'NO-SUCH'],
        default_supplier_id: 'SUP-A',
      }),
    );
    expect(references.body.code).toBe('CATALOG_SKU_REFERENCE_INVALID');
    expect(references.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'sub_category_id',
      'supplier_list.0',
      'supplier_list.2',
    ]);
    expect(references.body.errors[0].message).toBe(
      'The chosen category, sub-category, UOM or supplier does not exist or is archived',
    );
    expect((await agent.get('/api/catalog/skus/SKU-002')).status).toBe(404);
  });

  it('refuses a duplicate SKU ID whatever its case, and a changed SKU ID', async () => {
    const duplicate = await agent.post('/api/catalog/skus').send(sku({ sku_id: 'sku-001', name: 'Another' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A SKU with this SKU ID already exists');
    expect(problems(duplicate)).toContainEqual({ field: 'sku_id', message: 'A SKU with this SKU ID already exists' });
    const chinese = await agent.post('/api/catalog/skus').set('Accept-Language', 'zh-CN').send(sku());
    expect(chinese.body.message).toBe('已存在相同 SKU 编号的 SKU');
    const renamed = await agent.put('/api/catalog/skus/SKU-001').send(sku({ sku_id: 'SKU-999' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_SKU_ID_CHANGED');
  });

  it('makes its category, sub-category, UOMs and suppliers refuse archive and delete while it uses them', async () => {
    // The record the SKU's BOX row takes its factor from.
    const uomArchive = await agent.post(`/api/catalog/uoms/${records.BOX}/archive`);
    expect(uomArchive.status).toBe(409);
    expect(uomArchive.body.message).toBe('UOM is in use, cannot be deleted or archived');
    const uomDelete = await agent.delete(`/api/catalog/uoms/${records.BOX}`).set('Accept-Language', 'zh-CN');
    expect(uomDelete.status).toBe(409);
    expect(uomDelete.body.code).toBe('CATALOG_UOM_IN_USE');

    const supplierDelete = await agent.delete('/api/catalog/suppliers/SUP-A');
    expect(supplierDelete.status).toBe(409);
    expect(supplierDelete.body.message).toBe('Supplier is in use, cannot be deleted or archived');
    const supplierArchive = await agent.post('/api/catalog/suppliers/SUP-B/archive').set('Accept-Language', 'zh-CN');
    expect(supplierArchive.status).toBe(409);
    expect(supplierArchive.body.message).toBe('供应商正在使用中，无法删除或归档');

    const categoryArchive = await agent.post(`/api/catalog/sku-categories/${dryGoods}/archive`);
    expect(categoryArchive.status).toBe(409);
    expect(categoryArchive.body.message).toBe('Category is in use, cannot be deleted or archived');
    const categoryDelete = await agent
      .delete(`/api/catalog/sku-categories/${dryGoods}`)
      .set('Accept-Language', 'zh-CN');
    expect(categoryDelete.status).toBe(409);
    expect(categoryDelete.body.message).toBe('类别正在使用中，无法删除或归档');
    const dropRice = await agent.put(`/api/catalog/sku-categories/${dryGoods}`).send({
      category_name: 'Dry Goods',
      sub_categories: [{ sub_category_id: noodles, sub_category_name: 'Noodles' }],
    });
    expect(dropRice.status).toBe(409);
    expect(dropRice.body.message).toBe('Sub-category Rice is in use, cannot be deleted or archived');
    const category = await agent.get(`/api/catalog/sku-categories/${dryGoods}`);
    expect(category.body.data).toMatchObject({
      in_use: true,
      sub_categories: [
        { sub_category_id: rice, sub_category_name: 'Rice', in_use: true },
        { sub_category_id: noodles, sub_category_name: 'Noodles', in_use: false },
      ],
    });
    // A rename follows into the SKU (it refers to the id).
    await agent.put(`/api/catalog/sku-categories/${dryGoods}`).send({
      category_name: 'Dry Goods',
      sub_categories: [
        { sub_category_id: rice, sub_category_name: 'Fragrant Rice' },
        { sub_category_id: noodles, sub_category_name: 'Noodles' },
      ],
    });
    expect((await agent.get('/api/catalog/skus/SKU-001')).body.data.sub_category_name).toBe('Fragrant Rice');
  });

  it('changes its prices inside the aggregate through SkuService.changePrices, shown only to can_see_cost', async () => {
    const skus = app.get(SkuService, { strict: false });
    const price = (manager: EntityManager, supplierId: string, uomId: string, current: string) =>
      manager.query(
        `INSERT INTO supplier_price (sku_id, supplier_id, uom_name, current_price, future_price_1, future_price_1_date,
           revision) VALUES ('SKU-001', $1, $2, $3, $4, $5, 1)`,
        [
          supplierId,
          uomId,
          current,
          supplierId === 'SUP-A' ? '1.3000' : null,
          supplierId === 'SUP-A' ? '2099-01-31' : null,
        ],
      );
    const changed = await skus.changePrices('SKU-001', async (manager, record) => {
      expect(record.supplier_list).toEqual(['SUP-A', 'SUP-B']);
      await price(manager, 'SUP-A', pcs, '1.2500');
      await price(manager, 'SUP-A', kg, '6.0000');
      await price(manager, 'SUP-B', box, '14.4000');
    });
    expect(changed.price_per_uom).toHaveLength(3);
    await expect(skus.changePrices('NO-SUCH', () => Promise.resolve())).rejects.toMatchObject({
      code: 'CATALOG_SKU_NOT_FOUND',
    });

    const server = app.getHttpServer();
    const withCost = await request(server)
      .get('/api/catalog/skus/SKU-001')
      .set('Authorization', await as([permission('SKU', true)], true));
    expect(withCost.body.data.price_per_uom).toEqual([
      {
        supplier_id: 'SUP-A',
        company_name: 'Alpha Foods',
        uom_name: 'PCS',
        factor: '1.000000',
        current_price: '1.2500',
        price_per_primary_uom: '1.2500',
      },
      expect.objectContaining({ supplier_id: 'SUP-A', uom_name: 'KG', current_price: '6.0000' }),
      expect.objectContaining({
        supplier_id: 'SUP-B',
        uom_name: box,
        company_name: 'Beta Trading',
        current_price: '14.4000',
      }),
    ]);
    const withoutCost = await request(server)
      .get('/api/catalog/skus/SKU-001')
      .set('Authorization', await as([permission('SKU', true)], false));
    expect(withoutCost.status).toBe(200);
    expect(withoutCost.body.data.sku_id).toBe('SKU-001');
    expect(withoutCost.body.data).not.toHaveProperty('price_per_uom');
    expect(JSON.stringify(withoutCost.body)).not.toContain('14.4000');
    // Changes answered to an editor without can_see_cost carry no prices either.
    const editor = await as([permission('SKU', true, true)], false);
    const archived = await request(server).post('/api/catalog/skus/SKU-001/archive').set('Authorization', editor);
    expect(archived.status).toBe(200);
    expect(archived.body.data).not.toHaveProperty('price_per_uom');
    const reactivated = await request(server).post('/api/catalog/skus/SKU-001/reactivate').set('Authorization', editor);
    expect(reactivated.body.data).toMatchObject({ status: 'active' });
    expect(reactivated.body.data).not.toHaveProperty('price_per_uom');
  });

  it('lists with search over id, names, alternate names, barcode and hashtags, filters and sort', async () => {
    const second = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SKU-002',
        name: 'Fresh milk 1L',
        display_name: 'Fresh Milk',
        ch_display_name: '鲜奶',
        alternate_display_name_list: [],
        category_id: chilled,
        sub_category_id: milk,
        primary_uom_name: litre,
        purchasing_uom_name: litre,
        receiving_uom_name: litre,
        counting_uom_name: litre,
        uom_list: [{ uom_name: litre, factor: '1' }],
        supplier_list: ['SUP-A'],
        default_supplier_id: null,
        barcode: '9556000000022',
        is_inventorise: false,
        max_order_qty: '',
        hashtag_list: ['dairy'],
      }),
    );
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({
      max_order_qty: null,
      default_supplier_id: null,
      default_supplier_name: '',
    });

    const ids = (response: request.Response) => response.body.data.map((row: { sku_id: string }) => row.sku_id);
    const list = (body: Record<string, unknown>) => agent.post('/api/catalog/skus/list').send(body);
    const all = await list({ order_by: [{ column: 'name', sort_type: 'ASC' }] });
    expect(ids(all)).toEqual(['SKU-002', 'SKU-001']);
    expect(all.body.recordsTotal).toBe(2);
    expect(all.body.data[1]).toMatchObject({
      category_name: 'Dry Goods',
      sub_category_name: 'Fragrant Rice',
      primary_uom_name: 'PCS',
      supplier_names: 'Alpha Foods, Beta Trading',
      default_supplier_name: 'Beta Trading',
      threshold: '10.000',
      in_use: false,
    });
    expect(all.body.data[0]).not.toHaveProperty('price_per_uom');

    for (const [search, expected] of [
      ['sku-00', ['SKU-001', 'SKU-002']],
      ['jasmine', ['SKU-001']],
      ['茉莉', ['SKU-001']],
      ['fragrant', ['SKU-001']],
      ['9556000', ['SKU-002']],
      ['staple', ['SKU-001']],
      ['nothing like this', []],
    ] as const) {
      const found = await list({ search_str: search, order_by: [{ column: 'sku_id', sort_type: 'ASC' }] });
      expect([search, ids(found)]).toEqual([search, expected]);
    }
    expect(ids(await list({ other_params: { category_id: chilled } }))).toEqual(['SKU-002']);
    expect(ids(await list({ other_params: { sub_category_id: rice } }))).toEqual(['SKU-001']);
    expect(ids(await list({ other_params: { is_inventorise: false } }))).toEqual(['SKU-002']);
    expect(ids(await list({ other_params: { supplier_id: 'SUP-B' } }))).toEqual(['SKU-001']);
    const bySupplier = await list({
      other_params: { supplier_id: 'SUP-A' },
      order_by: [{ column: 'sku_id', sort_type: 'DESC' }],
    });
    expect(ids(bySupplier)).toEqual(['SKU-002', 'SKU-001']);
    expect(bySupplier.body.recordsTotal).toBe(2);
    expect(ids(await list({ other_params: { status: 'new' } }))).toEqual(['SKU-002']);
    expect(
      ids(await list({ other_params: { status: 'new_or_active', supplier_id: 'SUP-A', category_id: dryGoods } })),
    ).toEqual(['SKU-001']);
    const paged = await list({ limit: 1, start: 1, order_by: [{ column: 'sku_id', sort_type: 'ASC' }] });
    expect([ids(paged), paged.body.recordsTotal]).toEqual([['SKU-002'], 2]);
  });

  it('moves the usage when the SKU changes: what it no longer uses can be archived, removed prices go', async () => {
    const moved = await agent.put('/api/catalog/skus/SKU-001').send(
      sku({
        sub_category_id: noodles,
        uom_list: [
          { uom_name: pcs, factor: 1 },
          { uom_name: box, factor: '12' },
        ],
        supplier_list: ['SUP-A'],
        default_supplier_id: 'SUP-A',
        threshold: '12.5',
      }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      sub_category_name: 'Noodles',
      uom_list: [
        expect.objectContaining({ uom_name: pcs, factor: '1.000000' }),
        expect.objectContaining({ uom_name: box, factor: '12.000000' }),
      ],
      supplier_list: [{ supplier_id: 'SUP-A', company_name: 'Alpha Foods' }],
      threshold: '12.500',
    });
    // SUP-B's prices and the KG price went with their rows; SUP-A's PCS price stays.
    expect(moved.body.data.price_per_uom).toEqual([
      expect.objectContaining({ supplier_id: 'SUP-A', uom_name: pcs, current_price: '1.2500' }),
    ]);

    expect((await agent.post(`/api/catalog/uoms/${records.KG}/archive`)).body.data.status).toBe('archived');
    expect((await agent.post('/api/catalog/suppliers/SUP-B/archive')).body.data.status).toBe('archived');
    expect((await agent.get(`/api/catalog/sku-categories/${dryGoods}`)).body.data.sub_categories).toEqual([
      { sub_category_id: rice, sub_category_name: 'Fragrant Rice', in_use: false },
      { sub_category_id: noodles, sub_category_name: 'Noodles', in_use: true },
    ]);
    // Still used: PCS, BOX and SUP-A.
    expect((await agent.post(`/api/catalog/uoms/${records.BOX}/archive`)).status).toBe(409);
    expect((await agent.post('/api/catalog/suppliers/SUP-A/archive')).status).toBe(409);

    // An archived supplier cannot come back onto the SKU.
    const back = await agent.put('/api/catalog/skus/SKU-001').send(
      sku({
        uom_list: [
          { uom_name: pcs, factor: 1 },
          { uom_name: box, factor: '12' },
        ],
        supplier_list: ['SUP-A', 'SUP-B'],
      }),
    );
    expect(back.status).toBe(400);
    expect(problems(back)).toContainEqual(expect.objectContaining({ field: 'supplier_list.1' }));
  });

  it('refuses archive and delete of a SKU in use (a BOM or purchase order records it), then archives and deletes', async () => {
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('sku', 'SKU-002', 'sku_bom', 'BOM-1')`,
    );
    const archive = await agent.post('/api/catalog/skus/SKU-002/archive');
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('SKU is in use, cannot be deleted or archived');
    const remove = await agent.delete('/api/catalog/skus/SKU-002').set('Accept-Language', 'zh-CN');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('SKU 正在使用中，无法删除或归档');
    expect((await agent.get('/api/catalog/skus/SKU-002')).body.data.in_use).toBe(true);
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'sku'`);

    const archived = await agent.post('/api/catalog/skus/SKU-002/archive');
    expect(archived.body.data.status).toBe('archived');
    const listed = await agent.post('/api/catalog/skus/list').send({ other_params: { status: 'new_or_active' } });
    expect(listed.body.data.map((row: { sku_id: string }) => row.sku_id)).toEqual(['SKU-001']);
    const edit = await agent.put('/api/catalog/skus/SKU-002').send(sku({ sku_id: 'SKU-002' }));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This SKU is archived. Reactivate it before editing');
    expect((await agent.post('/api/catalog/skus/SKU-002/reactivate')).body.data.status).toBe('active');
    expect((await agent.delete('/api/catalog/skus/SKU-002')).status).toBe(200);
    expect((await agent.get('/api/catalog/skus/SKU-002')).status).toBe(404);

    // Its usage went with it: the litre UOM and the Chilled category are free again.
    expect((await agent.post(`/api/catalog/uoms/${records[litre]}/archive`)).status).toBe(200);
    expect((await agent.delete(`/api/catalog/sku-categories/${chilled}`)).status).toBe(200);
  });

  it('left every change in catalog.outbox: full snapshots with prices and growing revisions', async () => {
    const events = await outbox('SKU-001');
    expect(events.map((event) => [event.subject, event.data.revision, event.data.status])).toEqual([
      ['catalog.sku.upserted', 1, 'new'],
      ['catalog.sku.upserted', 2, 'new'], // prices changed
      ['catalog.sku.upserted', 3, 'archived'],
      ['catalog.sku.upserted', 4, 'active'],
      ['catalog.sku.upserted', 5, 'active'], // UOMs, suppliers and sub-category changed
    ]);
    expect(events[0].data).toEqual({
      sku_id: 'SKU-001',
      name: 'Jasmine rice 5kg',
      display_name: 'Jasmine Rice',
      ch_display_name: '茉莉香米',
      alternate_display_name_list: ['Thai rice', 'Fragrant rice'],
      category_id: dryGoods,
      sub_category_id: rice,
      primary_uom_name: pcs,
      purchasing_uom_name: box,
      receiving_uom_name: box,
      counting_uom_name: pcs,
      uom_list: [
        { uom_name: pcs, factor: '1.000000', uom_id: null },
        { uom_name: box, factor: '12.000000', uom_id: records.BOX },
        { uom_name: kg, factor: '0.200000', uom_id: null },
      ],
      supplier_list: [
        { supplier_id: 'SUP-A', prices: [] },
        { supplier_id: 'SUP-B', prices: [] },
      ],
      default_supplier_id: 'SUP-B',
      location_supplier_list: [],
      barcode: '8850000000011',
      threshold: '10.000',
      is_inventorise: true,
      default_wastage_percentage: '2.50',
      max_order_qty: '500.000',
      account_code: 'AC-100',
      gl_code: 'GL-5000',
      hashtag_list: ['rice', 'staple'],
      supplier_description: 'Thai Hom Mali, 5kg bag',
      product_brand: 'Royal Umbrella',
      packaging_detail: '4 bags per carton',
      status: 'new',
      revision: 1,
      last_updated_time: expect.any(String),
    });
    expect(events[1].data.supplier_list).toEqual([
      {
        supplier_id: 'SUP-A',
        prices: [
          {
            uom_name: pcs,
            current_price: '1.2500',
            future_price_1: '1.3000',
            future_price_1_date: '2099-01-31',
            future_price_2: null,
            future_price_2_date: null,
          },
          expect.objectContaining({ uom_name: kg, current_price: '6.0000' }),
        ],
      },
      { supplier_id: 'SUP-B', prices: [expect.objectContaining({ uom_name: box, current_price: '14.4000' })] },
    ]);
    expect(events[4].data).toMatchObject({
      sub_category_id: noodles,
      supplier_list: [{ supplier_id: 'SUP-A', prices: [expect.objectContaining({ uom_name: pcs })] }],
      default_supplier_id: 'SUP-A',
    });
    expect((await outbox('SKU-002')).map((event) => [event.subject, event.data.revision])).toEqual([
      ['catalog.sku.upserted', 1],
      ['catalog.sku.upserted', 2],
      ['catalog.sku.upserted', 3],
      ['catalog.sku.deleted', 4],
    ]);
  });

  it('enforces the SKU permission: view-only users read the list, a SKU and the form choices but change nothing', async () => {
    const server = app.getHttpServer();
    const viewer = await as([permission('SKU', true)], false);
    expect((await request(server).post('/api/catalog/skus/list').set('Authorization', viewer).send({})).status).toBe(
      200,
    );
    expect((await request(server).get('/api/catalog/skus/SKU-001').set('Authorization', viewer)).status).toBe(200);
    const options = await request(server).get('/api/catalog/sku-options').set('Authorization', viewer);
    expect(options.status).toBe(200);
    expect(options.body.data.categories).toEqual([
      { category_id: dryGoods, category_name: 'Dry Goods', sub_categories: expect.any(Array) },
    ]);
    // Every unit a new or active UOM record names (KG/BAG and L/JUG were archived above).
    expect(options.body.data.units).toEqual(['BOX', 'CTN', 'PCS']);
    expect(options.body.data.suppliers).toEqual([{ supplier_id: 'SUP-A', company_name: 'Alpha Foods' }]);

    const create = await request(server)
      .post('/api/catalog/skus')
      .set('Authorization', viewer)
      .send(sku({ sku_id: 'SKU-003' }));
    expect(create.status).toBe(403);
    const update = await request(server).put('/api/catalog/skus/SKU-001').set('Authorization', viewer).send(sku());
    expect(update.status).toBe(403);
    expect((await request(server).post('/api/catalog/skus/SKU-001/archive').set('Authorization', viewer)).status).toBe(
      403,
    );
    expect((await request(server).delete('/api/catalog/skus/SKU-001').set('Authorization', viewer)).status).toBe(403);

    const other = await as([permission('UOM', true, true), permission('SUPPLIER', true, true)], true);
    expect((await request(server).post('/api/catalog/skus/list').set('Authorization', other).send({})).status).toBe(
      403,
    );
    expect((await request(server).get('/api/catalog/sku-options').set('Authorization', other)).status).toBe(403);
  });
});
