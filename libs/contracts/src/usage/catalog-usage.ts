import { z } from 'zod';

/**
 * How catalog learns that another service's records use its master data (SPEC.md §4: archive and delete are
 * refused while a record is in use, "including use by another service" — a SKU on a purchase order, a location
 * holding stock).
 *
 * A producing service publishes `<service>.catalog-usage.changed` whenever the set of catalog records one of its
 * records references changes, carrying that COMPLETE set (an empty list releases everything). Full sets instead of
 * add/remove deltas make every event idempotent and replayable; `revision` (the producing record's own, growing
 * with each change) lets catalog ignore an older set that arrives after a newer one.
 * A `sku_bom` target is a SKU BOM a WIP produces from (inventory).
 */
export const CATALOG_USAGE_TARGETS = [
  'location',
  'uom',
  'supplier',
  'sku',
  'plu',
  'product',
  'customer',
  'sku_bom',
] as const;
export type CatalogUsageTarget = (typeof CATALOG_USAGE_TARGETS)[number];

export const catalogUsageChangedSchema = z
  .object({
    /** The referencing record's kind in its service, e.g. `purchase_order`, `stock_balance`. */
    used_by_type: z.string().regex(/^[a-z][a-z0-9_]*$/),
    used_by_id: z.string().min(1),
    revision: z.number().int().positive(),
    targets: z.array(z.object({ target_type: z.enum(CATALOG_USAGE_TARGETS), target_id: z.string().min(1) }).strict()),
  })
  .strict();

export type CatalogUsageChanged = z.infer<typeof catalogUsageChangedSchema>;

/**
 * The services whose records reference catalog master data (docs/architecture.md, "Data ownership and replicas"),
 * each with its subject.
 */
export const CatalogUsageSubjects = {
  procurement: 'procurement.catalog-usage.changed',
  inventory: 'inventory.catalog-usage.changed',
  sales: 'sales.catalog-usage.changed',
} as const;

export const CATALOG_USAGE_EVENT_SCHEMAS = {
  [CatalogUsageSubjects.procurement]: catalogUsageChangedSchema,
  [CatalogUsageSubjects.inventory]: catalogUsageChangedSchema,
  [CatalogUsageSubjects.sales]: catalogUsageChangedSchema,
} as const;
