import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { StockPostingSubjects } from '@scm/contracts';
import type { StockPostingRequest } from '@scm/contracts';
import { AppException, EventConsumer, InProcessTransport, inTransaction, retryOnConflict } from '@scm/platform';
import { PostingRequestHandler } from '../../src/ledger/posting-request.handler.js';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import type { LedgerFixture } from './ledger-fixture.js';
import { locationSnapshot, openLedger, seedReplicas, skuSnapshot } from './ledger-fixture.js';
import { expectLedgerConsistent, ledgerWorkload, postingEnvelope } from './ledger-workload.js';

/**
 * The ledger's invariant under concurrency (docs/stock-ledger.md): 20 posters at once on three hot SKUs at two
 * locations, mixing receipts, FIFO issues (some refused), named-batch issues, shortfalls opening back orders and
 * multi-line postings, each through retryOnConflict; the posting requests of other services arrive as events,
 * each delivered twice and once more as a copy under a new event id (which only the ledger's own idempotency
 * stops). Afterwards, for every (item, location): on hand = Σ movements = Σ remaining batches, value = Σ movement
 * values = Σ remaining × unit cost, and no document was posted twice.
 */
describe(`${StockLedger.name} under concurrent posters`, () => {
  let fixture: LedgerFixture;
  let transport: InProcessTransport;
  let consumer: EventConsumer;

  beforeAll(async () => {
    fixture = await openLedger('scm_ledger_concurrency', 16);
    await seedReplicas(
      fixture,
      [
        skuSnapshot({
          sku_id: 'HOT1',
          name: 'Hot flour',
          uom_list: [
            { uom_name: 'KG', factor: '1', uom_id: null },
            { uom_name: 'BAG', factor: '25', uom_id: null },
          ],
        }),
        skuSnapshot({
          sku_id: 'HOT2',
          name: 'Hot cups',
          primary_uom_name: 'PCS',
          counting_uom_name: 'PCS',
          uom_list: [],
        }),
        skuSnapshot({
          sku_id: 'HOT3',
          name: 'Hot oil',
          primary_uom_name: 'L',
          uom_list: [
            { uom_name: 'L', factor: '1', uom_id: null },
            { uom_name: 'BOTTLE', factor: '0.75', uom_id: null },
          ],
        }),
      ],
      [locationSnapshot('L1', 'Outlet One'), locationSnapshot('L2', 'Outlet Two')],
    );
    transport = new InProcessTransport();
    consumer = new EventConsumer(fixture.dataSource, 'inventory', transport, {
      maxAttempts: 3,
      sweepIntervalMs: 60_000,
    });
    new PostingRequestHandler(consumer, fixture.sut).onModuleInit();
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await transport?.close();
    await fixture?.close();
  });

  it('keeps balance = movements = layers and posts every document once', async () => {
    const direct = (request: StockPostingRequest) =>
      retryOnConflict(
        () =>
          inTransaction(fixture.dataSource, (manager) => fixture.sut.post(manager, request, { id: 'u', name: 'U' })),
        { attempts: 8 },
      );
    const viaEvent = async (
      subject: (typeof StockPostingSubjects)[keyof typeof StockPostingSubjects],
      request: StockPostingRequest,
    ) => {
      const envelope = postingEnvelope(subject, request);
      // The same envelope twice (a redelivery) and a copy under a new id (the producer posting the revision
      // again), all at once: the inbox stops the first, only the ledger's idempotency stops the second.
      const copy = { ...envelope, id: randomUUID(), sequence: 2 };
      await Promise.allSettled([transport.publish(envelope), transport.publish(envelope), transport.publish(copy)]);
    };
    const outcome = await ledgerWorkload({
      posters: 20,
      postingsPerPoster: 8,
      seed: 20261126,
      direct,
      viaEvent,
      openBatches: (itemId, locationId) =>
        fixture.dataSource.query(
          `SELECT batch_id, remaining_quantity::text AS remaining_quantity FROM stock_batch
            WHERE item_type = 'sku' AND item_id = $1 AND location_id = $2 AND remaining_quantity > 0 ORDER BY seq`,
          [itemId, locationId],
        ),
      isRefusal: (error) => error instanceof AppException,
    });
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.posted).toBeGreaterThan(40);
    expect(outcome.refused).toBeGreaterThan(0);

    await expectLedgerConsistent(fixture, outcome.eventDocuments);
  });
});
