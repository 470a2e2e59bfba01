import type { ServiceArea } from '@scm/platform';
import { CreateStoreOrders1795900000470 } from './migrations/1795900000470-CreateStoreOrders.js';
import { AddStockPostingValueDate1795900000510 } from './migrations/1795900000510-AddStockPostingValueDate.js';
import { SkuCategoryReplicaHandler } from './sku-category-replica.handler.js';
import { StoreOrderController } from './store-order.controller.js';
import { StoreOrderRepository } from './store-order.repository.js';
import { StoreOrderService } from './store-order.service.js';

/**
 * Store orders: the document, its split into purchase orders (PurchaseOrderService.createDraft) and a transfer
 * request, par levels and the suggestion's reads. On hand and usage come from the return note area's replica of the
 * ledger's postings (one handler of `inventory.stock.posted` per service), so this area comes after it.
 */
export const storeOrderArea: ServiceArea = {
  controllers: [StoreOrderController],
  providers: [StoreOrderRepository, StoreOrderService, SkuCategoryReplicaHandler],
  migrations: [CreateStoreOrders1795900000470, AddStockPostingValueDate1795900000510],
};
