import 'reflect-metadata';
import { InventorySubjects } from '@scm/contracts';
import type { TransferReceivedWithRejects, WipDiscrepancyFound } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/**
 * Automatic adjustments (SPEC.md §4, docs/architecture.md §4): `inventory.transfer.received-with-rejects` and
 * `inventory.wip.discrepancy-found`, published as their producers will (inventory's outbox), each make ONE
 * adjustment PENDING APPROVAL linked to its source — whether the event is delivered again (same id: the inbox) or
 * published again (a new id, the same transfer: the source is unique) — with FIFO-picked batches for what leaves
 * and a price for what comes in; approving it posts it.
 */
describe('automatic stock adjustments, exactly once per event (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let out1: string;
  let flour: string;
  let sugar: string;
  const publisher = new EventPublisher('inventory');

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'AUTO');
    [out1] = fx.locations;
    ({ flour, sugar } = fx.skus);
    db = await inventoryDb(runtime);
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const api = () => ({
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', fx.admin),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', fx.admin).send(body),
  });

  async function receive(itemId: string, uom: string, quantity: string, unitCost: string) {
    const created = await api().post('stock-adjustments', {
      location_id: out1,
      value_date: '2026-03-01',
      lines: [
        {
          item_type: 'sku',
          item_id: itemId,
          uom_name: uom,
          adjustment_quantity: quantity,
          reason: 'OTHERS',
          unit_cost: unitCost,
        },
      ],
    });
    expect(created.status).toBe(201);
    await api().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
    expect((await api().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(200);
  }

  async function automatic(source: string) {
    const list = await api().post('stock-adjustments/list', { limit: 50, other_params: { source: [source] } });
    expect(list.status).toBe(200);
    return list.body.data as { id: string; status: string; source_no: string; doc_no: string }[];
  }

  async function applied(eventId: string): Promise<void> {
    await expectEventually(async () => {
      const rows = await db.query(`SELECT 1 FROM inbox WHERE consumer = 'inventory' AND event_id = $1`, [eventId]);
      expect(rows).toHaveLength(1);
    });
  }

  const rejects: TransferReceivedWithRejects = {
    transfer_id: 'd0c1e2f3-0000-4000-8000-000000000001',
    transfer_no: 'SR-AUTO-000001',
    location_id: '',
    value_date: '2026-03-02T09:30:00.000Z',
    lines: [],
  };

  it("makes one adjustment of a transfer's rejects: negative lines from the oldest batches, reasons mapped", async () => {
    await receive(flour, 'BAG', '4', '50'); // 100 KG at $2
    await receive(flour, 'KG', '10', '3'); // 10 KG at $3
    const data: TransferReceivedWithRejects = {
      ...rejects,
      location_id: out1,
      lines: [
        { line_no: 1, item_type: 'sku', item_id: flour, uom_name: 'BAG', quantity: '2.5', reason: 'expired' },
        { line_no: 2, item_type: 'sku', item_id: flour, uom_name: 'KG', quantity: '40', reason: 'spoilt' },
      ],
    };
    const event = await db.transaction((manager) =>
      publisher.publish(manager, InventorySubjects.TransferReceivedWithRejects, data),
    );
    await applied(event.id);
    const made = await automatic('transfer');
    expect(made).toEqual([expect.objectContaining({ status: 'PENDING APPROVAL', source_no: 'SR-AUTO-000001' })]);
    const view = (await api().get(`stock-adjustments/${made[0].id}`)).body.data;
    expect(view).toMatchObject({ source: 'transfer', source_id: rejects.transfer_id, value_date: '2026-03-02' });
    expect(view.history).toEqual([
      expect.objectContaining({ action: 'create', to_status: 'PENDING APPROVAL', actor_name: 'System' }),
    ]);
    // 2.5 BAG = 62.5 KG from the $2 layer; the next 40 KG: the 37.5 left of it, then 2.5 of the $3 layer.
    expect(view.lines).toEqual([
      expect.objectContaining({
        uom_name: 'KG',
        adjustment_quantity: '-62.500',
        reason: 'EXPIRED',
        batches: [expect.objectContaining({ quantity: '62.500', unit_cost: '2.0000' })],
      }),
      expect.objectContaining({
        adjustment_quantity: '-40.000',
        reason: 'DAMAGED',
        batches: [
          expect.objectContaining({ quantity: '37.500', unit_cost: '2.0000' }),
          expect.objectContaining({ quantity: '2.500', unit_cost: '3.0000' }),
        ],
      }),
    ]);
    expect(view.negative_value).toBe('-207.50');
  });

  it('makes nothing more when the event is delivered again, or published again under a new id', async () => {
    const [sent] = await db.query<{ id: string }[]>(
      `SELECT id FROM outbox WHERE subject = $1 ORDER BY created_at LIMIT 1`,
      [InventorySubjects.TransferReceivedWithRejects],
    );
    // Delivered again: the relay sends the same event (same id) once more.
    await db.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await db.query(`SELECT pg_notify('outbox', 'inventory')`);
    await expectEventually(async () => {
      const [row] = await db.query(`SELECT sent_at FROM outbox WHERE id = $1`, [sent.id]);
      expect(row.sent_at).not.toBeNull();
    });
    // Published again: a new event of the same transfer.
    const copy = await db.transaction((manager) =>
      publisher.publish(manager, InventorySubjects.TransferReceivedWithRejects, {
        ...rejects,
        location_id: out1,
        lines: [{ line_no: 1, item_type: 'sku', item_id: flour, uom_name: 'KG', quantity: '1', reason: 'lost' }],
      }),
    );
    await applied(copy.id);
    expect(await automatic('transfer')).toHaveLength(1);
  });

  it('approving it posts it: the named batches leave the ledger', async () => {
    const [made] = await automatic('transfer');
    const view = (await api().get(`stock-adjustments/${made.id}`)).body.data;
    const approved = await api().post(`stock-adjustments/${made.id}/approve`, { revision: view.revision });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', negative_value: '-207.50' });
    const stock = (await api().get(`stock/${out1}/sku/${flour}`)).body.data;
    expect(stock.on_hand).toBe('7.500');
    expect(stock.batches.map((batch: { remaining_quantity: string }) => batch.remaining_quantity)).toEqual(['7.500']);
  });

  it('makes one adjustment of a WIP discrepancy: more comes in at its cost, less leaves from the oldest batch', async () => {
    const data: WipDiscrepancyFound = {
      wip_id: 'wip-0001',
      wip_no: 'WIP-AUTO-000001',
      location_id: out1,
      value_date: '2026-03-03',
      lines: [
        { line_no: 1, item_type: 'sku', item_id: sugar, uom_name: 'KG', quantity: '5', unit_cost: '2.5' },
        { line_no: 2, item_type: 'sku', item_id: flour, uom_name: 'KG', quantity: '-3' },
      ],
    };
    const first = await db.transaction((manager) =>
      publisher.publish(manager, InventorySubjects.WipDiscrepancyFound, data),
    );
    const second = await db.transaction((manager) =>
      publisher.publish(manager, InventorySubjects.WipDiscrepancyFound, data),
    );
    await applied(first.id);
    await applied(second.id);
    const made = await automatic('wip');
    expect(made).toHaveLength(1);
    const view = (await api().get(`stock-adjustments/${made[0].id}`)).body.data;
    expect(view.lines).toEqual([
      expect.objectContaining({ item_id: sugar, adjustment_quantity: '5.000', unit_cost: '2.5000', reason: 'OTHERS' }),
      expect.objectContaining({
        item_id: flour,
        adjustment_quantity: '-3.000',
        batches: [expect.objectContaining({ quantity: '3.000', unit_cost: '3.0000' })],
      }),
    ]);
    const approved = await api().post(`stock-adjustments/${made[0].id}/approve`, { revision: view.revision });
    expect(approved.status).toBe(200);
    expect((await api().get(`stock/${out1}/sku/${sugar}`)).body.data.on_hand).toBe('5.000');
    expect((await api().get(`stock/${out1}/sku/${flour}`)).body.data.on_hand).toBe('4.500');
    const activity = await db.query(`SELECT subject FROM outbox WHERE subject LIKE 'inventory.stock-adjustment.%'`);
    expect(activity.map((row: { subject: string }) => row.subject)).toEqual(
      expect.arrayContaining([InventorySubjects.StockAdjustmentSubmitted, InventorySubjects.StockAdjustmentApproved]),
    );
  });
});
