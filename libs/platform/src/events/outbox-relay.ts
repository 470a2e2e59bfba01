import type { EventEnvelope, Subject } from '@scm/contracts';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { createLogger } from '../logging/logger.js';
import { OUTBOX_CHANNEL } from './event-publisher.js';
import type { EventTransport } from './event-transport.js';
import { backoffMs } from './event-transport.js';
import { errorText } from './event-consumer.js';
import { InProcessTransport } from './in-process-transport.js';

export interface OutboxRelayOptions {
  /** Rows claimed (and locked) per transaction. */
  batchSize?: number;
  /** Safety net besides LISTEN: finds rows whose notification was missed (crash, lost connection) and retries. */
  pollIntervalMs?: number;
  /** Delay after a failed publish: base × 2^(attempts-1), capped. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** How long a claimed row is left to its relay before another may take it (a relay that died mid-publish). */
  leaseMs?: number;
}

interface OutboxRow {
  id: string;
  envelope: EventEnvelope;
  attempts: number;
  aggregate: string | null;
}

const HISTORY_PAGE = 500;

/**
 * Publishes a service's outbox rows through the transport and marks them sent (docs/architecture.md, "Events").
 * Several relays (replicas) may run on one schema. A pass claims due rows — a short transaction that takes them
 * with FOR UPDATE SKIP LOCKED and leases them by moving `next_attempt_at` forward — commits, and only then
 * publishes, so no lock is held across a network call. A crash after publishing but before marking sends the row
 * again once its lease ran out: delivery is at least once, JetStream de-duplicates by message id and consumers
 * by their inbox. Per aggregate the relay keeps publish order: a row is not claimed while an earlier row of its
 * aggregate is leased or backing off, and when a publish fails the batch's later rows of that aggregate are
 * released unpublished (consumers still check the sequence: another relay may have raced).
 */
