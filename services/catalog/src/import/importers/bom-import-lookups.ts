import { scopeIds } from '@scm/platform';
import { unitsOf } from '@scm/contracts';
import type { ItemCategoryKind } from '@scm/contracts';
import type { ImportContext } from '../importer.js';

/**
 * Name lookups of the BOM and PLU imports: units (by name: KG, BAG), item categories of one
 * kind, locations (by ID or name) and PLU BOMs (by code). All read through the import's transaction.
 */

/**
 * The unit a cell names (docs/units-of-measure.md: a unit is a name, any case), spelled as the SKU spells it when
 * `skuId` is given and the SKU has it, else as a new or active UOM record spells it; null when nothing names it.
 * A unit that is not the SKU's is still answered, so the BOM's own rule says it is not the SKU's.
 */
export async function unitByName(context: ImportContext, text: string, skuId?: unknown): Promise<string | null> {
  const rows: { name: string }[] = await context.manager.query(
    `SELECT uom_name AS name FROM sku_uom WHERE lower(sku_id) = lower($2) AND upper(uom_name) = upper(btrim($1))
     UNION ALL
     (SELECT CASE WHEN upper(btrim(uom_name)) = upper(btrim($1)) THEN btrim(uom_name) ELSE btrim(secondary_uom) END
        FROM uom
       WHERE status <> 'archived'
         AND (upper(btrim(uom_name)) = upper(btrim($1)) OR upper(btrim(secondary_uom)) = upper(btrim($1)))
       ORDER BY lower(uom_name), lower(secondary_uom) LIMIT 1)`,
    [text, typeof skuId === 'string' ? skuId : ''],
  );
  return rows[0]?.name ?? null;
}

/** The units that may be chosen (every name of a new or active UOM record), for the template's notes. */
export async function unitNames(context: ImportContext, limit = 200): Promise<string[]> {
  const rows: { uom_name: string; secondary_uom: string }[] = await context.manager.query(
    `SELECT uom_name, secondary_uom FROM uom WHERE status <> 'archived'
      ORDER BY lower(uom_name), lower(secondary_uom) LIMIT ${limit}`,
  );
  return unitsOf(rows);
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
