import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { DataSource } from 'typeorm';
import { lockRowsInOrder } from '../../src/database/concurrency.js';
import { startUnitOfWork } from '../../src/database/unit-of-work.js';

interface BalanceRow {
  item_id: string;
  location_id: string;
  on_hand: string;
}

const CONCURRENT = 20;

/** Resolves once `parties` callers have arrived: every transaction holds its connection open before any locks. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) release();
    return all;
  };
}

describe(lockRowsInOrder.name, () => {
  const sut = lockRowsInOrder;
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('scm_row_locks');
    // One connection per concurrent transaction (they all wait at the barrier with their transaction open).
    dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: CONCURRENT + 2 });
    await dataSource.initialize();
    await dataSource.query(`
      CREATE TABLE stock_balance (
        item_id bigint NOT NULL,
        location_id text NOT NULL,
        on_hand numeric(18,3) NOT NULL DEFAULT 0,
        reserved numeric(18,3) NOT NULL DEFAULT 0,
        PRIMARY KEY (item_id, location_id)
      )`);
  });

  afterEach(async () => {
    await dataSource.query('TRUNCATE stock_balance');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const balances = async (): Promise<Record<string, number>> => {
    const rows = await dataSource.query<BalanceRow[]>('SELECT * FROM stock_balance ORDER BY item_id, location_id');
    return Object.fromEntries(rows.map((row) => [`${row.item_id}@${row.location_id}`, Number(row.on_hand)]));
  };

  it('creates the missing rows and locks the same rows given in opposite orders by 20 transactions at once: all commit, no increment is lost', async () => {
    const keys = [
      { item_id: 7, location_id: 'L2' },
      { item_id: 12, location_id: 'L1' },
      { item_id: 7, location_id: 'L10' },
    ];
    const everyoneInside = barrier(CONCURRENT);

    const outcomes = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, index) =>
        startUnitOfWork(dataSource, async (manager) => {
          await manager.query('SELECT 1');
          await everyoneInside();
          const rows = await sut<BalanceRow>(manager, {
            table: 'stock_balance',
            keyColumns: ['item_id', 'location_id'],
            keys: index % 2 === 0 ? keys : [...keys].reverse(),
            createMissing: true,
          });
          // Read, add in code, write back: without the lock two transactions would read the same value.
          for (const row of rows) {
            await manager.query('UPDATE stock_balance SET on_hand = $1 WHERE item_id = $2 AND location_id = $3', [
              Number(row.on_hand) + 1,
              row.item_id,
              row.location_id,
            ]);
          }
        }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await balances()).toEqual({ '7@L10': CONCURRENT, '7@L2': CONCURRENT, '12@L1': CONCURRENT });
  });

  it('returns the existing rows sorted by their keys, once each, and creates rows with the values given', async () => {
    await dataSource.query(`INSERT INTO stock_balance (item_id, location_id, on_hand) VALUES (2, 'B', 5), (1, 'A', 3)`);

    const locked = await startUnitOfWork(dataSource, (manager) =>
      sut<BalanceRow>(manager, {
        table: 'stock_balance',
        keyColumns: ['item_id', 'location_id'],
        keys: [
          { item_id: 2, location_id: 'B' },
          { item_id: 3, location_id: 'C' },
          { item_id: 1, location_id: 'A' },
          { item_id: 2, location_id: 'B' },
        ],
      }),
    );
    expect(locked.map((row) => [row.item_id, row.location_id, Number(row.on_hand)])).toEqual([
      ['1', 'A', 3],
      ['2', 'B', 5],
    ]);

    const created = await startUnitOfWork(dataSource, (manager) =>
      sut<BalanceRow>(manager, {
        table: 'public.stock_balance',
        keyColumns: ['item_id', 'location_id'],
        keys: [
          { item_id: 3, location_id: 'C' },
          { item_id: 1, location_id: 'A' },
        ],
        createMissing: { values: { reserved: 4 } },
      }),
    );
    expect(created.map((row) => [row.item_id, row.location_id, Number(row.on_hand)])).toEqual([
      ['1', 'A', 3],
      ['3', 'C', 0],
    ]);
    const [newRow] = await dataSource.query<{ reserved: string }[]>(
      `SELECT reserved FROM stock_balance WHERE item_id = 3`,
    );
    expect(Number(newRow?.reserved)).toBe(4);
  });

  it('locks rows of a one-column key', async () => {
    await dataSource.query('CREATE TABLE IF NOT EXISTS batch (batch_no text PRIMARY KEY, remaining integer DEFAULT 0)');

    const locked = await startUnitOfWork(dataSource, (manager) =>
      sut<{ batch_no: string; remaining: number }>(manager, {
        table: 'batch',
        keyColumns: ['batch_no'],
        keys: [{ batch_no: 'B-2' }, { batch_no: 'B-10' }, { batch_no: 'B-2' }],
        createMissing: { values: { remaining: 7 } },
      }),
    );

    expect(locked.map((row) => row.batch_no).sort()).toEqual(['B-10', 'B-2']);
    expect(locked.map((row) => row.remaining)).toEqual([7, 7]);
  });

  it('refuses table names and keys it cannot quote or match, and a manager outside a transaction', async () => {
    const shapes = [
      { table: 'stock_balance; DROP TABLE stock_balance', keyColumns: ['item_id'], keys: [{ item_id: 1 }] },
      { table: 'a.b.c', keyColumns: ['item_id'], keys: [{ item_id: 1 }] },
      { table: 'stock_balance', keyColumns: ['item_id" OR 1=1 --'], keys: [{ 'item_id" OR 1=1 --': 1 }] },
      { table: 'stock_balance', keyColumns: [], keys: [{ item_id: 1 }] },
      { table: 'stock_balance', keyColumns: ['item_id'], keys: [{ item_id: 1, location_id: 'A' }] },
      { table: 'stock_balance', keyColumns: ['item_id'], keys: [{ item_id: 1 }, { item_id: '2' }] },
      { table: 'stock_balance', keyColumns: ['item_id'], keys: [{ item_id: Number.NaN }] },
      { table: 'stock_balance', keyColumns: ['item_id'], keys: [{ item_id: { id: 1 } }] },
    ];
    for (const shape of shapes) {
      await expect(
        startUnitOfWork(dataSource, (manager) => sut(manager, shape as Parameters<typeof sut>[1])),
      ).rejects.toThrow(/^lockRowsInOrder: /);
    }
    await expect(
      sut(dataSource.manager, { table: 'stock_balance', keyColumns: ['item_id'], keys: [{ item_id: 1 }] }),
    ).rejects.toThrow(/not in a transaction/);
    expect(await dataSource.query('SELECT to_regclass($1) AS t', ['stock_balance'])).toEqual([{ t: 'stock_balance' }]);
  });
});