export class OutboxRelay {
  private readonly log = createLogger('events.relay');
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retryBaseMs: number;
  private readonly retryCapMs: number;
  private readonly leaseMs: number;
  private running = false;
  private schema?: string;
  private listener?: pg.Client;
  private reconnectTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private unregisterHistory?: () => void;
  /** The drain in progress, if any, and whether another pass was asked for while it ran. */
  private draining?: Promise<void>;
  private drainRequested = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: string,
    private readonly transport: EventTransport,
    options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 20;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.retryCapMs = options.retryCapMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.registerHistory();
  }

  /** Listens for commits, polls, and publishes what is already due (rows left by a previous crash). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const [row] = await this.dataSource.query<{ schema: string }[]>('SELECT current_schema() AS schema');
    this.schema = row?.schema;
    this.registerHistory();
    try {
      await this.listen();
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.pollTimer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.pollTimer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.pollTimer);
    clearTimeout(this.reconnectTimer);
    this.unregisterHistory?.();
    this.unregisterHistory = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.draining?.catch(() => undefined);
  }

  /** Publishes everything due now (for tests; works whether or not the relay was started). Rejects on a database error. */
  flush(): Promise<void> {
    this.drainRequested = true;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /**
   * In-process consumers read this producer's history from here (backfill, rebuild). Registered from the start,
   * before any relay runs: consumers backfill when they start, which is before the relays start.
   */
  private registerHistory(): void {
    if (this.unregisterHistory || !(this.transport instanceof InProcessTransport)) return;
    this.unregisterHistory = this.transport.registerHistory(this.producer, (subjects) => this.history(subjects));
  }

  /**
   * The producer's retained history of `subjects` in id order, sent or not, up to the newest row at the call:
   * the source of in-process backfills and rebuilds.
   */
  async *history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope> {
    let after = '00000000-0000-0000-0000-000000000000';
    const [newest] = await this.dataSource.query<{ id: string | null }[]>(
      'SELECT max(id::text)::uuid AS id FROM outbox',
    );
    if (!newest?.id) return;
    for (;;) {
      const rows = await this.dataSource.query<{ id: string; envelope: EventEnvelope }[]>(
        'SELECT id, envelope FROM outbox WHERE subject = ANY($1) AND id > $2 AND id <= $3 ORDER BY id LIMIT $4',
        [subjects, after, newest.id, HISTORY_PAGE],
      );
      for (const row of rows) yield row.envelope;
      if (rows.length < HISTORY_PAGE) return;
      after = rows[rows.length - 1].id;
    }
  }

  private wake(): void {
    if (!this.running) return;
    this.flush().catch((error: unknown) =>
      this.log.error({ err: error, producer: this.producer }, 'outbox relay pass failed; retrying at the next poll'),
    );
  }

  private async drain(): Promise<void> {
    while (this.drainRequested) {
      this.drainRequested = false;
      // A full batch means there may be more due rows.
      while ((await this.publishBatch()) === this.batchSize);
    }
  }

  /** Claims due rows, publishes them in id order and records the outcomes. Returns the number claimed. */
  private async publishBatch(): Promise<number> {
    const rows = await this.claim();
    const sent: string[] = [];
    const held: string[] = [];
    const failedAggregates = new Set<string>();
    for (const row of rows) {
      if (row.aggregate !== null && failedAggregates.has(row.aggregate)) {
        held.push(row.id);
        continue;
      }
      try {
        await this.transport.publish(row.envelope);
        sent.push(row.id);
      } catch (error) {
        // Go on with the other aggregates: one undeliverable event must not hold back the rest.
        if (row.aggregate !== null) failedAggregates.add(row.aggregate);
        await this.recordFailure(row, error);
      }
    }
    if (sent.length > 0)
      await this.dataSource.query(
        'UPDATE outbox SET sent_at = clock_timestamp(), last_error = NULL WHERE id = ANY($1::uuid[])',
        [sent],
      );
    // Released unpublished: due again at once, and claimable as soon as their failed predecessor is sent.
    if (held.length > 0)
      await this.dataSource.query('UPDATE outbox SET next_attempt_at = clock_timestamp() WHERE id = ANY($1::uuid[])', [
        held,
      ]);
    return rows.length;
  }

  /**
   * Takes up to a batch of due rows in id order for this relay: locked while claiming (SKIP LOCKED keeps other
   * relays off them), leased by moving `next_attempt_at` past the lease, committed before any publish. A row
   * whose aggregate has an earlier unsent row that is leased or backing off waits for it.
   */
  private claim(): Promise<OutboxRow[]> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const rows = await manager.query<OutboxRow[]>(
        `SELECT o.id, o.envelope, o.attempts, o.aggregate FROM outbox o
          WHERE o.sent_at IS NULL AND o.next_attempt_at <= clock_timestamp()
            AND (o.aggregate IS NULL OR NOT EXISTS (
              SELECT 1 FROM outbox e
               WHERE e.aggregate = o.aggregate AND e.sent_at IS NULL AND e.id < o.id
                 AND e.next_attempt_at > clock_timestamp()))
          ORDER BY o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length > 0)
        await manager.query(
          `UPDATE outbox SET next_attempt_at = clock_timestamp() + $2 * interval '1 millisecond' WHERE id = ANY($1::uuid[])`,
          [rows.map((row) => row.id), this.leaseMs],
        );
      return rows;
    });
  }

  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = backoffMs(attempts, this.retryBaseMs, this.retryCapMs);
    this.log.warn(
      { err: error, eventId: row.id, subject: row.envelope.subject, attempts, retryInMs: delay },
      'publish failed',
    );
    await this.dataSource.query(
      `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = clock_timestamp() + $4 * interval '1 millisecond' WHERE id = $1`,
      [row.id, attempts, errorText(error), delay],
    );
  }

  /**
   * LISTEN needs a connection of its own for as long as the relay runs, so it is not taken from the pool; it
   * is opened with the pool's own settings. NOTIFY channels are database-wide, hence the schema check.
   */
  private async listen(): Promise<void> {
    const pool = (this.dataSource.driver as unknown as { master?: pg.Pool }).master;
    if (!pool) throw new Error('OutboxRelay needs an initialised PostgreSQL DataSource');
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL && message.payload === this.schema) this.wake();
    });
    client.on('error', (error) => {
      // Polling goes on meanwhile; listen again shortly.
      this.log.warn({ err: error, producer: this.producer }, 'outbox listener connection lost');
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
      this.scheduleListen();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  private scheduleListen(): void {
    if (!this.running) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error, producer: this.producer }, 'outbox listener reconnect failed');
        this.scheduleListen();
      });
    }, this.pollIntervalMs);
    this.reconnectTimer.unref();
  }
}
