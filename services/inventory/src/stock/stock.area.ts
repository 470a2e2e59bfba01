import type { InventoryArea } from '../inventory-area.js';
import { BackOrderController } from './back-order.controller.js';
import { FifoController } from './fifo.controller.js';
import { CreateStockReadIndexes1795700000130 } from './migrations/1795700000130-CreateStockReadIndexes.js';
import { OverviewController } from './overview.controller.js';
import { StockController, ItemOptionController } from './stock.controller.js';
import { StockQueries } from './stock-queries.service.js';
import { StockReader } from './stock-reader.js';

/** The ledger's read side (docs/stock-ledger.md): overview, item detail, movements, stock at a location, /fifo. */
export const stockArea: InventoryArea = {
  controllers: [OverviewController, StockController, ItemOptionController, FifoController, BackOrderController],
  providers: [StockReader, StockQueries],
  migrations: [CreateStockReadIndexes1795700000130],
};
