import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { StockPostingSubjects } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

/**
 * Return notes through the gateway (SPEC.md §3-§5, document type GR): goods received by a walk-in receiving order
 * go partly back to the supplier. The note's lines come from the RO with received − returned as what is available;
 * approving it (RECEIVED) issues the stock through the ledger's one posting path, so the inventory overview's
 * quantity and value drop once, even when the posting request is delivered again. More than available — or than
 * the location has on hand — is refused with "Insufficient available quantity" naming the item; a rejected note
 * gives its quantity back; another location's user sees nothing; a role without can_see_cost sees no prices.
 */
describe('return note: issues received stock once (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  const [OUT1, OUT2] = ['GR-OUT1', 'GR-OUT2'];
  const TODAY = new Date().toISOString().slice(0, 10);

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

  /** Two outlets, flour in KG and CTN of 10 KG, sugar in KG, a supplier, SGD at 1.25 per USD. */
  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region GR' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets GR',
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
        address: '1 Return Road',
        country: 'Singapore',
        postal_code: '600002',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'CTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods GR' });
    await send('/api/catalog/suppliers', {
      supplier_id: 'GR-SUP',
      company_name: 'Supplier GR-SUP',
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
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking GR' });
    for (const [skuId, units] of [
      [
        'GR-FLOUR',
        [
          { uom_name: 'KG', factor: '1' },
          { uom_name: 'CTN', factor: '10' },
        ],
      ],
      ['GR-SUGAR', [{ uom_name: 'KG', factor: '1' }]],
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
        supplier_list: ['GR-SUP'],
        default_supplier_id: 'GR-SUP',
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
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id = 'GR-SUP') AS suppliers,
                  (SELECT count(*)::int FROM sku_replica WHERE sku_id LIKE 'GR-%') AS skus,
                  (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates,
                  (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'GR-%') AS stock_items,
                  (SELECT count(*)::int FROM inventory.location_replica WHERE location_id IN ($1, $2)) AS stock_locations`,
          [OUT1, OUT2],
        );
        expect(counts).toEqual({ locations: 2, suppliers: 1, skus: 2, rates: 1, stock_items: 2, stock_locations: 2 });
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
  });

  /** The inventory overview's row of a SKU at OUT1: on hand (primary unit) and its FIFO value in USD. */
  const overview = async (skuId: string) => {
    const response = await request(server)
      .post('/api/inventory/overview/list')
      .set('Authorization', admin)
      .send({ limit: 100, other_params: { location_ids: [OUT1] } });
    expect(response.status).toBe(200);
    const row = (response.body.data as { item_id: string; on_hand: string; stock_value: string }[]).find(
      (candidate) => candidate.item_id === skuId,
    );
    return { on_hand: row?.on_hand, stock_value: row?.stock_value };
  };

  /** procurement's view of a RO line: received, returned, on hand (the replica of the ledger) and available. */
  const returnable = async (roId: string, skuId: string) => {
    const response = await api().get(`return-notes/receiving-orders/${roId}/lines`);
    expect(response.status).toBe(200);
    return (response.body.data as { sku_id: string }[]).find((line) => line.sku_id === skuId);
  };

  let roId: string;
  let firstNoteId: string;

  it('offers the received lines of a RECEIVED receiving order with what is available to return', async () => {
    // A walk-in delivery: 6 CTN of flour at 50 SGD (40 USD a CTN, 4 a KG) and 20 KG of sugar at 2.50 SGD (2 USD).
    const created = await api().post('receiving-orders', {
      supplier_id: 'GR-SUP',
      currency: 'SGD',
      location_id: OUT1,
      receive_time: `${TODAY}T01:00:00Z`,
      additional_list: [
        { sku_id: 'GR-FLOUR', uom_name: 'CTN', receive_qty: '6', unit_price: '50' },
        { sku_id: 'GR-SUGAR', uom_name: 'KG', receive_qty: '20', unit_price: '2.5' },
      ],
    });
    expect(created.status).toBe(201);
    roId = created.body.data.id;
    const draftNote = await api().post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 1, return_qty: '1', reason: 'DAMAGED' }],
    });
    // Only a RECEIVED receiving order can be returned against.
    expect(draftNote.status).toBe(400);
    expect(draftNote.body.code).toBe('PROCUREMENT_RECEIVING_ORDER_NOT_RETURNABLE');

    for (const [action, revision] of [
      ['submit', 1],
      ['approve', 2],
      ['receive', 3],
    ] as const) {
      expect((await api().post(`receiving-orders/${roId}/${action}`, { revision })).status).toBe(200);
    }
    await expectEventually(
      async () => {
        expect(await overview('GR-FLOUR')).toEqual({ on_hand: '60.000', stock_value: '240.00' });
        // The ledger's posting reaches procurement's replica: the location's on hand bounds what may go back.
        expect(await returnable(roId, 'GR-FLOUR')).toMatchObject({ on_hand_qty: '6.000' });
      },
      { timeoutMs: 30_000 },
    );
    expect(await returnable(roId, 'GR-FLOUR')).toEqual({
      ro_line_no: 1,
      sku_id: 'GR-FLOUR',
      sku_name: 'Name GR-FLOUR',
      uom_name: 'CTN',
      received_qty: '6.000',
      returned_qty: '0.000',
      on_hand_qty: '6.000',
      available_qty: '6.000',
      unit_price: '50.0000',
    });
    const offered = await api().get('return-notes/receiving-orders');
    expect(offered.body.data).toEqual([expect.objectContaining({ id: roId, supplier_name: 'Supplier GR-SUP' })]);
  });

  it('returns part of it: approved, the stock is issued and the overview drops in quantity and value', async () => {
    const created = await api().post('return-notes', {
      receiving_order_id: roId,
      remark: 'Torn bags',
      return_list: [{ ro_line_no: 1, return_qty: '2', reason: 'DAMAGED', remark: 'wet' }],
    });
    expect(created.status).toBe(201);
    const note = created.body.data;
    firstNoteId = note.id;
    // 2 CTN × 50 = 100 SGD = 80 USD at the receipt's rate.
    expect(note).toMatchObject({
      doc_no: `GR-${OUT1}-000001`,
      rn_no: `GR-${OUT1}-000001`,
      status: 'DRAFT',
      location_id: OUT1,
      receiving_order_id: roId,
      supplier_id: 'GR-SUP',
      currency: 'SGD',
      total_amount: '100.00',
      total_usd: '80.00',
      available_actions: ['submit'],
    });
    expect(note.return_list).toEqual([
      expect.objectContaining({
        ro_line_no: 1,
        uom_name: 'CTN',
        received_qty: '6.000',
        returned_qty: '0.000',
        available_qty: '6.000',
        return_qty: '2.000',
        reason: 'DAMAGED',
        unit_price: '50.0000',
        line_subtotal: '100.00',
      }),
    ]);

    expect((await api().post(`return-notes/${firstNoteId}/submit`, { revision: 1 })).body.data.status).toBe(
      'PENDING APPROVAL',
    );
    const approved = await api().post(`return-notes/${firstNoteId}/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'RECEIVED', revision: 3, available_actions: [] });
    expect(approved.body.data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'submit',
      'approve',
    ]);

    // 20 KG at 4 USD leave: 40 KG worth 160 USD stay.
    await expectEventually(
      async () => {
        expect(await overview('GR-FLOUR')).toEqual({ on_hand: '40.000', stock_value: '160.00' });
        expect((await api().get(`return-notes/${firstNoteId}`)).body.data.stock_posted).toBe(true);
      },
      { timeoutMs: 30_000 },
    );
    expect(await overview('GR-SUGAR')).toEqual({ on_hand: '20.000', stock_value: '40.00' });
    const [movement] = await procurementDb.query<{ quantity: string; document_no: string }[]>(
      `SELECT quantity::text AS quantity, document_no FROM inventory.stock_movement
        WHERE document_type = 'GR' AND document_id = $1`,
      [firstNoteId],
    );
    expect(movement).toEqual({ quantity: '-20.000', document_no: `GR-${OUT1}-000001` });

    // The activity log has the note under its module, linked to its page.
    await expectEventually(async () => {
      const log = await request(server)
        .post('/api/notification/activity-log/list')
        .set('Authorization', admin)
        .send({ limit: 50, other_params: { module: ['Return Note'] } });
      const rows = (log.body.data as { reference_id: string; message: string }[]).filter(
        (row) => row.reference_id === firstNoteId,
      );
      expect(rows.map((row) => row.message).sort()).toEqual([
        `Administrator approved Return Note GR-${OUT1}-000001`,
        `Administrator submitted Return Note GR-${OUT1}-000001`,
      ]);
    });
  });

  it('posts nothing twice when the posting request is delivered again', async () => {
    const [posted] = await procurementDb.query<{ envelope: { data: object } }[]>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'document_id' = $2`,
      [StockPostingSubjects.ReturnNotePosted, firstNoteId],
    );
    const replay = await procurementDb.transaction((manager) =>
      new EventPublisher('procurement').publish(
        manager,
        StockPostingSubjects.ReturnNotePosted,
        posted.envelope.data as never,
      ),
    );
    await expectEventually(async () => {
      const rows = await procurementDb.query(`SELECT 1 FROM inventory.inbox WHERE event_id = $1`, [replay.id]);
      expect(rows).toHaveLength(1);
    });
    expect(await overview('GR-FLOUR')).toEqual({ on_hand: '40.000', stock_value: '160.00' });
    const movements = await procurementDb.query(`SELECT 1 FROM inventory.stock_movement WHERE document_id = $1`, [
      firstNoteId,
    ]);
    expect(movements).toHaveLength(1);
  });

  it('refuses more than received minus returned with "Insufficient available quantity", in en and zh-CN', async () => {
    expect(await returnable(roId, 'GR-FLOUR')).toMatchObject({ returned_qty: '2.000', available_qty: '4.000' });
    const body = { receiving_order_id: roId, return_list: [{ ro_line_no: 1, return_qty: '5', reason: 'EXPIRED' }] };
    const over = await api().post('return-notes', body);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('PROCUREMENT_INSUFFICIENT_AVAILABLE_QUANTITY');
    expect(over.body.message).toBe(
      'Insufficient available quantity: Name GR-FLOUR (GR-FLOUR) has 4.000 CTN available to return, 5.000 CTN asked',
    );
    const inChinese = await api(admin, 'zh-CN').post('return-notes', body);
    expect(inChinese.body.message).toBe('可用数量不足：Name GR-FLOUR (GR-FLOUR) 可退 4.000 CTN，申请 5.000 CTN');

    // A line the receipt does not have is named as such.
    const unknown = await api().post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 9, return_qty: '1', reason: 'EXPIRED' }],
    });
    expect(unknown.body.code).toBe('PROCUREMENT_RO_LINE_UNKNOWN');
  });

  it('holds a pending quantity until the note is rejected, then gives it back', async () => {
    const pending = await api().post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 1, return_qty: '3', reason: 'SPOILT' }],
    });
    expect(pending.status).toBe(201);
    const id = pending.body.data.id as string;
    await api().post(`return-notes/${id}/submit`, { revision: 1 });
    expect(await returnable(roId, 'GR-FLOUR')).toMatchObject({ returned_qty: '5.000', available_qty: '1.000' });
    const second = await api().post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 1, return_qty: '2', reason: 'SPOILT' }],
    });
    expect(second.body.code).toBe('PROCUREMENT_INSUFFICIENT_AVAILABLE_QUANTITY');

    const noRemark = await api().post(`return-notes/${id}/reject`, { revision: 2 });
    expect(noRemark.status).toBe(400);
    const rejected = await api().post(`return-notes/${id}/reject`, { revision: 2, remark: 'Supplier refuses' });
    expect(rejected.body.data.status).toBe('REJECTED');
    expect(await returnable(roId, 'GR-FLOUR')).toMatchObject({ returned_qty: '2.000', available_qty: '4.000' });
    // Nothing was issued for the rejected note.
    expect(await overview('GR-FLOUR')).toEqual({ on_hand: '40.000', stock_value: '160.00' });
  });

  it('never returns more than the location has on hand, even of what was received', async () => {
    // 15 KG of the sugar leave the outlet through another document (here a posting request standing for one).
    const otherDocument = randomUUID();
    await procurementDb.transaction((manager) =>
      new EventPublisher('procurement').publish(manager, StockPostingSubjects.ReceivingOrderPosted, {
        document_type: 'SA',
        document_id: otherDocument,
        document_no: 'SA-ELSEWHERE',
        revision: 1,
        value_date: TODAY,
        allow_negative: false,
        lines: [{ line_no: 1, item_type: 'sku', item_id: 'GR-SUGAR', location_id: OUT1, quantity: '-15' }],
      }),
    );
    await expectEventually(
      async () => {
        expect(await returnable(roId, 'GR-SUGAR')).toMatchObject({
          received_qty: '20.000',
          returned_qty: '0.000',
          on_hand_qty: '5.000',
          available_qty: '5.000',
        });
      },
      { timeoutMs: 30_000 },
    );
    const over = await api().post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 2, return_qty: '6', reason: 'EXPIRED' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'Insufficient available quantity: Name GR-SUGAR (GR-SUGAR) has 5.000 KG available to return, 6.000 KG asked',
    );
  });

  it("refuses another location's user and shows no prices without can_see_cost", async () => {
    const elsewhere = `Bearer ${await fullRightsToken(runtime, [OUT2])}`;
    expect((await api(elsewhere).get(`return-notes/${firstNoteId}`)).status).toBe(404);
    expect((await api(elsewhere).get(`attachments/return-note/${firstNoteId}`)).status).toBe(404);
    expect((await api(elsewhere).post(`return-notes/${firstNoteId}/approve`, { revision: 3 })).status).toBe(404);
    expect((await api(elsewhere).get(`return-notes/receiving-orders/${roId}/lines`)).status).toBe(404);
    expect((await api(elsewhere).post('return-notes/list', { limit: 100 })).body.recordsTotal).toBe(0);
    expect((await api(elsewhere).get('return-notes/receiving-orders')).body.data).toEqual([]);
    const foreign = await api(elsewhere).post('return-notes', {
      receiving_order_id: roId,
      return_list: [{ ro_line_no: 1, return_qty: '1', reason: 'DAMAGED' }],
    });
    // Refused like an unknown receiving order: nothing tells a foreign one from none.
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VALIDATION_FAILED');

    const blind = `Bearer ${await fullRightsToken(runtime, [OUT1], { cost: false })}`;
    const seen = await api(blind).get(`return-notes/${firstNoteId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).not.toHaveProperty('total_amount');
    expect(seen.body.data).not.toHaveProperty('total_usd');
    expect(seen.body.data.return_list[0]).not.toHaveProperty('unit_price');
    expect(seen.body.data.return_list[0]).not.toHaveProperty('line_subtotal');
    const list = await api(blind).post('return-notes/list', { limit: 100 });
    expect(list.body.recordsTotal).toBe(2);
    expect(list.body.data[0]).not.toHaveProperty('total_amount');
    const mine = await api().post('return-notes/status-counts', {});
    expect(mine.body.data).toEqual(
      expect.arrayContaining([
        { status: 'RECEIVED', count: 1 },
        { status: 'REJECTED', count: 1 },
      ]),
    );
  });
});
