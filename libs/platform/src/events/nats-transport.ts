import type { ConsumerConfig, ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connect, nanos } from '@nats-io/transport-node';
import type { EventEnvelope, Subject } from '@scm/contracts';
import { producerOf } from '@scm/contracts';
import { createLogger } from '../logging/logger.js';
import type { DeliverEvent, EventTransport } from './event-transport.js';
import { backoffMs, subjectsByProducer } from './event-transport.js';

export interface NatsTransportOptions {
  /** NATS_URL, e.g. nats://127.0.0.1:4222 (a comma-separated list is accepted). */
  url: string;
  /** Connection name shown in the server's monitoring, e.g. the process or service name. */
  name?: string;
  /**
   * Isolates environments (or test runs) sharing one server: prefixes stream names (`SCM_<NS>_CATALOG`) and
   * wire subjects (`<ns>.catalog.uom.upserted`). Envelopes always carry the plain subject.
   */
  namespace?: string;
  /** How long the first connection may take before start-up fails. */
  connectTimeoutMs?: number;
  /** Stream retention: messages older than this are dropped (EVENT_STREAM_MAX_AGE_DAYS). */
  streamMaxAgeMs?: number;
  /** Stream retention: the oldest messages are dropped past this size (EVENT_STREAM_MAX_BYTES). */
  streamMaxBytes?: number;
  /**
   * Deliveries of one message before JetStream gives up on it: a backstop only, the consumer parks an event as a
   * dead letter (and acknowledges it) well before, after EVENT_MAX_ATTEMPTS failures.
   */
  maxDeliver?: number;
  /** Messages a durable consumer may have delivered but not yet acknowledged. */
  maxAckPending?: number;
}

type NatsLimits = Required<
  Pick<NatsTransportOptions, 'streamMaxAgeMs' | 'streamMaxBytes' | 'maxDeliver' | 'maxAckPending'>
>;

export const NATS_DEFAULTS: NatsLimits = {
  streamMaxAgeMs: 30 * 24 * 3_600_000,
  streamMaxBytes: 256 * 1024 ** 2,
  maxDeliver: 50,
  maxAckPending: 1_000,
};

/** Messages read per request while reading a stream's history. */
const HISTORY_BATCH = 256;
/** How long one history read waits for messages before concluding there are no more. */
const HISTORY_WAIT_MS = 2_000;

/** Messages pulled ahead per consumer; each is processed in turn (see `handle`). */
const PULL_BATCH = 32;
/** Longer than any handler transaction should take; a message past it is redelivered (the inbox skips it). */
const ACK_WAIT_MS = 60_000;
/** JetStream drops a re-published message id seen within this window (the relay's crash-before-mark case). */
const DUPLICATE_WINDOW_MS = 120_000;

const log = createLogger('events.nats');

interface Subscription {
  stream: string;
  consumer: string;
  subjects: string[];
  deliver: DeliverEvent;
  messages?: ConsumerMessages;
  loop?: Promise<void>;
}

/**
 * Distributed mode: JetStream. One stream per producing service (`SCM_CATALOG` holding `catalog.>`), one
 * durable pull consumer per (consuming service, stream) named after the consuming service, so replicas of a
 * service share it (each message goes to one replica). Streams and consumers are ensured idempotently by
 * whichever side starts first.
 */
