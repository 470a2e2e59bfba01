import type { InventoryArea } from '../inventory-area.js';
import { CreateWips1795700000370 } from './migrations/1795700000370-CreateWips.js';
import { WipController } from './wip.controller.js';
import { WipRepository } from './wip.repository.js';
import { WipService } from './wip.service.js';

/**
 * WIP production (/inventory/wip, key WIP): the document, its one posting through the ledger (ingredients issued at
 * FIFO, outputs and by-products received at that value) and its discrepancy event, which the stock adjustment area
 * turns into the automatic adjustment. The BOMs come from the recipes area (RecipeBook); the document kit's
 * providers are the stock adjustment area's (once per service module).
 */
export const wipArea: InventoryArea = {
  controllers: [WipController],
  providers: [WipRepository, WipService],
  migrations: [CreateWips1795700000370],
};
