import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource } from 'typeorm';
import { openServiceDataSource } from '../../src/database/data-source.js';
import { CreateDocumentKitTables1795650000000 } from '../../src/database/document-kit-tables.migration.js';
import { startUnitOfWork } from '../../src/database/unit-of-work.js';
import { nextDocumentNumber } from '../../src/documents/document-number.js';

const CONCURRENT = 20;

/** Resolves once `parties` callers have arrived: every transaction is open before any takes a number. */
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

class RolledBack extends Error {}

const counterOf = (number: string): number => Number(number.split('-').at(-1));

describe(nextDocumentNumber.name, () => {
  const sut = nextDocumentNumber;
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('scm_doc_numbers');
    dataSource = await openServiceDataSource({
      url: database.url,
      schema: 'inventory',
      entities: [],
      migrations: [CreateDocumentKitTables1795650000000],
      // One connection per concurrent transaction (they all wait at the barrier with their transaction open).
      poolSize: CONCURRENT + 2,
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('gives 20 transactions taking numbers at once 20 distinct numbers, 1 to 20 without a gap', async () => {
    const everyoneInside = barrier(CONCURRENT);
    const numbers = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        startUnitOfWork(dataSource, async (manager) => {
          await manager.query('SELECT 1');
          await everyoneInside();
          return sut(manager, 'SA', 'OUTLET1');
        }),
      ),
    );

    expect(new Set(numbers).size).toBe(CONCURRENT);
    expect(numbers.map(counterOf).sort((a, b) => a - b)).toEqual(Array.from({ length: CONCURRENT }, (_, i) => i + 1));
    expect(numbers).toContain('SA-OUTLET1-000001');
    expect(numbers).toContain('SA-OUTLET1-000020');
  });

  it('leaves no gap when transactions roll back after taking their number, even while others wait on it', async () => {
    const everyoneInside = barrier(CONCURRENT);
    const outcomes = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, index) =>
        startUnitOfWork(dataSource, async (manager) => {
          await manager.query('SELECT 1');
          await everyoneInside();
          const number = await sut(manager, 'SA', 'OUTLET2');
          // Every fourth one fails after taking its number (the document's insert failed, say).
          if (index % 4 === 0) throw new RolledBack(number);
          return number;
        }),
      ),
    );

    const committed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(5);
    for (const outcome of failed) expect(outcome.reason).toBeInstanceOf(RolledBack);
    expect(committed.map(counterOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    // The next number continues right after the last committed one.
    await expect(startUnitOfWork(dataSource, (manager) => sut(manager, 'SA', 'OUTLET2'))).resolves.toBe(
      'SA-OUTLET2-000016',
    );
  });

  it('hands the number of a transaction that rolled back to the one that waited for it', async () => {
    let holderHasNumber!: () => void;
    const numberTaken = new Promise<void>((resolve) => (holderHasNumber = resolve));
    let releaseHolder!: () => void;
    const holderMayEnd = new Promise<void>((resolve) => (releaseHolder = resolve));

    const holder = startUnitOfWork(dataSource, async (manager) => {
      const number = await sut(manager, 'ST', 'OUTLET1');
      holderHasNumber();
      await holderMayEnd;
      throw new RolledBack(number);
    });
    await numberTaken;
    const waiter = startUnitOfWork(dataSource, (manager) => sut(manager, 'ST', 'OUTLET1'));
    // The waiter is blocked on the holder's row lock; let it queue, then roll the holder back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseHolder();

    await expect(holder).rejects.toEqual(new RolledBack('ST-OUTLET1-000001'));
    await expect(waiter).resolves.toBe('ST-OUTLET1-000001');
  });

  it('keeps one series per document type and location', async () => {
    const [a, b, c] = await startUnitOfWork(dataSource, async (manager) => [
      await sut(manager, 'SA', 'HQ'),
      await sut(manager, 'ST', 'HQ'),
      await sut(manager, 'SA', 'HQ'),
    ]);
    expect([a, b, c]).toEqual(['SA-HQ-000001', 'ST-HQ-000001', 'SA-HQ-000002']);
  });

  it('refuses a manager outside a transaction, an unknown type and an empty location', async () => {
    await expect(sut(dataSource.manager, 'SA', 'OUTLET1')).rejects.toThrow(/not in a transaction/);
    await expect(startUnitOfWork(dataSource, (manager) => sut(manager, 'XX' as never, 'OUTLET1'))).rejects.toThrow(
      /unknown type/,
    );
    await expect(startUnitOfWork(dataSource, (manager) => sut(manager, 'SA', ' '))).rejects.toThrow(/location/);
  });
});
