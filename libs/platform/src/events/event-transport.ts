import type { EventEnvelope, Subject } from '@scm/contracts';
import { producerOf } from '@scm/contracts';

/** Receives one event; throwing means "not handled": the transport redelivers it later, with backoff. */
export type DeliverEvent = (event: EventEnvelope) => Promise<void>;

/**
 * How events leave a producer's outbox and reach consumers: in-process (embedded mode) or NATS JetStream
 * (distributed mode). Delivery is at least once; consumers make the effect exactly once with their inbox
 * (docs/architecture.md, "Events").
 */
export interface EventTransport {
  /** Resolved = durable (JetStream ack) or delivered to every in-process subscriber. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Starts delivering `subjects` to `consumer` (a service name). One call per consumer and transport. */
  subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void>;
  /**
   * The producers' retained history of `subjects`, in each producer's publish order, up to what was published
   * when the call was made: what a consumer backfills a new handler or rebuilds a replica from. It reads
   * without touching any consumer's subscription (in-process: the producers' outboxes; NATS: an ordered
   * ephemeral consumer over the streams), so other replicas keep consuming meanwhile.
   */
  history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope>;
  close(): Promise<void>;
}

/** Exponential backoff: base, 2×base, 4×base, ... capped; `attempt` counts from 1. */
export function backoffMs(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}

/** Groups subjects by the service producing them (their first segment), e.g. per JetStream stream. */
export function subjectsByProducer(subjects: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const subject of new Set(subjects)) {
    const producer = producerOf(subject);
    groups.set(producer, [...(groups.get(producer) ?? []), subject]);
  }
  return groups;
}
