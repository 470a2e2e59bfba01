import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, LocationCategoryListRow } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { LocationCategoryEntity, LocationSubCategoryEntity } from './location-category.entity.js';
import { LOCATION_CATEGORY_LIST } from './location-category.list.js';

@Injectable()
export class LocationCategoryRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<LocationCategoryListRow>> {
    return runListQuery<LocationCategoryListRow>(this.dataSource.manager, LOCATION_CATEGORY_LIST, query);
  }

  findById(
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<LocationCategoryEntity | null> {
    return manager.getRepository(LocationCategoryEntity).findOneBy({ category_id: categoryId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, categoryId: string): Promise<LocationCategoryEntity | null> {
    return manager
      .getRepository(LocationCategoryEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.category_id = :categoryId', { categoryId })
      .getOne();
  }

  subCategories(
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<LocationSubCategoryEntity[]> {
    return manager
      .getRepository(LocationSubCategoryEntity)
      .find({ where: { category_id: categoryId }, order: { position: 'ASC' } });
  }

  async insert(manager: EntityManager, category: LocationCategoryEntity): Promise<void> {
    await manager.getRepository(LocationCategoryEntity).insert(category);
  }

  async save(manager: EntityManager, category: LocationCategoryEntity): Promise<void> {
    await manager.getRepository(LocationCategoryEntity).save(category);
  }

  /**
   * Makes the category's sub-categories exactly `rows`: removed ones deleted first, then the kept and new ones
   * written (names parked on their id first, so swapping two names never trips the unique index).
   */
  async replaceSubCategories(
    manager: EntityManager,
    categoryId: string,
    rows: readonly LocationSubCategoryEntity[],
  ): Promise<void> {
    const repository = manager.getRepository(LocationSubCategoryEntity);
    const keep = rows.map((row) => row.sub_category_id);
    await manager.query(
      `DELETE FROM location_sub_category WHERE category_id = $1 AND NOT (sub_category_id = ANY($2::uuid[]))`,
      [categoryId, keep],
    );
    await manager.query(
      `UPDATE location_sub_category SET sub_category_name = sub_category_id::text WHERE category_id = $1`,
      [categoryId],
    );
    await repository.save(rows.map((row) => ({ ...row })));
  }

  async delete(manager: EntityManager, categoryId: string): Promise<void> {
    await manager.getRepository(LocationCategoryEntity).delete({ category_id: categoryId });
  }
}
