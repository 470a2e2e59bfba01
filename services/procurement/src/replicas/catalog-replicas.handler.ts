import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { LocationReplicaRepository } from './location-replica.repository.js';
import { RatesReplicaRepository } from './rates-replica.repository.js';
import { SkuReplicaRepository } from './sku-replica.repository.js';
import { SupplierReplicaRepository } from './supplier-replica.repository.js';

/**
 * Keeps procurement's catalog replicas (suppliers, SKUs with their units, prices and default suppliers,
 * locations, GST rates, exchange rates) in step with catalog's events. Each handler runs in the consumer's
 * transaction with its inbox row, so a redelivery changes nothing.
 */
@Injectable()
export class CatalogReplicasHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly rates: RatesReplicaRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(CatalogSubjects.SupplierUpserted, (event, manager) => this.suppliers.upsert(manager, event.data));
    this.events.on(CatalogSubjects.SupplierDeleted, (event, manager) =>
      this.suppliers.markDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.SkuUpserted, (event, manager) => this.skus.upsert(manager, event.data));
    this.events.on(CatalogSubjects.SkuDeleted, (event, manager) => this.skus.markDeleted(manager, event.data));
    this.events.on(CatalogSubjects.LocationUpserted, (event, manager) => this.locations.upsert(manager, event.data));
    this.events.on(CatalogSubjects.LocationDeleted, (event, manager) =>
      this.locations.markDeleted(manager, event.data),
    );
    this.events.on(CatalogSubjects.SettingsUpdated, (event, manager) => this.rates.upsertSettings(manager, event.data));
    this.events.on(CatalogSubjects.ExchangeRateUpserted, (event, manager) =>
      this.rates.upsertExchangeRate(manager, event.data),
    );
    this.events.on(CatalogSubjects.ExchangeRateDeleted, (event, manager) =>
      this.rates.markExchangeRateDeleted(manager, event.data),
    );
  }

  /**
   * Rebuilds these replicas from nothing by replaying catalog's retained history, atomically (the replicas stay
   * as they were if anything fails). Other handlers of the consumer see their events again: each is idempotent.
   */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.clear(manager));
  }

  private async clear(manager: EntityManager): Promise<void> {
    await this.suppliers.clear(manager);
    await this.skus.clear(manager);
    await this.locations.clear(manager);
    await this.rates.clear(manager);
  }
}
