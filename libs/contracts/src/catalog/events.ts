import { z } from 'zod';
import { CatalogSubjects } from './subjects.js';

/** The full snapshot a replica needs; `revision` orders snapshots so a late redelivery never wins. */
export const uomSnapshotSchema = z
  .object({
    uom_id: z.uuid(),
    uom_name: z.string(),
    secondary_uom: z.string(),
    uom_per_primary: z.string(),
    status: z.enum(['new', 'active', 'archived']),
    revision: z.number().int().positive(),
    last_updated_time: z.string(),
  })
  .strict();

export const uomDeletedSchema = z.object({ uom_id: z.uuid(), revision: z.number().int().positive() }).strict();

export type UomSnapshot = z.infer<typeof uomSnapshotSchema>;
export type UomDeleted = z.infer<typeof uomDeletedSchema>;

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();

export const regionSnapshotSchema = z
  .object({
    region_id: z.uuid(),
    region_name: z.string(),
    remark: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const regionDeletedSchema = z.object({ region_id: z.uuid(), revision }).strict();

export const locationCategorySnapshotSchema = z
  .object({
    category_id: z.uuid(),
    category_name: z.string(),
    sub_categories: z.array(z.object({ sub_category_id: z.uuid(), sub_category_name: z.string() }).strict()),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const locationCategoryDeletedSchema = z.object({ category_id: z.uuid(), revision }).strict();

/** References are ids: names follow from the region and category snapshots. */
export const locationSnapshotSchema = z
  .object({
    location_id: z.string(),
    location_name: z.string(),
    is_operating: z.boolean(),
    category_id: z.uuid(),
    sub_category_id: z.uuid().nullable(),
    region_id: z.uuid(),
    address: z.string(),
    country: z.string(),
    postal_code: z.string(),
    contact_person: z.array(z.object({ name: z.string(), mobile_no: z.string(), email: z.string() }).strict()),
    remark: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const locationDeletedSchema = z.object({ location_id: z.string(), revision }).strict();

export type RegionSnapshot = z.infer<typeof regionSnapshotSchema>;
export type LocationCategorySnapshot = z.infer<typeof locationCategorySnapshotSchema>;
export type LocationSnapshot = z.infer<typeof locationSnapshotSchema>;

export const CATALOG_EVENT_SCHEMAS = {
  [CatalogSubjects.UomUpserted]: uomSnapshotSchema,
  [CatalogSubjects.UomDeleted]: uomDeletedSchema,
  [CatalogSubjects.RegionUpserted]: regionSnapshotSchema,
  [CatalogSubjects.RegionDeleted]: regionDeletedSchema,
  [CatalogSubjects.LocationCategoryUpserted]: locationCategorySnapshotSchema,
  [CatalogSubjects.LocationCategoryDeleted]: locationCategoryDeletedSchema,
  [CatalogSubjects.LocationUpserted]: locationSnapshotSchema,
  [CatalogSubjects.LocationDeleted]: locationDeletedSchema,
} as const;
