import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ImportJobView, SkuView } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import { binaryBody, expectEventually, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

const SKU_HEADER = [
  'SKU ID',
  'Name',
  'Display name',
  'Chinese display name',
  'Alternate names',
  'Category',
  'Sub-category',
  'Primary UOM',
  'UOM conversions',
  'Purchasing UOM',
  'Receiving UOM',
  'Counting UOM',
  'Suppliers',
  'Default supplier',
  'Barcode',
  'Threshold',
  'Inventorised',
  'Default wastage (%)',
  'Max. order quantity',
  // No "Account code": an update keeps the SKU's.
  'GL code',
  'Hashtags',
  'Supplier description',
  'Product brand',
  'Packaging detail',
];

/** A valid SKU row under SKU_HEADER; `overrides` by header. */
function skuRow(code: string, overrides: Record<string, WriteCell> = {}): WriteCell[] {
  const row: Record<string, WriteCell> = {
    'SKU ID': code,
    Name: `${code} jasmine rice 5kg`,
    'Display name': 'Jasmine Rice',
    'Chinese display name': '茉莉香米',
    'Alternate names': 'Thai rice, Fragrant rice',
    Category: 'Dry Goods',
    'Sub-category': 'Rice',
    'Primary UOM': 'PCS',
    'UOM conversions': 'BOX=12, KG=0.2',
    'Purchasing UOM': 'BOX',
    'Receiving UOM': 'BOX',
    'Counting UOM': 'PCS',
    Suppliers: 'SUP-A, SUP-B',
    'Default supplier': 'SUP-B',
    Barcode: '8850000000011',
    Threshold: '10',
    Inventorised: 'Yes',
    'Default wastage (%)': '2.5',
    'Max. order quantity': '500',
    'GL code': 'GL-5000',
    Hashtags: 'rice, staple',
    'Supplier description': 'Thai Hom Mali, 5kg bag',
    'Product brand': 'Royal Umbrella',
    'Packaging detail': '4 bags per carton',
    ...overrides,
  };
  return SKU_HEADER.map((name) => row[name] ?? null);
}

const PRODUCT_HEADER = [
  'Product code',
  'Product name',
  'Alternative name',
  'Brand',
  'Category',
  'Width (mm)',
  'Height (mm)',
  'Diameter (mm)',
  'Weight (g)',
  'Time period',
  'Country of origin',
  'Hashtags',
  'Description',
  'Native currency',
  'Default cost',
  'Retail price',
  'Discount (%)',
  'Tax (GST %)',
  'Stock type',
  'Supplier description',
  'Remarks',
  'Permit no.',
  'Arrival date',
  'Ship-out date',
  'Declaration type',
  'Shipping method',
  'Gross margin scheme (GMS)',
  // No "Total tax": an update keeps the product's.
];

/** A valid product row under `header` (PRODUCT_HEADER by default); `overrides` by header. */
function productRow(
  code: string,
  overrides: Record<string, WriteCell> = {},
  header: readonly string[] = PRODUCT_HEADER,
): WriteCell[] {
  const row: Record<string, WriteCell> = {
    'Product code': code,
    'Product name': 'Jade bangle',
    'Alternative name': 'Imperial jade bangle',
    Brand: 'Lotus',
    Category: 'Jewellery',
    'Width (mm)': '62.5',
    'Height (mm)': '12',
    'Diameter (mm)': '58',
    'Weight (g)': '41.275',
    'Time period': 'Qing dynasty',
    'Country of origin': 'Myanmar',
    Hashtags: 'jade, antique',
    Description: 'Translucent green jadeite.',
    'Native currency': 'SGD',
    'Default cost': '1000',
    'Retail price': '1350',
    'Discount (%)': '5',
    'Tax (GST %)': '9',
    'Stock type': 'Consignment',
    'Supplier description': 'Bangle, jadeite, A grade',
    Remarks: 'Keep in safe',
    'Permit no.': 'IP-2026-0042',
    'Arrival date': '2026-01-05',
    'Ship-out date': '2026-02-01',
    'Declaration type': 'TIB',
    'Shipping method': 'Malca-Amit',
    'Gross margin scheme (GMS)': 'Yes',
    ...overrides,
  };
  return header.map((name) => row[name] ?? null);
}

/**
 * Excel import of SKUs and products through the gateway (embedded mode): templates in English and Chinese (the
 * default cost only for can_see_cost), files that create and update — SKUs with their UOM conversions (`BOX=12`,
 * the primary implied 1:1), suppliers and default supplier by ID in any case; products with the cost, the
 * derived USD figures and the settings' GST rate — and files with bad rows, each problem named by row and
 * column and nothing applied (no row, no outbox event); the cost column refused for a role without
 * can_see_cost; the SKU key, and PRODUCT / RJ_PRODUCT each on its own import.
 */
describe('Excel import of SKUs and products (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let catalogDb: DataSource;
  let close: () => Promise<void>;
  let adminId: string;
  let dryGoods: string;
  let pcs: string;
  let kg: string;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
    adminId = (await agent.get('/api/token')).body.data.user.user_id;
    const uom = async (name: string, secondary: string) => {
      const response = await agent
        .post('/api/catalog/uoms')
        .send({ uom_name: name, secondary_uom: secondary, uom_per_primary: '10' });
      expect(response.status).toBe(201);
      return name;
    };
    pcs = await uom('PCS', 'CTN');
    await uom('BOX', 'CTN');
    kg = await uom('KG', 'BAG');
    // Two records naming PACK: still one unit, PACK.
    await uom('PACK', 'CTN');
    await uom('PACK', 'BOX');

    const supplierCategory = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Grocers' });
    for (const supplierId of ['SUP-A', 'SUP-B', 'SUP-C']) {
      const response = await agent.post('/api/catalog/suppliers').send({
        supplier_id: supplierId,
        company_name: `${supplierId} Pte Ltd`,
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
    }
    const category = await agent.post('/api/catalog/sku-categories').send({
      category_name: 'Dry Goods',
      sub_categories: [{ sub_category_name: 'Rice' }, { sub_category_name: 'Noodles' }],
    });
    expect(category.status).toBe(201);
    dryGoods = category.body.data.category_id;

    const jewellery = await agent.post('/api/catalog/item-categories/product').send({ category_name: 'Jewellery' });
    expect(jewellery.status).toBe(201);
    const rate = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });
    expect(rate.status).toBe(201);
  });

  afterAll(() => close?.());

  const xlsx = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Data', rows }]);
  const bearer = async (perms: ReturnType<typeof permission>[], cost: boolean) =>
    `Bearer ${await tokenWithPermissions(runtime, perms, { cost })}`;
  /** Starts an import as the admin, or as the holder of `auth`. */
  const upload = (entity: string, body: Buffer, auth?: string) => {
    const call = request(app.getHttpServer()).post(`/api/catalog/imports/${entity}`);
    return auth
      ? call.set('Authorization', auth).attach('file', body, `${entity}.xlsx`)
      : agent.post(`/api/catalog/imports/${entity}`).attach('file', body, `${entity}.xlsx`);
  };
  /** Polls the job until it finished (as its uploader). */
  const finished = (jobId: string, auth?: string, language = 'en') =>
    expectEventually(async () => {
      const call = auth
        ? request(app.getHttpServer()).get(`/api/catalog/imports/jobs/${jobId}`).set('Authorization', auth)
        : agent.get(`/api/catalog/imports/jobs/${jobId}`);
      const response = await call.set('Accept-Language', language);
      expect(response.status).toBe(200);
      const job = response.body.data as ImportJobView;
      expect(['succeeded', 'failed']).toContain(job.status);
      return job;
    });
  const run = async (entity: string, rows: WriteCell[][], auth?: string) => {
    const started = await upload(entity, await xlsx(rows), auth);
    expect(started.status).toBe(201);
    return finished(started.body.data.job_id as string, auth);
  };
  const count = async (table: string) =>
    Number((await catalogDb.query(`SELECT count(*) AS n FROM catalog.${table}`))[0].n as string);
  /** Catalog's events apart from the import job's own end (`catalog.import.failed` is what a refused file says). */
  const recordEvents = async () =>
    Number(
      (await catalogDb.query(`SELECT count(*) AS n FROM catalog.outbox WHERE subject NOT LIKE 'catalog.import.%'`))[0]
        .n as string,
    );
  const template = async (path: string, auth?: string) => {
    const call = auth
      ? request(app.getHttpServer()).get(path).set('Authorization', auth)
      : agent.get(path).set('Accept-Language', 'en');
    const response = await call.buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    return { response, sheets: await readWorkbook(response.body as Buffer) };
  };
  const errorsOf = (job: ImportJobView) => job.errors.map((error) => [error.row, error.column_label, error.message]);

  it('offers SKU and product templates in English and Chinese, with the UOM cell format and the choices noted', async () => {
    const { response, sheets } = await template('/api/catalog/imports/skus/template');
    expect(response.headers['content-disposition']).toContain('SKUs import template.xlsx');
    const [data, notes] = sheets;
    expect(data.rows[0]).toEqual([
      'SKU ID *',
      'Name *',
      'Display name *',
      'Chinese display name',
      'Alternate names',
      'Category *',
      'Sub-category',
      'Primary UOM *',
      'UOM conversions',
      'Purchasing UOM *',
      'Receiving UOM *',
      'Counting UOM *',
      'Suppliers',
      'Default supplier',
      'Barcode',
      'Threshold *',
      'Inventorised *',
      'Default wastage (%) *',
      'Max. order quantity',
      'Account code',
      'GL code',
      'Hashtags',
      'Supplier description',
      'Product brand',
      'Packaging detail',
    ]);
    const note = (name: string) => notes.rows.find((row) => row[0] === name)!;
    expect(note('UOM conversions')[2]).toContain("UNIT=factor (CARTON=12) states this SKU's own, 1 CARTON = 12");
    expect(note('UOM conversions')[3]).toBe('BOX, CARTON=12');
    // Units by their names: every name of a UOM record, once.
    expect(note('Primary UOM')[2]).toContain('BAG, BOX, CTN, KG, PACK, PCS');
    expect(note('Sub-category')[2]).toContain('Dry Goods / Rice');
    expect(note('Suppliers')[2]).toContain('SUP-A, SUP-B, SUP-C');

    const zh = await template('/api/catalog/imports/skus/template?lang=zh-CN');
    expect(zh.sheets[0].rows[0].slice(0, 13)).toEqual([
      'SKU 编号 *',
      '名称 *',
      '显示名称 *',
      '中文显示名称',
      '别名',
      '类别 *',
      '子类别',
      '主单位 *',
      '单位换算',
      '采购单位 *',
      '收货单位 *',
      '盘点单位 *',
      '供应商',
    ]);
    expect(zh.sheets[1].rows.find((row) => row[0] === '单位换算')![2]).toContain('CARTON=12');

    const products = await template('/api/catalog/imports/products/template');
    expect(products.response.headers['content-disposition']).toContain('Products import template.xlsx');
    expect(products.sheets[0].rows[0]).toEqual([
      'Product code *',
      'Product name *',
      'Alternative name',
      'Brand',
      'Category *',
      'Width (mm)',
      'Height (mm)',
      'Diameter (mm)',
      'Weight (g)',
      'Time period',
      'Country of origin',
      'Hashtags',
      'Description',
      'Native currency *',
      'Default cost',
      'Retail price *',
      'Discount (%)',
      'Tax (GST %)',
      'Stock type *',
      'Supplier description',
      'Remarks',
      'Permit no.',
      'Arrival date',
      'Ship-out date',
      'Declaration type',
      'Shipping method',
      'Gross margin scheme (GMS)',
      'Total tax',
    ]);
    expect(products.sheets[1].rows.find((row) => row[0] === 'Category')![2]).toContain('Jewellery');
    const zhProducts = await template('/api/catalog/imports/products/template?lang=zh-CN');
    expect(zhProducts.sheets[0].rows[0].slice(0, 5)).toEqual(['商品编码 *', '商品名称 *', '别名', '品牌', '类别 *']);
    expect(zhProducts.sheets[0].rows[0]).toContain('默认成本');

    // Without can_see_cost: no cost column.
    const noCost = await bearer([permission('PRODUCT', true, true)], false);
    const withoutCost = await template('/api/catalog/imports/products/template', noCost);
    expect(withoutCost.sheets[0].rows[0]).not.toContain('Default cost');
    expect(withoutCost.sheets[0].rows[0]).toContain('Retail price *');
  }, 60_000);

  it('creates SKUs and updates one by its ID in any case: UOM conversions, suppliers and default supplier by ID', async () => {
    const existing = await agent.post('/api/catalog/skus').send({
      sku_id: 'SKU-OLD',
      name: 'Old rice',
      display_name: 'Old rice',
      category_id: dryGoods,
      primary_uom_name: pcs,
      purchasing_uom_name: kg,
      receiving_uom_name: kg,
      counting_uom_name: pcs,
      uom_list: [
        { uom_name: pcs, factor: '1' },
        { uom_name: kg, factor: '0.2' },
      ],
      supplier_list: ['SUP-A'],
      default_supplier_id: 'SUP-A',
      threshold: '1',
      is_inventorise: true,
      default_wastage_percentage: '0',
      account_code: 'KEEP-ME',
    });
    expect(existing.status).toBe(201);

    const job = await run('skus', [
      SKU_HEADER,
      skuRow('sku-old', {
        Name: 'Old rice renamed',
        'Sub-category': 'noodles',
        'UOM conversions': 'box = 12, kg=0.25',
        Suppliers: 'sup-b, SUP-C',
        'Default supplier': 'sup-c',
        'Purchasing UOM': 'box',
        'Receiving UOM': 'Box',
        Inventorised: 'No',
      }),
      skuRow('SKU-IMP-1'),
      skuRow('SKU-IMP-2', {
        'Alternate names': null,
        'Sub-category': null,
        'UOM conversions': null,
        'Purchasing UOM': 'PCS',
        'Receiving UOM': 'pcs',
        Suppliers: null,
        'Default supplier': null,
        'Max. order quantity': null,
        Hashtags: null,
      }),
    ]);
    expect(job).toMatchObject({ status: 'succeeded', created_count: 2, updated_count: 1, error_count: 0 });

    const view = async (skuId: string) => (await agent.get(`/api/catalog/skus/${skuId}`)).body.data as SkuView;
    const uoms = (sku: SkuView) => sku.uom_list.map((row) => [row.uom_name, Number(row.factor)]);
    const created = await view('SKU-IMP-1');
    expect(created).toMatchObject({
      sku_id: 'SKU-IMP-1',
      name: 'SKU-IMP-1 jasmine rice 5kg',
      display_name: 'Jasmine Rice',
      ch_display_name: '茉莉香米',
      alternate_display_name_list: ['Thai rice', 'Fragrant rice'],
      category_name: 'Dry Goods',
      sub_category_name: 'Rice',
      primary_uom_name: 'PCS',
      purchasing_uom_name: 'BOX',
      receiving_uom_name: 'BOX',
      counting_uom_name: 'PCS',
      default_supplier_id: 'SUP-B',
      barcode: '8850000000011',
      threshold: '10.000',
      is_inventorise: true,
      default_wastage_percentage: '2.50',
      max_order_qty: '500.000',
      account_code: '',
      gl_code: 'GL-5000',
      hashtag_list: ['rice', 'staple'],
      supplier_description: 'Thai Hom Mali, 5kg bag',
      product_brand: 'Royal Umbrella',
      packaging_detail: '4 bags per carton',
      status: 'new',
      created_by: adminId,
    });
    expect(uoms(created)).toEqual([
      ['PCS', 1],
      ['BOX', 12],
      ['KG', 0.2],
    ]);
    expect(created.supplier_list.map((row) => row.supplier_id)).toEqual(['SUP-A', 'SUP-B']);

    const minimal = await view('SKU-IMP-2');
    expect(uoms(minimal)).toEqual([['PCS', 1]]);
    expect(minimal).toMatchObject({
      supplier_list: [],
      default_supplier_id: null,
      sub_category_id: null,
      max_order_qty: null,
      alternate_display_name_list: [],
    });

    const updated = await view('SKU-OLD');
    expect(updated).toMatchObject({
      name: 'Old rice renamed',
      sub_category_name: 'Noodles',
      purchasing_uom_name: 'BOX',
      receiving_uom_name: 'BOX',
      default_supplier_id: 'SUP-C',
      is_inventorise: false,
      // Not a column of the file: kept.
      account_code: 'KEEP-ME',
      last_updated_by: adminId,
    });
    expect(uoms(updated)).toEqual([
      ['PCS', 1],
      ['BOX', 12],
      ['KG', 0.25],
    ]);
    expect(updated.supplier_list.map((row) => row.supplier_id)).toEqual(['SUP-B', 'SUP-C']);

    const events: { sku_id: string; actor: string }[] = await catalogDb.query(
      `SELECT envelope->'data'->>'sku_id' AS sku_id, envelope->>'actor' AS actor FROM catalog.outbox
        WHERE subject = 'catalog.sku.upserted' ORDER BY id`,
    );
    expect(events.map((event) => event.sku_id)).toEqual(['SKU-OLD', 'SKU-OLD', 'SKU-IMP-1', 'SKU-IMP-2']);
    expect(events.every((event) => event.actor === adminId)).toBe(true);
    // The SKU records its use of what it refers to: the supplier left out no longer counts.
    const usage = await catalogDb.query(
      `SELECT target_id FROM catalog.record_usage WHERE target_type = 'supplier' AND used_by_id = 'SKU-OLD'
        ORDER BY target_id`,
    );
    expect(usage.map((row: { target_id: string }) => row.target_id)).toEqual(['SUP-B', 'SUP-C']);
  });

  it('names every bad SKU cell by row and column, in English and Chinese, and applies nothing', async () => {
    const skusBefore = await count('sku');
    const outboxBefore = await recordEvents();
    const job = await run('skus', [
      SKU_HEADER,
      skuRow('SKU-BAD-OK'),
      skuRow('SKU-BAD-3', { 'UOM conversions': 'BOXX=12, BOX=12' }),
      skuRow('SKU-BAD-4', { 'UOM conversions': 'BOX=0, =5' }),
      skuRow('SKU-BAD-5', { Suppliers: 'SUP-A', 'Default supplier': 'SUP-B' }),
      skuRow('SKU-BAD-6', { Suppliers: 'SUP-A, SUP-Z', 'Default supplier': 'SUP-A' }),
      // A UOM record's pair is not a unit.
      skuRow('SKU-BAD-7', { 'Primary UOM': 'PACK / CTN' }),
      skuRow('SKU-BAD-8', { 'Purchasing UOM': 'KG', 'UOM conversions': 'BOX=12' }),
      skuRow('SKU-BAD-9', { 'UOM conversions': 'PCS=2, BOX=12' }),
      skuRow('SKU-BAD-10', { Inventorised: 'maybe', 'Default wastage (%)': '120', 'Counting UOM': 'DOZEN' }),
      skuRow('SKU-BAD-OK'),
    ]);
    expect(job).toMatchObject({ status: 'failed', created_count: 0, updated_count: 0 });
    expect(errorsOf(job)).toEqual([
      [3, 'UOM conversions', 'UOM "BOXX" was not found (or is archived)'],
      [4, 'UOM conversions', 'The factor of BOX must be a number above 0'],
      [4, 'UOM conversions', 'Write each unit as UNIT or UNIT=factor, e.g. BAG or CARTON=12 (not "=5")'],
      [5, 'Default supplier', 'The default supplier must be one of the suppliers'],
      [6, 'Suppliers', 'Supplier ID "SUP-Z" was not found (or is archived)'],
      [7, 'Primary UOM', '"PACK / CTN" was not found (or is archived)'],
      [8, 'Purchasing UOM', 'This UOM must be the primary UOM or one of the UOM conversions'],
      [9, 'UOM conversions', "The primary UOM's factor must be 1"],
      [10, 'Counting UOM', '"DOZEN" was not found (or is archived)'],
      [10, 'Inventorised', 'Please enter Yes or No'],
      [10, 'Default wastage (%)', 'Value cannot be more than 99.99'],
      [11, 'SKU ID', 'The same code is already on row 2'],
    ]);
    expect((await agent.get('/api/catalog/skus/SKU-BAD-OK')).status).toBe(404);
    expect(await count('sku')).toBe(skusBefore);
    expect(await recordEvents()).toBe(outboxBefore);

    const chinese = await finished(job.job_id, undefined, 'zh-CN');
    expect(chinese.errors[0]).toMatchObject({ column_label: '单位换算', message: '未找到单位“BOXX”（或已归档）' });
    expect(chinese.errors[6]).toMatchObject({
      column_label: '采购单位',
      message: '此单位必须是主单位或单位换算中的一个',
    });
  });

  it('creates and updates products, with the cost, the derived USD figures and the settings’ GST rate', async () => {
    const existing = await agent.post('/api/catalog/products').send({
      product_code: 'RJ-OLD',
      product_name: 'Old bangle',
      native_currency: 'SGD',
      default_cost: '500',
      retail_price_native: '800',
      stock_type: 'Inventory',
      category_id: (await catalogDb.query(`SELECT category_id FROM catalog.item_category`))[0].category_id,
      total_tax: '12.5',
    });
    expect(existing.status).toBe(201);

    const job = await run('products', [
      PRODUCT_HEADER,
      productRow('rj-old', { 'Product name': 'Jade bangle, restrung' }),
      productRow('RJ-IMP-1'),
      productRow('RJ-IMP-2', {
        'Alternative name': null,
        'Native currency': 'usd',
        'Default cost': null,
        'Retail price': '99.9',
        'Tax (GST %)': null,
        'Discount (%)': null,
        'Stock type': 'External consignment',
        'Declaration type': 'MES (major exporter scheme)',
        'Arrival date': null,
        'Ship-out date': null,
        'Gross margin scheme (GMS)': null,
      }),
    ]);
    expect(job).toMatchObject({ status: 'succeeded', created_count: 2, updated_count: 1, error_count: 0 });

    const view = async (code: string) => (await agent.get(`/api/catalog/products/${code}`)).body.data;
    expect(await view('RJ-IMP-1')).toMatchObject({
      product_name: 'Jade bangle',
      display_name: 'Imperial jade bangle',
      brand: 'Lotus',
      category_name: 'Jewellery',
      width: '62.50',
      weight_grams: '41.275',
      hashtag_list: ['jade', 'antique'],
      native_currency: 'SGD',
      default_cost: '1000.00',
      retail_price_native: '1350.00',
      retail_price_usd: '1000.00',
      mark_up: '35.00',
      discount: '5.00',
      tax: '9.00',
      retail_with_tax_usd: '1090.00',
      stock_type: 'Consignment',
      permit_no: 'IP-2026-0042',
      arrival_date: '2026-01-05',
      shipout_date: '2026-02-01',
      declaration_type: 'TIB',
      shipping_method: 'Malca-Amit',
      gross_margin_scheme: true,
      total_tax: null,
      created_by: adminId,
    });
    expect(await view('RJ-IMP-2')).toMatchObject({
      display_name: 'Jade bangle',
      native_currency: 'USD',
      default_cost: '0.00',
      retail_price_usd: '99.90',
      // The settings' default GST rate.
      tax: '9.00',
      discount: '0.00',
      stock_type: 'External Consignment',
      declaration_type: 'MES',
      gross_margin_scheme: false,
    });
    expect(await view('RJ-OLD')).toMatchObject({
      product_code: 'RJ-OLD',
      product_name: 'Jade bangle, restrung',
      default_cost: '1000.00',
      mark_up: '35.00',
      // Not a column of the file: kept.
      total_tax: '12.50',
      last_updated_by: adminId,
    });
    const events = await catalogDb.query(
      `SELECT envelope->'data'->>'product_code' AS code FROM catalog.outbox
        WHERE subject = 'catalog.product.upserted' ORDER BY id`,
    );
    expect(events.map((event: { code: string }) => event.code)).toEqual(['RJ-OLD', 'RJ-OLD', 'RJ-IMP-1', 'RJ-IMP-2']);
  });

  it('names every bad product cell by row and column and applies nothing', async () => {
    const productsBefore = await count('product');
    const outboxBefore = await recordEvents();
    const job = await run('products', [
      PRODUCT_HEADER,
      productRow('RJ-BAD-OK'),
      productRow('RJ-BAD-3', { Category: 'Shoes', 'Native currency': 'JPY' }),
      productRow('RJ-BAD-4', { 'Tax (GST %)': '5' }),
      productRow('RJ-BAD-5', { 'Arrival date': '2026-03-01', 'Ship-out date': '2026-02-01' }),
      productRow('RJ-BAD-6', { 'Native currency': 'EUR' }),
      productRow('RJ-BAD-7', { 'Default cost': '-1', 'Arrival date': '2026-13-01', 'Stock type': null }),
    ]);
    expect(job).toMatchObject({ status: 'failed', created_count: 0, updated_count: 0 });
    expect(errorsOf(job)).toEqual([
      [3, 'Category', '"Shoes" was not found (or is archived)'],
      [3, 'Native currency', 'Please enter one of: USD, SGD, EUR, GBP'],
      [4, 'Tax (GST %)', 'The tax must be one of the GST rates in Settings'],
      [5, 'Ship-out date', 'Ship-out date cannot be before the arrival date'],
      [6, 'Native currency', 'No exchange rate of EUR is in effect today: add one in Settings'],
      [7, 'Default cost', 'Value must be more than or equal to 0'],
      [7, 'Stock type', 'This field is required'],
      [7, 'Arrival date', 'Please enter a date as YYYY-MM-DD'],
    ]);
    expect((await agent.get('/api/catalog/products/RJ-BAD-OK')).status).toBe(404);
    expect(await count('product')).toBe(productsBefore);
    expect(await recordEvents()).toBe(outboxBefore);
  });

  it('refuses the cost column to a role without can_see_cost; without it their update keeps the cost', async () => {
    const editor = await bearer([permission('PRODUCT', true, true)], false);
    const refused = await run('products', [PRODUCT_HEADER, productRow('RJ-OLD', { 'Default cost': '1' })], editor);
    expect(refused.status).toBe('failed');
    expect(errorsOf(refused)).toEqual([
      [1, 'Default cost', 'Column "Default cost" holds costs, which your role cannot see or change'],
    ]);

    const header = PRODUCT_HEADER.filter((name) => name !== 'Default cost');
    const job = await run('products', [header, productRow('RJ-OLD', { 'Retail price': '1500' }, header)], editor);
    expect(job).toMatchObject({ status: 'succeeded', updated_count: 1 });
    expect((await agent.get('/api/catalog/products/RJ-OLD')).body.data).toMatchObject({
      default_cost: '1000.00',
      retail_price_native: '1500.00',
      mark_up: '50.00',
    });
  });

  it('needs SKU edit for SKUs, and PRODUCT or RJ_PRODUCT edit for products (no PRODUCT leniency)', async () => {
    const server = app.getHttpServer();
    const templateStatus = async (entity: string, auth: string) =>
      (await request(server).get(`/api/catalog/imports/${entity}/template`).set('Authorization', auth)).status;
    const uploadStatus = async (entity: string, auth: string, rows: WriteCell[][]) =>
      (await upload(entity, await xlsx(rows), auth)).status;
    const skuRows = [SKU_HEADER, skuRow('SKU-PERM')];
    const productRows = (code: string) => [PRODUCT_HEADER, productRow(code)];

    const skuViewer = await bearer([permission('SKU', true)], true);
    expect(await templateStatus('skus', skuViewer)).toBe(403);
    expect(await uploadStatus('skus', skuViewer, skuRows)).toBe(403);
    const skuEditor = await bearer([permission('SKU', true, true)], true);
    expect(await templateStatus('skus', skuEditor)).toBe(200);
    // The route guard's "PRODUCT with edit is always allowed" does not open the product import.
    expect(await templateStatus('products', skuEditor)).toBe(403);
    expect(await uploadStatus('products', skuEditor, productRows('RJ-NOPE'))).toBe(403);

    const productViewer = await bearer([permission('PRODUCT', true), permission('RJ_PRODUCT', true)], true);
    expect(await templateStatus('products', productViewer)).toBe(403);
    expect(await templateStatus('skus', productViewer)).toBe(403);

    for (const [key, code] of [
      ['PRODUCT', 'RJ-PERM-1'],
      ['RJ_PRODUCT', 'RJ-PERM-2'],
    ] as const) {
      const editor = await bearer([permission(key, true, true)], true);
      expect(await templateStatus('products', editor)).toBe(200);
      const started = await upload('products', await xlsx(productRows(code)), editor);
      expect(started.status).toBe(201);
      expect(await finished(started.body.data.job_id as string, editor)).toMatchObject({
        status: 'succeeded',
        created_count: 1,
      });
      // Their job, while they may still edit products.
      const job = await request(server)
        .get(`/api/catalog/imports/jobs/${started.body.data.job_id as string}`)
        .set('Authorization', await bearer([permission(key, true)], true));
      expect(job.status).toBe(403);
    }
    expect((await agent.get('/api/catalog/products/RJ-PERM-2')).body.data.default_cost).toBe('1000.00');
  });
});
