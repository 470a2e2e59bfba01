import { z } from 'zod';
import { CATALOG_EVENT_SCHEMAS } from '../catalog/events.js';
import { IDENTITY_EVENT_SCHEMAS } from '../identity/events.js';
import { INVENTORY_EVENT_SCHEMAS } from '../inventory/events.js';
import { PROCUREMENT_EVENT_SCHEMAS } from '../procurement/events.js';
import { CATALOG_USAGE_EVENT_SCHEMAS } from '../usage/catalog-usage.js';

/**
 * Every event schema by subject: one typed map, so publishing or handling a wrong payload fails to compile,
 * and the same schemas validate payloads at run time on publish and on consume.
 */
export const EVENT_SCHEMAS = {
  ...CATALOG_EVENT_SCHEMAS,
  ...IDENTITY_EVENT_SCHEMAS,
  ...CATALOG_USAGE_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...PROCUREMENT_EVENT_SCHEMAS,
} as const;

export type EventSchemas = typeof EVENT_SCHEMAS;
export type Subject = keyof EventSchemas;
export type EventPayload<S extends Subject> = z.infer<EventSchemas[S]>;

/** The envelope of docs/architecture.md, "Events". */
export interface EventEnvelope<S extends Subject = Subject> {
  /** uuid v7: time-ordered, also the JetStream message id used for de-duplication. */
  id: string;
  subject: S;
  version: number;
  occurredAt: string;
  producer: string;
  actor: string | null;
  correlationId: string | null;
  causationId: string | null;
  /**
   * `<service>.<entity>:<key>` (EVENT_AGGREGATES) and the event's place in that aggregate's gap-free sequence,
   * counted from 1 by the producer. Null only in events written before they existed.
   */
  aggregate: string | null;
  sequence: number | null;
  data: EventPayload<S>;
}

export const eventEnvelopeSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    version: z.number().int().positive(),
    occurredAt: z.string(),
    producer: z.string(),
    actor: z.string().nullable(),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
    // Optional on the wire: outbox rows written before aggregates existed are still replayed.
    aggregate: z.string().nullable().default(null),
    sequence: z.number().int().positive().nullable().default(null),
    data: z.unknown(),
  })
  .strict();

export function isSubject(value: string): value is Subject {
  return Object.hasOwn(EVENT_SCHEMAS, value);
}

/** The service that produces a subject: its first segment. */
export function producerOf(subject: string): string {
  return subject.split('.')[0] ?? '';
}
