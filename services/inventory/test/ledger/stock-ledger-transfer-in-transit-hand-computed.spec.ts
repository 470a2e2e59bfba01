import 'reflect-metadata';
import type { StockPostingRequest } from '@scm/contracts';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import type { LedgerFixture } from './ledger-fixture.js';
import {
  itemTotal,
  ledgerTotals,
  locationSnapshot,
  openLedger,
  post,
  seedReplicas,
  skuSnapshot,
  transitTotals,
} from './ledger-fixture.js';

/**
 * A transfer through the ledger's in-transit (docs/stock-ledger.md, "In transit"), every figure written out by
 * hand: 3 lines leave the central kitchen at FIFO cost (one across 2 layers), arrive at the outlet at exactly
 * those costs, one line only partly, its rest returned to the kitchen at its own cost. On hand + in transit value
 * of each item never changes.
 */
describe(`${StockLedger.name} in transit`, () => {
  let fixture: LedgerFixture;
  const CK = 'CK';
  const OUTLET = 'OUTLET1';

  type Line = StockPostingRequest['lines'][number];
  const line = (lineNo: number, itemId: string, locationId: string, quantity: string, extra: Partial<Line> = {}) => ({
    line_no: lineNo,
    item_type: 'sku' as const,
    item_id: itemId,
    location_id: locationId,
    quantity,
    ...extra,
  });
  const request = (documentId: string, revision: number, lines: Line[], extra: Partial<StockPostingRequest> = {}) => ({
    document_type: 'SR' as const,
    document_id: documentId,
    document_no: `SR-${documentId}`,
    revision,
    value_date: '2026-03-02',
    lines,
    ...extra,
  });
  const balances = () =>
    fixture.dataSource.query<Record<string, string>[]>(
      `SELECT item_id, location_id, on_hand::text AS on_hand, stock_value::text AS stock_value,
              in_transit::text AS in_transit, in_transit_value::text AS in_transit_value
         FROM stock_balance ORDER BY item_id, location_id`,
    );
  const transit = () =>
    fixture.dataSource.query<Record<string, string>[]>(
      `SELECT line_no::text AS line_no, item_id, dispatched_quantity::text AS dispatched,
              remaining_quantity::text AS remaining, unit_cost::text AS unit_cost
         FROM stock_transit ORDER BY seq`,
    );
  const outletBatches = () =>
    fixture.dataSource.query<Record<string, string>[]>(
      `SELECT item_id, received_quantity::text AS received, unit_cost::text AS unit_cost
         FROM stock_batch WHERE location_id = $1 ORDER BY seq`,
      [OUTLET],
    );
  const expectConsistent = async () => {
    for (const row of await ledgerTotals(fixture.dataSource)) {
      expect([row.movement_quantity, row.batch_remaining]).toEqual([row.on_hand, row.on_hand]);
      expect([row.movement_value, row.batch_value]).toEqual([row.stock_value, row.stock_value]);
    }
    for (const row of await transitTotals(fixture.dataSource)) {
      expect(row.transit_remaining).toBe(row.in_transit);
      expect(row.transit_value).toBe(row.in_transit_value);
    }
  };

  beforeAll(async () => {
    fixture = await openLedger('scm_ledger_transit');
    await seedReplicas(
      fixture,
      [
        skuSnapshot({ sku_id: 'FLOUR', name: 'Flour' }),
        skuSnapshot({ sku_id: 'SUGAR', name: 'Sugar' }),
        skuSnapshot({ sku_id: 'OIL', name: 'Oil' }),
      ],
      [locationSnapshot(CK, 'Central Kitchen'), locationSnapshot(OUTLET, 'Outlet One')],
    );
    // FLOUR: 10 at 2.0000 then 10 at 3.0000 (2 FIFO layers); SUGAR 5 at 1.5000; OIL 8 at 4.0000.
    await post(fixture, {
      ...request('GR1', 1, [
        line(1, 'FLOUR', CK, '10', { unit_cost: '2' }),
        line(2, 'FLOUR', CK, '10', { unit_cost: '3' }),
        line(3, 'SUGAR', CK, '5', { unit_cost: '1.5' }),
        line(4, 'OIL', CK, '8', { unit_cost: '4' }),
      ]),
      document_type: 'GR',
    });
  });

  afterAll(() => fixture?.close());

  it('dispatches at FIFO cost into transit, arrives at those costs, returns the rest, never twice', async () => {
    const before = {
      FLOUR: await itemTotal(fixture.dataSource, 'FLOUR'),
      SUGAR: await itemTotal(fixture.dataSource, 'SUGAR'),
      OIL: await itemTotal(fixture.dataSource, 'OIL'),
    };
    expect(before).toEqual({
      FLOUR: { quantity: '20.000', value: '50.0000000' },
      SUGAR: { quantity: '5.000', value: '7.5000000' },
      OIL: { quantity: '8.000', value: '32.0000000' },
    });

    // Dispatch (revision 1): FLOUR 12 = 10 × 2 + 2 × 3 = 26; SUGAR 4 × 1.5 = 6; OIL 3 × 4 = 12.
    const dispatch = request('T1', 1, [
      line(1, 'FLOUR', CK, '-12', { transit: 'dispatch' }),
      line(2, 'SUGAR', CK, '-4', { transit: 'dispatch' }),
      line(3, 'OIL', CK, '-3', { transit: 'dispatch' }),
    ]);
    const out = await post(fixture, dispatch);
    expect(out.movements.map((m) => [m.line_no, m.location_id, m.quantity, m.unit_cost, m.cost_value])).toEqual([
      [1, CK, '-10.000', '2.0000', '-20.0000000'],
      [1, CK, '-2.000', '3.0000', '-6.0000000'],
      [2, CK, '-4.000', '1.5000', '-6.0000000'],
      [3, CK, '-3.000', '4.0000', '-12.0000000'],
    ]);
    expect(await transit()).toEqual([
      { line_no: '1', item_id: 'FLOUR', dispatched: '10.000', remaining: '10.000', unit_cost: '2.0000' },
      { line_no: '1', item_id: 'FLOUR', dispatched: '2.000', remaining: '2.000', unit_cost: '3.0000' },
      { line_no: '2', item_id: 'SUGAR', dispatched: '4.000', remaining: '4.000', unit_cost: '1.5000' },
      { line_no: '3', item_id: 'OIL', dispatched: '3.000', remaining: '3.000', unit_cost: '4.0000' },
    ]);
    // The source shows what left it and has not arrived.
    expect(await balances()).toEqual([
      {
        item_id: 'FLOUR',
        location_id: CK,
        on_hand: '8.000',
        stock_value: '24.0000000',
        in_transit: '12.000',
        in_transit_value: '26.0000000',
      },
      {
        item_id: 'OIL',
        location_id: CK,
        on_hand: '5.000',
        stock_value: '20.0000000',
        in_transit: '3.000',
        in_transit_value: '12.0000000',
      },
      {
        item_id: 'SUGAR',
        location_id: CK,
        on_hand: '1.000',
        stock_value: '1.5000000',
        in_transit: '4.000',
        in_transit_value: '6.0000000',
      },
    ]);
    await expectConsistent();
    // A redelivered dispatch is a no-op.
    expect((await post(fixture, dispatch)).duplicate).toBe(true);
    expect(await itemTotal(fixture.dataSource, 'FLOUR')).toEqual(before.FLOUR);

    // More than in transit, a cost given, a dispatch that falls short even with allow_negative: all refused.
    await expect(
      post(fixture, request('T1', 2, [line(3, 'OIL', OUTLET, '4', { transit: 'arrive' })])),
    ).rejects.toMatchObject({
      code: 'INVENTORY_TRANSIT_SHORT',
      params: { item: 'Oil', document: 'SR-T1', line: 3, available: '3.000', asked: '4.000', uom: 'KG' },
    });
    await expect(
      post(fixture, request('T1', 2, [line(3, 'OIL', OUTLET, '1', { transit: 'arrive', unit_cost: '9' })])),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      post(fixture, request('T2', 1, [line(1, 'SUGAR', CK, '-2', { transit: 'dispatch' })], { allow_negative: true })),
    ).rejects.toMatchObject({ code: 'INVENTORY_INSUFFICIENT_STOCK' });
    await expect(
      post(fixture, request('T9', 1, [line(1, 'SUGAR', OUTLET, '1', { transit: 'arrive' })])),
    ).rejects.toMatchObject({ code: 'INVENTORY_TRANSIT_SHORT', params: { available: '0.000' } });

    // Arrival (revision 2): FLOUR and SUGAR whole, OIL 2 of 3 at the outlet and 1 back at the kitchen.
    const arrival = request('T1', 2, [
      line(1, 'FLOUR', OUTLET, '12', { transit: 'arrive' }),
      line(2, 'SUGAR', OUTLET, '4', { transit: 'arrive' }),
      line(3, 'OIL', OUTLET, '2', { transit: 'arrive' }),
      line(3, 'OIL', CK, '1', { transit: 'arrive' }),
    ]);
    const arrived = await post(fixture, arrival);
    expect(arrived.movements.map((m) => [m.line_no, m.location_id, m.quantity, m.unit_cost, m.cost_value])).toEqual([
      [1, OUTLET, '10.000', '2.0000', '20.0000000'],
      [1, OUTLET, '2.000', '3.0000', '6.0000000'],
      [2, OUTLET, '4.000', '1.5000', '6.0000000'],
      [3, OUTLET, '2.000', '4.0000', '8.0000000'],
      [3, CK, '1.000', '4.0000', '4.0000000'],
    ]);
    // The outlet's layers keep the kitchen's costs and order.
    expect(await outletBatches()).toEqual([
      { item_id: 'FLOUR', received: '10.000', unit_cost: '2.0000' },
      { item_id: 'FLOUR', received: '2.000', unit_cost: '3.0000' },
      { item_id: 'SUGAR', received: '4.000', unit_cost: '1.5000' },
      { item_id: 'OIL', received: '2.000', unit_cost: '4.0000' },
    ]);
    expect(await balances()).toEqual([
      {
        item_id: 'FLOUR',
        location_id: CK,
        on_hand: '8.000',
        stock_value: '24.0000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
      {
        item_id: 'FLOUR',
        location_id: OUTLET,
        on_hand: '12.000',
        stock_value: '26.0000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
      {
        item_id: 'OIL',
        location_id: CK,
        on_hand: '6.000',
        stock_value: '24.0000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
      {
        item_id: 'OIL',
        location_id: OUTLET,
        on_hand: '2.000',
        stock_value: '8.0000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
      {
        item_id: 'SUGAR',
        location_id: CK,
        on_hand: '1.000',
        stock_value: '1.5000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
      {
        item_id: 'SUGAR',
        location_id: OUTLET,
        on_hand: '4.000',
        stock_value: '6.0000000',
        in_transit: '0.000',
        in_transit_value: '0.0000000',
      },
    ]);
    expect((await transit()).map((row) => row.remaining)).toEqual(['0.000', '0.000', '0.000', '0.000']);
    await expectConsistent();
    // Redelivered: nothing more arrives; and nothing is left to arrive a second time under a new revision.
    expect((await post(fixture, arrival)).duplicate).toBe(true);
    await expect(
      post(fixture, request('T1', 3, [line(2, 'SUGAR', OUTLET, '1', { transit: 'arrive' })])),
    ).rejects.toMatchObject({ code: 'INVENTORY_TRANSIT_SHORT', params: { available: '0.000' } });
    expect({
      FLOUR: await itemTotal(fixture.dataSource, 'FLOUR'),
      SUGAR: await itemTotal(fixture.dataSource, 'SUGAR'),
      OIL: await itemTotal(fixture.dataSource, 'OIL'),
    }).toEqual(before);
  });
});
