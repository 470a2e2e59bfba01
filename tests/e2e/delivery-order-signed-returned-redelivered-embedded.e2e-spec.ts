import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { InventorySubjects } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/** A 1×1 PNG as the signature pad gives it (a data URL). */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Delivery order (SPEC.md §3, §4 "Delivery", §8 signError), embedded mode: a DO made from an approved stock release
 * of the kitchen (its lines and its number) starts IN TRANSIT; confirming delivery unsigned is refused with "Please
 * sign to confirm the items are delivered."; the outlet's receiver signs → DELIVERED, printed as a PDF with the
 * signature; an external DO by courier is marked undelivered (reason required) → RETURN, then redelivered signed →
 * REDELIVERED. A user of neither location sees nothing and can do nothing; a release of another location is refused.
 * The DO posts no stock. History and `inventory.delivery-order.<verb>` activity are asserted.
 */
describe('delivery order signed, returned and redelivered (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let kitchen: string;
  let outlet: string;
  let flour: string;
  let sugar: string;
  let sender: string;
  let receiver: string;
  let stranger: string;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'DOE');
    [kitchen, outlet] = fx.locations;
    ({ flour, sugar } = fx.skus);
    db = await inventoryDb(runtime);
    sender = `Bearer ${await fullRightsToken(runtime, [kitchen], { sub: randomUUID(), name: 'Kitchen clerk' })}`;
    receiver = `Bearer ${await fullRightsToken(runtime, [outlet], { sub: randomUUID(), name: 'Outlet clerk' })}`;
    stranger = `Bearer ${await fullRightsToken(runtime, ['DOE-ELSEWHERE'], { sub: randomUUID() })}`;
    // The kitchen's stock, for the stock release to leave with.
    for (const [item, quantity] of [
      [flour, '20'],
      [sugar, '5'],
    ]) {
      const created = await admin().post('stock-adjustments', {
        location_id: kitchen,
        value_date: '2026-03-01',
        lines: [
          {
            item_type: 'sku',
            item_id: item,
            uom_name: 'KG',
            adjustment_quantity: quantity,
            reason: 'OTHERS',
            unit_cost: '2',
          },
        ],
      });
      expect(created.status).toBe(201);
      await admin().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
      expect((await admin().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(
        200,
      );
    }
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const as = (token: string) => ({
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', token),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', token).send(body),
    put: (path: string, body: object = {}) =>
      request(server).put(`/api/inventory/${path}`).set('Authorization', token).send(body),
  });
  function admin() {
    return as(fx.admin);
  }

  const onHand = async (locationId: string, itemId: string) =>
    (
      await db.query<{ on_hand: string }[]>(
        `SELECT on_hand::text AS on_hand FROM stock_balance WHERE location_id = $1 AND item_id = $2`,
        [locationId, itemId],
      )
    )[0]?.on_hand ?? '0.000';

  /** A DRAFT stock release from `from` to `to`. */
  async function draftRelease(from: string, to: string, token: string) {
    const created = await as(token).post('stock-transfers', {
      from_location_id: from,
      to_location_id: to,
      urgency: 'HIGH',
      release_date: '2026-03-02',
      lines: [
        { item_type: 'sku', item_id: flour, uom_name: 'KG', release_quantity: '4', remark: 'Dry store' },
        { item_type: 'sku', item_id: sugar, uom_name: 'KG', release_quantity: '1.5' },
      ],
    });
    expect(created.status).toBe(201);
    return { id: created.body.data.id as string, sr_no: created.body.data.doc_no as string };
  }

  /** An approved (IN TRANSIT) stock release from `from` to `to`: what a DO is made from. */
  async function release(from: string, to: string, token: string) {
    const { id, sr_no } = await draftRelease(from, to, token);
    expect((await as(token).post(`stock-transfers/${id}/submit`, { revision: 1 })).status).toBe(200);
    expect((await admin().post(`stock-transfers/${id}/approve`, { revision: 2 })).status).toBe(200);
    return { id, sr_no };
  }

  it('makes a DO from a stock release, refuses it unsigned, and the receiver signs for it; printed as a PDF', async () => {
    const draft = await draftRelease(kitchen, outlet, sender);
    const sr = await release(kitchen, outlet, sender);
    // Not released yet, a draft is not offered (nor made a DO from); the approved one is, with its lines.
    const choices = await as(sender).get(`delivery-orders/releases/${kitchen}`);
    expect(choices.status).toBe(200);
    expect(choices.body.data.map((row: { sr_no: string }) => row.sr_no)).toContain(sr.sr_no);
    expect(choices.body.data.map((row: { sr_no: string }) => row.sr_no)).not.toContain(draft.sr_no);
    expect((await as(sender).get(`delivery-orders/releases/${kitchen}/${draft.id}`)).status).toBe(400);
    expect((await as(sender).get(`delivery-orders/releases/${outlet}`)).status).toBe(403);
    const picked = await as(sender).get(`delivery-orders/releases/${kitchen}/${sr.id}`);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({ sr_no: sr.sr_no, to_location_id: outlet });
    expect(picked.body.data.lines).toEqual([
      expect.objectContaining({ item_id: flour, uom_name: 'KG', release_quantity: '4', remark: 'Dry store' }),
      expect.objectContaining({ item_id: sugar, uom_name: 'KG', release_quantity: '1.5' }),
    ]);
    const kitchenFlour = await onHand(kitchen, flour);
    const outletFlour = await onHand(outlet, flour);

    const made = await as(sender).post('delivery-orders', {
      from_location_id: kitchen,
      delivery_type: 'INTERNAL',
      to_location_id: outlet,
      official_id: 'OFF-778',
      release_date: '2026-03-02',
      urgency: 'HIGH',
      invoice_no: 'INV-1001',
      sar_ref_list: [],
      stock_release_id: sr.id,
      internal_remark: 'Back door',
      stock_release_list: picked.body.data.lines.map(
        (line: { item_type: string; item_id: string; uom_name: string; release_quantity: string; remark: string }) => ({
          item_type: line.item_type,
          item_id: line.item_id,
          uom_name: line.uom_name,
          release_quantity: line.release_quantity,
          remark: line.remark,
        }),
      ),
    });
    expect(made.status).toBe(201);
    const order = made.body.data;
    expect(order).toMatchObject({
      status: 'IN TRANSIT',
      doc_no: `DO-${kitchen}-000001`,
      revision: 1,
      sar_ref_list: [sr.sr_no],
      official_id: 'OFF-778',
      invoice_no: 'INV-1001',
      to_location_id: outlet,
      signature: null,
      available_actions: ['deliver', 'mark_undelivered'],
    });
    expect(order.stock_release_list).toHaveLength(2);

    // A user of neither location: not found, whatever they try.
    expect((await as(stranger).get(`delivery-orders/${order.id}`)).status).toBe(404);
    expect(
      (await as(stranger).post(`delivery-orders/${order.id}/deliver`, { revision: 1, signature: SIGNATURE })).status,
    ).toBe(404);
    expect((await as(stranger).get(`delivery-orders/${order.id}/pdf`)).status).toBe(404);
    expect((await as(stranger).post('delivery-orders/list', { limit: 50 })).body.data).toEqual([]);

    // Unsigned: refused with SPEC.md §8's signError, in the caller's language; nothing changes.
    const unsigned = await as(receiver).post(`delivery-orders/${order.id}/deliver`, { revision: 1 });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('INVENTORY_DELIVERY_SIGNATURE_REQUIRED');
    expect(unsigned.body.message).toBe('Please sign to confirm the items are delivered.');
    const unsignedZh = await request(server)
      .post(`/api/inventory/delivery-orders/${order.id}/deliver`)
      .set('Authorization', receiver)
      .set('Accept-Language', 'zh-CN')
      .send({ revision: 1, signature: null });
    expect(unsignedZh.status).toBe(400);
    expect(unsignedZh.body.message).toBe('请签名以确认物品已送达。');
    expect((await as(receiver).get(`delivery-orders/${order.id}`)).body.data).toMatchObject({
      status: 'IN TRANSIT',
      revision: 1,
    });
    // Not a picture: refused as invalid.
    expect(
      (await as(receiver).post(`delivery-orders/${order.id}/deliver`, { revision: 1, signature: 'scribble' })).status,
    ).toBe(400);

    // The outlet's receiver signs on the page.
    const delivered = await as(receiver).post(`delivery-orders/${order.id}/deliver`, {
      revision: 1,
      signature: SIGNATURE,
      signed_by_name: 'Mdm Tan',
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({
      status: 'DELIVERED',
      revision: 2,
      signature: SIGNATURE,
      signed_by_name: 'Mdm Tan',
      available_actions: [],
    });
    expect(delivered.body.data.signed_time).toEqual(expect.any(String));
    expect(delivered.body.data.history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'deliver']),
    );
    // Final: no second signature, no edit.
    const again = await as(sender).post(`delivery-orders/${order.id}/deliver`, { revision: 2, signature: SIGNATURE });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');
    // The DO moved no stock (the stock release did).
    expect(await onHand(kitchen, flour)).toBe(kitchenFlour);
    expect(await onHand(outlet, flour)).toBe(outletFlour);

    // The signed DO as a PDF.
    const pdf = await as(sender)
      .get(`delivery-orders/${order.id}/pdf?lang=en`)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`DO-${kitchen}-000001.pdf`);
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`Delivery Order DO-${kitchen}-000001`);
    // The signature is embedded as an image.
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');

    // Both locations list it; the activity of each step went out for notifications and the activity log.
    for (const token of [sender, receiver]) {
      const list = await as(token).post('delivery-orders/list', { limit: 50 });
      expect(list.body.data.map((row: { id: string }) => row.id)).toContain(order.id);
    }
    const subjects = await db.query<{ subject: string }[]>(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'document_id' = $1
          AND subject LIKE 'inventory.delivery-order.%' ORDER BY created_at, id`,
      [order.id],
    );
    expect(subjects.map((row) => row.subject)).toEqual([
      InventorySubjects.DeliveryOrderCreated,
      InventorySubjects.DeliveryOrderDelivered,
    ]);
    await expectEventually(async () => {
      const log = await request(server)
        .post('/api/notification/activity-log/list')
        .set('Authorization', fx.admin)
        .send({ limit: 50, other_params: { module: ['Delivery Order'] } });
      const rows = (log.body.data as { reference_id: string; message: string }[]).filter(
        (row) => row.reference_id === order.id,
      );
      expect(rows.map((row) => row.message).sort()).toEqual([
        `Kitchen clerk created Delivery Order DO-${kitchen}-000001`,
        `Outlet clerk confirmed delivery of Delivery Order DO-${kitchen}-000001`,
      ]);
    });
  });

  it('marks an external delivery undelivered with its reason, then redelivers it signed', async () => {
    const base = {
      from_location_id: kitchen,
      delivery_type: 'EXTERNAL',
      customer_name: 'Mr Lim',
      to_address: '8 Orchard Road',
      release_date: '2026-03-03',
      urgency: 'LOW',
      sar_ref_list: ['SR-MANUAL-9'],
      stock_release_list: [{ item_type: 'sku', item_id: sugar, uom_name: 'KG', release_quantity: '2' }],
    };
    // External: a courier of SPEC.md §9 is required.
    const courierless = await as(sender).post('delivery-orders', base);
    expect(courierless.status).toBe(400);
    expect(courierless.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'courier' })]));
    expect((await as(sender).post('delivery-orders', { ...base, courier: 'Pigeon' })).status).toBe(400);
    // A stock release of another location is refused, naming it.
    const foreign = await draftRelease(outlet, kitchen, receiver);
    const wrong = await as(sender).post('delivery-orders', { ...base, courier: 'DHL', stock_release_id: foreign.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVENTORY_DELIVERY_RELEASE_INVALID');
    // An unknown item is refused on its line.
    const unknown = await as(sender).post('delivery-orders', {
      ...base,
      courier: 'DHL',
      stock_release_list: [{ item_type: 'sku', item_id: 'NOPE', uom_name: 'KG', release_quantity: '1' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVENTORY_ITEM_UNKNOWN');

    const made = await as(sender).post('delivery-orders', { ...base, courier: "Brink's" });
    expect(made.status).toBe(201);
    const order = made.body.data;
    expect(order).toMatchObject({ status: 'IN TRANSIT', courier: "Brink's", to_location_id: null });
    // The outlet's users do not see the kitchen's external delivery.
    expect((await as(receiver).get(`delivery-orders/${order.id}`)).status).toBe(404);

    // Corrected while in transit (the invoice came later).
    const edited = await as(sender).put(`delivery-orders/${order.id}`, {
      ...base,
      courier: "Brink's",
      invoice_no: 'INV-2002',
      revision: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ invoice_no: 'INV-2002', revision: 2 });

    // Undelivered needs its reason.
    const reasonless = await as(sender).post(`delivery-orders/${order.id}/mark_undelivered`, { revision: 2 });
    expect(reasonless.status).toBe(400);
    expect(reasonless.body.code).toBe('DOCUMENT_REMARK_REQUIRED');
    const returned = await as(sender).post(`delivery-orders/${order.id}/mark_undelivered`, {
      revision: 2,
      remark: 'Nobody home',
    });
    expect(returned.status).toBe(200);
    expect(returned.body.data).toMatchObject({
      status: 'RETURN',
      return_reason: 'Nobody home',
      available_actions: ['redeliver'],
    });
    // No longer editable.
    expect((await as(sender).put(`delivery-orders/${order.id}`, { ...base, courier: 'DHL', revision: 3 })).status).toBe(
      409,
    );

    // Redelivered: signed again.
    const unsigned = await as(sender).post(`delivery-orders/${order.id}/redeliver`, { revision: 3 });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('INVENTORY_DELIVERY_SIGNATURE_REQUIRED');
    const redelivered = await as(sender).post(`delivery-orders/${order.id}/redeliver`, {
      revision: 3,
      signature: SIGNATURE,
    });
    expect(redelivered.status).toBe(200);
    expect(redelivered.body.data).toMatchObject({
      status: 'REDELIVERED',
      signature: SIGNATURE,
      signed_by_name: 'Kitchen clerk',
      return_reason: 'Nobody home',
    });
    expect(redelivered.body.data.history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'mark_undelivered', 'redeliver']),
    );

    // The list: by status and by courier.
    const byStatus = await as(sender).post('delivery-orders/list', {
      limit: 50,
      other_params: { status: 'REDELIVERED' },
    });
    expect(byStatus.body.data.map((row: { id: string }) => row.id)).toEqual([order.id]);
    expect(byStatus.body.data[0]).toMatchObject({ to_name: 'Mr Lim', courier: "Brink's", sar_refs: 'SR-MANUAL-9' });
    const counts = await as(sender).post('delivery-orders/status-counts', { limit: 50 });
    expect(counts.status).toBe(200);
    const subjects = await db.query<{ subject: string }[]>(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'document_id' = $1
          AND subject LIKE 'inventory.delivery-order.%' ORDER BY created_at, id`,
      [order.id],
    );
    expect(subjects.map((row) => row.subject)).toEqual([
      InventorySubjects.DeliveryOrderCreated,
      InventorySubjects.DeliveryOrderUndelivered,
      InventorySubjects.DeliveryOrderRedelivered,
    ]);
  });
});
