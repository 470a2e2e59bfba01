import { Inject, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { DataSource, EntitySchema, MigrationInterface } from 'typeorm';
import { CreateAttachmentTable1763800000500 } from '../database/attachment-table.migration.js';
import { CreateDocumentKitTables1795650000000 } from '../database/document-kit-tables.migration.js';
import { EventGuarantees1795640000000 } from '../database/event-guarantees.migration.js';
import { CreatePlatformTables1763800000000 } from '../database/platform-tables.migration.js';
import { openServiceDataSource } from '../database/data-source.js';
import type { ServiceDataSourceOptions } from '../database/data-source.js';
import { deadLetterController } from '../events/dead-letter.controller.js';
import { EventConsumer } from '../events/event-consumer.js';
import { registerEventMetrics } from '../events/event-metrics.js';
import { EventPublisher } from '../events/event-publisher.js';
import { pruneEventTables } from '../events/event-retention.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { scheduleRecurringJob } from '../jobs/recurring-job.js';
import { createLogger } from '../logging/logger.js';
import { IdempotencyInterceptor } from '../http/idempotency.interceptor.js';
import { RUNTIME } from './runtime.module.js';
import type { Runtime } from './runtime.js';
import { DATA_SOURCE, SERVICE_NAME } from './tokens.js';

export interface ServicePlatformOptions {
  /** The service's name: its schema, its event producer name and its consumer name. */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: (Function | EntitySchema)[];
  migrations: (new () => MigrationInterface)[];
}

/** Retention runs this often; each run deletes what is past EVENT_RETENTION_DAYS. */
const RETENTION_EVERY_MS = 3_600_000;
const log = createLogger('events.retention');

/**
 * Subscribes the consumer once every handler has registered (handlers register in onModuleInit) and hands
 * the relay to the runtime, which starts all relays only after every consumer of the process subscribed:
 * in embedded mode an event published before its consumers listen would be marked sent and never arrive.
 * Also schedules the retention of the service's event tables and reports them at /metrics.
 */
class ServiceLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stopRetention?: () => void;
  private unregisterMetrics?: () => void;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly relay: OutboxRelay,
    private readonly consumer: EventConsumer,
  ) {}

  onModuleInit(): void {
    this.unregisterMetrics = registerEventMetrics(this.service, this.dataSource);
    this.stopRetention = scheduleRecurringJob(this.runtime.jobs, {
      queue: `${this.service}-housekeeping`,
      name: `${this.service}-event-retention`,
      everyMs: RETENTION_EVERY_MS,
      firstRunMs: 60_000,
      run: async () => {
        const pruned = await pruneEventTables(this.dataSource, this.runtime.config.events.retentionDays);
        log.info({ service: this.service, pruned }, 'event tables pruned');
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
    this.runtime.addRelay(this.relay);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopRetention?.();
    this.unregisterMetrics?.();
    await this.consumer.stop();
    // The relay polls this service's outbox: stopped before its data source closes, or its next pass logs a
    // "Driver not Connected" error at every shutdown (the runtime's own stop of it later does nothing more).
    await this.relay.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * What each service module imports once: its own DataSource (own schema, migrations run at start), its event
 * publisher, outbox relay and consumer, and the idempotency interceptor bound to its schema. Two services in
 * one process (embedded mode) each get their own instances.
 */
@Module({})
export class ServicePlatformModule {
  /** The module created for each service name, for that service's feature modules to import (see `of`). */
  private static readonly byService = new Map<string, DynamicModule>();
  /** Each declared service's schema and its whole migration list (the platform's tables around its own). */
  private static readonly schemas = new Map<string, Omit<ServiceDataSourceOptions, 'url'>>();

  static forService(options: ServicePlatformOptions): DynamicModule {
    const schema: Omit<ServiceDataSourceOptions, 'url'> = {
      schema: options.name,
      entities: options.entities,
      migrations: [
        CreatePlatformTables1763800000000,
        CreateAttachmentTable1763800000500,
        CreateDocumentKitTables1795650000000,
        ...options.migrations,
        EventGuarantees1795640000000,
      ],
    };
    ServicePlatformModule.schemas.set(options.name, schema);
    const module: DynamicModule = {
      module: ServicePlatformModule,
      controllers: [deadLetterController(options.name)],
      providers: [
        { provide: SERVICE_NAME, useValue: options.name },
        {
          provide: DATA_SOURCE,
          inject: [RUNTIME],
          useFactory: async (runtime: Runtime) => {
            const dataSource = await openServiceDataSource({ url: runtime.databaseUrl, ...schema });
            runtime.healthChecks.set(`db:${options.name}`, async () => {
              await dataSource.query('SELECT 1');
            });
            return dataSource;
          },
        },
        { provide: EventPublisher, useFactory: () => new EventPublisher(options.name) },
        {
          provide: OutboxRelay,
          inject: [DATA_SOURCE, RUNTIME],
          useFactory: (dataSource: DataSource, runtime: Runtime) =>
            new OutboxRelay(dataSource, options.name, runtime.transport),
        },
        {
          provide: EventConsumer,
          inject: [DATA_SOURCE, RUNTIME],
          useFactory: (dataSource: DataSource, runtime: Runtime) =>
            new EventConsumer(dataSource, options.name, runtime.transport, {
              maxAttempts: runtime.config.events.maxAttempts,
            }),
        },
        IdempotencyInterceptor,
        ServiceLifecycle,
      ],
      exports: [SERVICE_NAME, DATA_SOURCE, EventPublisher, EventConsumer, OutboxRelay, IdempotencyInterceptor],
    };
    ServicePlatformModule.byService.set(options.name, module);
    return module;
  }

  /**
   * Brings the schema of every service declared so far (importing a service's module declares it) up to date on
   * `url` and closes again, starting nothing else: `npm run migrate`, and the test run's migrated template
   * database. Returns the schemas, in declaration order.
   */
  static async migrateAll(url: string): Promise<string[]> {
    for (const schema of ServicePlatformModule.schemas.values()) {
      const dataSource = await openServiceDataSource({ url, ...schema, poolSize: 1 });
      await dataSource.destroy();
    }
    return [...ServicePlatformModule.schemas.keys()];
  }

  /**
   * The very module `forService` created for `name`, so that a reusable feature module mounted by that service
   * (AttachmentsModule) can import it and share the service's DataSource: Nest keeps one instance of a
   * dynamic module imported twice. Call it after `forService` (list the platform module first in `imports`).
   */
  static of(name: string): DynamicModule {
    const module = ServicePlatformModule.byService.get(name);
    if (!module) {
      throw new Error(
        `No ServicePlatformModule for service "${name}": import ServicePlatformModule.forService({ name: '${name}', ... }) before the modules that need it`,
      );
    }
    return module;
  }
}
