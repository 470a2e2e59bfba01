import { scopeIds } from '@scm/platform';
import type { ItemCategoryKind } from '@scm/contracts';
import type { ImportContext } from '../importer.js';

/**
 * Name lookups of the BOM and PLU imports: UOMs (by name, or "Name / Secondary UOM"), item categories of one
 * kind, locations (by ID or name) and PLU BOMs (by code). All read through the import's transaction.
 */

/**
 * The UOM a cell names, or null. `text` is a UOM name, or "Name / Secondary UOM" (as the pages show a UOM); a
 * name alone is taken among the SKU's UOMs first (when `skuId` is given), then among all UOMs, and must name
 * one UOM there. A UOM that is not the SKU's is still answered, so the BOM's own rule says it is not the SKU's.
 */
export async function uomIdByName(context: ImportContext, text: string, skuId?: unknown): Promise<string | null> {
  const slash = text.lastIndexOf('/');
  const name = (slash >= 0 ? text.slice(0, slash) : text).trim();
  const secondary = slash >= 0 ? text.slice(slash + 1).trim() : null;
  const rows: { uom_id: string; of_sku: boolean }[] = await context.manager.query(
    `SELECT u.uom_id, EXISTS (SELECT 1 FROM sku_uom s WHERE s.uom_id = u.uom_id AND lower(s.sku_id) = lower($3)) AS of_sku
       FROM uom u
      WHERE u.status <> 'archived' AND lower(u.uom_name) = lower($1)
        AND ($2::text IS NULL OR lower(u.secondary_uom) = lower($2))`,
    [name, secondary, typeof skuId === 'string' ? skuId : ''],
  );
  const ofSku = rows.filter((row) => row.of_sku);
  if (ofSku.length === 1) return ofSku[0].uom_id;
  return rows.length === 1 ? rows[0].uom_id : null;
}

/** The names of the UOMs that may be chosen, as "Name / Secondary UOM", for the template's notes. */
export async function uomNames(context: ImportContext, limit = 200): Promise<string[]> {
  const rows: { name: string }[] = await context.manager.query(
    `SELECT uom_name || ' / ' || secondary_uom AS name FROM uom WHERE status <> 'archived'
      ORDER BY lower(uom_name), lower(secondary_uom) LIMIT ${limit}`,
  );
  return rows.map((row) => row.name);
}

/** The id of the category of `kind` named `name` (case-insensitive, not archived), or null. */
export async function itemCategoryIdByName(
  context: ImportContext,
  kind: ItemCategoryKind,
  name: string,
): Promise<string | null> {
  const rows: { category_id: string }[] = await context.manager.query(
    `SELECT category_id FROM item_category
      WHERE kind = $1 AND lower(category_name) = lower($2) AND status <> 'archived' LIMIT 1`,
    [kind, name],
  );
  return rows[0]?.category_id ?? null;
}

export async function itemCategoryNames(context: ImportContext, kind: ItemCategoryKind, limit = 200) {
  const rows: { category_name: string }[] = await context.manager.query(
    `SELECT category_name FROM item_category WHERE kind = $1 AND status <> 'archived'
      ORDER BY lower(category_name) LIMIT ${limit}`,
    [kind],
  );
  return rows.map((row) => row.category_name);
}

/**
 * The id of the uploader's location whose ID or name is `text` (case-insensitive, not archived), or null: another
 * location is not found, exactly as one that does not exist.
 */
export async function locationIdOf(context: ImportContext, text: string): Promise<string | null> {
  const rows: { location_id: string }[] = await context.manager.query(
    `SELECT location_id FROM location
      WHERE status <> 'archived' AND (lower(location_id) = lower($1) OR lower(location_name) = lower($1))
        AND ($2::text[] IS NULL OR location_id = ANY($2))
      ORDER BY lower(location_id) = lower($1) DESC LIMIT 1`,
    [text, scopeIds(context.scope) ?? null],
  );
  return rows[0]?.location_id ?? null;
}

/** The uploader's locations by name (the template's choices). */
export async function locationNames(context: ImportContext, limit = 200): Promise<string[]> {
  const rows: { location_name: string }[] = await context.manager.query(
    `SELECT location_name FROM location WHERE status <> 'archived' AND ($1::text[] IS NULL OR location_id = ANY($1))
      ORDER BY lower(location_name) LIMIT ${limit}`,
    [scopeIds(context.scope) ?? null],
  );
  return rows.map((row) => row.location_name);
}

/** The stored code of the PLU BOM of the lists coded `code` (case-insensitive, not archived), or null. */
export async function pluBomCodeOf(context: ImportContext, code: string): Promise<string | null> {
  const rows: { bom_id: string }[] = await context.manager.query(
    `SELECT bom_id FROM bom
      WHERE bom_kind = 'plu_bom' AND custom_plu_id IS NULL AND lower(bom_id) = lower($1) AND status <> 'archived'
      LIMIT 1`,
    [code],
  );
  return rows[0]?.bom_id ?? null;
}

export async function pluBomCodes(context: ImportContext, limit = 200): Promise<string[]> {
  const rows: { bom_id: string }[] = await context.manager.query(
    `SELECT bom_id FROM bom WHERE bom_kind = 'plu_bom' AND custom_plu_id IS NULL AND status <> 'archived'
      ORDER BY lower(bom_id) LIMIT ${limit}`,
  );
  return rows.map((row) => row.bom_id);
}
