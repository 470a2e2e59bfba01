import type { EventEnvelope, Subject } from '@scm/contracts';
import { EVENT_SCHEMAS } from '@scm/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { createLogger } from '../logging/logger.js';
import { runInContext } from '../logging/request-context.js';
import type { EventTransport } from './event-transport.js';
import type { EventSchemaMap } from './event-validation.js';
import { InvalidEventError, validateEnvelope } from './event-validation.js';

export type EventHandler<S extends Subject> = (event: EventEnvelope<S>, manager: EntityManager) => Promise<void>;

/**
 * A service's event handlers. Each delivery is applied at most once per consuming service: the event id goes
 * into the service's `inbox` in the same transaction as the handler's effect, so a redelivery (at-least-once
 * transport, relay re-send, replay) finds it there and is acknowledged without running the handler again.
 */
export class EventConsumer {
  private readonly log = createLogger('events.consumer');
  private readonly handlers = new Map<string, EventHandler<Subject>>();
  private started = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly consumer: string,
    private readonly transport: EventTransport,
    private readonly schemas: EventSchemaMap = EVENT_SCHEMAS,
  ) {}

  /** Registers the handler of a subject (one per subject), before start(). */
  on<S extends Subject>(subject: S, handler: EventHandler<S>): void {
    if (this.started) throw new Error(`${this.consumer}: register handlers before start()`);
    if (this.handlers.has(subject)) throw new Error(`${this.consumer} already handles ${subject}`);
    this.handlers.set(subject, handler as unknown as EventHandler<Subject>);
  }

  /** Subscribes to every subject that has a handler. */
  async start(): Promise<void> {
    if (this.started) return;
    // A service that consumes nothing (yet) simply does not subscribe.
    if (this.handlers.size === 0) return;
    this.started = true;
    await this.transport.subscribe(this.consumer, this.subjects(), (event) => this.deliver(event));
  }

  /**
   * Rebuilds this service's replica from nothing: forgets every event it applied and runs `clear` (which
   * empties the replica) in one transaction, then has the transport deliver the whole history again.
   */
  async rebuild(clear: (manager: EntityManager) => Promise<void>): Promise<void> {
    if (!this.started) throw new Error(`${this.consumer}: start() before rebuild()`);
    await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM inbox WHERE consumer = $1', [this.consumer]);
      await clear(manager);
    });
    await this.transport.replay(this.consumer, this.subjects());
  }

  private subjects(): Subject[] {
    return [...this.handlers.keys()] as Subject[];
  }

  /** Resolving acknowledges the delivery; throwing has it redelivered later. */
  private async deliver(raw: unknown): Promise<void> {
    let event: EventEnvelope;
    try {
      event = validateEnvelope(this.schemas, raw);
    } catch (error) {
      // Not applied. Rethrown, so it stays pending: a consumer built against an older schema applies it once
      // upgraded instead of losing it. Our own publishers validate, so this means a contract mismatch.
      if (error instanceof InvalidEventError)
        this.log.error(
          { err: error, consumer: this.consumer, eventId: (raw as { id?: unknown })?.id },
          'malformed event not applied',
        );
      throw error;
    }
    const handler = this.handlers.get(event.subject);
    if (!handler) return; // not ours (a transport filtering coarsely): nothing to do, acknowledge
    await runInContext(
      { correlationId: event.correlationId ?? undefined, actor: event.actor, causationId: event.id },
      () =>
        this.dataSource.transaction(async (manager) => {
          // Concurrent deliveries of one event (two replicas) serialise on this key: the second waits for the
          // first to commit, then inserts nothing and skips.
          const inserted = await manager.query<unknown[]>(
            'INSERT INTO inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
            [this.consumer, event.id, event.subject],
          );
          if (inserted.length === 0) return; // already applied
          await handler(event, manager);
        }),
    );
  }
}
