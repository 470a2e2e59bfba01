import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fieldErrors,
  fullRights,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

/** `today + days` as YYYY-MM-DD (UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A purchase order through the gateway (SPEC.md §3-§5, issue 12, docs/document-kit.md): priced from the supplier
 * price valid on the purchase date, GST inclusive and exclusive totals, converted to USD at the rate of that
 * date; a stale revision refused; submit → approve within the approver's limit (refused above it), reject with a
 * remark; another location's PO not found; no prices for a role without can_see_cost; validation errors
 * translated on their fields.
 */
describe('purchase order: priced, approved within the limit, scoped (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  const [OUT1, OUT2] = ['PO-OUT1', 'PO-OUT2'];
  const FUTURE = dayFromToday(10);
  const SOON = dayFromToday(2);
  const LATER = dayFromToday(11);

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
    // The seeded administrator (the approver directory knows them): a token of anyone else submitting would meet
    // them as another approver.
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

  async function send(path: string, body: object, method: 'post' | 'put' = 'post') {
    const response = await request(server)[method](path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  /** Two outlets, a SKU in KG and CTN of 10 KG, an inclusive and an exclusive supplier with prices, SGD rates. */
  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region PO' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets PO',
      sub_categories: [],
    });
    for (const locationId of [OUT1, OUT2]) {
      await send('/api/catalog/locations', {
        location_id: locationId,
        location_name: `Outlet ${locationId}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Order Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'CTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods PO' });
    for (const [id, type, minimum] of [
      ['PO-SINC', 'inclusive', '1000'],
      ['PO-SEXC', 'exclusive', '0'],
    ]) {
      await send('/api/catalog/suppliers', {
        supplier_id: id,
        company_name: `Supplier ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
        address: '1 Jurong Road',
        postal_code: '600001',
        country: 'Singapore',
        minimum_order_value: minimum,
        category_id: supplierCategory.category_id,
        gst_price_type: type,
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
    }
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking PO' });
    await send('/api/catalog/skus', {
      sku_id: 'PO-FLOUR',
      name: 'Flour PO',
      display_name: 'Flour PO',
      alternate_display_name_list: [],
      category_id: skuCategory.category_id,
      primary_uom_name: 'KG',
      purchasing_uom_name: 'CTN',
      receiving_uom_name: 'CTN',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1' },
        { uom_name: 'CTN', factor: '10' },
      ],
      supplier_list: ['PO-SINC', 'PO-SEXC'],
      default_supplier_id: 'PO-SINC',
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '0',
      hashtag_list: [],
    });
    const price = (supplier: string, current: string, future: string | null) =>
      send(
        '/api/catalog/supplier-prices',
        {
          sku_id: 'PO-FLOUR',
          supplier_id: supplier,
          uom_name: 'CTN',
          current_price: current,
          future_price_1: future,
          future_price_1_date: future === null ? null : FUTURE,
          future_price_2: null,
          future_price_2_date: null,
        },
        'put',
      );
    await price('PO-SINC', '54.50', '60');
    await price('PO-SEXC', '50', null);
    await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });
    // Procurement learns all of it from catalog's events.
    await expectEventually(
      async () => {
        const [counts] = await procurementDb.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id IN ($1, $2)) AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id LIKE 'PO-%') AS suppliers,
                  (SELECT count(*)::int FROM sku_supplier_price_replica WHERE sku_id = 'PO-FLOUR') AS prices,
                  (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates`,
          [OUT1, OUT2],
        );
        expect(counts).toEqual({ locations: 2, suppliers: 2, prices: 2, rates: 1 });
      },
      { timeoutMs: 30_000 },
    );
  }

  const api = (auth = admin) => ({
    get: (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', auth),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/procurement/${path}`).set('Authorization', auth).send(body),
    put: (path: string, body: object) =>
      request(server).put(`/api/procurement/${path}`).set('Authorization', auth).send(body),
  });

  const order = (extra: object = {}) => ({
    supplier_id: 'PO-SINC',
    location_id: OUT1,
    purchase_date: SOON,
    delivery_time: `${SOON}T09:00:00+08:00`,
    order_type: 'Business Order',
    stock_type: 'inventory',
    currency: 'SGD',
    internal_remark: 'for the weekend',
    external_remark: 'deliver to the back door',
    lines: [
      { sku_id: 'PO-FLOUR', uom_name: 'ctn', quantity: '3' },
      { sku_id: 'PO-FLOUR', uom_name: 'KG', quantity: 2, unit_price: '5.45' },
    ],
    ...extra,
  });

  const act = (id: string, action: string, revision: number, auth = admin, remark?: string) =>
    api(auth).post(`purchase-orders/${id}/${action}`, { revision, ...(remark && { remark }) });

  const approver = (sub: string, limit: string) =>
    tokenWithPermissions(runtime, fullRights(), { sub, name: `Approver ${limit}`, locs: [OUT1], cost: true, limit });

  let inclusiveId: string;
  let exclusiveId: string;

  it('prices a GST-inclusive order from the supplier price valid on its date, in SGD and USD', async () => {
    const created = await api().post('purchase-orders', order());
    expect(created.status).toBe(201);
    const po = created.body.data;
    inclusiveId = po.id;
    // 3 CTN × 54.50 = 163.50 and 2 KG × 5.45 = 10.90: 174.40 including GST 9% = 174.40 × 9 / 109 = 14.40.
    expect(po).toMatchObject({
      doc_no: `PO-${OUT1}-000001`,
      status: 'DRAFT',
      revision: 1,
      supplier_name: 'Supplier PO-SINC',
      currency: 'SGD',
      exchange_rate: '1.350000',
      gst_price_type: 'inclusive',
      subtotal_amount: '160.00',
      gst_amount: '14.40',
      total_amount: '174.40',
      // 174.40 / 1.35 = 129.185…
      total_usd: '129.19',
      minimum_order_value: '1000.0000',
      below_minimum_order_value: true,
      internal_remark: 'for the weekend',
      external_remark: 'deliver to the back door',
    });
    expect(po.lines).toEqual([
      expect.objectContaining({
        uom_name: 'CTN',
        uom_list: [
          { uom_name: 'KG', factor: '1.000000' },
          { uom_name: 'CTN', factor: '10.000000' },
        ],
        quantity: '3.000',
        unit_price: '54.5000',
        line_subtotal: '163.50',
      }),
      expect.objectContaining({ uom_name: 'KG', quantity: '2.000', unit_price: '5.4500', line_subtotal: '10.90' }),
    ]);
    expect(po.available_actions.sort()).toEqual(['cancel', 'submit']);

    // From the future price's date on, the future price.
    const later = await api().post('purchase-orders', order({ purchase_date: LATER, lines: [order().lines[0]] }));
    expect(later.status).toBe(201);
    expect(later.body.data.lines[0].unit_price).toBe('60.0000');
    expect(later.body.data).toMatchObject({ doc_no: `PO-${OUT1}-000002`, total_amount: '180.00', gst_amount: '14.86' });
  });

  it("offers the page's suppliers, currencies and SKUs (in the purchasing unit) from procurement's replicas", async () => {
    const buyer = `Bearer ${await tokenWithPermissions(runtime, [{ permission: { key: 'PO' }, view: true, edit: false, approval: false }])}`;
    const choices = await api(buyer).get('purchase-orders/choices');
    expect(choices.status).toBe(200);
    expect(choices.body.data.currencies).toEqual(['USD', 'SGD']);
    expect(choices.body.data.suppliers.map((supplier: { supplier_id: string }) => supplier.supplier_id)).toEqual([
      'PO-SEXC',
      'PO-SINC',
    ]);
    const skus = await api(buyer).post('purchase-orders/skus', { search: 'flour po' });
    expect(skus.status).toBe(200);
    expect(skus.body.data).toEqual([
      expect.objectContaining({ item_type: 'sku', item_id: 'PO-FLOUR', uom_name: 'CTN' }),
    ]);
  });

  it('adds GST on top for an exclusive supplier (USD: rate 1)', async () => {
    const created = await api().post(
      'purchase-orders',
      order({ supplier_id: 'PO-SEXC', currency: 'USD', lines: [{ sku_id: 'PO-FLOUR', uom_name: 'CTN', quantity: 4 }] }),
    );
    expect(created.status).toBe(201);
    exclusiveId = created.body.data.id;
    // 4 × 50.00 = 200.00 plus GST 9% = 18.00.
    expect(created.body.data).toMatchObject({
      gst_price_type: 'exclusive',
      exchange_rate: '1.000000',
      subtotal_amount: '200.00',
      gst_amount: '18.00',
      total_amount: '218.00',
      total_usd: '218.00',
      below_minimum_order_value: false,
    });
  });

  it('saves an edit made on the current revision and refuses one made on a stale one', async () => {
    const edited = await api().put(`purchase-orders/${inclusiveId}`, {
      ...order({ internal_remark: 'edited' }),
      revision: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ revision: 2, internal_remark: 'edited', total_amount: '174.40' });
    const stale = await api().put(`purchase-orders/${inclusiveId}`, { ...order(), revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('DOCUMENT_STALE_REVISION');
    const staleAction = await act(inclusiveId, 'submit', 1);
    expect(staleAction.status).toBe(409);
    expect(staleAction.body.code).toBe('DOCUMENT_STALE_REVISION');
  });

  it("puts its supplier, SKU and location in use: catalog refuses to archive them (procurement's usage event)", async () => {
    const refused = (path: string) =>
      expectEventually(async () => {
        const archive = await request(server).post(path).set('Authorization', admin);
        expect(archive.status).toBe(409);
        return archive.body.message as string;
      });
    expect(await refused('/api/catalog/suppliers/PO-SINC/archive')).toMatch(/in use/i);
    expect(await refused('/api/catalog/skus/PO-FLOUR/archive')).toMatch(/in use/i);
    const [usage] = await procurementDb.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM catalog.record_usage
        WHERE used_by_type = 'procurement.purchase_order' AND used_by_id = $1`,
      [inclusiveId],
    );
    // location, supplier and one SKU: the set of the latest revision, not one row per save.
    expect(usage.count).toBe(3);
  });

  it('is approved within the approver limit (USD) only: refused for a low limit, sent for a higher one', async () => {
    const submitted = await act(inclusiveId, 'submit', 2);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'PENDING APPROVAL', revision: 3 });
    const low = `Bearer ${await approver('00000000-0000-4000-8000-0000000000b1', '100')}`;
    const refused = await act(inclusiveId, 'approve', 3, low);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('DOCUMENT_APPROVAL_LIMIT_EXCEEDED');
    const high = `Bearer ${await approver('00000000-0000-4000-8000-0000000000b2', '1000')}`;
    const approved = await act(inclusiveId, 'approve', 3, high);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'PENDING SUPPLIER', revision: 4 });
    expect(approved.body.data.available_actions.sort()).toEqual(['cancel', 'resend']);
    expect(approved.body.data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'update',
      'submit',
      'approve',
    ]);
    // The activity events went to the outbox with the action.
    const events = await procurementDb.query<{ subject: string; value_usd: string | null }[]>(
      `SELECT subject, envelope->'data'->>'value_usd' AS value_usd FROM outbox
        WHERE subject LIKE 'procurement.purchase-order.%' ORDER BY id`,
    );
    // The submission carries the PO's value in USD (its approvers are those whose limit covers it).
    expect(events.map((event) => [event.subject, event.value_usd])).toEqual([
      ['procurement.purchase-order.submitted', approved.body.data.total_usd],
      ['procurement.purchase-order.approved', null],
    ]);
  });

  it('is rejected with a remark only', async () => {
    await act(exclusiveId, 'submit', 1);
    const high = `Bearer ${await approver('00000000-0000-4000-8000-0000000000b2', '1000')}`;
    const bare = await act(exclusiveId, 'reject', 2, high);
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe('DOCUMENT_REMARK_REQUIRED');
    const rejected = await act(exclusiveId, 'reject', 2, high, 'too dear');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', available_actions: [] });
    const again = await act(exclusiveId, 'approve', 3, high);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');
  });

  it("answers another location's PO as not found and lists only the caller's", async () => {
    const elsewhere = `Bearer ${await fullRightsToken(runtime, [OUT2])}`;
    const read = await api(elsewhere).get(`purchase-orders/${inclusiveId}`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('DOCUMENT_NOT_FOUND');
    expect(
      (await api(elsewhere).post(`purchase-orders/${inclusiveId}/cancel`, { revision: 4, remark: 'x' })).status,
    ).toBe(404);
    expect((await api(elsewhere).get(`attachments/purchase-order/${inclusiveId}`)).status).toBe(404);
    const list = await api(elsewhere).post('purchase-orders/list', { limit: 100 });
    expect(list.body.recordsTotal).toBe(0);
    const mine = await api().post('purchase-orders/list', {
      limit: 100,
      other_params: { status: 'PENDING SUPPLIER', location_ids: [OUT1] },
    });
    expect(mine.body.data.map((row: { id: string }) => row.id)).toEqual([inclusiveId]);
    expect(mine.body.data[0]).toMatchObject({
      supplier_name: 'Supplier PO-SINC',
      purchase_date: SOON,
      total_usd: '129.19',
    });
    const counts = await api().post('purchase-orders/status-counts', {});
    const byStatus = Object.fromEntries(
      (counts.body.data as { status: string | null; count: number }[]).map((entry) => [entry.status, entry.count]),
    );
    expect(byStatus).toMatchObject({ null: 3, DRAFT: 1, 'PENDING SUPPLIER': 1, REJECTED: 1 });
  });

  it('shows no price, subtotal or total to a role without can_see_cost', async () => {
    const blind = `Bearer ${await fullRightsToken(runtime, [OUT1], { cost: false })}`;
    const seen = await api(blind).get(`purchase-orders/${inclusiveId}`);
    expect(seen.status).toBe(200);
    for (const field of ['subtotal_amount', 'gst_amount', 'total_amount', 'total_usd']) {
      expect(seen.body.data).not.toHaveProperty(field);
    }
    expect(seen.body.data.lines[0]).not.toHaveProperty('unit_price');
    expect(seen.body.data.lines[0]).not.toHaveProperty('line_subtotal');
    const list = await api(blind).post('purchase-orders/list', { limit: 100 });
    expect(JSON.stringify(list.body.data)).not.toMatch(/total_amount|total_usd/);
  });

  it('refuses invalid input with translated messages on the fields', async () => {
    const blank = await api().post('purchase-orders', {
      ...order({ supplier_id: '', lines: [{ sku_id: 'PO-FLOUR', uom_name: 'CTN', quantity: '-1' }] }),
    });
    expect(blank.status).toBe(400);
    expect(fieldErrors(blank.body)).toMatchObject({
      supplier_id: 'This field is required',
      'lines.0.quantity': expect.any(String) as string,
    });
    const zh = await api()
      .post('purchase-orders', order({ supplier_id: '' }))
      .set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(fieldErrors(zh.body).supplier_id).not.toBe('This field is required');

    const unknown = await api().post(
      'purchase-orders',
      order({
        currency: 'EUR',
        lines: [
          { sku_id: 'PO-NOTHING', uom_name: 'CTN', quantity: 1 },
          { sku_id: 'PO-FLOUR', uom_name: 'BOX', quantity: 1 },
        ],
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('PROCUREMENT_NO_EXCHANGE_RATE');
    expect(fieldErrors(unknown.body)).toEqual({
      currency: `No exchange rate of EUR is in effect on ${SOON}: add one in Settings`,
      'lines.0.sku_id': 'PO-NOTHING is not a known, active SKU',
      'lines.1.uom_name': 'BOX is not a unit of Flour PO (PO-FLOUR)',
    });
    const noPrice = await api().post(
      'purchase-orders',
      order({ supplier_id: 'PO-SEXC', lines: [{ sku_id: 'PO-FLOUR', uom_name: 'KG', quantity: 1 }] }),
    );
    expect(noPrice.status).toBe(400);
    expect(fieldErrors(noPrice.body)).toEqual({
      'lines.0.unit_price': `Enter a unit price: the supplier has no price of Flour PO (PO-FLOUR) per KG on ${SOON}`,
    });
  });
});
