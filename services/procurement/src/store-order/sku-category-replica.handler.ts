import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import { EventConsumer, tombstoneReplicaRow, upsertReplicaRow } from '@scm/platform';

/**
 * Procurement's copy of catalog's SKU category names: a store order groups its lines by category, and the SKU
 * replica carries only the category id. Snapshots by revision, deletions as tombstones (replica-rows.ts).
 */
@Injectable()
export class SkuCategoryReplicaHandler implements OnModuleInit {
  constructor(private readonly events: EventConsumer) {}

  onModuleInit(): void {
    this.events.on(CatalogSubjects.SkuCategoryUpserted, async (event, manager) => {
      await upsertReplicaRow(manager, 'sku_category_replica', ['category_id'], {
        category_id: event.data.category_id,
        category_name: event.data.category_name,
        status: event.data.status,
        revision: event.data.revision,
        last_updated_time: event.data.last_updated_time,
      });
    });
    this.events.on(CatalogSubjects.SkuCategoryDeleted, async (event, manager) => {
      await tombstoneReplicaRow(
        manager,
        'sku_category_replica',
        { category_id: event.data.category_id },
        event.data.revision,
      );
    });
  }
}
