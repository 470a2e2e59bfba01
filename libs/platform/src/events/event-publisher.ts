import type { EventEnvelope, EventPayload, Subject } from '@scm/contracts';
import { aggregateOf, EVENT_SCHEMAS, producerOf } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { currentContext } from '../logging/request-context.js';
import type { EventSchemaMap } from './event-validation.js';
import { validatePayload } from './event-validation.js';

/** The NOTIFY channel the relays listen on; the payload is the schema, since channels are database-wide. */
export const OUTBOX_CHANNEL = 'outbox';

/**
 * Writes a service's events into its outbox, inside the caller's transaction, so the event exists if and only
 * if the state change committed (docs/architecture.md, "Events"). The relay publishes it after the commit.
 */
export class EventPublisher {
  constructor(
    private readonly producer: string,
    private readonly schemas: EventSchemaMap = EVENT_SCHEMAS,
  ) {}

  /** `manager` must be the one of the transaction that makes the state change (`dataSource.transaction(m => ...)`). */
  async publish<S extends Subject>(
    manager: EntityManager,
    subject: S,
    data: EventPayload<S>,
  ): Promise<EventEnvelope<S>> {
    if (producerOf(subject) !== this.producer)
      throw new Error(`${this.producer} cannot publish ${subject}: subjects belong to their first segment's service`);
    // Validate before anything is written: a wrong payload is a bug of the caller, and throwing rolls back its
    // transaction.
    const payload = validatePayload(this.schemas, subject, data) as EventPayload<S>;
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(
        `EventPublisher.publish(${subject}) needs the EntityManager of an open transaction (the outbox row must commit with the change)`,
      );
    }
    const context = currentContext();
    const aggregate = aggregateOf(subject, payload);
    // The next number of the aggregate's sequence: the upsert locks the aggregate's row until this transaction
    // ends, so two publishers of one aggregate are serialised and the sequence has neither gaps nor repeats.
    const [next] = await manager.query<{ last_sequence: string }[]>(
      `INSERT INTO outbox_sequence (aggregate, last_sequence) VALUES ($1, 1)
       ON CONFLICT (aggregate) DO UPDATE SET last_sequence = outbox_sequence.last_sequence + 1
       RETURNING last_sequence`,
      [aggregate],
    );
    const envelope: EventEnvelope<S> = {
      id: uuidv7(),
      subject,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      actor: context?.actor ?? null,
      correlationId: context?.correlationId ?? null,
      causationId: context?.causationId ?? null,
      aggregate,
      sequence: Number(next.last_sequence),
      data: payload,
    };
    await manager.query('INSERT INTO outbox (id, subject, envelope, aggregate, sequence) VALUES ($1, $2, $3, $4, $5)', [
      envelope.id,
      subject,
      JSON.stringify(envelope),
      aggregate,
      envelope.sequence,
    ]);
    // Delivered by PostgreSQL at commit (and dropped on rollback): wakes the relays at once instead of at
    // their next poll. Repeated identical notifications in one transaction are folded into one.
    await manager.query('SELECT pg_notify($1, current_schema())', [OUTBOX_CHANNEL]);
    return envelope;
  }
}
