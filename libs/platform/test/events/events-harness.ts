/**
 * Shared set-up of the event scenarios: a producer (`catalog`) and a consuming service (`inventory`) each on
 * its own schema of a fresh database, the transports to run against (in-process always, NATS when NATS_URL
 * is set), and a uom replica whose handlers record every effect so duplicates would show.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { EventEnvelope, Subject, UomSnapshot } from '@scm/contracts';
import { createTestDatabase, expectEventually } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { openServiceDataSource } from '../../src/database/data-source.js';
import { IDEMPOTENCY_TABLE_DOWN, IDEMPOTENCY_TABLE_UP } from '../../src/http/idempotency.interceptor.js';
import {
  EVENT_GUARANTEES_DOWN,
  EVENT_GUARANTEES_UP,
  EVENT_TABLES_DOWN,
  EVENT_TABLES_UP,
  EventConsumer,
  EventPublisher,
  InProcessTransport,
  NatsTransport,
  OutboxRelay,
} from '../../src/events/index.js';
import type { DeliverEvent, EventTransport, OutboxRelayOptions } from '../../src/events/index.js';

export const PRODUCER = 'catalog';
const CONSUMING_SERVICE = 'inventory';

export interface TransportKind {
  name: string;
  connect(namespace: string): Promise<EventTransport>;
  /** Removes what a suite left on the server. */
  cleanup(namespace: string): Promise<void>;
}

/** In-process always; NATS only when NATS_URL is set (silently left out otherwise). */
export function transportKinds(): TransportKind[] {
  const kinds: TransportKind[] = [
    { name: 'in-process', connect: () => Promise.resolve(new InProcessTransport()), cleanup: () => Promise.resolve() },
  ];
  const url = process.env.NATS_URL;
  if (url) {
    kinds.push({
      name: 'NATS',
      // Each suite gets its own namespace: its own streams and subjects, so runs never collide.
      connect: (namespace) =>
        NatsTransport.connect({
          url,
          namespace,
          name: `test-${namespace}`,
          streamMaxBytes: Number(process.env.EVENT_STREAM_MAX_BYTES ?? 8 * 1024 ** 2),
        }),
      cleanup: async (namespace) => {
        const nc = await connect({ servers: url });
        try {
          const jsm = await jetstreamManager(nc);
          const prefix = `SCM_${namespace.toUpperCase()}_`;
          for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) await jsm.streams.delete(name);
        } finally {
          await nc.close();
        }
      },
    });
  }
  return kinds;
}

class EventTables1700000000000 implements MigrationInterface {
  name = 'EventTables1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [...EVENT_TABLES_UP, ...EVENT_GUARANTEES_UP, ...IDEMPOTENCY_TABLE_UP])
      await queryRunner.query(sql);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of [...IDEMPOTENCY_TABLE_DOWN, ...EVENT_GUARANTEES_DOWN, ...EVENT_TABLES_DOWN])
      await queryRunner.query(sql);
  }
}

