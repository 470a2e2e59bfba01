import { Injectable } from '@nestjs/common';
import type {
  ItemCategoryDeleted,
  ItemCategorySnapshot,
  SkuCategoryDeleted,
  SkuCategorySnapshot,
  StockItemType,
} from '@scm/contracts';
import type { EntityManager } from 'typeorm';

export interface ItemCategoryReplicaRow {
  item_type: StockItemType;
  category_id: string;
  category_name: string;
  sub_categories: { sub_category_id: string; sub_category_name: string }[];
  status: string;
  deleted: boolean;
  revision: number;
}

/**
 * The categories of stock items: SKU categories (with their sub-categories) and the `product` kind of catalog's
 * item categories. The other kinds (SKU BOM, PLU, PLU BOM) classify things that hold no stock and are skipped.
 */
@Injectable()
export class ItemCategoryReplicaRepository {
  upsertSkuCategory(manager: EntityManager, category: SkuCategorySnapshot): Promise<void> {
    return this.upsert(
      manager,
      'sku',
      category.category_id,
      category.category_name,
      category.sub_categories,
      category.status,
      category.revision,
    );
  }

  async upsertItemCategory(manager: EntityManager, category: ItemCategorySnapshot): Promise<void> {
    if (category.kind !== 'product') return;
    await this.upsert(
      manager,
      'product',
      category.category_id,
      category.category_name,
      [],
      category.status,
      category.revision,
    );
  }

  markSkuCategoryDeleted(manager: EntityManager, deleted: SkuCategoryDeleted): Promise<void> {
    return this.markDeleted(manager, 'sku', deleted.category_id, deleted.revision);
  }

  async markItemCategoryDeleted(manager: EntityManager, deleted: ItemCategoryDeleted): Promise<void> {
    if (deleted.kind !== 'product') return;
    await this.markDeleted(manager, 'product', deleted.category_id, deleted.revision);
  }

  async find(
    manager: EntityManager,
    itemType: StockItemType,
    categoryId: string,
  ): Promise<ItemCategoryReplicaRow | null> {
    const [row] = await manager.query<ItemCategoryReplicaRow[]>(
      `SELECT item_type, category_id, category_name, sub_categories, status, deleted, revision
         FROM item_category_replica WHERE item_type = $1 AND category_id = $2`,
      [itemType, categoryId],
    );
    return row ?? null;
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM item_category_replica');
  }

  private async upsert(
    manager: EntityManager,
    itemType: StockItemType,
    categoryId: string,
    name: string,
    subCategories: { sub_category_id: string; sub_category_name: string }[],
    status: string,
    revision: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO item_category_replica (item_type, category_id, category_name, sub_categories, status, revision)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (item_type, category_id) DO UPDATE SET
         category_name = EXCLUDED.category_name, sub_categories = EXCLUDED.sub_categories,
         status = EXCLUDED.status, revision = EXCLUDED.revision, deleted = false, replicated_at = now()
       WHERE item_category_replica.revision < EXCLUDED.revision`,
      [itemType, categoryId, name, JSON.stringify(subCategories), status, revision],
    );
  }

  private async markDeleted(
    manager: EntityManager,
    itemType: StockItemType,
    categoryId: string,
    revision: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO item_category_replica (item_type, category_id, category_name, status, deleted, revision)
       VALUES ($1, $2, '', 'archived', true, $3)
       ON CONFLICT (item_type, category_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision,
         replicated_at = now()
       WHERE item_category_replica.revision < EXCLUDED.revision`,
      [itemType, categoryId, revision],
    );
  }
}
