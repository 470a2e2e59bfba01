import type { EventEnvelope, Subject } from '@scm/contracts';
import { createLogger } from '../logging/logger.js';
import type { DeliverEvent, EventTransport } from './event-transport.js';
import { subjectsByProducer } from './event-transport.js';

/** A producer's whole history of some subjects, in id order (its outbox rows, sent or not). */
export type EventHistorySource = (subjects: readonly Subject[]) => AsyncIterable<EventEnvelope>;

interface Subscription {
  consumer: string;
  subjects: ReadonlySet<string>;
  deliver: DeliverEvent;
}

const log = createLogger('events.in-process');

/**
 * Embedded mode: one instance per process, shared by every service hosted in it. `publish` hands the event
 * to each matching subscriber and resolves only when all of them succeeded; if one threw it rejects, so the
 * relay keeps the outbox row and retries it later, and the subscribers that had succeeded skip the repeat
 * through their inbox. Subscribers registered after an event was sent do not get it: they read `history`.
 */
export class InProcessTransport implements EventTransport {
  private readonly subscriptions: Subscription[] = [];
  private readonly histories = new Map<string, EventHistorySource>();
  private closed = false;

  /** Called by a producer's relay; returns the function that unregisters it. */
  registerHistory(producer: string, source: EventHistorySource): () => void {
    this.histories.set(producer, source);
    return () => {
      if (this.histories.get(producer) === source) this.histories.delete(producer);
    };
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    const failures: unknown[] = [];
    for (const subscription of this.subscriptions) {
      if (!subscription.subjects.has(envelope.subject)) continue;
      try {
        await subscription.deliver(copy(envelope));
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1)
      throw new AggregateError(failures, `${failures.length} consumers failed ${envelope.subject} ${envelope.id}`);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async by the interface; nothing to wait for here
  async subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void> {
    this.assertOpen();
    if (this.subscriptions.some((s) => s.consumer === consumer))
      throw new Error(`${consumer} is already subscribed to this transport`);
    this.subscriptions.push({ consumer, subjects: new Set(subjects), deliver });
  }

  async *history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope> {
    this.assertOpen();
    for (const [producer, producerSubjects] of subjectsByProducer(subjects)) {
      const history = this.histories.get(producer);
      // Embedded mode hosts every service in this process: a producer without a relay here is not part of this
      // build (catalog listens for procurement's usage before procurement exists), so it has nothing to replay.
      if (!history) {
        log.debug({ producer }, 'no relay of this producer in the process: no history');
        continue;
      }
      for await (const envelope of history(producerSubjects as Subject[])) yield copy(envelope);
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- async by the interface; nothing to wait for here
  async close(): Promise<void> {
    this.closed = true;
    this.subscriptions.length = 0;
    this.histories.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessTransport is closed');
  }
}

/** Each subscriber gets its own copy shaped as it would arrive over the wire (JSON), never a shared object. */
function copy(envelope: EventEnvelope): EventEnvelope {
  return JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
}
