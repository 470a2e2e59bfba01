import { Inject, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntitySchema, MigrationInterface } from 'typeorm';
import { CreateAttachmentTable1763800000500 } from '../database/attachment-table.migration.js';
import { CreatePlatformTables1763800000000 } from '../database/platform-tables.migration.js';
import { openServiceDataSource } from '../database/data-source.js';
import { EventConsumer } from '../events/event-consumer.js';
import { EventPublisher } from '../events/event-publisher.js';
import { OutboxRelay } from '../events/outbox-relay.js';
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

/**
 * Subscribes the consumer once every handler has registered (handlers register in onModuleInit) and hands
 * the relay to the runtime, which starts all relays only after every consumer of the process subscribed:
 * in embedded mode an event published before its consumers listen would be marked sent and never arrive.
 */
class ServiceLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly relay: OutboxRelay,
    private readonly consumer: EventConsumer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.start();
    this.runtime.addRelay(this.relay);
  }

  async onApplicationShutdown(): Promise<void> {
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

  static forService(options: ServicePlatformOptions): DynamicModule {
    const module: DynamicModule = {
      module: ServicePlatformModule,
      providers: [
        { provide: SERVICE_NAME, useValue: options.name },
        {
          provide: DATA_SOURCE,
          inject: [RUNTIME],
          useFactory: async (runtime: Runtime) => {
            const dataSource = await openServiceDataSource({
              url: runtime.databaseUrl,
              schema: options.name,
              entities: options.entities,
              migrations: [
                CreatePlatformTables1763800000000,
                CreateAttachmentTable1763800000500,
                ...options.migrations,
              ],
            });
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
            new EventConsumer(dataSource, options.name, runtime.transport),
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
