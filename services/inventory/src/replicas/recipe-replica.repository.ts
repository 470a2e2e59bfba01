import { Injectable } from '@nestjs/common';
import type { BomConsumeRowSnapshot, BomDeleted, BomKind, BomSnapshot, PluDeleted, PluSnapshot } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

/** One row of a recipe: `quantity_per_uom` of the SKU in `uom_name`, plus `wastage_percentage` % on top. */
export type RecipeRow = BomConsumeRowSnapshot;

/** A SKU BOM or PLU BOM as inventory keeps it. */
export interface BomReplicaRow {
  bom_kind: BomKind;
  bom_id: string;
  bom_name: string;
  output_sku_id: string | null;
  output_quantity: string;
  output_uom_name: string;
  owner_type: string;
  owner: string;
  consume_sku_list: RecipeRow[];
  status: string;
  deleted: boolean;
  revision: number;
}

/** A PLU as inventory keeps it: its recipe is a PLU BOM (`bom_id`) or its own (`custom_bom`). */
export interface PluReplicaRow {
  plu_id: string;
  plu_name: string;
  ch_display_name: string;
  bom_type: 'existing' | 'custom';
  bom_id: string | null;
  custom_bom: { consume_sku_list: RecipeRow[]; output_quantity: string; output_uom_name: string } | null;
  status: string;
  deleted: boolean;
  revision: number;
}

const BOM_COLUMNS = `bom_kind, bom_id, bom_name, output_sku_id, output_quantity::text AS output_quantity, output_uom_name,
  owner_type, owner, consume_sku_list, status, deleted, revision`;
const PLU_COLUMNS = `plu_id, plu_name, ch_display_name, bom_type, bom_id, custom_bom, status, deleted, revision`;

