import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { DataSource, QueryFailedError } from 'typeorm';
import { retryOnConflict } from '../../src/database/concurrency.js';
import { inTransaction, startUnitOfWork } from '../../src/database/unit-of-work.js';

function serializationFailure(): QueryFailedError {
  const driverError = Object.assign(new Error('could not serialize access due to concurrent update'), {
    code: '40001',
  });
  return new QueryFailedError('UPDATE counter SET value = value + 1', [], driverError);
}

describe(retryOnConflict.name, () => {
  const sut = retryOnConflict;
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('scm_retry_on_conflict');
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE counter (name text PRIMARY KEY, value integer NOT NULL)');
  });

  beforeEach(async () => {
    await dataSource.query(`TRUNCATE counter`);
    await dataSource.query(`INSERT INTO counter VALUES ('a', 0), ('b', 0)`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const counters = async (): Promise<Record<string, number>> => {
    const rows = await dataSource.query<{ name: string; value: number }[]>('SELECT * FROM counter ORDER BY name');
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  };

  it('runs a transaction that PostgreSQL aborted as a deadlock victim again, and both transactions commit', async () => {
    // Each transaction locks one row, waits until the other holds its row, then asks for the other's row.
    let holding = 0;
    let bothHolding!: () => void;
    const both = new Promise<void>((resolve) => (bothHolding = resolve));
    let runs = 0;
    const retried: unknown[] = [];
    const incrementBoth = (first: string, second: string) =>
      sut(
        () =>
          inTransaction(dataSource, async (manager) => {
            runs += 1;
            await manager.query('UPDATE counter SET value = value + 1 WHERE name = $1', [first]);
            holding += 1;
            if (holding === 2) bothHolding();
            await both;
            await manager.query('UPDATE counter SET value = value + 1 WHERE name = $1', [second]);
          }),
        { onRetry: (error) => retried.push(error) },
      );

    await Promise.all([incrementBoth('a', 'b'), incrementBoth('b', 'a')]);

    expect(await counters()).toEqual({ a: 2, b: 2 });
    expect(runs).toBe(3);
    expect(retried).toHaveLength(1);
    expect((retried[0] as QueryFailedError<Error & { code: string }>).driverError.code).toBe('40P01');
  });

  it('retries a serialization failure; the aborted attempt leaves nothing behind', async () => {
    let runs = 0;
    const result = await sut(
      () =>
        inTransaction(dataSource, async (manager) => {
          runs += 1;
          await manager.query(`UPDATE counter SET value = value + 1 WHERE name = 'a'`);
          if (runs === 1) throw serializationFailure();
          return 'posted';
        }),
      { baseDelayMs: 1 },
    );

    expect(result).toBe('posted');
    expect(runs).toBe(2);
    expect(await counters()).toEqual({ a: 1, b: 0 });
  });

  it('does not retry any other error', async () => {
    let runs = 0;
    await expect(
      sut(() =>
        inTransaction(dataSource, async (manager) => {
          runs += 1;
          await manager.query(`INSERT INTO counter VALUES ('a', 1)`);
        }),
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(runs).toBe(1);
  });

  it('gives up after the given number of attempts with the last attempt’s error', async () => {
    const errors: QueryFailedError[] = [];
    const thrown = await sut(
      () => {
        const error = serializationFailure();
        errors.push(error);
        return Promise.reject(error);
      },
      { attempts: 3, baseDelayMs: 1 },
    ).catch((error: unknown) => error);

    expect(errors).toHaveLength(3);
    expect(thrown).toBe(errors[2]);
  });

  it('refuses to run inside an open unit of work, whose transaction it could not retry', async () => {
    let runs = 0;
    await expect(
      startUnitOfWork(dataSource, () =>
        sut(async () => {
          runs += 1;
          return Promise.resolve();
        }),
      ),
    ).rejects.toThrow(/inside an open unit of work/);
    expect(runs).toBe(0);
  });
});
