import type { EventEnvelope, Subject } from '@scm/contracts';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { createLogger } from '../logging/logger.js';
import { OUTBOX_CHANNEL } from './event-publisher.js';
import type { EventTransport } from './event-transport.js';
import { backoffMs } from './event-transport.js';
import { InProcessTransport } from './in-process-transport.js';

export interface OutboxRelayOptions {
  /** Rows claimed (and locked) per transaction. */
  batchSize?: number;
  /** Safety net besides LISTEN: finds rows whose notification was missed (crash, lost connection) and retries. */
  pollIntervalMs?: number;
  /** Delay after a failed publish: base × 2^(attempts-1), capped. */
  retryBaseMs?: number;
  retryCapMs?: number;
}

interface OutboxRow {
  id: string;
  envelope: EventEnvelope;
  attempts: number;
}

const HISTORY_PAGE = 500;

/**
 * Publishes a service's outbox rows through the transport and marks them sent. Several relays (replicas) may
 * run on one schema: each claims rows with FOR UPDATE SKIP LOCKED, so a row is published by one relay at a
 * time. A crash after publishing but before marking sends the row again later: delivery is at least once,
 * JetStream de-duplicates by message id and consumers by their inbox.
 */
export class OutboxRelay {
  private readonly log = createLogger('events.relay');
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retryBaseMs: number;
  private readonly retryCapMs: number;
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
  }

  /** Listens for commits, polls, and publishes what is already due (rows left by a previous crash). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const [row] = await this.dataSource.query<{ schema: string }[]>('SELECT current_schema() AS schema');
    this.schema = row?.schema;
    if (this.transport instanceof InProcessTransport) {
      this.unregisterHistory = this.transport.registerHistory(this.producer, (subjects) => this.history(subjects));
    }
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

  /** The producer's whole history of `subjects` in id order, sent or not: the source of in-process replays. */
  async *history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.dataSource.query<{ id: string; envelope: EventEnvelope }[]>(
        'SELECT id, envelope FROM outbox WHERE subject = ANY($1) AND id > $2 ORDER BY id LIMIT $3',
        [subjects, after, HISTORY_PAGE],
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

  /**
   * Claims due rows in id order, publishes them one by one and records the outcome, all in one transaction
   * whose row locks keep other relays off these rows meanwhile. Returns the number of rows claimed.
   */
  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const rows = await manager.query<OutboxRow[]>(
        `SELECT id, envelope, attempts FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at <= clock_timestamp()
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const sent: string[] = [];
      for (const row of rows) {
        try {
          await this.transport.publish(row.envelope);
          sent.push(row.id);
        } catch (error) {
          // Go on with the next rows: one undeliverable event must not hold back the others.
          const attempts = row.attempts + 1;
          const delay = backoffMs(attempts, this.retryBaseMs, this.retryCapMs);
          this.log.warn(
            { err: error, eventId: row.id, subject: row.envelope.subject, attempts, retryInMs: delay },
            'publish failed',
          );
          await manager.query(
            `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = clock_timestamp() + $4 * interval '1 millisecond' WHERE id = $1`,
            [row.id, attempts, errorText(error), delay],
          );
        }
      }
      if (sent.length > 0)
        await manager.query(
          'UPDATE outbox SET sent_at = clock_timestamp(), last_error = NULL WHERE id = ANY($1::uuid[])',
          [sent],
        );
      return rows.length;
    });
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

function errorText(error: unknown): string {
  if (error instanceof AggregateError) return `${error.message}: ${error.errors.map(errorText).join('; ')}`;
  return error instanceof Error ? error.message : String(error);
}