/** A search pattern for ILIKE: the user's text with its wildcards escaped. */
function likePattern(search: string): string {
  return `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Inventory's copy of catalog's recipes (SKU BOMs, PLU BOMs, PLUs), revision-guarded like every replica: a
 * redelivered or late snapshot never moves a row backwards, and a deletion leaves a tombstone.
 */
@Injectable()
export class RecipeReplicaRepository {
  async upsertBom(manager: EntityManager, bom: BomSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO bom_replica (bom_kind, bom_id, bom_name, output_sku_id, output_quantity, output_uom_name, owner_type,
         owner, consume_sku_list, status, revision, last_updated_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (bom_kind, bom_id) DO UPDATE SET
         bom_name = EXCLUDED.bom_name, output_sku_id = EXCLUDED.output_sku_id,
         output_quantity = EXCLUDED.output_quantity, output_uom_name = EXCLUDED.output_uom_name,
         owner_type = EXCLUDED.owner_type, owner = EXCLUDED.owner, consume_sku_list = EXCLUDED.consume_sku_list,
         status = EXCLUDED.status, revision = EXCLUDED.revision, last_updated_time = EXCLUDED.last_updated_time,
         deleted = false, replicated_at = now()
       WHERE bom_replica.revision < EXCLUDED.revision`,
      [
        bom.bom_kind,
        bom.bom_id,
        bom.bom_name,
        bom.output_sku_id,
        bom.output_quantity,
        bom.output_uom_name,
        bom.owner_type,
        bom.owner,
        JSON.stringify(bom.consume_sku_list),
        bom.status,
        bom.revision,
        bom.last_updated_time,
      ],
    );
  }

  async markBomDeleted(manager: EntityManager, deleted: BomDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO bom_replica (bom_kind, bom_id, status, deleted, revision, last_updated_time)
       VALUES ($1, $2, 'archived', true, $3, now())
       ON CONFLICT (bom_kind, bom_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE bom_replica.revision < EXCLUDED.revision`,
      [deleted.bom_kind, deleted.bom_id, deleted.revision],
    );
  }

  async upsertPlu(manager: EntityManager, plu: PluSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO plu_replica (plu_id, plu_name, ch_display_name, bom_type, bom_id, custom_bom, status, revision,
         last_updated_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (plu_id) DO UPDATE SET
         plu_name = EXCLUDED.plu_name, ch_display_name = EXCLUDED.ch_display_name, bom_type = EXCLUDED.bom_type,
         bom_id = EXCLUDED.bom_id, custom_bom = EXCLUDED.custom_bom, status = EXCLUDED.status,
         revision = EXCLUDED.revision, last_updated_time = EXCLUDED.last_updated_time, deleted = false,
         replicated_at = now()
       WHERE plu_replica.revision < EXCLUDED.revision`,
      [
        plu.plu_id,
        plu.plu_name,
        plu.ch_display_name,
        plu.bom_type,
        plu.bom_id,
        plu.custom_bom === null ? null : JSON.stringify(plu.custom_bom),
        plu.status,
        plu.revision,
        plu.last_updated_time,
      ],
    );
  }

  async markPluDeleted(manager: EntityManager, deleted: PluDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO plu_replica (plu_id, status, deleted, revision, last_updated_time)
       VALUES ($1, 'archived', true, $2, now())
       ON CONFLICT (plu_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE plu_replica.revision < EXCLUDED.revision`,
      [deleted.plu_id, deleted.revision],
    );
  }

  /** One BOM as kept, tombstones included. */
  async findBom(manager: EntityManager, kind: BomKind, bomId: string): Promise<BomReplicaRow | null> {
    const [row] = await manager.query<BomReplicaRow[]>(
      `SELECT ${BOM_COLUMNS} FROM bom_replica WHERE bom_kind = $1 AND bom_id = $2`,
      [kind, bomId],
    );
    return row ?? null;
  }

  /** BOMs of one kind by id (tombstones included), keyed by bom_id. */
  async findBoms(
    manager: EntityManager,
    kind: BomKind,
    bomIds: readonly string[],
  ): Promise<Map<string, BomReplicaRow>> {
    if (bomIds.length === 0) return new Map();
    const rows = await manager.query<BomReplicaRow[]>(
      `SELECT ${BOM_COLUMNS} FROM bom_replica WHERE bom_kind = $1 AND bom_id = ANY($2::text[])`,
      [kind, [...new Set(bomIds)]],
    );
    return new Map(rows.map((row) => [row.bom_id, row]));
  }

  /**
   * The live SKU BOM producing each SKU (not archived, not deleted), keyed by sku_id. Several may produce one
   * SKU: the lowest bom_id wins, so the choice is stable.
   */
  async producingBoms(manager: EntityManager, skuIds: readonly string[]): Promise<Map<string, BomReplicaRow>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<BomReplicaRow[]>(
      `SELECT DISTINCT ON (output_sku_id) ${BOM_COLUMNS}
         FROM bom_replica
        WHERE bom_kind = 'sku_bom' AND NOT deleted AND status <> 'archived' AND output_sku_id = ANY($1::text[])
        ORDER BY output_sku_id, bom_id`,
      [[...new Set(skuIds)]],
    );
    return new Map(rows.map((row) => [row.output_sku_id as string, row]));
  }

  /**
   * PLUs by code, matched case-insensitively (tombstones included), keyed by the code AS ASKED (upper-cased), so
   * a caller holding a POS's spelling finds the PLU under it.
   */
  async findPlus(manager: EntityManager, pluIds: readonly string[]): Promise<Map<string, PluReplicaRow>> {
    if (pluIds.length === 0) return new Map();
    const asked = [...new Set(pluIds.map((id) => id.trim().toUpperCase()))];
    const rows = await manager.query<PluReplicaRow[]>(
      `SELECT ${PLU_COLUMNS} FROM plu_replica WHERE upper(plu_id) = ANY($1::text[])`,
      [asked],
    );
    return new Map(rows.map((row) => [row.plu_id.toUpperCase(), row]));
  }

  /** Live SKU BOMs producing a SKU, for the WIP picker: matching the search (id, name, output SKU), by name. */
  searchSkuBoms(manager: EntityManager, search: string, limit: number): Promise<BomReplicaRow[]> {
    return manager.query<BomReplicaRow[]>(
      `SELECT ${BOM_COLUMNS} FROM bom_replica
        WHERE bom_kind = 'sku_bom' AND NOT deleted AND status <> 'archived' AND output_sku_id IS NOT NULL
          AND (bom_id ILIKE $1 OR bom_name ILIKE $1 OR output_sku_id ILIKE $1)
        ORDER BY bom_name, bom_id
        LIMIT $2`,
      [likePattern(search), limit],
    );
  }

  /** Live PLUs, for the no-match mapping picker: matching the search (code or names), by code. */
  searchPlus(manager: EntityManager, search: string, limit: number): Promise<PluReplicaRow[]> {
    return manager.query<PluReplicaRow[]>(
      `SELECT ${PLU_COLUMNS} FROM plu_replica
        WHERE NOT deleted AND status <> 'archived'
          AND (plu_id ILIKE $1 OR plu_name ILIKE $1 OR ch_display_name ILIKE $1)
        ORDER BY plu_id
        LIMIT $2`,
      [likePattern(search), limit],
    );
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM bom_replica');
    await manager.query('DELETE FROM plu_replica');
  }
}
