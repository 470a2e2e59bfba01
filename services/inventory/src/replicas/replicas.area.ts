import type { InventoryArea } from '../inventory-area.js';

/** Filled by issue 11's work on this area. */
export const replicasArea: InventoryArea = { controllers: [], providers: [], migrations: [] };
