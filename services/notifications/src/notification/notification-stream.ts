import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DATA_SOURCE } from '@scm/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/** What a stream tells its user: something new was stored for them (the browser re-reads its page). */
export interface NotificationSignal {
  unread: true;
}

type Listener = (signal: NotificationSignal) => void;

/** A comment line every so often: proxies and the gateway's client see traffic and keep the stream open. */
export const HEARTBEAT_MS = 25_000;

/**
 * The live side of the notification centre (issue 15): `GET /api/notification/stream` is a server-sent event stream
 * per signed-in user, told when a notification for them is stored. This service stores them itself (in both modes),
 * so an in-memory emitter per user is enough; an event is sent once the storing transaction has committed, so the
 * page the browser then reads holds it.
 */
@Injectable()
export class NotificationStream implements OnModuleInit, OnModuleDestroy, EntitySubscriberInterface {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new WeakMap<QueryRunner, Set<string>>();
  private readonly closers = new Set<() => void>();

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  onModuleDestroy(): void {
    for (const close of [...this.closers]) close();
  }

  /** Tells `userIds` of a new notification once `manager`'s transaction commits (at once outside one). */
  notifyAfterCommit(manager: EntityManager, userIds: readonly string[]): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      this.publish(userIds);
      return;
    }
    const waiting = this.pending.get(runner) ?? new Set<string>();
    userIds.forEach((userId) => waiting.add(userId));
    this.pending.set(runner, waiting);
  }

  /** A savepoint's release fires this too: only the outermost commit publishes. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.isTransactionActive) return;
    const waiting = this.pending.get(event.queryRunner);
    this.pending.delete(event.queryRunner);
    if (waiting) this.publish([...waiting]);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }

  /** Listens for `userId`'s signals; answers the unsubscribe. */
  subscribe(userId: string, listener: Listener): () => void {
    const own = this.listeners.get(userId) ?? new Set<Listener>();
    own.add(listener);
    this.listeners.set(userId, own);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(userId) === own) this.listeners.delete(userId);
    };
  }

  /** Serves `userId`'s event stream on `reply` until the client goes away (or the service stops). */
  open(userId: string, request: FastifyRequest, reply: FastifyReply): void {
    void reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // No proxy in between may hold the events back.
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 5000\n\n');
    raw.write('event: ready\ndata: {}\n\n');
    const unsubscribe = this.subscribe(userId, (signal) =>
      raw.write(`event: notification\ndata: ${JSON.stringify(signal)}\n\n`),
    );
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.closers.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    this.closers.add(close);
    request.raw.on('close', close);
  }

  private publish(userIds: readonly string[]): void {
    const signal: NotificationSignal = { unread: true };
    for (const userId of new Set(userIds)) this.listeners.get(userId)?.forEach((listener) => listener(signal));
  }
}
