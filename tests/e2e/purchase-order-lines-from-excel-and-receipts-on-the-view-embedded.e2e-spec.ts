import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox, readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Reads a binary response whole (supertest buffers only text by default). */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

const SUPPLIER_EMAIL = 'orders@supplier-px.example';
const [HOME, OTHER] = ['PX-HOME', 'PX-OTHER'];

/**
 * PO lines from Excel and the receipts on the PO's view: the lines template (headers in en and zh), a good file
 * checked into lines (names, unit lists, the SKU's own spelling of its unit), a bad file refused with every problem
 * by row and column in en and zh, a location the caller may not order for refused; and after the supplier's
 * confirmation and a receipt, the PO's view shows per line the supplier's available, received and open quantities
 * and the receiving order.
 */
describe('purchase order: lines from Excel, receipts on the view (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  const DAY = dayFromToday(1);

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    procurementDb = new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    });
    await procurementDb.initialize();
    const [row] = await procurementDb.query<{ user_id: string }[]>(
      `SELECT user_id FROM identity.app_user WHERE username = 'admin'`,
    );
    admin = `Bearer ${await fullRightsToken(runtime, ['*'], { sub: row.user_id, name: 'Administrator' })}`;
    await seedCatalog();
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await procurementDb?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  async function send(path: string, body: object) {
    const response = await request(server).post(path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region PX' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets PX',
      sub_categories: [],
    });
    for (const locationId of [HOME, OTHER]) {
      await send('/api/catalog/locations', {
        location_id: locationId,
        location_name: `Outlet ${locationId}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '3 Import Road',
        country: 'Singapore',
        postal_code: '600003',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'CTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods PX' });
    await send('/api/catalog/suppliers', {
      supplier_id: 'PX-SUP',
      company_name: 'Supplier PX',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      contact_email: SUPPLIER_EMAIL,
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '0',
      category_id: supplierCategory.category_id,
      gst_price_type: 'exclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking PX' });
    for (const [skuId, units] of [
      [
        'PX-FLOUR',
        [
          { uom_name: 'KG', factor: '1' },
          { uom_name: 'CTN', factor: '10' },
        ],
      ],
      ['PX-SUGAR', [{ uom_name: 'KG', factor: '1' }]],
    ] as const) {
      await send('/api/catalog/skus', {
        sku_id: skuId,
        name: `Name ${skuId}`,
        display_name: `Name ${skuId}`,
        alternate_display_name_list: [],
        category_id: skuCategory.category_id,
        primary_uom_name: 'KG',
        purchasing_uom_name: units.at(-1)!.uom_name,
        receiving_uom_name: units.at(-1)!.uom_name,
        counting_uom_name: 'KG',
        uom_list: units,
        supplier_list: ['PX-SUP'],
        default_supplier_id: 'PX-SUP',
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
        hashtag_list: [],
      });
    }
    await expectEventually(
      async () => {
        const [counts] = await procurementDb.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id IN ($1, $2)) AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id = 'PX-SUP') AS suppliers,
                  (SELECT count(*)::int FROM sku_replica WHERE sku_id LIKE 'PX-%') AS skus,
                  (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'PX-%') AS stock_items`,
          [HOME, OTHER],
        );
        expect(counts).toEqual({ locations: 2, suppliers: 1, skus: 2, stock_items: 2 });
      },
      { timeoutMs: 30_000 },
    );
  }

  const xlsx = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Data', rows }]);
  const check = async (body: Buffer, options: { auth?: string; language?: string; location?: string } = {}) =>
    request(server)
      .post(`/api/procurement/purchase-orders/lines/check${options.location ? `?location_id=${options.location}` : ''}`)
      .set('Authorization', options.auth ?? admin)
      .set('Accept-Language', options.language ?? 'en')
      .attach('file', body, 'lines.xlsx');
  const problems = (body: { errors: { field: string; message: string }[] }) =>
    Object.fromEntries(body.errors.map((error) => [error.field, error.message]));

  it('downloads the lines template with the headers in the caller language, no price column without cost', async () => {
    const english = await request(server)
      .get('/api/procurement/purchase-orders/lines/template')
      .set('Authorization', admin)
      .set('Accept-Language', 'en')
      .buffer(true)
      .parse(binary);
    expect(english.status).toBe(200);
    expect(english.headers['content-disposition']).toContain('Purchase order lines.xlsx');
    const [data, notes] = await readWorkbook(english.body as Buffer);
    expect(data.rows[0].slice(0, 5)).toEqual(['SKU code *', 'Unit *', 'Quantity *', 'Unit price', 'Remark']);
    // Rows add lines: the notes say how a SKU and unit already on the order is merged, and nothing of updating by code.
    const noteTexts = notes.rows.flat().map(String);
    expect(noteTexts).toContain('A row whose SKU and unit are already on the order adds its quantity to that line.');
    expect(noteTexts.some((text) => text.includes('code already exists'))).toBe(false);

    const chinese = await request(server)
      .get('/api/procurement/purchase-orders/lines/template?lang=zh-CN')
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary);
    const [zhData] = await readWorkbook(chinese.body as Buffer);
    expect(zhData.rows[0].slice(0, 2)).toEqual(['SKU 编码 *', '单位 *']);

    const noCost = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'PO' }, view: true, edit: true, approval: false }],
      { locs: [HOME], cost: false },
    )}`;
    const plain = await request(server)
      .get('/api/procurement/purchase-orders/lines/template')
      .set('Authorization', noCost)
      .buffer(true)
      .parse(binary);
    const [plainData] = await readWorkbook(plain.body as Buffer);
    expect(plainData.rows[0].slice(0, 4)).toEqual(['SKU code *', 'Unit *', 'Quantity *', 'Remark']);
  });

  it('checks a good file into lines: names, unit lists, the unit as the SKU spells it, blank prices kept blank', async () => {
    const response = await check(
      await xlsx([
        ['SKU code', 'Unit', 'Quantity', 'Unit price', 'Remark'],
        ['px-flour', 'ctn', '2.5', '48.50', 'urgent'],
        ['PX-SUGAR', 'KG', '10', null, null],
      ]),
      { location: HOME },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.lines).toEqual([
      {
        row: 2,
        sku_id: 'PX-FLOUR',
        sku_name: 'Name PX-FLOUR',
        uom_name: 'CTN',
        uom_list: [
          { uom_name: 'KG', factor: '1.000000' },
          { uom_name: 'CTN', factor: '10.000000' },
        ],
        quantity: '2.500',
        unit_price: '48.5000',
        remark: 'urgent',
      },
      expect.objectContaining({ row: 3, sku_id: 'PX-SUGAR', uom_name: 'KG', quantity: '10.000', unit_price: null }),
    ]);
    // Nothing is stored: the check makes no PO.
    const [{ n }] = await procurementDb.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM purchase_order`);
    expect(n).toBe(0);
  });

  it('refuses a bad file with every problem by row and column, in English and Chinese', async () => {
    const file = await xlsx([
      ['SKU code', 'Unit', 'Quantity', 'Unit price', 'Remark'],
      ['PX-FLOUR', 'CTN', '0', '5', null],
      ['PX-NOPE', 'KG', '1', null, null],
      ['PX-SUGAR', 'CTN', '1.2345', '-1', null],
      ['PX-FLOUR', 'KG', 'abc', '1.23456', null],
      [null, null, '3', null, 'no sku'],
    ]);
    const english = await check(file);
    expect(english.status).toBe(400);
    expect(english.body.code).toBe('VALIDATION_FAILED');
    expect(problems(english.body)).toEqual({
      'rows.2.quantity': 'Value must be more than 0',
      'rows.3.sku_id': 'No live SKU with code PX-NOPE',
      'rows.4.quantity': expect.stringMatching(/three-decimal|3 decimal/i),
      'rows.4.unit_price': expect.stringMatching(/more than or equal to 0/i),
      'rows.4.uom_name': 'CTN is not a unit of this SKU (its units: KG)',
      'rows.5.quantity': 'Please enter valid number',
      'rows.5.unit_price': 'Please enter valid number',
      'rows.6.sku_id': 'This field is required',
      'rows.6.uom_name': 'This field is required',
    });

    const chinese = await check(file, { language: 'zh-CN' });
    expect(chinese.status).toBe(400);
    const zh = problems(chinese.body);
    expect(zh['rows.3.sku_id']).toBe('没有编码为 PX-NOPE 的有效 SKU');
    expect(zh['rows.4.uom_name']).toBe('CTN 不是该 SKU 的单位（其单位：KG）');
    expect(zh['rows.2.quantity']).not.toBe(english.body.errors[0].message);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(problems(english.body)).sort());
  });

  it('refuses an unknown column, a price column without cost, another location and a file that is not a workbook', async () => {
    const unknown = await check(
      await xlsx([
        ['SKU code', 'Unit', 'Quantity', 'Colour'],
        ['PX-FLOUR', 'CTN', '1', 'red'],
      ]),
    );
    expect(unknown.status).toBe(400);
    expect(problems(unknown.body)).toEqual({ 'rows.1.row': expect.stringContaining('Colour') });

    const clerk = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'PO' }, view: true, edit: true, approval: false }],
      { locs: [HOME], cost: false },
    )}`;
    const priced = await check(
      await xlsx([
        ['SKU code', 'Unit', 'Quantity', 'Unit price'],
        ['PX-FLOUR', 'CTN', '1', '3'],
      ]),
      { auth: clerk },
    );
    expect(priced.status).toBe(400);
    expect(Object.keys(problems(priced.body))).toEqual(['rows.1.unit_price']);

    const good = await xlsx([
      ['SKU code', 'Unit', 'Quantity'],
      ['PX-FLOUR', 'CTN', '1'],
    ]);
    expect((await check(good, { auth: clerk, location: HOME })).status).toBe(200);
    const foreign = await check(good, { auth: clerk, location: OTHER });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('LOCATION_FORBIDDEN');

    const text = await request(server)
      .post('/api/procurement/purchase-orders/lines/check')
      .set('Authorization', admin)
      .attach('file', Buffer.from('sku,unit\nPX-FLOUR,CTN\n'), 'lines.xlsx');
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);

    const viewer = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'PO' }, view: true, edit: false, approval: false }],
      { locs: [HOME], cost: true },
    )}`;
    expect((await check(good, { auth: viewer })).status).toBe(403);
  });

  it('shows on the PO view the supplier available, received and open quantities and the receiving order', async () => {
    const api = {
      get: (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', admin),
      post: (path: string, body: object = {}) =>
        request(server).post(`/api/procurement/${path}`).set('Authorization', admin).send(body),
    };
    const created = await api.post('purchase-orders', {
      supplier_id: 'PX-SUP',
      location_id: HOME,
      purchase_date: DAY,
      delivery_time: `${DAY}T09:00:00+08:00`,
      order_type: 'Business Order',
      stock_type: 'inventory',
      currency: 'USD',
      lines: [
        { sku_id: 'PX-FLOUR', uom_name: 'CTN', quantity: '10', unit_price: '50' },
        { sku_id: 'PX-SUGAR', uom_name: 'KG', quantity: '20', unit_price: '2.5' },
      ],
    });
    expect(created.status).toBe(201);
    const po = created.body.data;
    expect(po.lines[0]).toMatchObject({ supplier_available_quantity: null, received_qty: '0.000', open_qty: '10.000' });
    expect(po.receiving_orders).toEqual([]);
    expect((await api.post(`purchase-orders/${po.id}/submit`, { revision: 1 })).status).toBe(200);
    expect((await api.post(`purchase-orders/${po.id}/approve`, { revision: 2 })).status).toBe(200);

    // The supplier confirms through its mailed link: 8 of the 10 cartons.
    let token = '';
    await expectEventually(
      async () => {
        const mail = (await readMailbox(mailboxDir(runtime.config.dataDir))).find(
          (candidate) => candidate.to === SUPPLIER_EMAIL && candidate.subject.includes(po.doc_no),
        );
        const match = mail ? /\/supplier\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mail.text) : null;
        expect(match).not.toBeNull();
        token = decodeURIComponent(match![1]);
      },
      { timeoutMs: 30_000 },
    );
    const confirmed = await request(server)
      .post('/api/procurement/supplier-confirmation/confirm')
      .send({ token, lines: [{ line_id: 1, available_quantity: '8' }] });
    expect(confirmed.status).toBe(200);

    // A receiving clerk of the outlet with no PO right types the receipt from the RO's own routes.
    const clerk = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'RO' }, view: true, edit: true, approval: false }],
      { locs: [HOME], cost: false },
    )}`;
    const asClerk = (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', clerk);
    expect((await asClerk('purchase-orders/choices')).status).toBe(403);
    const choices = await asClerk('receiving-orders/choices');
    expect(choices.status).toBe(200);
    expect(choices.body.data.suppliers.map((row: { supplier_id: string }) => row.supplier_id)).toContain('PX-SUP');
    const open = await asClerk('receiving-orders/purchase-orders');
    expect(open.status).toBe(200);
    expect(open.body.data.map((row: { id: string }) => row.id)).toEqual([po.id]);
    const found = await request(server)
      .post('/api/procurement/receiving-orders/skus')
      .set('Authorization', clerk)
      .send({ search: 'PX-SUGAR' });
    expect(found.body.data).toEqual([expect.objectContaining({ item_id: 'PX-SUGAR' })]);

    const receipt = await api.post('receiving-orders', {
      purchase_order_id: po.id,
      location_id: HOME,
      receive_time: `${DAY}T02:00:00Z`,
      receiving_list: [
        { po_line_no: 1, receive_qty: '6' },
        { po_line_no: 2, receive_qty: '20' },
      ],
    });
    expect(receipt.status).toBe(201);
    const roId = receipt.body.data.id as string;
    // A draft receives nothing: only RECEIVED receiving orders count.
    const drafted = (await api.get(`purchase-orders/${po.id}`)).body.data;
    expect(drafted.lines[0]).toMatchObject({ received_qty: '0.000', open_qty: '10.000' });
    expect(drafted.receiving_orders).toEqual([expect.objectContaining({ id: roId, status: 'DRAFT' })]);

    expect((await api.post(`receiving-orders/${roId}/submit`, { revision: 1 })).status).toBe(200);
    expect((await api.post(`receiving-orders/${roId}/approve`, { revision: 2 })).status).toBe(200);
    expect((await api.post(`receiving-orders/${roId}/receive`, { revision: 3 })).status).toBe(200);

    const view = (await api.get(`purchase-orders/${po.id}`)).body.data;
    expect(view.status).toBe('PARTIALLY RECEIVED');
    expect(view.lines).toEqual([
      expect.objectContaining({
        line_no: 1,
        quantity: '10.000',
        supplier_available_quantity: '8.000',
        received_qty: '6.000',
        open_qty: '4.000',
      }),
      expect.objectContaining({
        line_no: 2,
        quantity: '20.000',
        supplier_available_quantity: null,
        received_qty: '20.000',
        open_qty: '0.000',
      }),
    ]);
    expect(view.receiving_orders).toEqual([
      { id: roId, doc_no: receipt.body.data.doc_no, status: 'RECEIVED', receive_time: `${DAY}T02:00:00.000Z` },
    ]);
    // The same numbers as the receiving page's: one computation.
    const receivable = (await api.get(`receiving-orders/purchase-orders/${po.id}/lines`)).body.data;
    expect(
      receivable.map((line: { received_qty: string; open_qty: string }) => [line.received_qty, line.open_qty]),
    ).toEqual(view.lines.map((line: { received_qty: string; open_qty: string }) => [line.received_qty, line.open_qty]));
  });
});
