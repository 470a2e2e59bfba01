import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { InventorySubjects, ProcurementSubjects } from '@scm/contracts';
import type { StoreOrderTransferRequested, TransferReceivedWithRejects } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { inventoryDb, seedStock, skuBody } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

interface BalanceRow {
  on_hand: string;
  stock_value: string;
  in_transit: string;
  in_transit_value: string;
}

/**
 * Stock transfer (SPEC.md §3, §4; docs/stock-ledger.md "In transit"), embedded mode: a transfer of 3 lines (one
 * across 2 FIFO layers) from the kitchen (OUT1) to an outlet (OUT2) leaves at FIFO cost into transit, arrives at
 * exactly those costs, one line partly rejected → ONE automatic adjustment however often its event comes; a
 * recall brings the goods back, a denial too; only the destination's users receive; a store order's transfer
 * request becomes one draft. Quantities and values at both locations and in transit are asserted at every step.
 */
describe('stock transfer through the ledger in transit (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let kitchen: string;
  let outlet: string;
  let flour: string;
  let sugar: string;
  let oil: string;
  /** A user of the kitchen only, of the outlet only, of neither. */
  let sender: string;
  let receiver: string;
  let stranger: string;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'SRT');
    [kitchen, outlet] = fx.locations;
    ({ flour, sugar } = fx.skus);
    oil = 'SRT-OIL';
    const made = await request(server)
      .post('/api/catalog/skus')
      .set('Authorization', fx.admin)
      .send(skuBody(oil, 'Oil SRT', fx.categoryId));
    expect(made.status).toBe(201);
    await expectEventually(
      async () => {
        const response = await request(server)
          .get(`/api/inventory/stock/${kitchen}/sku/${oil}`)
          .set('Authorization', fx.admin);
        expect(response.status).toBe(200);
      },
      { timeoutMs: 30_000 },
    );
    db = await inventoryDb(runtime);
    sender = `Bearer ${await fullRightsToken(runtime, [kitchen], { sub: randomUUID(), name: 'Kitchen clerk' })}`;
    receiver = `Bearer ${await fullRightsToken(runtime, [outlet], { sub: randomUUID(), name: 'Outlet clerk' })}`;
    stranger = `Bearer ${await fullRightsToken(runtime, ['SRT-ELSEWHERE'], { sub: randomUUID() })}`;

    // The kitchen's stock: FLOUR 10 KG at 2 then 10 KG at 3 (2 FIFO layers), SUGAR 5 at 1.5, OIL 8 at 4.
    for (const [item, quantity, cost] of [
      [flour, '10', '2'],
      [flour, '10', '3'],
      [sugar, '5', '1.5'],
      [oil, '8', '4'],
    ]) {
      await receiveByAdjustment(item, quantity, cost);
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
  });
  const admin = () => as(fx.admin);

  async function receiveByAdjustment(itemId: string, quantity: string, unitCost: string) {
    const created = await admin().post('stock-adjustments', {
      location_id: kitchen,
      value_date: '2026-03-01',
      lines: [
        {
          item_type: 'sku',
          item_id: itemId,
          uom_name: 'KG',
          adjustment_quantity: quantity,
          reason: 'OTHERS',
          unit_cost: unitCost,
        },
      ],
    });
    expect(created.status).toBe(201);
    await admin().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
    expect((await admin().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(200);
  }

  /** The ledger's balance of an item at a location (what left it on transfers included). */
  async function balance(locationId: string, itemId: string): Promise<BalanceRow> {
    const [row] = await db.query<BalanceRow[]>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value, in_transit::text AS in_transit,
              in_transit_value::text AS in_transit_value
         FROM stock_balance WHERE location_id = $1 AND item_id = $2`,
      [locationId, itemId],
    );
    return row ?? { on_hand: '0.000', stock_value: '0.0000000', in_transit: '0.000', in_transit_value: '0.0000000' };
  }
  const b = (on_hand: string, stock_value: string, in_transit = '0.000', in_transit_value = '0.0000000') => ({
    on_hand,
    stock_value,
    in_transit,
    in_transit_value,
  });

  async function draft(lines: { item_id: string; release_quantity: string }[], token = sender) {
    const created = await as(token).post('stock-transfers', {
      from_location_id: kitchen,
      to_location_id: outlet,
      urgency: 'HIGH',
      release_date: '2026-03-02',
      contact: 'Ah Seng 9123 4567',
      remark: 'Morning run',
      lines: lines.map((line) => ({ item_type: 'sku', uom_name: 'KG', ...line })),
    });
    expect(created.status).toBe(201);
    return created.body.data as { id: string; doc_no: string; revision: number };
  }

  async function dispatched(lines: { item_id: string; release_quantity: string }[]) {
    const made = await draft(lines);
    expect((await as(sender).post(`stock-transfers/${made.id}/submit`, { revision: 1 })).status).toBe(200);
    const approved = await admin().post(`stock-transfers/${made.id}/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('IN TRANSIT');
    return approved.body.data;
  }

  it("addresses a transfer to any active location, from the sender's own only", async () => {
    const destinations = await as(sender).get(`stock-transfers/destinations/${kitchen}`);
    expect(destinations.status).toBe(200);
    expect(destinations.body.data.map((row: { location_id: string }) => row.location_id)).toContain(outlet);
    expect(destinations.body.data.map((row: { location_id: string }) => row.location_id)).not.toContain(kitchen);
    const foreign = await as(stranger).get(`stock-transfers/destinations/${kitchen}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('LOCATION_FORBIDDEN');
  });

  it('leaves at FIFO cost into transit, arrives at those costs, and the rejected part is adjusted once', async () => {
    const made = await draft([
      { item_id: flour, release_quantity: '12' },
      { item_id: sugar, release_quantity: '4' },
      { item_id: oil, release_quantity: '3' },
    ]);
    expect(made).toMatchObject({ doc_no: `SR-${kitchen}-000001`, status: 'DRAFT' });
    // Nothing moves before approval.
    expect(await balance(kitchen, flour)).toEqual(b('20.000', '50.0000000'));

    expect((await as(sender).post(`stock-transfers/${made.id}/submit`, { revision: 1 })).status).toBe(200);
    // The receiver sees it, but cannot approve it (the source's action): as if it were not there.
    expect((await as(receiver).get(`stock-transfers/${made.id}`)).body.data.available_actions).toEqual([]);
    expect((await as(receiver).post(`stock-transfers/${made.id}/approve`, { revision: 2 })).status).toBe(404);
    const approved = await admin().post(`stock-transfers/${made.id}/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    // FLOUR 12 = 10 × 2 + 2 × 3 = 26; SUGAR 4 × 1.5 = 6; OIL 3 × 4 = 12.
    expect(approved.body.data).toMatchObject({ status: 'IN TRANSIT', transfer_value: '44.00' });
    expect(
      approved.body.data.lines.map((l: { line_value: string; tracking: string }) => [l.line_value, l.tracking]),
    ).toEqual([
      ['26.00', 'IN TRANSIT'],
      ['6.00', 'IN TRANSIT'],
      ['12.00', 'IN TRANSIT'],
    ]);
    expect(await balance(kitchen, flour)).toEqual(b('8.000', '24.0000000', '12.000', '26.0000000'));
    expect(await balance(kitchen, sugar)).toEqual(b('1.000', '1.5000000', '4.000', '6.0000000'));
    expect(await balance(kitchen, oil)).toEqual(b('5.000', '20.0000000', '3.000', '12.0000000'));
    expect(await balance(outlet, flour)).toEqual(b('0.000', '0.0000000'));

    // Only the destination receives: the sender (kitchen only) and a stranger cannot.
    const receipt = {
      revision: 3,
      lines: [
        { line_no: 1, received_quantity: '12' },
        { line_no: 2, received_quantity: '4' },
        { line_no: 3, received_quantity: '2', rejected_quantity: '1', reject_reason: 'DAMAGED' },
      ],
    };
    expect((await as(sender).post(`stock-transfers/${made.id}/receive`, receipt)).status).toBe(404);
    expect((await as(stranger).get(`stock-transfers/${made.id}`)).status).toBe(404);
    expect((await as(stranger).post(`stock-transfers/${made.id}/receive`, receipt)).status).toBe(404);
    const view = (await as(receiver).get(`stock-transfers/${made.id}`)).body.data;
    expect(view.available_actions).toEqual(['receive', 'receive_partially', 'deny']);
    // Received + rejected must be the release quantity; a rejected quantity needs its reason.
    const short = await as(receiver).post(`stock-transfers/${made.id}/receive`, {
      ...receipt,
      lines: [receipt.lines[0], receipt.lines[1], { line_no: 3, received_quantity: '2' }],
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('INVENTORY_TRANSFER_RECEIPT_MISMATCH');
    const reasonless = await as(receiver).post(`stock-transfers/${made.id}/receive`, {
      ...receipt,
      lines: [receipt.lines[0], receipt.lines[1], { line_no: 3, received_quantity: '2', rejected_quantity: '1' }],
    });
    expect(reasonless.status).toBe(400);

    const received = await as(receiver).post(`stock-transfers/${made.id}/receive`, receipt);
    expect(received.status).toBe(200);
    expect(received.body.data).toMatchObject({ status: 'PARTIALLY RECEIVED', received_by_name: 'Outlet clerk' });
    expect(
      received.body.data.lines.map((l: Record<string, string>) => [
        l.received_quantity,
        l.rejected_quantity,
        l.reject_reason,
        l.rejected_value,
        l.tracking,
      ]),
    ).toEqual([
      ['12.000', '0.000', null, '0.00', 'RECEIVED'],
      ['4.000', '0.000', null, '0.00', 'RECEIVED'],
      ['2.000', '1.000', 'DAMAGED', '4.00', 'PARTIALLY RECEIVED'],
    ]);
    // Everything arrived at its own costs; nothing is left in transit.
    expect(await balance(kitchen, flour)).toEqual(b('8.000', '24.0000000'));
    expect(await balance(outlet, flour)).toEqual(b('12.000', '26.0000000'));
    expect(await balance(outlet, sugar)).toEqual(b('4.000', '6.0000000'));
    expect(await balance(outlet, oil)).toEqual(b('3.000', '12.0000000'));
    expect(await balance(kitchen, oil)).toEqual(b('5.000', '20.0000000'));
    const layers = await db.query<{ received: string; unit_cost: string }[]>(
      `SELECT received_quantity::text AS received, unit_cost::text AS unit_cost FROM stock_batch
        WHERE location_id = $1 AND item_id = $2 ORDER BY seq`,
      [outlet, flour],
    );
    expect(layers).toEqual([
      { received: '10.000', unit_cost: '2.0000' },
      { received: '2.000', unit_cost: '3.0000' },
    ]);

    // The rejected OIL becomes one adjustment at the outlet, whether its event is delivered again or copied.
    const adjustments = async () => {
      const list = await admin().post('stock-adjustments/list', { limit: 50, other_params: { source: ['transfer'] } });
      return list.body.data as { id: string; source_no: string; location_id: string; negative_value: string }[];
    };
    await expectEventually(async () => expect(await adjustments()).toHaveLength(1));
    const [sent] = await db.query<{ id: string; envelope: { data: TransferReceivedWithRejects } }[]>(
      `SELECT id, envelope FROM outbox WHERE subject = $1`,
      [InventorySubjects.TransferReceivedWithRejects],
    );
    await db.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await db.query(`SELECT pg_notify('outbox', 'inventory')`);
    await expectEventually(async () => {
      const [row] = await db.query(`SELECT sent_at FROM outbox WHERE id = $1`, [sent.id]);
      expect(row.sent_at).not.toBeNull();
    });
    const copy = await db.transaction((manager) =>
      new EventPublisher('inventory').publish(
        manager,
        InventorySubjects.TransferReceivedWithRejects,
        sent.envelope.data,
      ),
    );
    await expectEventually(async () => {
      const rows = await db.query(`SELECT 1 FROM inbox WHERE consumer = 'inventory' AND event_id = $1`, [copy.id]);
      expect(rows).toHaveLength(1);
    });
    const [adjustment] = await adjustments();
    expect(await adjustments()).toHaveLength(1);
    expect(adjustment).toMatchObject({ source_no: made.doc_no, location_id: outlet, negative_value: '-4.00' });
    const adjustmentView = (await admin().get(`stock-adjustments/${adjustment.id}`)).body.data;
    expect(adjustmentView.lines).toEqual([
      expect.objectContaining({ item_id: oil, adjustment_quantity: '-1.000', reason: 'DAMAGED' }),
    ]);
    expect((await admin().get(`stock-transfers/${made.id}`)).body.data.adjustment_no).toBe(adjustmentView.doc_no);
    // Approved, it writes the rejected OIL off at the outlet at its transit cost.
    const approvedAdjustment = await admin().post(`stock-adjustments/${adjustment.id}/approve`, {
      revision: adjustmentView.revision,
    });
    expect(approvedAdjustment.status).toBe(200);
    expect(await balance(outlet, oil)).toEqual(b('2.000', '8.0000000'));

    // A second receipt of the same transfer is refused: it is final.
    expect((await as(receiver).post(`stock-transfers/${made.id}/receive`, { ...receipt, revision: 4 })).status).toBe(
      409,
    );
  });

  it('takes the goods back on a recall by the sender, at the costs they left at', async () => {
    // The kitchen's FLOUR: 8 left of the 3.0000 layer.
    const transfer = await dispatched([{ item_id: flour, release_quantity: '5' }]);
    expect(transfer.lines[0].line_value).toBe('15.00');
    expect(await balance(kitchen, flour)).toEqual(b('3.000', '9.0000000', '5.000', '15.0000000'));
    // The receiver cannot recall (the sender's action).
    expect((await as(receiver).post(`stock-transfers/${transfer.id}/return`, { revision: 3 })).status).toBe(404);
    const returned = await as(sender).post(`stock-transfers/${transfer.id}/return`, { revision: 3 });
    expect(returned.status).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'RETURN' });
    expect(returned.body.data.lines[0].tracking).toBe('RETURN');
    expect(await balance(kitchen, flour)).toEqual(b('8.000', '24.0000000'));
    expect(await balance(outlet, flour)).toEqual(b('12.000', '26.0000000'));
    // Nothing is left to receive.
    const late = await as(receiver).post(`stock-transfers/${transfer.id}/receive`, {
      revision: 4,
      lines: [{ line_no: 1, received_quantity: '5' }],
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');
  });

  it('sends everything back to the source when the destination denies it', async () => {
    const transfer = await dispatched([{ item_id: sugar, release_quantity: '1' }]);
    expect(await balance(kitchen, sugar)).toEqual(b('0.000', '0.0000000', '1.000', '1.5000000'));
    const denied = await as(receiver).post(`stock-transfers/${transfer.id}/deny`, {
      revision: 3,
      remark: 'Not ordered',
    });
    expect(denied.status).toBe(200);
    expect(denied.body.data).toMatchObject({ status: 'DENIED' });
    expect(denied.body.data.lines[0].tracking).toBe('DENIED');
    expect(await balance(kitchen, sugar)).toEqual(b('1.000', '1.5000000'));
    expect(await balance(outlet, sugar)).toEqual(b('4.000', '6.0000000'));
    // The kitchen and the outlet see it; the activity events tell both sides.
    const subjects = await db.query<{ subject: string }[]>(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'document_id' = $1 AND subject LIKE 'inventory.stock-transfer.%' ORDER BY created_at, id`,
      [transfer.id],
    );
    expect(subjects.map((row) => row.subject)).toEqual([
      InventorySubjects.StockTransferSubmitted,
      InventorySubjects.StockTransferApproved,
      InventorySubjects.StockTransferDenied,
    ]);
    const list = await as(receiver).post('stock-transfers/list', { limit: 50 });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(transfer.id);
    expect((await as(stranger).post('stock-transfers/list', { limit: 50 })).body.data).toEqual([]);
  });

  it("makes one draft of a store order's transfer request at the central kitchen", async () => {
    const procurement = new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    });
    await procurement.initialize();
    try {
      const data: StoreOrderTransferRequested = {
        store_order_id: randomUUID(),
        store_order_no: 'OR-SRT-000001',
        from_location_id: kitchen,
        to_location_id: outlet,
        delivery_time: '2026-03-05T08:00:00.000Z',
        order_type: 'Internal',
        remark: 'Weekend',
        lines: [{ line_no: 1, item_type: 'sku', item_id: flour, uom_name: 'KG', quantity: '6', remark: '' }],
      };
      const publisher = new EventPublisher('procurement');
      const first = await procurement.transaction((m) =>
        publisher.publish(m, ProcurementSubjects.StoreOrderTransferRequested, data),
      );
      const second = await procurement.transaction((m) =>
        publisher.publish(m, ProcurementSubjects.StoreOrderTransferRequested, data),
      );
      for (const event of [first, second]) {
        await expectEventually(async () => {
          const rows = await db.query(`SELECT 1 FROM inbox WHERE consumer = 'inventory' AND event_id = $1`, [event.id]);
          expect(rows).toHaveLength(1);
        });
      }
    } finally {
      await procurement.destroy();
    }
    const list = await admin().post('stock-transfers/list', { limit: 50, search_str: 'OR-SRT-000001' });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        status: 'DRAFT',
        from_location_id: kitchen,
        to_location_id: outlet,
        source_no: 'OR-SRT-000001',
      }),
    ]);
    const view = (await as(sender).get(`stock-transfers/${list.body.data[0].id}`)).body.data;
    expect(view).toMatchObject({ source: 'store_order', release_date: '2026-03-05', created_by_name: 'System' });
    expect(view.lines).toEqual([
      expect.objectContaining({ item_id: flour, release_quantity: '6.000', uom_name: 'KG' }),
    ]);
  });

  it('hides the values from a role without can_see_cost', async () => {
    const noCost = `Bearer ${await fullRightsToken(runtime, [kitchen, outlet], { sub: randomUUID(), cost: false })}`;
    const [row] = (await as(noCost).post('stock-transfers/list', { limit: 1 })).body.data;
    expect(row).not.toHaveProperty('transfer_value');
    const view = (await as(noCost).get(`stock-transfers/${row.id}`)).body.data;
    expect(view).not.toHaveProperty('transfer_value');
    expect(view.lines[0]).not.toHaveProperty('line_value');
  });
});
