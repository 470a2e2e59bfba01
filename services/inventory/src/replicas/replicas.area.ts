import type { InventoryArea } from '../inventory-area.js';
import { CatalogReplicasHandler } from './catalog-replicas.handler.js';
import { CustomerReplicaRepository } from './customer-replica.repository.js';
import { ItemCategoryReplicaRepository } from './item-category-replica.repository.js';
import { ItemReplicaRepository } from './item-replica.repository.js';
import { LocationReplicaRepository } from './location-replica.repository.js';
import { CreateCatalogReplicas1795700000100 } from './migrations/1795700000100-CreateCatalogReplicas.js';
import { CreateRecipeReplicas1795700000150 } from './migrations/1795700000150-CreateRecipeReplicas.js';
import { RecipeReplicaRepository } from './recipe-replica.repository.js';
import { ReplicasController } from './replicas.controller.js';

/**
 * The ledger's replicas of catalog's items, item categories, locations, regions and recipes (docs/stock-ledger.md), and
 * of the customers a stock release goes to.
 */
export const replicasArea: InventoryArea = {
  controllers: [ReplicasController],
  providers: [
    CatalogReplicasHandler,
    ItemReplicaRepository,
    ItemCategoryReplicaRepository,
    LocationReplicaRepository,
    RecipeReplicaRepository,
    CustomerReplicaRepository,
  ],
  migrations: [CreateCatalogReplicas1795700000100, CreateRecipeReplicas1795700000150],
};
