import { Injectable } from '@nestjs/common';
import type { ProductDeleted, ProductSnapshot, SkuDeleted, SkuSnapshot, StockItemType } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

/** A unit of an item: its name and how many primary units one of it holds. */
export interface ItemUnit {
  uom_name: string;
  factor: string;
}

/** An item (SKU or product) as the ledger knows it. */
export interface ItemReplicaRow {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  ch_display_name: string;
  category_id: string | null;
  sub_category_id: string | null;
  primary_uom_name: string;
  counting_uom_name: string;
  uom_list: ItemUnit[];
  threshold: string;
  is_inventorise: boolean;
  status: string;
  deleted: boolean;
  revision: number;
  last_updated_time: string;
}

/** Products are counted in pieces: one unit, the primary one. */
export const PRODUCT_UNIT = 'PCS';

const COLUMNS = `item_type, item_id, item_name, ch_display_name, category_id, sub_category_id, primary_uom_name,
  counting_uom_name, uom_list, threshold::text AS threshold, is_inventorise, status, deleted, revision,
  last_updated_time`;

/**
 * Inventory's copy of catalog's SKUs and products, keyed (item_type, item_id). A SKU's id is its sku_id; a
 * product's is its product_code, the reference every other service (and catalog's usage) uses for it.
 *
 * A snapshot applies only when its revision is newer than the one kept, so redeliveries and out-of-order
 * arrivals never move it backwards; a deletion leaves a tombstone for the same reason.
 */
@Injectable()
export class ItemReplicaRepository {
  async upsertSku(manager: EntityManager, sku: SkuSnapshot): Promise<void> {
    await this.upsert(manager, {
      item_type: 'sku',
      item_id: sku.sku_id,
      item_name: sku.name,
      ch_display_name: sku.ch_display_name,
      category_id: sku.category_id,
      sub_category_id: sku.sub_category_id,
      primary_uom_name: sku.primary_uom_name,
      counting_uom_name: sku.counting_uom_name || sku.primary_uom_name,
      uom_list: sku.uom_list.map((unit) => ({ uom_name: unit.uom_name, factor: unit.factor })),
      threshold: sku.threshold || '0',
      is_inventorise: sku.is_inventorise,
      status: sku.status,
      revision: sku.revision,
      last_updated_time: sku.last_updated_time,
    });
  }

  /**
   * A product is one piece (PCS, factor 1) with no threshold. Every stock type is kept in stock: consignment
   * pieces are physically held (and counted) even though they are not owned, so they are inventorised too.
   */
  async upsertProduct(manager: EntityManager, product: ProductSnapshot): Promise<void> {
    await this.upsert(manager, {
      item_type: 'product',
      item_id: product.product_code,
      item_name: product.product_name,
      ch_display_name: product.alt_name,
      category_id: product.category_id,
      sub_category_id: null,
      primary_uom_name: PRODUCT_UNIT,
      counting_uom_name: PRODUCT_UNIT,
      uom_list: [{ uom_name: PRODUCT_UNIT, factor: '1' }],
      threshold: '0',
      is_inventorise: true,
      status: product.status,
      revision: product.revision,
      last_updated_time: product.last_updated_time,
    });
  }

  markSkuDeleted(manager: EntityManager, deleted: SkuDeleted): Promise<void> {
    return this.markDeleted(manager, 'sku', deleted.sku_id, deleted.revision);
  }

  markProductDeleted(manager: EntityManager, deleted: ProductDeleted): Promise<void> {
    return this.markDeleted(manager, 'product', deleted.product_code, deleted.revision);
  }

  /** The item as kept, tombstones included (the caller decides what a deleted or archived item may do). */
  async find(manager: EntityManager, itemType: StockItemType, itemId: string): Promise<ItemReplicaRow | null> {
    const [row] = await manager.query<ItemReplicaRow[]>(
      `SELECT ${COLUMNS} FROM item_replica WHERE item_type = $1 AND item_id = $2`,
      [itemType, itemId],
    );
    return row ?? null;
  }

  /** Several items at once, by `${item_type}:${item_id}`. */
  async findMany(
    manager: EntityManager,
    keys: readonly { item_type: StockItemType; item_id: string }[],
  ): Promise<Map<string, ItemReplicaRow>> {
    const found = new Map<string, ItemReplicaRow>();
    if (keys.length === 0) return found;
    const rows = await manager.query<ItemReplicaRow[]>(
      `SELECT ${COLUMNS} FROM item_replica
        WHERE (item_type, item_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [keys.map((key) => key.item_type), keys.map((key) => key.item_id)],
    );
    for (const row of rows) found.set(itemKey(row.item_type, row.item_id), row);
    return found;
  }

  /** The inventorised, not archived (nor deleted) items of some categories, by name: a stock take's lines. */
  inCategories(
    manager: EntityManager,
    itemType: StockItemType,
    categoryIds: readonly string[],
  ): Promise<ItemReplicaRow[]> {
    if (categoryIds.length === 0) return Promise.resolve([]);
    return manager.query<ItemReplicaRow[]>(
      `SELECT ${COLUMNS} FROM item_replica
        WHERE item_type = $1 AND category_id = ANY($2::uuid[]) AND is_inventorise AND NOT deleted
          AND status <> 'archived'
        ORDER BY item_name, item_id`,
      [itemType, categoryIds],
    );
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM item_replica');
  }

  private async upsert(manager: EntityManager, row: Omit<ItemReplicaRow, 'deleted'>): Promise<void> {
    await manager.query(
      `INSERT INTO item_replica (item_type, item_id, item_name, ch_display_name, category_id, sub_category_id,
         primary_uom_name, counting_uom_name, uom_list, threshold, is_inventorise, status, revision, last_updated_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (item_type, item_id) DO UPDATE SET
         item_name = EXCLUDED.item_name, ch_display_name = EXCLUDED.ch_display_name,
         category_id = EXCLUDED.category_id, sub_category_id = EXCLUDED.sub_category_id,
         primary_uom_name = EXCLUDED.primary_uom_name, counting_uom_name = EXCLUDED.counting_uom_name,
         uom_list = EXCLUDED.uom_list, threshold = EXCLUDED.threshold, is_inventorise = EXCLUDED.is_inventorise,
         status = EXCLUDED.status, revision = EXCLUDED.revision, last_updated_time = EXCLUDED.last_updated_time,
         deleted = false, replicated_at = now()
       WHERE item_replica.revision < EXCLUDED.revision`,
      [
        row.item_type,
        row.item_id,
        row.item_name,
        row.ch_display_name,
        row.category_id,
        row.sub_category_id,
        row.primary_uom_name,
        row.counting_uom_name,
        JSON.stringify(row.uom_list),
        row.threshold,
        row.is_inventorise,
        row.status,
        row.revision,
        row.last_updated_time,
      ],
    );
  }

  private async markDeleted(
    manager: EntityManager,
    itemType: StockItemType,
    itemId: string,
    revision: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO item_replica (item_type, item_id, item_name, primary_uom_name, counting_uom_name, is_inventorise,
         status, deleted, revision, last_updated_time)
       VALUES ($1, $2, $2, '', '', false, 'archived', true, $3, now())
       ON CONFLICT (item_type, item_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE item_replica.revision < EXCLUDED.revision`,
      [itemType, itemId, revision],
    );
  }
}

/** The key of an item in maps: `${item_type}:${item_id}`. */
export function itemKey(itemType: string, itemId: string): string {
  return `${itemType}:${itemId}`;
}
