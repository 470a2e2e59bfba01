import type { DeadLetterView, EventEnvelope, EventOrdering, Subject } from '@scm/contracts';
import { EVENT_SCHEMAS, isSubject, orderingOf, subjectsToReceive } from '@scm/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { startUnitOfWork, joinUnitOfWork } from '../database/unit-of-work.js';
import { returnedRows } from '../database/returned-rows.js';
import { createLogger } from '../logging/logger.js';
import { runInContext } from '../logging/request-context.js';
import type { EventTransport } from './event-transport.js';
import type { EventSchemaMap } from './event-validation.js';
import { InvalidEventError, validateEnvelope } from './event-validation.js';

export type EventHandler<S extends Subject> = (event: EventEnvelope<S>, manager: EntityManager) => Promise<void>;

export interface EventConsumerOptions {
  schemas?: EventSchemaMap;
  /** Failed attempts after which an event is parked as a dead letter (EVENT_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** How often parked 'waiting' events whose predecessor has since been applied are retried. */
  sweepIntervalMs?: number;
  /** Each subject's ordering; EVENT_AGGREGATES' (tests give a snapshot subject delta ordering). */
  ordering?: (subject: Subject) => EventOrdering;
}

/**
 * What became of one delivery:
 * - applied: the handler ran and committed with the inbox row;
 * - duplicate: this consumer had applied the event before (inbox);
 * - stale: a newer event of its aggregate was applied already (an older snapshot, a repeated delta);
 * - waiting: a delta after a gap in its aggregate's sequence, parked until the missing one is applied.
 */
export type DeliveryOutcome = 'applied' | 'duplicate' | 'stale' | 'waiting';

/**
 * - live: from the transport; a delta must follow its predecessor.
 * - history: a backfill or rebuild reading the producer's retained history from its start; the first event of
 *   an aggregate may be past sequence 1 (older ones were pruned).
 * - forced: the director replays a parked event; it is applied even after a gap.
 */
type Mode = 'live' | 'history' | 'forced';

/** A parked event, as the director's error log lists it: the contract the web app reads too. */
export type DeadLetter = DeadLetterView;

interface DeadLetterRow extends Omit<DeadLetter, 'sequence' | 'occurred_at'> {
  sequence: string | null;
  envelope: EventEnvelope;
  parked_at: string;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_SWEEP_INTERVAL_MS = 5_000;

/**
 * A service's event handlers, with the guarantees of docs/architecture.md ("Events"):
 * - Exactly-once effect: the event id goes into the service's `inbox` in the same transaction as the handler's
 *   effect, and that transaction is the unit of work that service code called by the handler joins
 *   (`inTransaction`), so a redelivery finds the inbox row and is skipped.
 * - Ordered per aggregate: the consumer keeps the last sequence it applied per aggregate; an older snapshot is
 *   skipped, a delta after a gap is parked ('waiting') and applied as soon as the missing one is.
 * - Bounded: a handler that failed `maxAttempts` times parks its event ('failed') with the error, and the
 *   transport moves on; the director replays it from the error log.
 * - New handlers see history: subjects added since the last start are backfilled from the producer's history
 *   in one transaction, and recorded only once it committed.
 */
export class EventConsumer {
  private readonly log = createLogger('events.consumer');
  private readonly handlers = new Map<string, EventHandler<Subject>>();
  private readonly schemas: EventSchemaMap;
  private readonly maxAttempts: number;
  private readonly sweepIntervalMs: number;
  private readonly ordering: (subject: Subject) => EventOrdering;
  private started = false;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly consumer: string,
    private readonly transport: EventTransport,
    options: EventConsumerOptions = {},
  ) {
    this.schemas = options.schemas ?? EVENT_SCHEMAS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    this.ordering = options.ordering ?? orderingOf;
  }

  get name(): string {
    return this.consumer;
  }

