import type { InventoryArea } from '../inventory-area.js';

/** Filled by issue 11's work on this area. */
export const stockAdjustmentArea: InventoryArea = { controllers: [], providers: [], migrations: [] };
