import type { Provider, Type } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';

/**
 * One area of the inventory service (replicas, ledger, stock read side, each document type): its controllers,
 * providers and migrations, gathered by InventoryModule. Areas share one module so they share one data source,
 * one event consumer and one outbox.
 */
export interface InventoryArea {
  controllers: Type<unknown>[];
  providers: Provider[];
  migrations: (new () => MigrationInterface)[];
}
