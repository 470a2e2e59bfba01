import type { InventoryArea } from '../inventory-area.js';
import { CreateStockTakes1795700000310 } from './migrations/1795700000310-CreateStockTakes.js';
import { StockTakeController } from './stock-take.controller.js';
import { StockTakeRepository } from './stock-take.repository.js';
import { StockTakeService } from './stock-take.service.js';

/**
 * Stock takes: count sheets whose discrepancies become a stock adjustment. Uses the stock adjustment area's
 * AutomaticAdjustments and registers with its AdjustmentOutcomes (same module), and the kit's providers listed
 * there.
 */
export const stockTakeArea: InventoryArea = {
  controllers: [StockTakeController],
  providers: [StockTakeRepository, StockTakeService],
  migrations: [CreateStockTakes1795700000310],
};
