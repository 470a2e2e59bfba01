import { ConfigError } from '../config/config.js';
import type { PlatformConfig } from '../config/config.js';
import { assertDatabaseReachable } from '../database/data-source.js';
import { DataDirUnusableError, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import type { EmbeddedDatabase } from '../database/embedded-postgres.js';
import { InProcessTransport } from '../events/in-process-transport.js';
import { NatsTransport } from '../events/nats-transport.js';
import type { EventTransport } from '../events/event-transport.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createFileStorage } from '../storage/create-file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';
import { loadAuthKeys } from '../auth/keys.js';
import type { AuthKeys } from '../auth/keys.js';
import type { AccessDenialSink, SessionCheck } from '../auth/session-check.js';
import { TokenVerifier } from '../auth/tokens.js';
import { createLogger } from '../logging/logger.js';
import type { OutboxRelay } from '../events/outbox-relay.js';
import path from 'node:path';

const logger = createLogger('runtime');

/** Readiness checks keyed by name (`db:catalog`, `nats`, `redis`, ...). */
export type HealthCheck = () => Promise<void>;

/**
 * The process-wide adapters, chosen from configuration at start-up (docs/architecture.md, "Two modes"). A
 * configured URL that cannot be reached is a start-up error naming the variable; nothing falls back to an embedded
 * default.
 */
export interface Runtime {
  config: PlatformConfig;
  databaseUrl: string;
  mode: 'embedded' | 'distributed';
  transport: EventTransport;
  jobs: JobQueue;
  storage: FileStorage;
  authKeys: AuthKeys;
  verifier: TokenVerifier;
  healthChecks: Map<string, HealthCheck>;
  /**
   * Identity's per-request session check, set by identity when this process hosts it (embedded mode, or
   * identity's own process); the auth guard applies it to every signed-in route. See session-check.ts.
   */
  sessionCheck?: SessionCheck;
  /** Identity's permission-denial reporter when this process hosts identity (the guard reports to it). */
  accessDenials?: AccessDenialSink;
  /** Outbox relays of the hosted services, started together by `startRelays` once every consumer listens. */
  addRelay(relay: OutboxRelay): void;
  /** Starts the job workers and the relays: call once the app is initialised (every handler registered). */
  startBackgroundWork(): Promise<void>;
  /** Stops relays and the transport, so no delivery is under way when the data sources close. */
  stopMessaging(): Promise<void>;
  /** Closes everything still open (jobs, embedded PostgreSQL); call after the Nest app closed. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** identity signs tokens and therefore needs the private key. */
  needsPrivateKey: boolean;
  /** Shown in the NATS server's connection list. */
  processName: string;
}

export async function createRuntime(config: PlatformConfig, options: RuntimeOptions): Promise<Runtime> {
  const closers: (() => Promise<void>)[] = [];
  const healthChecks = new Map<string, HealthCheck>();
  try {
    let databaseUrl = config.databaseUrl;
    let embedded: EmbeddedDatabase | undefined;
    if (databaseUrl) {
      await assertDatabaseReachable(databaseUrl);
    } else {
      embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg')).catch((error: unknown) => {
        throw error instanceof DataDirUnusableError ? new ConfigError('DATA_DIR', error.message) : error;
      });
      databaseUrl = embedded.url;
      closers.push(() => embedded!.stop());
      logger.info('embedded PostgreSQL started');
    }

    let transport: EventTransport;
    if (config.natsUrl) {
      const nats = await NatsTransport.connect({
        url: config.natsUrl,
        namespace: config.natsNamespace,
        name: options.processName,
        streamMaxAgeMs: config.events.streamMaxAgeDays * 86_400_000,
        streamMaxBytes: config.events.streamMaxBytes,
        maxDeliver: Math.max(config.events.maxAttempts * 4, 20),
      });
      transport = nats;
      healthChecks.set('nats', () => nats.check());
    } else {
      transport = new InProcessTransport();
    }

    const relays: OutboxRelay[] = [];
    let messagingStopped = false;
    const stopMessaging = async () => {
      if (messagingStopped) return;
      messagingStopped = true;
      for (const relay of relays) await relay.stop();
      await transport.close();
    };
    closers.unshift(stopMessaging);

    const jobs = createJobQueue(config.redisUrl, config.redisPrefix);
    closers.unshift(() => jobs.close());
    if (config.redisUrl) healthChecks.set('redis', () => jobs.check());

    const storage = createFileStorage(config.s3, config.dataDir);
    await storage.check();
    healthChecks.set('storage', () => storage.check());

    const authKeys = loadAuthKeys(config, options.needsPrivateKey);
    const verifier = await TokenVerifier.fromPem(authKeys.publicKeyPem);

    return {
      config,
      databaseUrl,
      mode: config.natsUrl ? 'distributed' : 'embedded',
      transport,
      jobs,
      storage,
      authKeys,
      verifier,
      healthChecks,
      addRelay: (relay) => relays.push(relay),
      async startBackgroundWork() {
        await jobs.start();
        for (const relay of relays) await relay.start();
      },
      stopMessaging,
      async close() {
        for (const close of closers) {
          try {
            await close();
          } catch (error) {
            logger.warn({ err: error }, 'error while shutting down');
          }
        }
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
