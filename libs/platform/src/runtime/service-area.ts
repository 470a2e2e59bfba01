import type { Provider, Type } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';

/**
 * One area of a service (its replicas, its ledger, each document type): its controllers, providers and
 * migrations, gathered by the service's root module. Areas of a service share one module so they share one data
 * source, one event consumer and one outbox; splitting them keeps each area's wiring next to its code.
 */
export interface ServiceArea {
  controllers: Type<unknown>[];
  providers: Provider[];
  migrations: (new () => MigrationInterface)[];
}

/** The controllers, providers and migrations of several areas, for the service's @Module. */
export function gatherAreas(areas: readonly ServiceArea[]): ServiceArea {
  return {
    controllers: areas.flatMap((area) => area.controllers),
    providers: areas.flatMap((area) => area.providers),
    migrations: areas.flatMap((area) => area.migrations),
  };
}
