import type { InventoryArea } from '../inventory-area.js';
import { CreateStockTransfers1795700000320 } from './migrations/1795700000320-CreateStockTransfers.js';
import { StockTransferController } from './stock-transfer.controller.js';
import { StockTransferEventsHandler } from './stock-transfer.handler.js';
import { StockTransferRepository } from './stock-transfer.repository.js';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * Stock transfers (/inventory/stock-release, key SR): the document, its ledger legs through the one posting
 * function (docs/stock-ledger.md, "In transit") and the drafts made from store orders. The document kit's
 * providers are the stock adjustment area's (once per service module).
 */
export const stockTransferArea: InventoryArea = {
  controllers: [StockTransferController],
  providers: [StockTransferRepository, StockTransferService, StockTransferEventsHandler],
  migrations: [CreateStockTransfers1795700000320],
};
