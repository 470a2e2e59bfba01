import type { InventoryArea } from '../inventory-area.js';
import { DeliveryOrderController } from './delivery-order.controller.js';
import { DeliveryOrderRepository } from './delivery-order.repository.js';
import { DeliveryOrderService } from './delivery-order.service.js';
import { CreateDeliveryOrders1795700000360 } from './migrations/1795700000360-CreateDeliveryOrders.js';

/**
 * Delivery orders (/delivery-order, key DO): the delivery paper of goods a stock release moved, signed for on the
 * page and printed as a PDF. Posts nothing to the ledger. The document kit's providers are the stock adjustment
 * area's (once per service module); the stock transfer's repository is the stock transfer area's.
 */
export const deliveryOrderArea: InventoryArea = {
  controllers: [DeliveryOrderController],
  providers: [DeliveryOrderRepository, DeliveryOrderService],
  migrations: [CreateDeliveryOrders1795700000360],
};
