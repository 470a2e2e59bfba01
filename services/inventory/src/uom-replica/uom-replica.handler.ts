import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { UomReplicaRepository } from './uom-replica.repository.js';

/** Keeps the UOM replica in step with catalog's `catalog.uom.*` events. */
@Injectable()
export class UomReplicaHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly replica: UomReplicaRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(CatalogSubjects.UomUpserted, (event, manager) => this.replica.upsert(manager, event.data));
    this.events.on(CatalogSubjects.UomDeleted, (event, manager) => this.replica.markDeleted(manager, event.data));
  }

  /** Rebuilds the replica from nothing by replaying catalog's events. */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.replica.clear(manager));
  }
}
