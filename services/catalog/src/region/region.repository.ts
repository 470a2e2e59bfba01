import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, RegionView } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RegionEntity } from './region.entity.js';
import { REGION_LIST } from './region.list.js';

@Injectable()
export class RegionRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<RegionView>> {
    return runListQuery<RegionView>(this.dataSource.manager, REGION_LIST, query);
  }

  findById(regionId: string, manager: EntityManager = this.dataSource.manager): Promise<RegionEntity | null> {
    return manager.getRepository(RegionEntity).findOneBy({ region_id: regionId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, regionId: string): Promise<RegionEntity | null> {
    return manager
      .getRepository(RegionEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.region_id = :regionId', { regionId })
      .getOne();
  }

  async insert(manager: EntityManager, region: RegionEntity): Promise<void> {
    await manager.getRepository(RegionEntity).insert(region);
  }

  async save(manager: EntityManager, region: RegionEntity): Promise<void> {
    await manager.getRepository(RegionEntity).save(region);
  }

  async delete(manager: EntityManager, regionId: string): Promise<void> {
    await manager.getRepository(RegionEntity).delete({ region_id: regionId });
  }
}
