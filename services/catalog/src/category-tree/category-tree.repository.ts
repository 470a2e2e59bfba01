import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, LocationCategoryListRow, SkuCategoryListRow } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { CategoryTreeEntity, SubCategoryEntity } from './category-tree.entity.js';
import type { CategoryTreeKind } from './category-tree.kinds.js';
import { categoryTreeList } from './category-tree.list.js';

/** A row of either kind's category list (the two contracts are the same shape). */
export type CategoryTreeListRow = LocationCategoryListRow | SkuCategoryListRow;

/** The categories and sub-categories of every kind, each in its kind's tables. */
@Injectable()
export class CategoryTreeRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(kind: CategoryTreeKind, query: ListQuery): Promise<ListResult<CategoryTreeListRow>> {
    return runListQuery<CategoryTreeListRow>(this.dataSource.manager, categoryTreeList(kind), query);
  }

  findById(
    kind: CategoryTreeKind,
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CategoryTreeEntity | null> {
    return manager.getRepository(kind.category).findOneBy({ category_id: categoryId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(
    manager: EntityManager,
    kind: CategoryTreeKind,
    categoryId: string,
  ): Promise<CategoryTreeEntity | null> {
    return manager
      .getRepository(kind.category)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.category_id = :categoryId', { categoryId })
      .getOne();
  }

  subCategories(
    kind: CategoryTreeKind,
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubCategoryEntity[]> {
    return manager
      .getRepository(kind.subCategory)
      .find({ where: { category_id: categoryId }, order: { position: 'ASC' } });
  }

  async insert(manager: EntityManager, kind: CategoryTreeKind, category: CategoryTreeEntity): Promise<void> {
    await manager.getRepository(kind.category).insert(category);
  }

  async save(manager: EntityManager, kind: CategoryTreeKind, category: CategoryTreeEntity): Promise<void> {
    await manager.getRepository(kind.category).save(category);
  }

  /**
   * Makes the category's sub-categories exactly `rows`: removed ones deleted first, then the kept and new ones
   * written (names parked on their id first, so swapping two names never trips the unique index).
   */
  async replaceSubCategories(
    manager: EntityManager,
    kind: CategoryTreeKind,
    categoryId: string,
    rows: readonly SubCategoryEntity[],
  ): Promise<void> {
    const keep = rows.map((row) => row.sub_category_id);
    await manager.query(
      `DELETE FROM ${kind.subTable} WHERE category_id = $1 AND NOT (sub_category_id = ANY($2::uuid[]))`,
      [categoryId, keep],
    );
    await manager.query(
      `UPDATE ${kind.subTable} SET sub_category_name = sub_category_id::text WHERE category_id = $1`,
      [categoryId],
    );
    await manager.getRepository(kind.subCategory).save(rows.map((row) => ({ ...row })));
  }

  async delete(manager: EntityManager, kind: CategoryTreeKind, categoryId: string): Promise<void> {
    await manager.getRepository(kind.category).delete({ category_id: categoryId });
  }
}
