import { DOCUMENT_KIT_PROVIDERS } from '@scm/platform';
import type { ServiceArea } from '@scm/platform';
import { CreatePurchaseOrders1795900000200 } from './migrations/1795900000200-CreatePurchaseOrders.js';
import { AddPurchaseOrderStoreOrder1795900000460 } from './migrations/1795900000460-AddPurchaseOrderStoreOrder.js';
import { PurchaseOrderChoicesReader } from './purchase-order-choices.js';
import { PurchaseOrderLinesImport } from './purchase-order-lines-import.js';
import { PurchaseOrderPricer } from './purchase-order-pricing.js';
import { PurchaseOrderController } from './purchase-order.controller.js';
import { PurchaseOrderRepository } from './purchase-order.repository.js';
import { PurchaseOrderService } from './purchase-order.service.js';

/**
 * Purchase orders: the document and its pricing from the catalog replicas. The document kit's providers are
 * listed here, once for the procurement service (its first document; later documents share the module).
 */
export const purchaseOrderArea: ServiceArea = {
  controllers: [PurchaseOrderController],
  providers: [
    ...DOCUMENT_KIT_PROVIDERS,
    PurchaseOrderRepository,
    PurchaseOrderPricer,
    PurchaseOrderChoicesReader,
    PurchaseOrderLinesImport,
    PurchaseOrderService,
  ],
  migrations: [CreatePurchaseOrders1795900000200, AddPurchaseOrderStoreOrder1795900000460],
};