  /** Registers the handler of a subject (one per subject), before start(). */
  on<S extends Subject>(subject: S, handler: EventHandler<S>): void {
    if (this.started) throw new Error(`${this.consumer}: register handlers before start()`);
    if (this.handlers.has(subject)) throw new Error(`${this.consumer} already handles ${subject}`);
    this.handlers.set(subject, handler as unknown as EventHandler<Subject>);
  }

  /**
   * Adds a handler to a subject whether or not another part of the service already handles it (e.g. the
   * activity log of identity's user events beside the user replica): the handlers run in registration order,
   * in the delivery's one transaction, so the event is applied by all or none. `on` stays the strict default.
   */
  alsoOn<S extends Subject>(subject: S, handler: EventHandler<S>): void {
    const before = this.handlers.get(subject);
    if (!before) {
      this.on(subject, handler);
      return;
    }
    if (this.started) throw new Error(`${this.consumer}: register handlers before start()`);
    const added = handler as unknown as EventHandler<Subject>;
    this.handlers.set(subject, async (event, manager) => {
      await before(event, manager);
      await added(event, manager);
    });
  }

  /**
   * Subscribes to every subject it must receive, then backfills the subjects it did not receive before (a
   * handler added since the last start) from the producers' history. Subscribing first means nothing published
   * meanwhile is missed; what arrives twice is skipped by the inbox and the aggregate positions.
   */
  async start(): Promise<void> {
    if (this.started) return;
    // A service that consumes nothing (yet) simply does not subscribe.
    if (this.handlers.size === 0) return;
    this.started = true;
    const subjects = this.subjects();
    await this.transport.subscribe(this.consumer, subjects, (event) => this.deliver(event));
    await this.backfill(subjects);
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    return this.sweeping ?? Promise.resolve();
  }

  /**
   * Rebuilds this service's replica from nothing, atomically: in one transaction, forgets what it applied, runs
   * `clear` (which empties the replica) and applies the producers' whole retained history. If anything fails,
   * the transaction rolls back and the replica is as it was. The durable subscription is left alone (other
   * replicas keep consuming), and live events applied meanwhile wait on the positions' row locks.
   */
  async rebuild(clear: (manager: EntityManager) => Promise<void>): Promise<void> {
    if (!this.started) throw new Error(`${this.consumer}: start() before rebuild()`);
    await startUnitOfWork(this.dataSource, async (manager) => {
      // Positions first: a live delivery locks its position before its inbox row, so this order cannot deadlock.
      await manager.query('DELETE FROM consumer_position WHERE consumer = $1', [this.consumer]);
      await manager.query('DELETE FROM inbox WHERE consumer = $1', [this.consumer]);
      await manager.query(`DELETE FROM dead_letter WHERE consumer = $1 AND reason = 'waiting'`, [this.consumer]);
      await clear(manager);
      await this.applyHistory(manager, this.subjects());
    });
    await this.sweep();
  }

  /** The events this consumer parked, oldest first. */
  async deadLetters(): Promise<DeadLetter[]> {
    const rows = await this.dataSource.query<DeadLetterRow[]>(
      `SELECT id, consumer, event_id, subject, aggregate, sequence, reason, attempts, last_error, parked_at, envelope
         FROM dead_letter WHERE consumer = $1 ORDER BY parked_at, id`,
      [this.consumer],
    );
    return rows.map(toDeadLetter);
  }

