import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, SupplierCategoryView } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SupplierCategoryEntity } from './supplier-category.entity.js';
import { SUPPLIER_CATEGORY_LIST } from './supplier-category.list.js';

@Injectable()
export class SupplierCategoryRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<SupplierCategoryView>> {
    return runListQuery<SupplierCategoryView>(this.dataSource.manager, SUPPLIER_CATEGORY_LIST, query);
  }

  findById(
    categoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SupplierCategoryEntity | null> {
    return manager.getRepository(SupplierCategoryEntity).findOneBy({ category_id: categoryId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, categoryId: string): Promise<SupplierCategoryEntity | null> {
    return manager
      .getRepository(SupplierCategoryEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.category_id = :categoryId', { categoryId })
      .getOne();
  }

  async insert(manager: EntityManager, category: SupplierCategoryEntity): Promise<void> {
    await manager.getRepository(SupplierCategoryEntity).insert(category);
  }

  async save(manager: EntityManager, category: SupplierCategoryEntity): Promise<void> {
    await manager.getRepository(SupplierCategoryEntity).save(category);
  }

  async delete(manager: EntityManager, categoryId: string): Promise<void> {
    await manager.getRepository(SupplierCategoryEntity).delete({ category_id: categoryId });
  }
}
