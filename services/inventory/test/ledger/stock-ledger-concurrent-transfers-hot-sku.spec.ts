import 'reflect-metadata';
import { AppException, inTransaction, retryOnConflict } from '@scm/platform';
import type { StockPostingRequest } from '@scm/contracts';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import type { LedgerFixture } from './ledger-fixture.js';
import {
  itemTotal,
  ledgerTotals,
  locationSnapshot,
  openLedger,
  seedReplicas,
  skuSnapshot,
  transitTotals,
} from './ledger-fixture.js';

/**
 * 20 transfers at once out of one hot SKU at the central kitchen (docs/stock-ledger.md, "In transit"): each
 * dispatches 7 (140 asked of 100), then arrives at one of 4 outlets, 2 of every 7 returned to the kitchen. However
 * they interleave, the kitchen never goes below zero, the refused dispatches are refusals for stock, and the SKU's
 * quantity and value (on hand + in transit, everywhere) are exactly what was received.
 */
describe(`${StockLedger.name} under concurrent transfers`, () => {
  let fixture: LedgerFixture;
  const HOT = 'HOT';
  const CK = 'CK';
  const OUTLETS = ['O1', 'O2', 'O3', 'O4'];

  beforeAll(async () => {
    fixture = await openLedger('scm_ledger_transit_concurrency', 16);
    await seedReplicas(
      fixture,
      [skuSnapshot({ sku_id: HOT, name: 'Hot flour' })],
      [locationSnapshot(CK, 'Central Kitchen'), ...OUTLETS.map((id) => locationSnapshot(id, `Outlet ${id}`))],
    );
    // 60 at 2.0000 and 40 at 2.5000: 100 worth 220.
    await post({
      document_type: 'GR',
      document_id: 'GR1',
      document_no: 'GR-1',
      revision: 1,
      value_date: '2026-03-01',
      lines: [
        { line_no: 1, item_type: 'sku', item_id: HOT, location_id: CK, quantity: '60', unit_cost: '2' },
        { line_no: 2, item_type: 'sku', item_id: HOT, location_id: CK, quantity: '40', unit_cost: '2.5' },
      ],
    });
  });

  afterAll(() => fixture?.close());

  function post(request: StockPostingRequest) {
    return retryOnConflict(
      () => inTransaction(fixture.dataSource, (manager) => fixture.sut.post(manager, request, { id: 'u', name: 'U' })),
      { attempts: 8 },
    );
  }

  const transfer = (n: number) => {
    const base = {
      document_type: 'SR' as const,
      document_id: `T${n}`,
      document_no: `SR-${n}`,
      value_date: '2026-03-02',
    };
    const sku = { line_no: 1, item_type: 'sku' as const, item_id: HOT };
    return {
      dispatch: {
        ...base,
        revision: 1,
        lines: [{ ...sku, location_id: CK, quantity: '-7', transit: 'dispatch' as const }],
      },
      arrive: {
        ...base,
        revision: 2,
        lines: [
          { ...sku, location_id: OUTLETS[n % OUTLETS.length], quantity: '5', transit: 'arrive' as const },
          { ...sku, location_id: CK, quantity: '2', transit: 'arrive' as const },
        ],
      },
    };
  };

  it('never drives the kitchen negative nor loses value', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const { dispatch, arrive } = transfer(n);
        try {
          await post(dispatch);
        } catch (error) {
          if (error instanceof AppException) return String(error.code);
          throw error;
        }
        await post(arrive);
        // Redelivered: nothing more.
        expect((await post(arrive)).duplicate).toBe(true);
        return 'ARRIVED';
      }),
    );
    const arrived = outcomes.filter((outcome) => outcome === 'ARRIVED').length;
    // 100 cover 14 dispatches of 7 at least; every return of 2 may let one more through.
    expect(arrived).toBeGreaterThanOrEqual(14);
    expect(outcomes.filter((outcome) => outcome !== 'ARRIVED').every((c) => c === 'INVENTORY_INSUFFICIENT_STOCK')).toBe(
      true,
    );

    expect(await itemTotal(fixture.dataSource, HOT)).toEqual({ quantity: '100.000', value: '220.0000000' });
    const [kitchen] = await fixture.dataSource.query<{ on_hand: string; in_transit: string }[]>(
      `SELECT on_hand::text AS on_hand, in_transit::text AS in_transit FROM stock_balance WHERE location_id = $1`,
      [CK],
    );
    expect(kitchen).toEqual({ on_hand: (100 - arrived * 5).toFixed(3), in_transit: '0.000' });
    const [outlets] = await fixture.dataSource.query<{ on_hand: string }[]>(
      `SELECT sum(on_hand)::text AS on_hand FROM stock_balance WHERE location_id <> $1`,
      [CK],
    );
    expect(Number(outlets.on_hand)).toBe(arrived * 5);
    for (const row of await ledgerTotals(fixture.dataSource)) {
      expect(Number(row.on_hand)).toBeGreaterThanOrEqual(0);
      expect([row.movement_quantity, row.batch_remaining]).toEqual([row.on_hand, row.on_hand]);
      expect([row.movement_value, row.batch_value]).toEqual([row.stock_value, row.stock_value]);
    }
    for (const row of await transitTotals(fixture.dataSource)) {
      expect([row.transit_remaining, row.transit_value]).toEqual([row.in_transit, row.in_transit_value]);
    }
    // Every dispatched layer arrived whole: nothing lingers in transit.
    const [left] = await fixture.dataSource.query<{ n: string }[]>(
      `SELECT count(*)::text AS n FROM stock_transit WHERE remaining_quantity > 0`,
    );
    expect(left.n).toBe('0');
  });
});
