import type { ServiceArea } from '@scm/platform';
import { CatalogReplicasHandler } from './catalog-replicas.handler.js';
import { LocationReplicaRepository } from './location-replica.repository.js';
import { CreateCatalogReplicas1795900000100 } from './migrations/1795900000100-CreateCatalogReplicas.js';
import { AddLocationAddress1795900000110 } from './migrations/1795900000110-AddLocationAddress.js';
import { RatesReplicaRepository } from './rates-replica.repository.js';
import { ReplicasController } from './replicas.controller.js';
import { SkuReplicaRepository } from './sku-replica.repository.js';
import { SupplierPriceReplicaRepository } from './supplier-price-replica.repository.js';
import { SupplierReplicaRepository } from './supplier-replica.repository.js';

/** Procurement's replicas of catalog's suppliers, SKUs, supplier prices, default suppliers, locations and rates. */
export const replicasArea: ServiceArea = {
  controllers: [ReplicasController],
  providers: [
    CatalogReplicasHandler,
    SupplierReplicaRepository,
    SkuReplicaRepository,
    SupplierPriceReplicaRepository,
    LocationReplicaRepository,
    RatesReplicaRepository,
  ],
  migrations: [CreateCatalogReplicas1795900000100, AddLocationAddress1795900000110],
};
