import type { InventoryArea } from '../inventory-area.js';
import { InventorySettingsController } from './inventory-settings.controller.js';
import { InventorySettingsService } from './inventory-settings.service.js';
import { CreateStockLedger1795700000110 } from './migrations/1795700000110-CreateStockLedger.js';
import { AddStockTransit1795700000140 } from './migrations/1795700000140-AddStockTransit.js';
import { PostingRequestHandler } from './posting-request.handler.js';
import { StockLedger } from './stock-ledger.js';

/** The stock ledger: its tables, the one posting function, the period lock and the posting-request handler. */
export const ledgerArea: InventoryArea = {
  controllers: [InventorySettingsController],
  providers: [StockLedger, InventorySettingsService, PostingRequestHandler],
  migrations: [CreateStockLedger1795700000110, AddStockTransit1795700000140],
};
