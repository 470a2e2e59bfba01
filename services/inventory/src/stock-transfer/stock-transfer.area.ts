import type { InventoryArea } from '../inventory-area.js';
import { CreateStockTransfers1795700000320 } from './migrations/1795700000320-CreateStockTransfers.js';
import { AddStockReleases1795700000330 } from './migrations/1795700000330-AddStockReleases.js';
import { StockTransferController } from './stock-transfer.controller.js';
import { StockTransferEventsHandler } from './stock-transfer.handler.js';
import { StockTransferRepository } from './stock-transfer.repository.js';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * Stock transfers and releases (/inventory/stock-release, keys SR and RJ_SR): the document, its ledger legs through
 * the one posting function (docs/stock-ledger.md, "In transit", "Stock releases"), the drafts made from store
 * orders (the customers a release goes to are a catalog replica). The document kit's
 * providers are the stock adjustment area's (once per service module).
 */
export const stockTransferArea: InventoryArea = {
  controllers: [StockTransferController],
  providers: [StockTransferRepository, StockTransferService, StockTransferEventsHandler],
  migrations: [CreateStockTransfers1795700000320, AddStockReleases1795700000330],
};
