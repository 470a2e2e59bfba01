import 'reflect-metadata';
import { StockPostingSubjects, exact, roundTo } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
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

/** `today + days` as YYYY-MM-DD (UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Receiving orders through the gateway (SPEC.md §3-§5, issue 12): a PO sent to the supplier is received in two
 * parts. The first with a short line (variance), a rejected quantity and shipping apportioned by value: the ledger
 * (inventory's one posting handler, fed by `procurement.receiving-order.posted`) shows the hand-computed quantity
 * and FIFO value in USD, and the PO is PARTIALLY RECEIVED; the second closes it (RECEIVED). A replayed posting
 * request posts nothing twice; an over-receipt is refused without the approval right; another location's RO is
 * not found; a role without can_see_cost sees no prices.
 */
describe('receiving order: posted once against the PO (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  const [OUT1, OUT2] = ['RO-OUT1', 'RO-OUT2'];
  const DAY = dayFromToday(1);
  const RECEIVED_AT = `${DAY}T02:00:00Z`;

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

  async function send(path: string, body: object, method: 'post' | 'put' = 'post') {
    const response = await request(server)[method](path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  /** Two outlets, flour in KG and CTN of 10 KG, sugar in KG, a supplier, SGD at 1.25 per USD. */
  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region RO' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets RO',
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
        address: '1 Receiving Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'CTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods RO' });
    await send('/api/catalog/suppliers', {
      supplier_id: 'RO-SUP',
      company_name: 'Supplier RO-SUP',
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
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking RO' });
    for (const [skuId, units] of [
      [
        'RO-FLOUR',
        [
          { uom_name: 'KG', factor: '1' },
          { uom_name: 'CTN', factor: '10' },
        ],
      ],
      ['RO-SUGAR', [{ uom_name: 'KG', factor: '1' }]],
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
        supplier_list: ['RO-SUP'],
        default_supplier_id: 'RO-SUP',
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
        hashtag_list: [],
      });
    }
    await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.25' });
    await expectEventually(
      async () => {
        const [counts] = await procurementDb.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id IN ($1, $2)) AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id = 'RO-SUP') AS suppliers,
                  (SELECT count(*)::int FROM sku_replica WHERE sku_id LIKE 'RO-%') AS skus,
                  (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates,
                  (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'RO-%') AS stock_items,
                  (SELECT count(*)::int FROM inventory.location_replica WHERE location_id IN ($1, $2)) AS stock_locations`,
          [OUT1, OUT2],
        );
        expect(counts).toEqual({ locations: 2, suppliers: 1, skus: 2, rates: 1, stock_items: 2, stock_locations: 2 });
      },
      { timeoutMs: 30_000 },
    );
  }

  const api = (auth = admin) => ({
    get: (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', auth),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/procurement/${path}`).set('Authorization', auth).send(body),
  });

  /** The ledger's balance at OUT1: on hand (primary unit) and the FIFO value in USD (its batches' remaining value). */
  const stock = async (skuId: string) => {
    const data = (await request(server).get(`/api/inventory/stock/${OUT1}/sku/${skuId}`).set('Authorization', admin))
      .body.data as {
      on_hand: string;
      batches: { remaining_quantity: string; unit_cost: string; remaining_value: string }[];
    };
    const value = data.batches.reduce((sum, batch) => sum.plus(exact(batch.remaining_value)), exact('0'));
    return { ...data, stock_value: roundTo(value, 2) };
  };

  let poId: string;
  let firstId: string;

  /** Creates, submits, approves and receives a receiving order; answers its view once RECEIVED. */
  async function receiveThrough(body: object) {
    const created = await api().post('receiving-orders', body);
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await api().post(`receiving-orders/${id}/submit`, { revision: 1 })).status).toBe(200);
    expect((await api().post(`receiving-orders/${id}/approve`, { revision: 2 })).status).toBe(200);
    const received = await api().post(`receiving-orders/${id}/receive`, { revision: 3 });
    expect(received.status).toBe(200);
    return received.body.data;
  }

  it('receives part of an approved PO: a short line, a rejected quantity, shipping apportioned by value', async () => {
    const po = await api().post('purchase-orders', {
      supplier_id: 'RO-SUP',
      location_id: OUT1,
      purchase_date: DAY,
      delivery_time: `${DAY}T09:00:00+08:00`,
      order_type: 'Business Order',
      stock_type: 'inventory',
      currency: 'SGD',
      lines: [
        { sku_id: 'RO-FLOUR', uom_name: 'CTN', quantity: '10', unit_price: '50' },
        { sku_id: 'RO-SUGAR', uom_name: 'KG', quantity: '20', unit_price: '2.5' },
      ],
    });
    expect(po.status).toBe(201);
    poId = po.body.data.id;
    await api().post(`purchase-orders/${poId}/submit`, { revision: 1 });
    expect((await api().post(`purchase-orders/${poId}/approve`, { revision: 2 })).status).toBe(200);

    const open = await api().get(`receiving-orders/purchase-orders/${poId}/lines`);
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual([
      expect.objectContaining({
        po_line_no: 1,
        uom_name: 'CTN',
        ordered_qty: '10.000',
        received_qty: '0.000',
        open_qty: '10.000',
      }),
      expect.objectContaining({
        po_line_no: 2,
        uom_name: 'KG',
        ordered_qty: '20.000',
        received_qty: '0.000',
        open_qty: '20.000',
      }),
    ]);

    const created = await api().post('receiving-orders', {
      purchase_order_id: poId,
      location_id: OUT1,
      delivery_order_no: 'DO-778',
      receive_time: RECEIVED_AT,
      tax_amount: '5',
      shipping_amount: '35',
      is_gms: false,
      receiving_list: [
        { po_line_no: 1, receive_qty: '6' },
        { po_line_no: 2, receive_qty: '20' },
      ],
      rejected_list: [{ sku_id: 'RO-FLOUR', uom_name: 'CTN', po_line_no: 1, reject_qty: '1', reason: 'DAMAGED' }],
    });
    expect(created.status).toBe(201);
    const ro = created.body.data;
    firstId = ro.id;
    // 6 CTN × 50 = 300.00 and 20 KG × 2.50 = 50.00; + tax 5 + shipping 35 = 390.00 SGD = 312.00 USD at 1.25.
    expect(ro).toMatchObject({
      doc_no: `RO-${OUT1}-000001`,
      status: 'DRAFT',
      supplier_id: 'RO-SUP',
      currency: 'SGD',
      exchange_rate: '1.250000',
      subtotal_amount: '350.00',
      total_amount: '390.00',
      total_usd: '312.00',
    });
    expect(ro.receiving_list[0]).toMatchObject({
      uom_name: 'CTN',
      quantity: '6.000',
      ordered_qty: '10.000',
      received_qty: '0.000',
      variance: '-4.000',
      unit_price: '50.0000',
    });
    expect(ro.rejected_list).toEqual([expect.objectContaining({ quantity: '1.000', reason: 'DAMAGED' })]);

    expect((await api().post(`receiving-orders/${firstId}/submit`, { revision: 1 })).status).toBe(200);
    const approved = await api().post(`receiving-orders/${firstId}/approve`, { revision: 2 });
    expect(approved.body.data).toMatchObject({ status: 'APPROVED' });
    const received = await api().post(`receiving-orders/${firstId}/receive`, { revision: 3 });
    expect(received.status).toBe(200);
    expect(received.body.data).toMatchObject({ status: 'RECEIVED', revision: 4 });

    // Shipping by value: flour 35 × 300/350 = 30, sugar 5. Flour (300 + 30) / 6 CTN / 1.25 = 44 USD a CTN = 4.4 a KG;
    // sugar (50 + 5) / 20 / 1.25 = 2.2 USD a KG. The rejected carton is not taken in.
    await expectEventually(
      async () => {
        expect(await stock('RO-FLOUR')).toMatchObject({ on_hand: '60.000', stock_value: '264.00' });
      },
      { timeoutMs: 30_000 },
    );
    expect(await stock('RO-SUGAR')).toMatchObject({ on_hand: '20.000', stock_value: '44.00' });

    const order = (await api().get(`purchase-orders/${poId}`)).body.data;
    expect(order.status).toBe('PARTIALLY RECEIVED');
    expect(order.history.at(-1)).toMatchObject({ action: 'receivePart', remark: `RO-${OUT1}-000001` });
  });

  it('posts nothing twice when the posting request is delivered again', async () => {
    const [posted] = await procurementDb.query<{ envelope: { data: object } }[]>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'document_id' = $2`,
      [StockPostingSubjects.ReceivingOrderPosted, firstId],
    );
    const replay = await procurementDb.transaction((manager) =>
      new EventPublisher('procurement').publish(
        manager,
        StockPostingSubjects.ReceivingOrderPosted,
        posted.envelope.data as never,
      ),
    );
    await expectEventually(async () => {
      const rows = await procurementDb.query(`SELECT 1 FROM inventory.inbox WHERE event_id = $1`, [replay.id]);
      expect(rows).toHaveLength(1);
    });
    expect(await stock('RO-FLOUR')).toMatchObject({ on_hand: '60.000', stock_value: '264.00' });
  });

  it('refuses an over-receipt to a user without the approval right', async () => {
    const clerk = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'RO' }, view: true, edit: true, approval: false }],
      { locs: [OUT1], cost: true },
    )}`;
    const over = await api(clerk).post('receiving-orders', {
      purchase_order_id: poId,
      location_id: OUT1,
      receive_time: RECEIVED_AT,
      receiving_list: [{ po_line_no: 1, receive_qty: '5' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('PROCUREMENT_OVER_RECEIPT');
    // Within a tolerance of 10%: 6 + 5 = 11 of 10 ordered is allowed (a draft; only RECEIVED ones count).
    const tolerant = await request(server)
      .put('/api/procurement/receiving-orders/settings')
      .set('Authorization', admin)
      .send({ over_receipt_tolerance_percent: '10' });
    expect(tolerant.body.data).toEqual({ over_receipt_tolerance_percent: '10.00' });
    const within = await api(clerk).post('receiving-orders', {
      purchase_order_id: poId,
      location_id: OUT1,
      receive_time: RECEIVED_AT,
      receiving_list: [{ po_line_no: 1, receive_qty: '5' }],
    });
    expect(within.status).toBe(201);
    expect(within.body.data.receiving_list[0]).toMatchObject({ variance: '1.000' });
    expect(
      (await api(clerk).post(`receiving-orders/${within.body.data.id}/cancel`, { revision: 1, remark: 'typo' })).body
        .data.status,
    ).toBe('CLOSED');
    await request(server)
      .put('/api/procurement/receiving-orders/settings')
      .set('Authorization', admin)
      .send({ over_receipt_tolerance_percent: '0' });
  });

  it('closes the PO with the second receipt; FIFO keeps both batches', async () => {
    const second = await receiveThrough({
      purchase_order_id: poId,
      location_id: OUT1,
      receive_time: RECEIVED_AT,
      receiving_list: [{ po_line_no: 1, receive_qty: '40', uom_name: 'KG' }],
    });
    expect(second.receiving_list[0]).toMatchObject({ po_quantity: '4.000', received_qty: '6.000', variance: '0.000' });
    // 4 CTN × 50 / 1.25 = 160 USD: 40 KG at 4.
    await expectEventually(
      async () => {
        expect(await stock('RO-FLOUR')).toMatchObject({ on_hand: '100.000', stock_value: '424.00' });
      },
      { timeoutMs: 30_000 },
    );
    const flour = await stock('RO-FLOUR');
    expect(flour.batches.map((batch) => [batch.remaining_quantity, roundTo(batch.unit_cost, 4)])).toEqual([
      ['60.000', '4.4000'],
      ['40.000', '4.0000'],
    ]);
    expect((await api().get(`purchase-orders/${poId}`)).body.data.status).toBe('RECEIVED');
    const closed = await api().post('receiving-orders', {
      purchase_order_id: poId,
      location_id: OUT1,
      receive_time: RECEIVED_AT,
      receiving_list: [{ po_line_no: 1, receive_qty: '1' }],
    });
    expect(closed.status).toBe(400);
    expect(closed.body.code).toBe('PROCUREMENT_PURCHASE_ORDER_NOT_RECEIVABLE');
  });

  it('takes a walk-in delivery (no PO) in at its own prices', async () => {
    const walkIn = await receiveThrough({
      supplier_id: 'RO-SUP',
      currency: 'USD',
      location_id: OUT1,
      receive_time: RECEIVED_AT,
      additional_list: [{ sku_id: 'RO-SUGAR', uom_name: 'kg', receive_qty: '10', unit_price: '3' }],
    });
    expect(walkIn).toMatchObject({ purchase_order_id: null, total_usd: '30.00', status: 'RECEIVED' });
    // 20 KG at 2.2 and 10 KG at 3: 44 + 30.
    await expectEventually(
      async () => {
        expect(await stock('RO-SUGAR')).toMatchObject({ on_hand: '30.000', stock_value: '74.00' });
      },
      { timeoutMs: 30_000 },
    );
  });

  it("answers another location's RO as not found and shows no prices without can_see_cost", async () => {
    const elsewhere = `Bearer ${await fullRightsToken(runtime, [OUT2])}`;
    expect((await api(elsewhere).get(`receiving-orders/${firstId}`)).status).toBe(404);
    expect((await api(elsewhere).get(`attachments/receiving-order/${firstId}`)).status).toBe(404);
    expect((await api(elsewhere).post('receiving-orders/list', { limit: 100 })).body.recordsTotal).toBe(0);
    const blind = `Bearer ${await fullRightsToken(runtime, [OUT1], { cost: false })}`;
    const seen = await api(blind).get(`receiving-orders/${firstId}`);
    expect(seen.status).toBe(200);
    for (const field of ['subtotal_amount', 'tax_amount', 'shipping_amount', 'total_amount', 'total_usd']) {
      expect(seen.body.data).not.toHaveProperty(field);
    }
    expect(seen.body.data.receiving_list[0]).not.toHaveProperty('unit_price');
    const mine = await api().post('receiving-orders/list', { limit: 100 });
    expect(mine.body.recordsTotal).toBe(4);
  });
});
