import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, UomView } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { UomEntity } from './uom.entity.js';
import { UOM_LIST } from './uom.list.js';

@Injectable()
export class UomRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<UomView>> {
    return runListQuery<UomView>(this.dataSource.manager, UOM_LIST, query);
  }

  findById(uomId: string, manager: EntityManager = this.dataSource.manager): Promise<UomEntity | null> {
    return manager.getRepository(UomEntity).findOneBy({ uom_id: uomId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, uomId: string): Promise<UomEntity | null> {
    return manager
      .getRepository(UomEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.uom_id = :uomId', { uomId })
      .getOne();
  }

  async insert(manager: EntityManager, uom: UomEntity): Promise<void> {
    await manager.getRepository(UomEntity).insert(uom);
  }

  async save(manager: EntityManager, uom: UomEntity): Promise<void> {
    await manager.getRepository(UomEntity).save(uom);
  }

  async delete(manager: EntityManager, uomId: string): Promise<void> {
    await manager.getRepository(UomEntity).delete({ uom_id: uomId });
  }
}
