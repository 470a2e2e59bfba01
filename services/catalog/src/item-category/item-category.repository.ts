import { Inject, Injectable } from '@nestjs/common';
import type { ItemCategoryKind, ItemCategoryView, ListQuery, MasterStatus } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ItemCategoryEntity } from './item-category.entity.js';
import { ITEM_CATEGORY_LISTS } from './item-category.list.js';

/** A category another record picks, as found (and share-locked) while that record changes. */
export interface ItemCategoryReference {
  category_name: string;
  status: MasterStatus;
}

@Injectable()
export class ItemCategoryRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(kind: ItemCategoryKind, query: ListQuery): Promise<ListResult<ItemCategoryView>> {
    return runListQuery<ItemCategoryView>(this.dataSource.manager, ITEM_CATEGORY_LISTS[kind], query);
  }

  /** The category of that kind; one of another kind is not found. */
  findById(
    kind: ItemCategoryKind,
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ItemCategoryEntity | null> {
    return manager.getRepository(ItemCategoryEntity).findOneBy({ category_id: categoryId, kind });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, kind: ItemCategoryKind, categoryId: string) {
    return manager
      .getRepository(ItemCategoryEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.category_id = :categoryId AND c.kind = :kind', { categoryId, kind })
      .getOne();
  }

  /**
   * The category a record is about to use, share-locked until the transaction ends (a concurrent archive or
   * delete waits, then sees the usage), or null when there is none of that kind.
   */
  async lockReference(
    manager: EntityManager,
    kind: ItemCategoryKind,
    categoryId: string,
  ): Promise<ItemCategoryReference | null> {
    const rows: ItemCategoryReference[] = await manager.query(
      `SELECT category_name, status FROM item_category WHERE category_id = $1 AND kind = $2 FOR SHARE`,
      [categoryId, kind],
    );
    return rows[0] ?? null;
  }

  /** The category is of that kind and not archived (locked as `lockReference` does). */
  async lockUsable(manager: EntityManager, kind: ItemCategoryKind, categoryId: string): Promise<boolean> {
    const category = await this.lockReference(manager, kind, categoryId);
    return category !== null && category.status !== 'archived';
  }

  async nameOf(manager: EntityManager, categoryId: string): Promise<string> {
    const rows: { category_name: string }[] = await manager.query(
      `SELECT category_name FROM item_category WHERE category_id = $1`,
      [categoryId],
    );
    return rows[0]?.category_name ?? '';
  }

  async insert(manager: EntityManager, category: ItemCategoryEntity): Promise<void> {
    await manager.getRepository(ItemCategoryEntity).insert(category);
  }

  async save(manager: EntityManager, category: ItemCategoryEntity): Promise<void> {
    await manager.getRepository(ItemCategoryEntity).save(category);
  }

  async delete(manager: EntityManager, categoryId: string): Promise<void> {
    await manager.getRepository(ItemCategoryEntity).delete({ category_id: categoryId });
  }
}