/** The consuming service's replica; every handler run also leaves a row in uom_effects. */
class UomReplica1700000000001 implements MigrationInterface {
  name = 'UomReplica1700000000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE uom_replica (consumer text, uom_id uuid, uom_name text NOT NULL, revision int NOT NULL,
      PRIMARY KEY (consumer, uom_id))`);
    await queryRunner.query(
      'CREATE TABLE uom_effects (consumer text NOT NULL, event_id uuid NOT NULL, uom_id uuid NOT NULL)',
    );
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE uom_effects');
    await queryRunner.query('DROP TABLE uom_replica');
  }
}

export function uom(overrides: Partial<UomSnapshot> = {}): UomSnapshot {
  return {
    uom_id: randomUUID(),
    uom_name: 'Box',
    secondary_uom: 'pcs',
    uom_per_primary: '12',
    status: 'active',
    revision: 1,
    last_updated_time: new Date().toISOString(),
    ...overrides,
  };
}

export interface ReplicaRow {
  uom_id: string;
  uom_name: string;
  revision: number;
}

export interface OutboxState {
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
}

export interface ConsumerOptions {
  /** Runs inside the handler's transaction after its effect was written (throw to fail the handler). */
  afterEffect?: (event: EventEnvelope) => void | Promise<void>;
  /** The consumer's name; a new one by default. Reuse a name to restart "the same service". */
  name?: string;
  /** Which subjects it handles (both by default): a restart with more subjects is a handler added later. */
  subjects?: ('catalog.uom.upserted' | 'catalog.uom.deleted')[];
  maxAttempts?: number;
  /** Treat the uom subjects as deltas (strict per-aggregate order) instead of snapshots. */
  delta?: boolean;
}

/** One database and one NATS namespace for a describe block. */
export class EventsSuite {
  private readonly transports: EventTransport[] = [];
  private readonly relays: OutboxRelay[] = [];
  private readonly consumers: EventConsumer[] = [];
  private consumerCount = 0;
  readonly publisher = new EventPublisher(PRODUCER);

  private constructor(
    readonly kind: TransportKind,
    private readonly database: TestDatabase,
    readonly namespace: string,
    readonly catalog: DataSource,
    readonly inventory: DataSource,
  ) {}

  static async open(kind: TransportKind): Promise<EventsSuite> {
    const database = await createTestDatabase('scm_events');
    const open = (schema: string, migrations: (new () => MigrationInterface)[]) =>
      openServiceDataSource({ url: database.url, schema, entities: [], migrations });
    const catalog = await open(PRODUCER, [EventTables1700000000000]);
    const inventory = await open(CONSUMING_SERVICE, [EventTables1700000000000, UomReplica1700000000001]);
    return new EventsSuite(kind, database, `t${randomBytes(4).toString('hex')}`, catalog, inventory);
  }

  /** A transport closed by endTest(). */
  async transport(): Promise<EventTransport> {
    const transport = await this.kind.connect(this.namespace);
    this.transports.push(transport);
    return transport;
  }

  /** A relay of the catalog schema (not started), stopped by endTest(). */
  relay(transport: EventTransport, options?: OutboxRelayOptions): OutboxRelay {
    const relay = new OutboxRelay(this.catalog, PRODUCER, transport, options);
    this.relays.push(relay);
    return relay;
  }

  /** A started consumer keeping a uom replica, under a name of its own (its rows are keyed by it). */
  async consumer(
    transport: EventTransport,
    options: ConsumerOptions = {},
  ): Promise<{ name: string; consumer: EventConsumer }> {
    const name = options.name ?? `inventory_${++this.consumerCount}`;
    const subjects = options.subjects ?? ['catalog.uom.upserted', 'catalog.uom.deleted'];
    const consumer = new EventConsumer(this.inventory, name, transport, {
      maxAttempts: options.maxAttempts,
      sweepIntervalMs: 200,
      ...(options.delta ? { ordering: () => 'delta' as const } : {}),
    });
    this.consumers.push(consumer);
    const effect = async (event: EventEnvelope, manager: EntityManager, uomId: string) => {
      await manager.query('INSERT INTO uom_effects (consumer, event_id, uom_id) VALUES ($1, $2, $3)', [
        name,
        event.id,
        uomId,
      ]);
      await options.afterEffect?.(event);
    };
    if (subjects.includes('catalog.uom.upserted'))
      consumer.on('catalog.uom.upserted', async (event, manager) => {
        const u = event.data;
        await manager.query(
          `INSERT INTO uom_replica (consumer, uom_id, uom_name, revision) VALUES ($1, $2, $3, $4)
         ON CONFLICT (consumer, uom_id) DO UPDATE SET uom_name = excluded.uom_name, revision = excluded.revision
         WHERE uom_replica.revision < excluded.revision`,
          [name, u.uom_id, u.uom_name, u.revision],
        );
        await effect(event, manager, u.uom_id);
      });
    if (subjects.includes('catalog.uom.deleted'))
      consumer.on('catalog.uom.deleted', async (event, manager) => {
        await manager.query('DELETE FROM uom_replica WHERE consumer = $1 AND uom_id = $2 AND revision < $3', [
          name,
          event.data.uom_id,
          event.data.revision,
        ]);
        await effect(event, manager, event.data.uom_id);
      });
    await consumer.start();
    return { name, consumer };
  }

  /** Commits an upsert event in catalog's outbox (what the catalog service does with its own change). */
  async publishUom(
    snapshot: UomSnapshot,
    beforeCommit?: (event: EventEnvelope) => void,
  ): Promise<EventEnvelope<'catalog.uom.upserted'>> {
    return this.catalog.transaction(async (manager) => {
      const event = await this.publisher.publish(manager, 'catalog.uom.upserted', snapshot);
      beforeCommit?.(event);
      return event;
    });
  }

  async publishDeleted(uomId: string, revision: number): Promise<EventEnvelope<'catalog.uom.deleted'>> {
    return this.catalog.transaction((manager) =>
      this.publisher.publish(manager, 'catalog.uom.deleted', { uom_id: uomId, revision }),
    );
  }

  async replica(consumer: string): Promise<ReplicaRow[]> {
    return this.inventory.query(
      'SELECT uom_id, uom_name, revision FROM uom_replica WHERE consumer = $1 ORDER BY uom_id',
      [consumer],
    );
  }

  async effects(consumer: string, uomId?: string): Promise<number> {
    const [row] = await this.inventory.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM uom_effects WHERE consumer = $1 AND ($2::uuid IS NULL OR uom_id = $2::uuid)',
      [consumer, uomId ?? null],
    );
    return row.n;
  }

  async inboxCount(consumer: string, eventId?: string): Promise<number> {
    const [row] = await this.inventory.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND ($2::uuid IS NULL OR event_id = $2::uuid)',
      [consumer, eventId ?? null],
    );
    return row.n;
  }

  async outboxRow(
    eventId: string,
  ): Promise<{ sent_at: Date | null; attempts: number; last_error: string | null } | undefined> {
    const [row] = await this.catalog.query<OutboxState[]>(
      'SELECT sent_at, attempts, last_error FROM outbox WHERE id = $1',
      [eventId],
    );
    return row;
  }

  /** Stops this test's relays and closes its transports (the suite's database stays). */
  async endTest(): Promise<void> {
    for (const consumer of this.consumers.splice(0)) await consumer.stop();
    for (const relay of this.relays.splice(0)) await relay.stop();
    for (const transport of this.transports.splice(0)) await transport.close();
  }

  async close(): Promise<void> {
    await this.endTest();
    await this.catalog.destroy();
    await this.inventory.destroy();
    await this.database.drop();
    await this.kind.cleanup(this.namespace);
  }
}

/** Delegates to a real transport; each test double overrides one part of it. */
export class TransportDecorator implements EventTransport {
  constructor(protected readonly inner: EventTransport) {}
  publish(envelope: EventEnvelope): Promise<void> {
    return this.inner.publish(envelope);
  }
  subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void> {
    return this.inner.subscribe(consumer, subjects, deliver);
  }
  history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope> {
    return this.inner.history(subjects);
  }
  async close(): Promise<void> {
    // the inner transport belongs to the suite, which closes it
  }
}

/** Per test and hook: retries with backoff take a few seconds; expectations wait up to 10 s. */
export const TIMEOUT = 30_000;

/**
 * Waits until `assertion` stops throwing (an `expect(...)`); expectEventually from @scm/testing also wants a
 * truthy result, which `expect` does not return.
 */
export function eventually(assertion: () => unknown): Promise<true> {
  return expectEventually(async () => {
    await assertion();
    return true as const;
  });
}

/**
 * The scenarios of `body` over every available transport (in-process always, NATS when NATS_URL is set), each
 * transport with its own database and suite; `suite()` is that suite once opened.
 */
export function describeOverEachTransport(body: (suite: () => EventsSuite) => void): void {
  describe.each(transportKinds())('over the $name transport', (kind) => {
    let opened: EventsSuite;
    beforeAll(async () => {
      opened = await EventsSuite.open(kind);
    }, TIMEOUT);
    afterEach(() => opened.endTest());
    afterAll(() => opened.close());
    body(() => opened);
  });
}
