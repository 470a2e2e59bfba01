import type { ServiceArea } from '@scm/platform';
import { CreateReceivingOrders1795900000300 } from './migrations/1795900000300-CreateReceivingOrders.js';
import { ReceivingOrderController } from './receiving-order.controller.js';
import { ReceivingOrderRepository } from './receiving-order.repository.js';
import { ReceivingOrderService } from './receiving-order.service.js';

/**
 * Receiving orders: the document, its posting request to the ledger and the PO's receipt statuses. The document
 * kit's providers come with the purchase order's area (once per service module).
 */
export const receivingOrderArea: ServiceArea = {
  controllers: [ReceivingOrderController],
  providers: [ReceivingOrderRepository, ReceivingOrderService],
  migrations: [CreateReceivingOrders1795900000300],
};