  /**
   * Applies a parked event again (the director's replay): a failed one gets a fresh try, a waiting one is applied
   * even though its predecessor never came. Returns the outcome, or throws the handler's error (the event stays
   * parked with that error).
   */
  async replay(deadLetterId: string): Promise<DeliveryOutcome | undefined> {
    const [row] = await this.dataSource.query<DeadLetterRow[]>(
      'SELECT id, envelope, reason FROM dead_letter WHERE consumer = $1 AND id = $2',
      [this.consumer, deadLetterId],
    );
    if (!row) return undefined;
    let event: EventEnvelope;
    let outcome: DeliveryOutcome;
    try {
      // Inside the try: an event its subject's schema still refuses fails the replay like a handler error does.
      event = this.validate(row.envelope);
      outcome = await this.applyLive(event, 'forced');
    } catch (error) {
      await this.dataSource.query(
        `UPDATE dead_letter SET reason = 'failed', attempts = attempts + 1, last_error = $3 WHERE consumer = $1 AND id = $2`,
        [this.consumer, deadLetterId, errorText(error)],
      );
      throw error;
    }
    // Whatever the outcome, the event is no longer parked (a stale or duplicate one needs nothing more).
    await this.dataSource.query('DELETE FROM dead_letter WHERE consumer = $1 AND id = $2', [
      this.consumer,
      deadLetterId,
    ]);
    if (outcome === 'applied' && event.aggregate) await this.drainWaiting(event.aggregate);
    return outcome;
  }

