import { DOCUMENT_KIT_PROVIDERS } from '@scm/platform';
import type { InventoryArea } from '../inventory-area.js';
import { AdjustmentLineChecker } from './adjustment-lines.js';
import { AdjustmentOutcomes } from './adjustment-outcomes.js';
import { AutomaticAdjustments } from './automatic-adjustments.js';
import { CreateStockAdjustments1795700000300 } from './migrations/1795700000300-CreateStockAdjustments.js';
import { StockAdjustmentController } from './stock-adjustment.controller.js';
import { StockAdjustmentEventsHandler } from './stock-adjustment.handler.js';
import { StockAdjustmentRepository } from './stock-adjustment.repository.js';
import { StockAdjustmentService } from './stock-adjustment.service.js';

/**
 * Stock adjustments: the document, its automatic making (transfer rejects, WIP discrepancies, stock takes) and
 * the interface a source document hears its adjustment's outcome through. The document kit's providers are
 * listed here, once for the inventory service (its first document; the stock take shares the module).
 */
export const stockAdjustmentArea: InventoryArea = {
  controllers: [StockAdjustmentController],
  providers: [
    ...DOCUMENT_KIT_PROVIDERS,
    StockAdjustmentRepository,
    AdjustmentLineChecker,
    AdjustmentOutcomes,
    AutomaticAdjustments,
    StockAdjustmentService,
    StockAdjustmentEventsHandler,
  ],
  migrations: [CreateStockAdjustments1795700000300],
};
