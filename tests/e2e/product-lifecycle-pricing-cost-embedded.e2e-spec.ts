import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * Products (SPEC.md §3 Product) through the embedded app: every field, the USD prices derived from today's
 * exchange rate and a GST rate of the settings, validation in English and Chinese, a duplicate code, the cost
 * hidden from roles without can_see_cost (list, view, sort, and what they send), the PRODUCT and RJ_PRODUCT keys
 * (either is enough, neither is refused, no "PRODUCT edit for everyone" on the API), search / filters / sort,
 * the category's usage, in-use refusal, archive / reactivate / delete, and the events.
 */
describe('products: lifecycle, pricing and cost (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let admin: TestAgent;
  let catalogDb: DataSource;
  let close: () => Promise<void>;
  let jewellery: string;
  let watches: string;

  beforeAll(async () => {
    ({ app, runtime, agent: admin, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
    const category = (name: string) => admin.post('/api/catalog/item-categories/product').send({ category_name: name });
    jewellery = (await category('Jewellery')).body.data.category_id;
    watches = (await category('Watches')).body.data.category_id;
    const rate = await admin
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });
    expect(rate.status).toBe(201);
  });

  afterAll(() => close?.());

  const product = (overrides: Record<string, unknown> = {}) => ({
    product_code: 'RJ-001',
    product_name: 'Jade bangle',
    alt_name: 'Imperial jade bangle',
    brand: 'Lotus',
    width: '62.5',
    height: '12',
    diameter: '58',
    weight_grams: '41.275',
    time_period: 'Qing dynasty',
    country_origin: 'Myanmar',
    hashtag_list: ['jade', 'antique', 'jade'],
    description: 'Translucent green jadeite.',
    native_currency: 'SGD',
    default_cost: '1000',
    retail_price_native: '1350',
    discount: '5',
    tax: '9',
    remarks: 'Keep in safe',
    supplier_description: 'Bangle, jadeite, A grade',
    stock_type: 'Consignment',
    category_id: jewellery,
    permit_no: 'IP-2026-0042',
    arrival_date: '2026-01-05',
    shipout_date: '2026-02-01',
    declaration_type: 'TIB',
    shipping_method: 'Malca-Amit',
    gross_margin_scheme: true,
    total_tax: '94.5',
    ...overrides,
  });

  /** A caller with exactly these permissions (and can_see_cost as given). */
  const as = async (cost: boolean, ...perms: Parameters<typeof permission>[]) => {
    const token = await tokenWithPermissions(
      runtime,
      perms.map((args) => permission(...args)),
      { cost },
    );
    const server = app.getHttpServer();
    const auth = { Authorization: `Bearer ${token}` };
    return {
      post: (path: string, body: object = {}) => request(server).post(path).set(auth).send(body),
      put: (path: string, body: object) => request(server).put(path).set(auth).send(body),
      get: (path: string) => request(server).get(path).set(auth),
    };
  };

  const outbox = async (code: string) => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.product.%'
        AND envelope->'data'->>'product_code' = $1 ORDER BY id`,
      [code],
    );
    return rows.map((row) => ({ subject: row.subject, data: row.envelope.data }));
  };

  it('creates a product with every field and derives the USD prices at today’s SGD rate', async () => {
    const created = await admin.post('/api/catalog/products').send(product());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      product_code: 'RJ-001',
      product_name: 'Jade bangle',
      display_name: 'Imperial jade bangle',
      width: '62.50',
      height: '12.00',
      diameter: '58.00',
      weight_grams: '41.275',
      hashtag_list: ['jade', 'antique'],
      native_currency: 'SGD',
      default_cost: '1000.00',
      retail_price_native: '1350.00',
      exchange_rate: '1.350000',
      exchange_rate_date: '2024-01-01',
      retail_price_usd: '1000.00',
      mark_up: '35.00',
      discount: '5.00',
      tax: '9.00',
      retail_with_tax_usd: '1090.00',
      stock_type: 'Consignment',
      category_id: jewellery,
      category_name: 'Jewellery',
      permit_no: 'IP-2026-0042',
      arrival_date: '2026-01-05',
      shipout_date: '2026-02-01',
      declaration_type: 'TIB',
      shipping_method: 'Malca-Amit',
      gross_margin_scheme: true,
      total_tax: '94.50',
      image_ids: [],
      cover_image_id: null,
      document_ids: [],
      is_printed: false,
      last_printed_date: null,
      status: 'new',
      in_use: false,
    });
    expect((await admin.get('/api/catalog/products/RJ-001')).body.data.retail_with_tax_usd).toBe('1090.00');
  });

  it('takes the settings’ default GST rate when no tax is given, and uses the product name without alt name', async () => {
    const created = await admin.post('/api/catalog/products').send(
      product({
        product_code: 'W-100',
        product_name: 'Gold watch',
        alt_name: '',
        native_currency: 'USD',
        retail_price_native: '2500',
        default_cost: '0',
        tax: undefined,
        stock_type: 'Inventory',
        category_id: watches,
        gross_margin_scheme: false,
        hashtag_list: ['gold'],
        brand: 'Orion',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      display_name: 'Gold watch',
      exchange_rate: '1.000000',
      exchange_rate_date: null,
      retail_price_usd: '2500.00',
      tax: '9.00',
      retail_with_tax_usd: '2725.00',
      mark_up: null,
    });
  });

  it('refuses a currency without a rate today and a tax that is not a GST option, in English and Chinese', async () => {
    const noRate = await admin
      .post('/api/catalog/products')
      .send(product({ product_code: 'E-1', native_currency: 'EUR' }));
    expect(noRate.status).toBe(400);
    expect(noRate.body.errors).toEqual([
      expect.objectContaining({
        field: 'native_currency',
        message: 'No exchange rate of EUR is in effect today: add one in Settings',
      }),
    ]);
    const chinese = await admin
      .post('/api/catalog/products')
      .set('Accept-Language', 'zh-CN')
      .send(product({ product_code: 'E-1', native_currency: 'EUR' }));
    expect(chinese.body.message).toBe('今天没有生效的 EUR 汇率：请在设置中添加');
    const badTax = await admin.post('/api/catalog/products').send(product({ product_code: 'E-1', tax: '5' }));
    expect(badTax.status).toBe(400);
    expect(badTax.body.errors).toEqual([
      expect.objectContaining({ field: 'tax', message: 'The tax must be one of the GST rates in Settings' }),
    ]);
    expect((await admin.get('/api/catalog/products/E-1')).status).toBe(404);
  });

  it('answers field errors with SPEC.md §5 wording in English and Chinese', async () => {
    const body = product({
      product_code: 'RJ/9',
      product_name: '  ',
      width: '-1',
      height: 'tall',
      weight_grams: '1.2345',
      retail_price_native: '12.345',
      discount: '120',
      stock_type: 'Lease',
      category_id: '',
      arrival_date: '2026-03-10',
      shipout_date: '2026-03-01',
      shipping_method: 'Pigeon',
      declaration_type: 'VAT',
    });
    const english = await admin.post('/api/catalog/products').send(body);
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'product_code', message: 'Value cannot have slash' }),
        expect.objectContaining({ field: 'product_name', message: 'This field is required' }),
        expect.objectContaining({ field: 'width', message: 'Value must be more than or equal to 0' }),
        expect.objectContaining({ field: 'height', message: 'Please enter valid number' }),
        expect.objectContaining({
          field: 'weight_grams',
          message: 'Please enter a number with at most 3 decimal places',
        }),
        expect.objectContaining({
          field: 'retail_price_native',
          message: 'Please enter a number with at most 2 decimal places',
        }),
        expect.objectContaining({ field: 'discount', message: 'Value cannot be more than 100' }),
        expect.objectContaining({ field: 'stock_type' }),
        expect.objectContaining({ field: 'category_id', message: 'This field is required' }),
        expect.objectContaining({ field: 'shipping_method' }),
        expect.objectContaining({ field: 'declaration_type' }),
      ]),
    );
    const chinese = await admin.post('/api/catalog/products').set('Accept-Language', 'zh-CN').send(body);
    const messages = Object.fromEntries(
      (chinese.body.errors as { field: string; message: string }[]).map((error) => [error.field, error.message]),
    );
    expect(messages).toMatchObject({
      product_code: '数值不能包含斜杠',
      product_name: '此项为必填项',
      width: '数值必须大于或等于 0',
    });
    const dates = await admin
      .post('/api/catalog/products')
      .send(product({ product_code: 'RJ-009', arrival_date: '2026-03-10', shipout_date: '2026-03-01' }));
    expect(dates.body.errors).toEqual([
      expect.objectContaining({ field: 'shipout_date', message: 'Ship-out date cannot be before the arrival date' }),
    ]);
    const unknown = await admin
      .post('/api/catalog/products')
      .send(product({ product_code: 'RJ-009', colour: 'green' }));
    expect(unknown.status).toBe(400);
    const archivedCategory = await admin
      .post('/api/catalog/products')
      .send(product({ product_code: 'RJ-009', category_id: '00000000-0000-4000-8000-00000000abcd' }));
    expect(archivedCategory.body.errors).toEqual([
      expect.objectContaining({
        field: 'category_id',
        message: 'The chosen product category does not exist or is archived',
      }),
    ]);
  });

  it('refuses a duplicate product code in any case, and a changed code', async () => {
    const duplicate = await admin.post('/api/catalog/products').send(product({ product_code: 'rj-001' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A product with this product code already exists');
    const zh = await admin.post('/api/catalog/products').set('Accept-Language', 'zh-CN').send(product());
    expect(zh.body.message).toBe('已存在相同商品编码的商品');
    const renamed = await admin.put('/api/catalog/products/RJ-001').send(product({ product_code: 'RJ-002' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_PRODUCT_ID_CHANGED');
  });

  it('hides the cost from roles without can_see_cost in list, view and answers, refuses sorting by it, and ignores what they send', async () => {
    const clerk = await as(false, ['PRODUCT', true, true]);
    const listed = await clerk.post('/api/catalog/products/list', { search_str: 'RJ-001' });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ product_code: 'RJ-001', retail_price_usd: '1000.00' });
    expect(listed.body.data[0]).not.toHaveProperty('default_cost');
    expect(listed.body.data[0]).not.toHaveProperty('mark_up');
    const viewed = await clerk.get('/api/catalog/products/RJ-001');
    expect(viewed.body.data).not.toHaveProperty('default_cost');
    expect(viewed.body.data).not.toHaveProperty('mark_up');
    const sorted = await clerk.post('/api/catalog/products/list', {
      order_by: [{ column: 'default_cost', sort_type: 'DESC' }],
    });
    expect(sorted.status).toBe(400);
    const asked = await clerk.post('/api/catalog/products/list', { columns: ['product_code', 'mark_up'] });
    expect(asked.status).toBe(400);

    // An edit by such a user keeps the cost, whatever it sends; the answer leaves it out.
    const edited = await clerk.put('/api/catalog/products/RJ-001', product({ default_cost: '1', remarks: 'Moved' }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).not.toHaveProperty('default_cost');
    expect((await admin.get('/api/catalog/products/RJ-001')).body.data).toMatchObject({
      default_cost: '1000.00',
      mark_up: '35.00',
      remarks: 'Moved',
    });
    const created = await clerk.post(
      '/api/catalog/products',
      product({ product_code: 'RJ-003', default_cost: '500', hashtag_list: ['pearl'], brand: 'Mikimoto' }),
    );
    expect(created.status).toBe(201);
    expect((await admin.get('/api/catalog/products/RJ-003')).body.data).toMatchObject({
      default_cost: '0.00',
      mark_up: null,
    });

    // A role that can see cost sees it everywhere.
    const buyer = await as(true, ['RJ_PRODUCT', true]);
    const full = await buyer.post('/api/catalog/products/list', { search_str: 'RJ-001' });
    expect(full.body.data[0]).toMatchObject({ default_cost: '1000.00', mark_up: '35.00' });
  });

  it('grants the API under PRODUCT or RJ_PRODUCT, refuses neither, and never lets everyone edit', async () => {
    const rjEditor = await as(true, ['RJ_PRODUCT', false, true]);
    const byRj = await rjEditor.post('/api/catalog/products', product({ product_code: 'RJ-004', hashtag_list: [] }));
    expect(byRj.status).toBe(201);
    const rjViewer = await as(true, ['RJ_PRODUCT', true]);
    expect((await rjViewer.post('/api/catalog/products/list')).status).toBe(200);
    expect((await rjViewer.get('/api/catalog/products/RJ-004')).status).toBe(200);
    expect((await rjViewer.post('/api/catalog/products', product({ product_code: 'RJ-005' }))).status).toBe(403);
    expect((await rjViewer.post('/api/catalog/products/RJ-004/archive')).status).toBe(403);
    const productViewer = await as(true, ['PRODUCT', true]);
    expect((await productViewer.put('/api/catalog/products/RJ-004', product({ product_code: 'RJ-004' }))).status).toBe(
      403,
    );
    // SPEC.md §5 lets the route guard open PRODUCT + edit to anyone; the API does not.
    const nobody = await as(true, ['RJ_CUSTOMER', true, true, true]);
    expect((await nobody.post('/api/catalog/products', product({ product_code: 'RJ-005' }))).status).toBe(403);
    expect((await nobody.post('/api/catalog/products/list')).status).toBe(403);
    expect((await nobody.get('/api/catalog/products/pricing-context')).status).toBe(403);
    // Their product categories for the form's select, under either key too.
    expect((await rjViewer.post('/api/catalog/item-categories/product/list')).status).toBe(200);
  });

  it('gives the form today’s rates and the GST options', async () => {
    const context = await admin.get('/api/catalog/products/pricing-context');
    expect(context.status).toBe(200);
    expect(context.body.data).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      rates: [
        { currency: 'USD', rate: '1.000000', effective_date: null },
        { currency: 'SGD', rate: '1.350000', effective_date: '2024-01-01' },
        { currency: 'EUR', rate: null, effective_date: null },
        { currency: 'GBP', rate: null, effective_date: null },
      ],
      gst_rates: ['0.00', '7.00', '8.00', '9.00'],
      default_gst_rate: '9.00',
    });
  });

  it('searches code, names, brand and hashtags; filters by status, category, stock type, GMS and currency; sorts', async () => {
    const codes = async (body: Record<string, unknown>) => {
      const response = await admin.post('/api/catalog/products/list').send(body);
      expect(response.status).toBe(200);
      return (response.body.data as { product_code: string }[]).map((row) => row.product_code).sort();
    };
    expect(await codes({ search_str: 'w-10' })).toEqual(['W-100']);
    expect(await codes({ search_str: 'IMPERIAL' })).toEqual(['RJ-001', 'RJ-003', 'RJ-004']);
    expect(await codes({ search_str: 'gold watch' })).toEqual(['W-100']);
    expect(await codes({ search_str: 'mikimoto' })).toEqual(['RJ-003']);
    expect(await codes({ search_str: 'pearl' })).toEqual(['RJ-003']);
    expect(await codes({ search_str: 'no such thing' })).toEqual([]);
    expect(await codes({ other_params: { category_id: watches } })).toEqual(['W-100']);
    expect(await codes({ other_params: { stock_type: 'Inventory' } })).toEqual(['W-100']);
    expect(await codes({ other_params: { gross_margin_scheme: false } })).toEqual(['W-100']);
    expect(await codes({ other_params: { native_currency: 'SGD', gross_margin_scheme: true } })).toEqual([
      'RJ-001',
      'RJ-003',
      'RJ-004',
    ]);
    expect(await codes({ other_params: { status: 'new_or_active' } })).toHaveLength(4);
    const byPrice = await admin
      .post('/api/catalog/products/list')
      .send({ order_by: [{ column: 'retail_price_usd', sort_type: 'DESC' }] });
    expect(byPrice.body.data.map((row: { product_code: string }) => row.product_code)[0]).toBe('W-100');
    expect(byPrice.body.data[0]).toMatchObject({ category_name: 'Watches', cover_image_id: null, image_count: 0 });
    expect(byPrice.body.data[0]).not.toHaveProperty('search_text');
  });

  it('records its use of its category, which then refuses archive and delete; a category change moves it', async () => {
    const refused = await admin.post(`/api/catalog/item-categories/product/${watches}/archive`);
    expect(refused.status).toBe(409);
    const moved = await admin.put('/api/catalog/products/W-100').send(
      product({
        product_code: 'W-100',
        product_name: 'Gold watch',
        alt_name: '',
        native_currency: 'USD',
        category_id: jewellery,
      }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.category_name).toBe('Jewellery');
    expect((await admin.post(`/api/catalog/item-categories/product/${watches}/archive`)).status).toBe(200);
    const archivedChoice = await admin
      .put('/api/catalog/products/W-100')
      .send(product({ product_code: 'W-100', category_id: watches }));
    expect(archivedChoice.status).toBe(400);
    expect(archivedChoice.body.code).toBe('CATALOG_PRODUCT_REFERENCE_INVALID');
  });

  it('refuses archive and delete while in use (SPEC.md §8), then archives, reactivates and deletes', async () => {
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('product', 'RJ-001', 'quotation', 'Q-1')`,
    );
    expect((await admin.get('/api/catalog/products/RJ-001')).body.data.in_use).toBe(true);
    const archive = await admin.post('/api/catalog/products/RJ-001/archive');
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('Product is in use, cannot be deleted or archived');
    const remove = await admin.delete('/api/catalog/products/RJ-001').set('Accept-Language', 'zh-CN');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('商品正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'product'`);

    expect((await admin.post('/api/catalog/products/RJ-001/archive')).body.data.status).toBe('archived');
    const edit = await admin.put('/api/catalog/products/RJ-001').send(product());
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CATALOG_PRODUCT_ARCHIVED');
    expect((await admin.post('/api/catalog/products/RJ-001/reactivate')).body.data.status).toBe('active');
    expect((await admin.delete('/api/catalog/products/RJ-001')).status).toBe(200);
    expect((await admin.get('/api/catalog/products/RJ-001')).status).toBe(404);
    const usage: unknown[] = await catalogDb.query(
      `SELECT 1 FROM catalog.record_usage WHERE used_by_type = 'product' AND used_by_id = 'RJ-001'`,
    );
    expect(usage).toEqual([]);
  });

  it('left every change in the outbox with full snapshots (cost included, for services) and growing revisions', async () => {
    const events = await outbox('RJ-001');
    expect(events.map((event) => [event.subject, event.data.revision, event.data.status])).toEqual([
      ['catalog.product.upserted', 1, 'new'],
      ['catalog.product.upserted', 2, 'new'],
      ['catalog.product.upserted', 3, 'archived'],
      ['catalog.product.upserted', 4, 'active'],
      ['catalog.product.deleted', 5, undefined],
    ]);
    expect(events[0].data).toMatchObject({
      product_code: 'RJ-001',
      product_id: expect.any(String),
      default_cost: '1000.00',
      mark_up: '35.00',
      retail_price_usd: '1000.00',
      exchange_rate: '1.350000',
      tax: '9.00',
      gross_margin_scheme: true,
      declaration_type: 'TIB',
      image_ids: [],
      cover_image_id: null,
      document_ids: [],
      category_id: jewellery,
    });
    expect(events[1].data.remarks).toBe('Moved');
    expect(events[4].data).toEqual({ product_id: events[0].data.product_id, product_code: 'RJ-001', revision: 5 });
  });
});
