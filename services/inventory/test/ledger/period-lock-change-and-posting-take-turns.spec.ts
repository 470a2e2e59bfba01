import 'reflect-metadata';
import type { StockPostingRequest } from '@scm/contracts';
import { inTransaction } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import type { LedgerFixture } from './ledger-fixture.js';
import { locationSnapshot, openLedger, post, seedReplicas, skuSnapshot } from './ledger-fixture.js';

/**
 * The period lock date and a posting take turns on the settings row (docs/stock-ledger.md, "Posting" step 1): the
 * ledger reads the lock date FOR SHARE in the posting's transaction, the settings change takes the row's lock. A
 * posting that starts while a new lock date is being saved waits for it and is then refused; a change of the lock
 * date that starts while a posting is in flight waits for the posting's commit. Made deterministic by holding one
 * transaction open and watching pg_stat_activity until the other one waits on a lock.
 */
describe(`${StockLedger.name}: the period lock date under concurrency`, () => {
  let fixture: LedgerFixture;
  const OUTLET = 'OUTLET1';
  let sequence = 0;

  const request = (valueDate: string): StockPostingRequest => {
    sequence += 1;
    return {
      document_type: 'SA',
      document_id: `LOCK-${sequence}`,
      document_no: `SA-LOCK-${sequence}`,
      revision: 1,
      value_date: valueDate,
      lines: [{ line_no: 1, item_type: 'sku', item_id: 'FLOUR', location_id: OUTLET, quantity: '1', unit_cost: '1' }],
    };
  };

  /** Settles when some backend of the test database waits on a lock (the other side of the race is blocked). */
  async function someoneWaitsOnALock(dataSource: DataSource, settled: () => boolean): Promise<boolean> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (settled()) return false;
      const [row] = await dataSource.query<{ waiting: number }[]>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%inventory_settings%'`,
      );
      if ((row?.waiting ?? 0) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  /** A promise and whether it has settled yet. */
  function tracked<T>(promise: Promise<T>) {
    let done = false;
    const settledPromise = promise.then(
      (value) => {
        done = true;
        return { ok: true as const, value };
      },
      (error: unknown) => {
        done = true;
        return { ok: false as const, error };
      },
    );
    return { result: settledPromise, settled: () => done };
  }

  beforeAll(async () => {
    fixture = await openLedger('scm_ledger_lock');
    await seedReplicas(fixture, [skuSnapshot({ sku_id: 'FLOUR', name: 'Flour' })], [locationSnapshot(OUTLET, 'One')]);
  });

  afterAll(() => fixture?.close());

  afterEach(async () => {
    const now = await fixture.settings.get();
    if (now.period_lock_date !== null) {
      await fixture.settings.update({ period_lock_date: null, revision: now.revision }, 'Tester');
    }
  });

  it('sees a lock date saved while it was posting: waits for it, then refuses the locked date', async () => {
    const before = await fixture.settings.get();
    expect(before.period_lock_date).toBeNull();
    const runner = fixture.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // The director's change, not committed yet: it holds the settings row.
      await runner.query(`UPDATE inventory_settings SET period_lock_date = '2026-03-31', revision = revision + 1`);
      const posting = tracked(post(fixture, request('2026-03-15')));
      // Without the row lock the posting reads the old (no) lock date and commits at once, into the locked period.
      expect(await someoneWaitsOnALock(fixture.dataSource, posting.settled)).toBe(true);
      expect(posting.settled()).toBe(false);
      await runner.commitTransaction();
      const outcome = await posting.result;
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? null : outcome.error).toMatchObject({
        code: 'INVENTORY_PERIOD_LOCKED',
        params: { lock_date: '2026-03-31', value_date: '2026-03-15' },
      });
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const [row] = await fixture.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM stock_movement WHERE value_date <= '2026-03-31'`,
    );
    expect(row.count).toBe(0);
  });

  it('makes a change of the lock date wait for a posting in flight, which commits under the old date', async () => {
    const current = await fixture.settings.get();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const postedYet = new Promise<void>((resolve) => (posted = resolve));
    const posting = inTransaction(fixture.dataSource, async (manager) => {
      const result = await fixture.sut.post(manager, request('2026-03-20'), { id: 'u-1', name: 'Tester' });
      posted();
      await held; // the posting's transaction stays open
      return result;
    });
    await postedYet;
    const change = tracked(
      fixture.settings.update({ period_lock_date: '2026-03-31', revision: current.revision }, 'D'),
    );
    expect(await someoneWaitsOnALock(fixture.dataSource, change.settled)).toBe(true);
    release();
    await expect(posting).resolves.toMatchObject({ duplicate: false });
    const outcome = await change.result;
    expect(outcome.ok).toBe(true);
    expect(await fixture.settings.get()).toMatchObject({ period_lock_date: '2026-03-31' });
    // Sequentially, the lock now refuses the same date.
    await expect(post(fixture, request('2026-03-20'))).rejects.toMatchObject({ code: 'INVENTORY_PERIOD_LOCKED' });
  });
});
