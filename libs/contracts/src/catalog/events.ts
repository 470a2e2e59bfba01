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

export const CATALOG_EVENT_SCHEMAS = {
  [CatalogSubjects.UomUpserted]: uomSnapshotSchema,
  [CatalogSubjects.UomDeleted]: uomDeletedSchema,
} as const;