  /** Drops a parked event for good (the director decided it must not be applied). */
  async discard(deadLetterId: string): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await this.dataSource.query('DELETE FROM dead_letter WHERE consumer = $1 AND id = $2 RETURNING id', [
        this.consumer,
        deadLetterId,
      ]),
    );
    return rows.length > 0;
  }

  private subjects(): Subject[] {
    return subjectsToReceive([...this.handlers.keys()] as Subject[], this.ordering);
  }

  /** Applies the history of the subjects not received before, and records them once that committed. */
  private async backfill(subjects: readonly Subject[]): Promise<void> {
    const known = new Set(
      (
        await this.dataSource.query<{ subject: string }[]>(
          'SELECT subject FROM consumer_subscription WHERE consumer = $1',
          [this.consumer],
        )
      ).map((row) => row.subject),
    );
    const added = subjects.filter((subject) => !known.has(subject));
    if (added.length === 0) return;
    this.log.info({ consumer: this.consumer, subjects: added }, 'backfilling newly handled subjects from history');
    await startUnitOfWork(this.dataSource, async (manager) => {
      await this.applyHistory(manager, added);
      await manager.query(
        `INSERT INTO consumer_subscription (consumer, subject) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [this.consumer, added],
      );
    });
  }

  /**
   * Applies the producers' history of `subjects` inside `manager`'s transaction, each event under a savepoint:
   * one that fails is parked as a dead letter (in the same transaction) and the others are still applied.
   */
  private async applyHistory(manager: EntityManager, subjects: readonly Subject[]): Promise<void> {
    for await (const raw of this.transport.history(subjects)) {
      let event: EventEnvelope;
      try {
        event = this.validate(raw);
      } catch (error) {
        await this.park(manager, raw, 'failed', 0, errorText(error));
        continue;
      }
      await manager.query('SAVEPOINT history_event');
      try {
        await this.apply(manager, event, 'history');
        await manager.query('RELEASE SAVEPOINT history_event');
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT history_event');
        this.log.error({ err: error, consumer: this.consumer, eventId: event.id }, 'history event failed; parked');
        await this.park(manager, event, 'failed', 1, errorText(error));
      }
    }
  }

  /** From the transport. Resolving acknowledges the delivery; throwing has it redelivered later. */
  private async deliver(raw: unknown): Promise<void> {
    let event: EventEnvelope;
    try {
      event = this.validate(raw);
    } catch (error) {
      // No retry can make it valid; parked, so that a consumer upgraded to its schema can apply it on replay.
      this.log.error(
        { err: error, consumer: this.consumer, eventId: (raw as { id?: unknown })?.id },
        'malformed event not applied; parked',
      );
      if (hasEventId(raw)) await this.park(this.dataSource.manager, raw, 'failed', 1, errorText(error));
      return;
    }
    let outcome: DeliveryOutcome;
    try {
      outcome = await this.applyLive(event, 'live');
    } catch (error) {
      if (await this.recordFailure(event, error)) return;
      throw error;
    }
    if (outcome === 'applied' && event.aggregate) await this.drainWaiting(event.aggregate);
  }

  private validate(raw: unknown): EventEnvelope {
    return validateEnvelope(this.schemas, raw);
  }

  /** One delivery in a transaction of its own, in the event's context (actor, correlation). */
  private applyLive(event: EventEnvelope, mode: Mode): Promise<DeliveryOutcome> {
    return runInContext(
      { correlationId: event.correlationId ?? undefined, actor: event.actor, causationId: event.id },
      () => startUnitOfWork(this.dataSource, (manager) => this.apply(manager, event, mode)),
    );
  }

  /** The heart of a delivery, inside `manager`'s transaction. */
  private async apply(manager: EntityManager, event: EventEnvelope, mode: Mode): Promise<DeliveryOutcome> {
    const { aggregate, sequence } = event;
    if (aggregate !== null && sequence !== null) {
      // The position row serialises deliveries of one aggregate (two replicas, a rebuild and a live event).
      await manager.query(
        'INSERT INTO consumer_position (consumer, aggregate, last_sequence) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING',
        [this.consumer, aggregate],
      );
      const [position] = await manager.query<{ last_sequence: string }[]>(
        'SELECT last_sequence FROM consumer_position WHERE consumer = $1 AND aggregate = $2 FOR UPDATE',
        [this.consumer, aggregate],
      );
      const last = Number(position.last_sequence);
      if (sequence <= last) {
        await this.forget(manager, event.id);
        return 'stale';
      }
      const inOrder = sequence === last + 1 || (mode === 'history' && last === 0) || mode === 'forced';
      if (isSubject(event.subject) && this.ordering(event.subject) === 'delta' && !inOrder) {
        await this.park(manager, event, 'waiting', 0, `waiting for sequence ${last + 1} of ${aggregate}`);
        return 'waiting';
      }
    }
    const inserted = await manager.query<unknown[]>(
      'INSERT INTO inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
      [this.consumer, event.id, event.subject],
    );
    if (inserted.length === 0) {
      await this.forget(manager, event.id);
      return 'duplicate';
    }
    if (aggregate !== null && sequence !== null) {
      await manager.query('UPDATE consumer_position SET last_sequence = $3 WHERE consumer = $1 AND aggregate = $2', [
        this.consumer,
        aggregate,
        sequence,
      ]);
    }
    // A subject received only to keep a delta aggregate's sequence whole has no handler: it just advances.
    const handler = this.handlers.get(event.subject);
    if (handler) await joinUnitOfWork(manager, () => handler(event, manager));
    await this.forget(manager, event.id);
    return 'applied';
  }

  /** The event is settled: its failure count and any parked copy go. */
  private async forget(manager: EntityManager, eventId: string): Promise<void> {
    await manager.query('DELETE FROM event_failure WHERE consumer = $1 AND event_id = $2', [this.consumer, eventId]);
    await manager.query('DELETE FROM dead_letter WHERE consumer = $1 AND event_id = $2', [this.consumer, eventId]);
  }

  /**
   * Counts a failed attempt (outside the rolled-back handler transaction). Returns true when the event has now
   * failed `maxAttempts` times and was parked: the caller then acknowledges it so the events behind it flow.
   */
  private async recordFailure(event: EventEnvelope, error: unknown): Promise<boolean> {
    const message = errorText(error);
    return startUnitOfWork(this.dataSource, async (manager) => {
      const [row] = await manager.query<{ attempts: number }[]>(
        `INSERT INTO event_failure (consumer, event_id, attempts, last_error) VALUES ($1, $2, 1, $3)
         ON CONFLICT (consumer, event_id) DO UPDATE
           SET attempts = event_failure.attempts + 1, last_error = excluded.last_error, updated_at = now()
         RETURNING attempts`,
        [this.consumer, event.id, message],
      );
      if (row.attempts < this.maxAttempts) {
        this.log.warn(
          { err: error, consumer: this.consumer, eventId: event.id, subject: event.subject, attempt: row.attempts },
          'event not handled, will be retried',
        );
        return false;
      }
      this.log.error(
        { err: error, consumer: this.consumer, eventId: event.id, subject: event.subject, attempts: row.attempts },
        'event failed too often; parked as a dead letter',
      );
      await this.park(manager, event, 'failed', row.attempts, message);
      await manager.query('DELETE FROM event_failure WHERE consumer = $1 AND event_id = $2', [this.consumer, event.id]);
      return true;
    });
  }

  private async park(
    manager: EntityManager,
    event: EventEnvelope | { id: string; subject?: unknown },
    reason: 'failed' | 'waiting',
    attempts: number,
    lastError: string,
  ): Promise<void> {
    const envelope = event as Partial<EventEnvelope>;
    await manager.query(
      `INSERT INTO dead_letter (consumer, event_id, subject, aggregate, sequence, envelope, reason, attempts, last_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (consumer, event_id) DO UPDATE
         SET reason = excluded.reason, attempts = excluded.attempts, last_error = excluded.last_error`,
      [
        this.consumer,
        envelope.id,
        typeof envelope.subject === 'string' ? envelope.subject : '(unknown)',
        envelope.aggregate ?? null,
        envelope.sequence ?? null,
        JSON.stringify(event),
        reason,
        attempts,
        lastError,
      ],
    );
  }

  /** Applies, in sequence, the parked deltas of `aggregate` that its position now allows. */
  private async drainWaiting(aggregate: string): Promise<void> {
    for (;;) {
      const [next] = await this.dataSource.query<{ envelope: EventEnvelope }[]>(
        `SELECT d.envelope FROM dead_letter d
           JOIN consumer_position p ON p.consumer = d.consumer AND p.aggregate = d.aggregate
          WHERE d.consumer = $1 AND d.aggregate = $2 AND d.reason = 'waiting' AND d.sequence <= p.last_sequence + 1
          ORDER BY d.sequence LIMIT 1`,
        [this.consumer, aggregate],
      );
      if (!next) return;
      const event = this.validate(next.envelope);
      try {
        const outcome = await this.applyLive(event, 'live');
        if (outcome === 'waiting') return;
      } catch (error) {
        // Counted like any delivery; once it has failed too often it is parked as 'failed' and stops the drain
        // (the deltas behind it keep waiting for it).
        if (!(await this.recordFailure(event, error))) return;
        return;
      }
    }
  }

  /** Retries the waiting deltas whose predecessor was applied (after a crash, or by another replica). */
  private sweep(): Promise<void> {
    this.sweeping ??= (async () => {
      try {
        const rows = await this.dataSource.query<{ aggregate: string }[]>(
          `SELECT DISTINCT d.aggregate FROM dead_letter d
             JOIN consumer_position p ON p.consumer = d.consumer AND p.aggregate = d.aggregate
            WHERE d.consumer = $1 AND d.reason = 'waiting' AND d.sequence <= p.last_sequence + 1`,
          [this.consumer],
        );
        for (const row of rows) await this.drainWaiting(row.aggregate);
      } catch (error) {
        this.log.warn({ err: error, consumer: this.consumer }, 'sweep of waiting events failed; retrying later');
      } finally {
        this.sweeping = undefined;
      }
    })();
    return this.sweeping;
  }
}

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    event_id: row.event_id,
    subject: row.subject,
    aggregate: row.aggregate,
    sequence: row.sequence === null ? null : Number(row.sequence),
    reason: row.reason,
    attempts: row.attempts,
    last_error: row.last_error,
    parked_at: new Date(row.parked_at).toISOString(),
    occurred_at: typeof row.envelope?.occurredAt === 'string' ? row.envelope.occurredAt : null,
  };
}

function hasEventId(raw: unknown): raw is { id: string } {
  const id = (raw as { id?: unknown })?.id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
}

export function errorText(error: unknown): string {
  if (error instanceof AggregateError) return `${error.message}: ${error.errors.map(errorText).join('; ')}`;
  if (error instanceof InvalidEventError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
