import type { EventEnvelope, Subject } from '@scm/contracts';
import { producerOf } from '@scm/contracts';

/** Receives one event; throwing means "not handled": the transport redelivers it later, with backoff. */
export type DeliverEvent = (event: EventEnvelope) => Promise<void>;

/**
 * How events leave a producer's outbox and reach consumers: in-process (embedded mode) or NATS JetStream
 * (distributed mode). Delivery is at least once; consumers make the effect exactly once with their inbox.
 */
export interface EventTransport {
  /** Resolved = durable (JetStream ack) or delivered to every in-process subscriber. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Starts delivering `subjects` to `consumer` (a service name). One call per consumer and transport. */
  subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void>;
  /**
   * Re-delivers the whole history of `subjects` to `consumer` (rebuilding a replica from nothing). The
   * caller clears its inbox and replica first. In-process: resolves once the history was delivered; NATS:
   * resolves once the durable consumer was reset, delivery follows asynchronously.
   */
  replay(consumer: string, subjects: readonly Subject[]): Promise<void>;
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
