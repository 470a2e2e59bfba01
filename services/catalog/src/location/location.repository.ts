import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, LocationView, MasterStatus } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { LocationEntity } from './location.entity.js';
import { LOCATION_LIST } from './location.list.js';

/** A record a location refers to, as found (and share-locked) while the location changes. */
export interface LocationReference {
  name: string;
  status: MasterStatus;
  /** Sub-categories only: the category it belongs to. */
  parent_id?: string;
}

/** The names a location's view shows next to its reference ids. */
export interface LocationNames {
  category_name: string;
  sub_category_name: string | null;
  region_name: string;
}

@Injectable()
export class LocationRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<LocationView>> {
    return runListQuery<LocationView>(this.dataSource.manager, LOCATION_LIST, query, scope);
  }

  findById(locationId: string, manager: EntityManager = this.dataSource.manager): Promise<LocationEntity | null> {
    return manager.getRepository(LocationEntity).findOneBy({ location_id: locationId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, locationId: string): Promise<LocationEntity | null> {
    return manager
      .getRepository(LocationEntity)
      .createQueryBuilder('l')
      .setLock('pessimistic_write')
      .where('l.location_id = :locationId', { locationId })
      .getOne();
  }

  async names(manager: EntityManager, location: LocationEntity): Promise<LocationNames> {
    const rows: LocationNames[] = await manager.query(
      `SELECT c.category_name, s.sub_category_name, r.region_name
         FROM location_category c, region r
         LEFT JOIN location_sub_category s ON s.sub_category_id = $2
        WHERE c.category_id = $1 AND r.region_id = $3`,
      [location.category_id, location.sub_category_id, location.region_id],
    );
    return rows[0] ?? { category_name: '', sub_category_name: null, region_name: '' };
  }

  /**
   * The referenced region / category / sub-category, share-locked until the transaction ends: a concurrent
   * archive or delete of it waits, then sees this location's usage.
   */
  async lockReference(
    manager: EntityManager,
    kind: 'region' | 'location_category' | 'location_sub_category',
    id: string,
  ): Promise<LocationReference | null> {
    const sql = {
      region: `SELECT region_name AS name, status FROM region WHERE region_id = $1 FOR SHARE`,
      location_category: `SELECT category_name AS name, status FROM location_category WHERE category_id = $1 FOR SHARE`,
      location_sub_category: `SELECT s.sub_category_name AS name, c.status, s.category_id AS parent_id
          FROM location_sub_category s JOIN location_category c ON c.category_id = s.category_id
         WHERE s.sub_category_id = $1 FOR SHARE OF s`,
    }[kind];
    const rows: LocationReference[] = await manager.query(sql, [id]);
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, location: LocationEntity): Promise<void> {
    await manager.getRepository(LocationEntity).insert(location);
  }

  async save(manager: EntityManager, location: LocationEntity): Promise<void> {
    await manager.getRepository(LocationEntity).save(location);
  }

  async delete(manager: EntityManager, locationId: string): Promise<void> {
    await manager.getRepository(LocationEntity).delete({ location_id: locationId });
  }
}