export class NatsTransport implements EventTransport {
  private readonly streams = new Map<string, Promise<string>>();
  private readonly subscriptions = new Map<string, Subscription>();
  /** nats-server < 2.10 knows only a single `filter_subject` per consumer. */
  private readonly multiFilter: boolean;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly namespace: string,
    private readonly limits: NatsLimits,
  ) {
    const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
    this.multiFilter = major > 2 || (major === 2 && minor >= 10);
  }

  /** Connects, or fails with an error naming NATS_URL: nothing silently falls back (docs/architecture.md, "Two modes"). */
  static async connect(urlOrOptions: string | NatsTransportOptions): Promise<NatsTransport> {
    const options = typeof urlOrOptions === 'string' ? { url: urlOrOptions } : urlOrOptions;
    const namespace = options.namespace ?? '';
    if (namespace && !/^[a-z0-9_-]+$/i.test(namespace)) throw new Error(`Invalid NATS namespace: ${namespace}`);
    const where = redact(options.url);
    let nc: NatsConnection;
    try {
      // After the first connection succeeded the client reconnects for ever: a NATS restart is an outage,
      // not a crash (the relay retries its outbox rows meanwhile).
      nc = await connect({
        servers: options.url.split(',').map((s) => s.trim()),
        name: options.name,
        timeout: options.connectTimeoutMs ?? 3_000,
        maxReconnectAttempts: -1,
      });
    } catch (error) {
      throw new Error(`Cannot connect to NATS at ${where} (NATS_URL): ${(error as Error).message}`, { cause: error });
    }
    try {
      const jsm = await jetstreamManager(nc); // checks the JetStream API answers
      return new NatsTransport(nc, jetstream(nc), jsm, namespace, {
        streamMaxAgeMs: options.streamMaxAgeMs ?? NATS_DEFAULTS.streamMaxAgeMs,
        streamMaxBytes: options.streamMaxBytes ?? NATS_DEFAULTS.streamMaxBytes,
        maxDeliver: options.maxDeliver ?? NATS_DEFAULTS.maxDeliver,
        maxAckPending: options.maxAckPending ?? NATS_DEFAULTS.maxAckPending,
      });
    } catch (error) {
      await nc.close();
      throw new Error(
        `JetStream is not available on NATS at ${where} (NATS_URL; start nats-server with -js): ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    const stream = await this.ensureStream(producerOf(envelope.subject));
    // msgID = event id: JetStream de-duplicates a re-send within the window; `expect` makes sure the
    // message landed in the producer's stream and not in some other stream that happens to match.
    await this.js.publish(this.wire(envelope.subject), JSON.stringify(envelope), {
      msgID: envelope.id,
      expect: { streamName: stream },
    });
  }

  async subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void> {
    assertName(consumer);
    for (const [producer, producerSubjects] of subjectsByProducer(subjects)) {
      const stream = await this.ensureStream(producer);
      const key = `${stream}/${consumer}`;
      if (this.subscriptions.has(key))
        throw new Error(`${consumer} is already subscribed to ${stream} on this transport`);
      const subscription: Subscription = { stream, consumer, subjects: producerSubjects, deliver };
      await this.ensureConsumer(stream, consumer, producerSubjects);
      await this.startLoop(subscription);
      this.subscriptions.set(key, subscription);
    }
  }

  /**
   * Reads each producer's stream up to its last message at the call through an ordered ephemeral consumer (the
   * server removes it once idle): the durable consumers, shared by the replicas, are never touched.
   */
  async *history(subjects: readonly Subject[]): AsyncIterable<EventEnvelope> {
    for (const [producer, producerSubjects] of subjectsByProducer(subjects)) {
      const stream = await this.ensureStream(producer);
      const { state } = await this.jsm.streams.info(stream);
      if (state.messages === 0) continue;
      const wanted = new Set(producerSubjects.map((s) => this.wire(s)));
      const filter = this.filterConfig([...wanted].sort());
      const reader = await this.js.consumers.get(stream, {
        deliver_policy: DeliverPolicy.All,
        ...(filter.filter_subjects ? { filter_subjects: filter.filter_subjects } : {}),
        ...(filter.filter_subject ? { filter_subjects: filter.filter_subject } : {}),
      });
      let done = false;
      while (!done) {
        const batch = await reader.fetch({ max_messages: HISTORY_BATCH, expires: HISTORY_WAIT_MS });
        let received = 0;
        for await (const message of batch) {
          received += 1;
          if (message.seq > state.last_seq) {
            done = true;
            break;
          }
          if (wanted.has(message.subject)) {
            try {
              yield message.json<EventEnvelope>();
            } catch (error) {
              log.error({ err: error, stream, seq: message.seq }, 'history: skipping a message that is not JSON');
            }
          }
          if (message.seq >= state.last_seq || message.info.pending === 0) {
            done = true;
            break;
          }
        }
        if (received === 0) done = true;
        if (done) await batch.close();
      }
      await reader.delete().catch(() => undefined);
    }
  }

  /** Readiness: the connection is up and JetStream answers. */
  async check(): Promise<void> {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    await this.jsm.getAccountInfo();
  }

  /** Stops pulling (waiting for the message in hand), then drains: pending acks and publishes are flushed. */
  async close(): Promise<void> {
    for (const subscription of this.subscriptions.values()) await this.stopLoop(subscription);
    this.subscriptions.clear();
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  /** Stream name of a producing service, e.g. SCM_CATALOG. */
  streamName(producer: string): string {
    const ns = this.namespace ? `${this.namespace}_` : '';
    return `SCM_${ns}${producer}`.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
  }

  private wire(subject: string): string {
    return this.namespace ? `${this.namespace}.${subject}` : subject;
  }

  private ensureStream(producer: string): Promise<string> {
    const name = this.streamName(producer);
    let ensured = this.streams.get(name);
    if (!ensured) {
      ensured = this.createStream(name, producer);
      // Forget a failure so that the next call tries again (e.g. once NATS is back).
      ensured.catch(() => this.streams.delete(name));
      this.streams.set(name, ensured);
    }
    return ensured;
  }

  private streamLimits(): { max_age: number; max_bytes: number } {
    return { max_age: nanos(this.limits.streamMaxAgeMs), max_bytes: this.limits.streamMaxBytes };
  }

  private async createStream(name: string, producer: string): Promise<string> {
    try {
      const info = await this.jsm.streams.info(name);
      const limits = this.streamLimits();
      // A stream made before the limits (or with other ones) takes the configured limits.
      if (info.config.max_age !== limits.max_age || info.config.max_bytes !== limits.max_bytes)
        await this.jsm.streams.update(name, { ...info.config, ...limits });
      return name;
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
    }
    try {
      await this.jsm.streams.add({
        name,
        subjects: [this.wire(`${producer}.>`)],
        storage: StorageType.File,
        // Keep the history, within bounds: new handlers and rebuilds read it (docs/architecture.md, "Events").
        retention: RetentionPolicy.Limits,
        ...this.streamLimits(),
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      });
    } catch (error) {
      // Created concurrently by another process: fine if it exists now.
      if (!(await this.jsm.streams.info(name).catch(() => undefined))) throw error;
    }
    return name;
  }

  private async ensureConsumer(stream: string, consumer: string, subjects: readonly string[]): Promise<void> {
    const wanted = subjects.map((s) => this.wire(s)).sort();
    const filter = this.filterConfig(wanted);
    const existing = await this.jsm.consumers.info(stream, consumer).catch((error: unknown) => {
      if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return undefined;
      throw error;
    });
    if (!existing) {
      const config: Partial<ConsumerConfig> = {
        durable_name: consumer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // A failing handler is retried with backoff (nak delay) until the consumer parks its event.
        max_deliver: this.limits.maxDeliver,
        max_ack_pending: this.limits.maxAckPending,
        ack_wait: nanos(ACK_WAIT_MS),
        ...filter,
      };
      try {
        await this.jsm.consumers.add(stream, config);
      } catch (error) {
        // Another replica created it in the meantime.
        if (!(await this.jsm.consumers.info(stream, consumer).catch(() => undefined))) throw error;
      }
      return;
    }
    const current = [
      ...(existing.config.filter_subjects ?? (existing.config.filter_subject ? [existing.config.filter_subject] : [])),
    ].sort();
    const same =
      JSON.stringify(current) ===
        JSON.stringify(filter.filter_subjects ?? (filter.filter_subject ? [filter.filter_subject] : [])) &&
      existing.config.max_deliver === this.limits.maxDeliver &&
      existing.config.max_ack_pending === this.limits.maxAckPending;
    if (!same) {
      try {
        await this.jsm.consumers.update(stream, consumer, {
          ...filter,
          max_deliver: this.limits.maxDeliver,
          max_ack_pending: this.limits.maxAckPending,
        });
      } catch (error) {
        throw new Error(
          `Cannot change the subjects of consumer ${consumer} on stream ${stream}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
  }

  /**
   * Server-side filter when the server can express it; otherwise (several subjects on a server < 2.10) the
   * consumer gets the whole stream and `handle` acks what was not subscribed.
   */
  private filterConfig(wanted: string[]): { filter_subjects?: string[]; filter_subject?: string } {
    if (this.multiFilter) return { filter_subjects: wanted };
    return wanted.length === 1 ? { filter_subject: wanted[0] } : {};
  }

  private async startLoop(subscription: Subscription): Promise<void> {
    const consumer = await this.js.consumers.get(subscription.stream, subscription.consumer);
    const messages = await consumer.consume({ max_messages: PULL_BATCH });
    subscription.messages = messages;
    const wanted = new Set(subscription.subjects.map((s) => this.wire(s)));
    subscription.loop = (async () => {
      // One message at a time per consumer and process: keeps the stream order, except for redeliveries.
      for await (const message of messages) await this.handle(message, wanted, subscription.deliver);
    })().catch((error: unknown) =>
      log.error({ err: error, stream: subscription.stream, consumer: subscription.consumer }, 'consumer loop ended'),
    );
  }

  private async stopLoop(subscription: Subscription): Promise<void> {
    await subscription.messages?.close();
    await subscription.loop;
    subscription.messages = undefined;
    subscription.loop = undefined;
  }

  private async handle(message: JsMsg, wanted: ReadonlySet<string>, deliver: DeliverEvent): Promise<void> {
    if (!wanted.has(message.subject)) return message.ack();
    message.working(); // it may have waited in the pull buffer: restart its ack timer before the handler runs
    let envelope: EventEnvelope;
    try {
      envelope = message.json<EventEnvelope>();
    } catch (error) {
      // Not JSON: no redelivery can fix it, and without an id the inbox cannot record it either.
      log.error({ err: error, subject: message.subject, seq: message.seq }, 'dropping a message that is not JSON');
      return message.term('not JSON');
    }
    try {
      await deliver(envelope);
      message.ack();
    } catch (error) {
      const delay = backoffMs(message.info.deliveryCount, 250, 30_000);
      log.warn(
        {
          err: error,
          eventId: envelope.id,
          subject: envelope.subject,
          attempt: message.info.deliveryCount,
          retryInMs: delay,
        },
        'event not handled, will be redelivered',
      );
      message.nak(delay);
    }
  }
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/** Durable names may not contain `.`, `*`, `>` or spaces. */
function assertName(consumer: string): void {
  if (!/^[A-Za-z0-9_-]+$/.test(consumer)) throw new Error(`Invalid consumer name for NATS: ${consumer}`);
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//***@');
}
