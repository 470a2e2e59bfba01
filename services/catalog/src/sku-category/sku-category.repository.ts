import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, SkuCategoryListRow } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SkuCategoryEntity, SkuSubCategoryEntity } from './sku-category.entity.js';
import { SKU_CATEGORY_LIST } from './sku-category.list.js';

@Injectable()
export class SkuCategoryRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<SkuCategoryListRow>> {
    return runListQuery<SkuCategoryListRow>(this.dataSource.manager, SKU_CATEGORY_LIST, query);
  }

  findById(categoryId: string, manager: EntityManager = this.dataSource.manager): Promise<SkuCategoryEntity | null> {
    return manager.getRepository(SkuCategoryEntity).findOneBy({ category_id: categoryId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, categoryId: string): Promise<SkuCategoryEntity | null> {
    return manager
      .getRepository(SkuCategoryEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.category_id = :categoryId', { categoryId })
      .getOne();
  }

  subCategories(categoryId: string, manager: EntityManager = this.dataSource.manager): Promise<SkuSubCategoryEntity[]> {
    return manager
      .getRepository(SkuSubCategoryEntity)
      .find({ where: { category_id: categoryId }, order: { position: 'ASC' } });
  }

  async insert(manager: EntityManager, category: SkuCategoryEntity): Promise<void> {
    await manager.getRepository(SkuCategoryEntity).insert(category);
  }

  async save(manager: EntityManager, category: SkuCategoryEntity): Promise<void> {
    await manager.getRepository(SkuCategoryEntity).save(category);
  }

  /**
   * Makes the category's sub-categories exactly `rows`: removed ones deleted first, then the kept and new ones
   * written (names parked on their id first, so swapping two names never trips the unique index).
   */
  async replaceSubCategories(
    manager: EntityManager,
    categoryId: string,
    rows: readonly SkuSubCategoryEntity[],
  ): Promise<void> {
    const keep = rows.map((row) => row.sub_category_id);
    await manager.query(
      `DELETE FROM sku_sub_category WHERE category_id = $1 AND NOT (sub_category_id = ANY($2::uuid[]))`,
      [categoryId, keep],
    );
    await manager.query(
      `UPDATE sku_sub_category SET sub_category_name = sub_category_id::text WHERE category_id = $1`,
      [categoryId],
    );
    await manager.getRepository(SkuSubCategoryEntity).save(rows.map((row) => ({ ...row })));
  }

  async delete(manager: EntityManager, categoryId: string): Promise<void> {
    await manager.getRepository(SkuCategoryEntity).delete({ category_id: categoryId });
  }
}
