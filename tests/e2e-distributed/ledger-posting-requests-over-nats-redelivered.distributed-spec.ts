import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { expectEventually } from '@scm/testing';
import { AppException, EventPublisher, NatsTransport, inTransaction, retryOnConflict } from '@scm/platform';
import { DataSource } from 'typeorm';
import { InventorySettingsService } from '../../services/inventory/src/ledger/inventory-settings.service.js';
import { StockLedger } from '../../services/inventory/src/ledger/stock-ledger.js';
import { ItemReplicaRepository } from '../../services/inventory/src/replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../../services/inventory/src/replicas/location-replica.repository.js';
import { seedLedgerCatalog } from '../../services/inventory/test/ledger/ledger-catalog-seed.js';
import {
  expectLedgerConsistent,
  ledgerWorkload,
  postingEnvelope,
} from '../../services/inventory/test/ledger/ledger-workload.js';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The ledger in the distributed topology (one process per service, real PostgreSQL, NATS JetStream, Redis).
 * Other services' posting requests reach the inventory process over NATS: each envelope is published twice
 * (JetStream drops the repeat by message id) and once more as a copy under a new id, which only the ledger's own
 * idempotency on (document type, id, revision) stops; refused ones are redelivered until parked. Meanwhile 20
 * posters post directly into the same ledger from this process (a second inventory replica, as its documents
 * would). Afterwards, for every (item, location): on hand = Σ movements = Σ remaining layers, value = Σ movement
 * values = Σ remaining × cost, and every document was posted once.
 */
describe('stock ledger in distributed mode: posting requests over NATS with redelivery', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let inventoryDb: DataSource;
  let nats: NatsTransport;
  let ledger: StockLedger;

  beforeAll(async () => {
    stack = await startDistributedStack('ledger', {
      // A refused posting request (an issue beyond the stock) is redelivered, then parked: quickly, here.
      EVENT_MAX_ATTEMPTS: '3',
    });
    agent = await stack.signedInAgent();

    inventoryDb = new DataSource({
      type: 'postgres',
      url: stack.database.url,
      schema: 'inventory',
      poolSize: 12,
      extra: { options: '-c search_path=inventory' },
    });
    await inventoryDb.initialize();
    ledger = new StockLedger(
      new ItemReplicaRepository(),
      new LocationReplicaRepository(),
      new InventorySettingsService(inventoryDb),
      new EventPublisher('inventory'),
    );
    nats = await NatsTransport.connect({
      url: process.env.NATS_URL!,
      namespace: stack.env.NATS_NAMESPACE,
      name: 'ledger-distributed-test',
      streamMaxBytes: Number(process.env.EVENT_STREAM_MAX_BYTES ?? 8 * 1024 ** 2),
    });
  }, 180_000);

  afterAll(async () => {
    await nats?.close();
    await inventoryDb?.destroy();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  it("replicates catalog's SKUs and locations into the inventory process over NATS", async () => {
    await seedLedgerCatalog(async (route, body) => {
      const response = await agent.post(route).send(body as object);
      if (response.status !== 201)
        throw new Error(`POST ${route}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data as Record<string, string>;
    });
    await expectEventually(
      async () => {
        const [counts] = await inventoryDb.query<{ items: number; locations: number }[]>(
          `SELECT (SELECT count(*) FROM item_replica WHERE NOT deleted)::int AS items,
                  (SELECT count(*) FROM location_replica WHERE NOT deleted)::int AS locations`,
        );
        expect(counts).toEqual({ items: 3, locations: 2 });
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  }, 90_000);

  it('posts every document once and keeps balance = movements = layers', async () => {
    const outcome = await ledgerWorkload({
      posters: 20,
      postingsPerPoster: 6,
      seed: 1126,
      direct: (posting) =>
        retryOnConflict(
          () => inTransaction(inventoryDb, (manager) => ledger.post(manager, posting, { id: null, name: 'dist' })),
          { attempts: 8 },
        ),
      viaEvent: async (subject, posting) => {
        const envelope = postingEnvelope(subject, posting);
        // The same message twice (JetStream de-duplicates by id) and a copy under a new id (the producer posting
        // the revision again): only the ledger's idempotency stops that one.
        await nats.publish(envelope);
        await nats.publish(envelope);
        await nats.publish({ ...envelope, id: randomUUID(), sequence: 2 });
      },
      openBatches: (itemId, locationId) =>
        inventoryDb.query(
          `SELECT batch_id, remaining_quantity::text AS remaining_quantity FROM stock_batch
            WHERE item_type = 'sku' AND item_id = $1 AND location_id = $2 AND remaining_quantity > 0 ORDER BY seq`,
          [itemId, locationId],
        ),
      isRefusal: (error) => error instanceof AppException,
    });
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.eventDocuments.length).toBeGreaterThan(10);

    // Quiet: the inventory process has acknowledged every posting request (applied, skipped or parked).
    const nc = await connect({ servers: process.env.NATS_URL! });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = nats.streamName('procurement');
      await expectEventually(
        async () => {
          const info = await jsm.consumers.info(stream, 'inventory');
          expect({ pending: info.num_pending, unacknowledged: info.num_ack_pending }).toEqual({
            pending: 0,
            unacknowledged: 0,
          });
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      );
      // JetStream kept one message per distinct id: the original and the copy of each request, not the repeat.
      expect((await jsm.streams.info(stream)).state.messages).toBe(outcome.eventDocuments.length * 2);
    } finally {
      await nc.close();
    }

    await expectLedgerConsistent({ dataSource: inventoryDb }, outcome.eventDocuments);
  }, 240_000);
});
