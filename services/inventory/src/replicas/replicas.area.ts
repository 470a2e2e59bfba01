import type { InventoryArea } from '../inventory-area.js';
import { CatalogReplicasHandler } from './catalog-replicas.handler.js';
import { ItemCategoryReplicaRepository } from './item-category-replica.repository.js';
import { ItemReplicaRepository } from './item-replica.repository.js';
import { LocationReplicaRepository } from './location-replica.repository.js';
import { CreateCatalogReplicas1795700000100 } from './migrations/1795700000100-CreateCatalogReplicas.js';
import { ReplicasController } from './replicas.controller.js';

/** The ledger's replicas of catalog's items, item categories, locations and regions (docs/stock-ledger.md). */
export const replicasArea: InventoryArea = {
  controllers: [ReplicasController],
  providers: [CatalogReplicasHandler, ItemReplicaRepository, ItemCategoryReplicaRepository, LocationReplicaRepository],
  migrations: [CreateCatalogReplicas1795700000100],
};
