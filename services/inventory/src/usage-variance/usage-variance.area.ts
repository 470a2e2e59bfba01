import type { InventoryArea } from '../inventory-area.js';
import { UsageVarianceController } from './usage-variance.controller.js';
import { UsageVarianceQueries } from './usage-variance.service.js';

/** Usage variance (issue 14): actual vs theoretical usage, read from the ledger; no table of its own. */
export const usageVarianceArea: InventoryArea = {
  controllers: [UsageVarianceController],
  providers: [UsageVarianceQueries],
  migrations: [],
};
