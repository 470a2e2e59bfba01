import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { CustomerReplicaRepository } from './customer-replica.repository.js';
import { ItemCategoryReplicaRepository } from './item-category-replica.repository.js';
import { ItemReplicaRepository } from './item-replica.repository.js';
import { LocationReplicaRepository } from './location-replica.repository.js';
import { RecipeReplicaRepository } from './recipe-replica.repository.js';

/**
 * Keeps the ledger's replicas (items, item categories, locations, regions, recipes: BOMs and PLUs, customers) in step with catalog's events. Each
 * handler runs in the consumer's transaction with its inbox row, so a redelivery changes nothing.
 */
@Injectable()
export class CatalogReplicasHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly items: ItemReplicaRepository,
    private readonly categories: ItemCategoryReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly recipes: RecipeReplicaRepository,
    private readonly customers: CustomerReplicaRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(CatalogSubjects.SkuUpserted, (event, manager) => this.items.upsertSku(manager, event.data));
    this.events.on(CatalogSubjects.SkuDeleted, (event, manager) => this.items.markSkuDeleted(manager, event.data));
    this.events.on(CatalogSubjects.ProductUpserted, (event, manager) => this.items.upsertProduct(manager, event.data));
    this.events.on(CatalogSubjects.ProductDeleted, (event, manager) =>
      this.items.markProductDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.SkuCategoryUpserted, (event, manager) =>
      this.categories.upsertSkuCategory(manager, event.data),
    );
    this.events.on(CatalogSubjects.SkuCategoryDeleted, (event, manager) =>
      this.categories.markSkuCategoryDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.ItemCategoryUpserted, (event, manager) =>
      this.categories.upsertItemCategory(manager, event.data),
    );
    this.events.on(CatalogSubjects.ItemCategoryDeleted, (event, manager) =>
      this.categories.markItemCategoryDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.LocationUpserted, (event, manager) => this.locations.upsert(manager, event.data));
    this.events.on(CatalogSubjects.LocationDeleted, (event, manager) =>
      this.locations.markDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.RegionUpserted, (event, manager) =>
      this.locations.upsertRegion(manager, event.data),
    );
    this.events.on(CatalogSubjects.RegionDeleted, (event, manager) =>
      this.locations.markRegionDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.SkuBomUpserted, (event, manager) => this.recipes.upsertBom(manager, event.data));
    this.events.on(CatalogSubjects.SkuBomDeleted, (event, manager) => this.recipes.markBomDeleted(manager, event.data));
    this.events.on(CatalogSubjects.PluBomUpserted, (event, manager) => this.recipes.upsertBom(manager, event.data));
    this.events.on(CatalogSubjects.PluBomDeleted, (event, manager) => this.recipes.markBomDeleted(manager, event.data));
    this.events.on(CatalogSubjects.PluUpserted, (event, manager) => this.recipes.upsertPlu(manager, event.data));
    this.events.on(CatalogSubjects.PluDeleted, (event, manager) => this.recipes.markPluDeleted(manager, event.data));
    this.events.on(CatalogSubjects.CustomerUpserted, (event, manager) => this.customers.upsert(manager, event.data));
    this.events.on(CatalogSubjects.CustomerDeleted, (event, manager) =>
      this.customers.markDeleted(manager, event.data),
    );
  }

  /**
   * Rebuilds these replicas from nothing by replaying catalog's retained history, atomically (the replicas stay
   * as they were if anything fails). Other handlers of the consumer see their events again: each is idempotent
   * (revision-guarded replicas; the ledger's postings are a no-op when already posted).
   */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.clear(manager));
  }

  private async clear(manager: EntityManager): Promise<void> {
    await this.items.clear(manager);
    await this.categories.clear(manager);
    await this.locations.clear(manager);
    await this.recipes.clear(manager);
    await this.customers.clear(manager);
  }
}
