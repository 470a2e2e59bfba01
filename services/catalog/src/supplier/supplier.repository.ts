import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, MasterStatus, SupplierView } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SupplierEntity } from './supplier.entity.js';
import { SUPPLIER_LIST } from './supplier.list.js';

/** The supplier category a supplier refers to, as found (and share-locked) while the supplier changes. */
export interface SupplierCategoryReference {
  name: string;
  status: MasterStatus;
}

@Injectable()
export class SupplierRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<SupplierView>> {
    return runListQuery<SupplierView>(this.dataSource.manager, SUPPLIER_LIST, query);
  }

  findById(supplierId: string, manager: EntityManager = this.dataSource.manager): Promise<SupplierEntity | null> {
    return manager.getRepository(SupplierEntity).findOneBy({ supplier_id: supplierId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, supplierId: string): Promise<SupplierEntity | null> {
    return manager
      .getRepository(SupplierEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.supplier_id = :supplierId', { supplierId })
      .getOne();
  }

  async categoryName(manager: EntityManager, categoryId: string): Promise<string> {
    const rows: { category_name: string }[] = await manager.query(
      `SELECT category_name FROM supplier_category WHERE category_id = $1`,
      [categoryId],
    );
    return rows[0]?.category_name ?? '';
  }

  /**
   * The category, share-locked until the transaction ends: a concurrent archive or delete of it waits, then
   * sees this supplier's usage.
   */
  async lockCategory(manager: EntityManager, categoryId: string): Promise<SupplierCategoryReference | null> {
    const rows: SupplierCategoryReference[] = await manager.query(
      `SELECT category_name AS name, status FROM supplier_category WHERE category_id = $1 FOR SHARE`,
      [categoryId],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, supplier: SupplierEntity): Promise<void> {
    await manager.getRepository(SupplierEntity).insert(supplier);
  }

  async save(manager: EntityManager, supplier: SupplierEntity): Promise<void> {
    await manager.getRepository(SupplierEntity).save(supplier);
  }

  async delete(manager: EntityManager, supplierId: string): Promise<void> {
    await manager.getRepository(SupplierEntity).delete({ supplier_id: supplierId });
  }
}
