import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { StockPostingRequest } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { inventoryService } from '@scm/inventory';
import { inTransaction } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRights,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { StockLedger } from '../../services/inventory/src/ledger/stock-ledger.js';
import { inventoryDb } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/** `today + days` as YYYY-MM-DD (UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A store order through the gateway (SPEC.md §2 /store-ordering, §3, §5; key OR): an outlet orders flour and sugar
 * from their default suppliers and sauce from the central kitchen; submitting splits it into one DRAFT PO per
 * supplier, priced by the PO's own pricing and linked back, and one `procurement.store-order.transfer-requested`
 * event. A draft with invalid items is refused whole with SPEC.md §5's message in the caller's language; a user of
 * another location neither reads nor submits it. The suggested quantity is computed from the par level, the on hand
 * and the last four weeks' usage of the ledger's postings (a hand-computed case).
 */
describe('store order: split into purchase orders and a transfer request (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  let app: NestFastifyApplication;
  const [OUT1, OUT2, KITCHEN] = ['SO-OUT1', 'SO-OUT2', 'SO-CK'];
  const DELIVERY_DAY = dayFromToday(7);
  const DELIVERY = `${DELIVERY_DAY}T09:00:00Z`;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    app = suite.app;
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

  async function send(path: string, body: object, method: 'post' | 'put' = 'post') {
    const response = await request(server)[method](path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  /** Two outlets and a central kitchen; flour (KG, CTN of 10) from SO-S1, sugar (KG) from SO-S2, sauce (KG). */
  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region SO' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets SO',
      sub_categories: [],
    });
    for (const locationId of [OUT1, OUT2, KITCHEN]) {
      await send('/api/catalog/locations', {
        location_id: locationId,
        location_name: `Place ${locationId}`,
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
    await send('/api/catalog/uoms', { uom_name: 'SOKG', secondary_uom: 'SOCTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods SO' });
    for (const id of ['SO-S1', 'SO-S2']) {
      await send('/api/catalog/suppliers', {
        supplier_id: id,
        company_name: `Supplier ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
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
    }
    const dry = await send('/api/catalog/sku-categories', { category_name: 'Dry SO' });
    const sauces = await send('/api/catalog/sku-categories', { category_name: 'Sauces SO' });
    const sku = (id: string, category: string, supplier: string, units: { uom_name: string; factor: string }[]) =>
      send('/api/catalog/skus', {
        sku_id: id,
        name: `Name ${id}`,
        display_name: `Name ${id}`,
        alternate_display_name_list: [],
        category_id: category,
        primary_uom_name: 'SOKG',
        purchasing_uom_name: units[units.length - 1].uom_name,
        receiving_uom_name: units[units.length - 1].uom_name,
        counting_uom_name: 'SOKG',
        uom_list: units,
        supplier_list: [supplier],
        default_supplier_id: supplier,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
        hashtag_list: [],
      });
    await sku('SO-FLOUR', dry.category_id, 'SO-S1', [
      { uom_name: 'SOKG', factor: '1' },
      { uom_name: 'SOCTN', factor: '10' },
    ]);
    await sku('SO-SUGAR', dry.category_id, 'SO-S2', [{ uom_name: 'SOKG', factor: '1' }]);
    await sku('SO-SAUCE', sauces.category_id, 'SO-S1', [{ uom_name: 'SOKG', factor: '1' }]);
    const price = (skuId: string, supplier: string, uom: string, current: string) =>
      send(
        '/api/catalog/supplier-prices',
        {
          sku_id: skuId,
          supplier_id: supplier,
          uom_name: uom,
          current_price: current,
          future_price_1: null,
          future_price_1_date: null,
          future_price_2: null,
          future_price_2_date: null,
        },
        'put',
      );
    await price('SO-FLOUR', 'SO-S1', 'SOCTN', '50');
    await price('SO-SUGAR', 'SO-S2', 'SOKG', '3.2');
    await expectEventually(
      async () => {
        const [counts] = await procurementDb.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id LIKE 'SO-%') AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id LIKE 'SO-%') AS suppliers,
                  (SELECT count(*)::int FROM sku_supplier_price_replica WHERE sku_id LIKE 'SO-%') AS prices,
                  (SELECT count(*)::int FROM sku_category_replica WHERE category_name LIKE '% SO') AS categories`,
        );
        expect(counts).toEqual({ locations: 3, suppliers: 2, prices: 2, categories: 2 });
      },
      { timeoutMs: 30_000 },
    );
  }

  const api = (auth = admin, language = 'en') => ({
    get: (path: string) =>
      request(server).get(`/api/procurement/${path}`).set('Authorization', auth).set('Accept-Language', language),
    post: (path: string, body: object = {}) =>
      request(server)
        .post(`/api/procurement/${path}`)
        .set('Authorization', auth)
        .set('Accept-Language', language)
        .send(body),
    put: (path: string, body: object) =>
      request(server)
        .put(`/api/procurement/${path}`)
        .set('Authorization', auth)
        .set('Accept-Language', language)
        .send(body),
  });

  const order = (extra: object = {}) => ({
    location_id: OUT1,
    delivery_time: DELIVERY,
    order_type: 'Business Order',
    internal_remark: 'weekend prep',
    supplier_remark: 'back door please',
    lines: [
      { sku_id: 'SO-FLOUR', uom_name: 'soctn', quantity: '3', remark: 'dry place' },
      { sku_id: 'SO-SUGAR', uom_name: 'SOKG', quantity: '5' },
      { sku_id: 'SO-SAUCE', uom_name: 'SOKG', quantity: '2', source: 'central_kitchen' },
    ],
    ...extra,
  });

  it('refuses internal lines until a central kitchen is set (SETTING edit), then accepts them', async () => {
    const refused = await api().post('store-orders', order());
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PROCUREMENT_STORE_ORDER_ITEMS_INVALID');
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'lines.2.source', message: expect.stringMatching(/central kitchen/i) }),
    ]);
    const set = await api().put('store-orders/settings', { central_kitchen_location_id: KITCHEN });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      central_kitchen_location_id: KITCHEN,
      central_kitchen_location_name: `Place ${KITCHEN}`,
    });
  });

  it('refuses a draft with invalid items, whole, with the message in the caller language', async () => {
    const bad = order({
      lines: [
        { sku_id: 'SO-NOPE', uom_name: 'SOKG', quantity: '1' },
        { sku_id: 'SO-FLOUR', uom_name: 'BOX', quantity: '1' },
      ],
    });
    const english = await api().post('store-orders', bad);
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('One or more items not filled up properly');
    expect(english.body.errors.map((error: { field: string }) => error.field)).toEqual([
      'lines.0.sku_id',
      'lines.1.uom_name',
    ]);
    const chinese = await api(admin, 'zh-CN').post('store-orders', bad);
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toBe('一个或多个项目未正确填写');
    // A quantity of 0 is refused at the edge, on its field.
    const zero = await api().post(
      'store-orders',
      order({ lines: [{ sku_id: 'SO-FLOUR', uom_name: 'SOKG', quantity: 0 }] }),
    );
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'lines.0.quantity' })]);
    const list = await api().post('store-orders/list', { limit: 10 });
    expect(list.body.recordsTotal).toBe(0);
  });

  let orderId: string;

  it('splits on submit: one DRAFT PO per supplier, priced and linked back, and one transfer request', async () => {
    const created = await api().post('store-orders', order());
    expect(created.status).toBe(201);
    const draft = created.body.data;
    orderId = draft.id;
    expect(draft).toMatchObject({
      doc_no: `OR-${OUT1}-000001`,
      status: 'DRAFT',
      revision: 1,
      order_type: 'Business Order',
      purchase_orders: [],
      transfer_request: null,
    });
    // The default suppliers are filled in, units spelled as the SKU spells them, categories named.
    expect(draft.lines).toEqual([
      expect.objectContaining({
        sku_id: 'SO-FLOUR',
        uom_name: 'SOCTN',
        quantity: '3.000',
        source: 'supplier',
        supplier_id: 'SO-S1',
        category_name: 'Dry SO',
        remark: 'dry place',
      }),
      expect.objectContaining({ sku_id: 'SO-SUGAR', supplier_id: 'SO-S2', source: 'supplier' }),
      expect.objectContaining({ sku_id: 'SO-SAUCE', supplier_id: null, source: 'central_kitchen' }),
    ]);
    expect(draft.available_actions.sort()).toEqual(['cancel', 'submit']);

    const submitted = await api().post(`store-orders/${orderId}/submit`, { revision: 1 });
    expect(submitted.status).toBe(200);
    const done = submitted.body.data;
    expect(done.status).toBe('SUBMITTED');
    expect(done.available_actions).toEqual([]);
    expect(done.purchase_orders).toEqual([
      expect.objectContaining({ supplier_id: 'SO-S1', status: 'DRAFT', doc_no: `PO-${OUT1}-000001` }),
      expect.objectContaining({ supplier_id: 'SO-S2', status: 'DRAFT', doc_no: `PO-${OUT1}-000002` }),
    ]);
    expect(done.transfer_request).toMatchObject({ from_location_id: KITCHEN, to_location_id: OUT1, line_count: 1 });

    const flourPo = (await api().get(`purchase-orders/${done.purchase_orders[0].id}`)).body.data;
    expect(flourPo).toMatchObject({
      status: 'DRAFT',
      store_order_id: orderId,
      store_order_no: `OR-${OUT1}-000001`,
      supplier_id: 'SO-S1',
      location_id: OUT1,
      order_type: 'Business Order',
      currency: 'USD',
      external_remark: 'back door please',
      // 3 CTN × 50 = 150.00, GST 9% added: 13.50.
      subtotal_amount: '150.00',
      gst_amount: '13.50',
      total_amount: '163.50',
    });
    expect(flourPo.delivery_time).toBe(new Date(DELIVERY).toISOString());
    expect(flourPo.lines).toEqual([
      expect.objectContaining({ sku_id: 'SO-FLOUR', uom_name: 'SOCTN', quantity: '3.000', unit_price: '50.0000' }),
    ]);
    const sugarPo = (await api().get(`purchase-orders/${done.purchase_orders[1].id}`)).body.data;
    expect(sugarPo.lines).toEqual([
      expect.objectContaining({ sku_id: 'SO-SUGAR', uom_name: 'SOKG', quantity: '5.000', unit_price: '3.2000' }),
    ]);
    expect(sugarPo.store_order_id).toBe(orderId);

    const events = await procurementDb.query<{ envelope: { data: Record<string, unknown> } }[]>(
      `SELECT envelope FROM outbox WHERE subject = 'procurement.store-order.transfer-requested'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0].envelope.data).toEqual({
      store_order_id: orderId,
      store_order_no: `OR-${OUT1}-000001`,
      from_location_id: KITCHEN,
      to_location_id: OUT1,
      delivery_time: new Date(DELIVERY).toISOString(),
      order_type: 'Business Order',
      remark: 'weekend prep',
      lines: [{ line_no: 1, item_type: 'sku', item_id: 'SO-SAUCE', uom_name: 'SOKG', quantity: '2.000', remark: '' }],
    });
    const activity = await procurementDb.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM outbox WHERE subject = 'procurement.store-order.submitted'`,
    );
    expect(activity[0].count).toBe(1);

    // Submitted once: a second submit is refused by the machine, and makes no PO.
    const again = await api().post(`store-orders/${orderId}/submit`, { revision: done.revision });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');
    const [{ count }] = await procurementDb.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM purchase_order WHERE store_order_id = $1`,
      [orderId],
    );
    expect(count).toBe(2);
  });

  it('is neither read nor submitted nor created by a user of another location', async () => {
    const other = await api().post('store-orders', order({ location_id: OUT1, lines: [order().lines[1]] }));
    expect(other.status).toBe(201);
    const outsider = `Bearer ${await tokenWithPermissions(runtime, fullRights(), { sub: 'so-outsider', locs: [OUT2] })}`;
    expect((await api(outsider).get(`store-orders/${orderId}`)).status).toBe(404);
    const submit = await api(outsider).post(`store-orders/${other.body.data.id}/submit`, { revision: 1 });
    expect(submit.status).toBe(404);
    const create = await api(outsider).post('store-orders', order());
    expect(create.status).toBe(403);
    const list = await api(outsider).post('store-orders/list', { limit: 10 });
    expect(list.body.recordsTotal).toBe(0);
    // And the draft left alone is cancelled by its own location.
    const cancelled = await api().post(`store-orders/${other.body.data.id}/cancel`, { revision: 1 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expect(cancelled.body.data.purchase_orders).toEqual([]);
  });

  it('suggests par − on hand + weekly usage × days / 7, rounded up to the ordering unit', async () => {
    const inventory = app.select(inventoryService.module);
    const ledger = inventory.get(StockLedger);
    await expectEventually(
      async () => {
        const stock = await request(server)
          .get(`/api/inventory/stock/${OUT1}/sku/SO-FLOUR`)
          .set('Authorization', admin);
        expect(stock.status).toBe(200);
      },
      { timeoutMs: 30_000 },
    );
    const dataSource = await inventoryDb(runtime);
    const post = (body: StockPostingRequest) =>
      inTransaction(dataSource, (manager) => ledger.post(manager, body, { id: null, name: 'e2e' }));
    const line = (quantity: string, unitCost?: string) => ({
      line_no: 1,
      item_type: 'sku' as const,
      item_id: 'SO-FLOUR',
      location_id: OUT1,
      quantity,
      ...(unitCost && { unit_cost: unitCost }),
    });
    try {
      // +20 forty days ago; −2 used 35 days ago (outside the 4 weeks); −6 used 3 days ago; −4 sent away (SR).
      await post({
        document_type: 'SA',
        document_id: 'SO-R1',
        document_no: 'SA-R1',
        revision: 1,
        value_date: dayFromToday(-40),
        lines: [line('20', '2')],
      });
      await post({
        document_type: 'SA',
        document_id: 'SO-U1',
        document_no: 'SA-U1',
        revision: 1,
        value_date: dayFromToday(-35),
        lines: [line('-2')],
      });
      await post({
        document_type: 'SA',
        document_id: 'SO-U2',
        document_no: 'SA-U2',
        revision: 1,
        value_date: dayFromToday(-3),
        lines: [line('-6')],
      });
      await post({
        document_type: 'SR',
        document_id: 'SO-T1',
        document_no: 'SR-T1',
        revision: 1,
        value_date: dayFromToday(-2),
        lines: [line('-4')],
      });
    } finally {
      await dataSource.destroy();
    }
    const par = await api().put('store-orders/par-levels', { location_id: OUT1, sku_id: 'SO-FLOUR', par_level: '20' });
    expect(par.status).toBe(200);

    // On hand 20 − 2 − 6 − 4 = 8; usage of the 4 weeks 6 → 1.5 a week; delivery in 7 days:
    // 20 − 8 + 1.5 × 7 / 7 = 13.5 KG → 2 CTN of 10 (rounded up), or 14 KG.
    await expectEventually(
      async () => {
        const info = await api().post('store-orders/line-info', {
          location_id: OUT1,
          delivery_time: DELIVERY,
          lines: [
            { sku_id: 'SO-FLOUR', uom_name: 'SOCTN' },
            { sku_id: 'SO-FLOUR', uom_name: 'SOKG' },
          ],
        });
        expect(info.status).toBe(200);
        expect(info.body.data).toEqual([
          expect.objectContaining({
            uom_name: 'SOCTN',
            factor: '10.000000',
            par_level: '20.000',
            on_hand: '8.000',
            avg_weekly_usage: '1.500',
            days_until_delivery: 7,
            suggested_quantity: '2',
            category_name: 'Dry SO',
            default_supplier_id: 'SO-S1',
          }),
          expect.objectContaining({ uom_name: 'SOKG', suggested_quantity: '14' }),
        ]);
      },
      { timeoutMs: 30_000 },
    );
    // Without a par level nothing is suggested; another location's par level cannot be set.
    const none = await api().post('store-orders/line-info', {
      location_id: OUT1,
      lines: [{ sku_id: 'SO-SUGAR', uom_name: 'SOKG' }],
    });
    expect(none.body.data[0]).toMatchObject({ par_level: null, suggested_quantity: null });
    const outsider = `Bearer ${await tokenWithPermissions(runtime, fullRights(), { sub: 'so-outsider', locs: [OUT2] })}`;
    const foreignPar = await api(outsider).put('store-orders/par-levels', {
      location_id: OUT1,
      sku_id: 'SO-FLOUR',
      par_level: '1',
    });
    expect(foreignPar.status).toBe(403);
  });
});
