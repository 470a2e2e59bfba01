import { Injectable } from '@nestjs/common';
import type { CatalogSubjects, EventPayload, LocationSnapshot, RegionSnapshot } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

type LocationDeleted = EventPayload<typeof CatalogSubjects.LocationDeleted>;
type RegionDeleted = EventPayload<typeof CatalogSubjects.RegionDeleted>;

export interface LocationReplicaRow {
  location_id: string;
  location_name: string;
  region_id: string | null;
  region_name: string | null;
  is_operating: boolean;
  status: string;
  deleted: boolean;
  revision: number;
}

const COLUMNS = `l.location_id, l.location_name, l.region_id, r.region_name, l.is_operating, l.status, l.deleted,
  l.revision`;
const FROM = `location_replica l LEFT JOIN region_replica r ON r.region_id = l.region_id AND NOT r.deleted`;

/**
 * Inventory's copy of catalog's locations and regions (a location names its region by id). Revision-guarded
 * upserts and tombstones, as every replica.
 */
@Injectable()
export class LocationReplicaRepository {
  async upsert(manager: EntityManager, location: LocationSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO location_replica (location_id, location_name, region_id, is_operating, status, revision)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id) DO UPDATE SET
         location_name = EXCLUDED.location_name, region_id = EXCLUDED.region_id,
         is_operating = EXCLUDED.is_operating, status = EXCLUDED.status, revision = EXCLUDED.revision,
         deleted = false, replicated_at = now()
       WHERE location_replica.revision < EXCLUDED.revision`,
      [
        location.location_id,
        location.location_name,
        location.region_id,
        location.is_operating,
        location.status,
        location.revision,
      ],
    );
  }

  async markDeleted(manager: EntityManager, deleted: LocationDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO location_replica (location_id, location_name, status, deleted, revision)
       VALUES ($1, $1, 'archived', true, $2)
       ON CONFLICT (location_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE location_replica.revision < EXCLUDED.revision`,
      [deleted.location_id, deleted.revision],
    );
  }

  async upsertRegion(manager: EntityManager, region: RegionSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO region_replica (region_id, region_name, status, revision) VALUES ($1, $2, $3, $4)
       ON CONFLICT (region_id) DO UPDATE SET
         region_name = EXCLUDED.region_name, status = EXCLUDED.status, revision = EXCLUDED.revision,
         deleted = false, replicated_at = now()
       WHERE region_replica.revision < EXCLUDED.revision`,
      [region.region_id, region.region_name, region.status, region.revision],
    );
  }

  async markRegionDeleted(manager: EntityManager, deleted: RegionDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO region_replica (region_id, region_name, status, deleted, revision)
       VALUES ($1, '', 'archived', true, $2)
       ON CONFLICT (region_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE region_replica.revision < EXCLUDED.revision`,
      [deleted.region_id, deleted.revision],
    );
  }

  /** The location as kept, tombstones included, with its region's name. */
  async find(manager: EntityManager, locationId: string): Promise<LocationReplicaRow | null> {
    const [row] = await manager.query<LocationReplicaRow[]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE l.location_id = $1`, [
      locationId,
    ]);
    return row ?? null;
  }

  async findMany(manager: EntityManager, locationIds: readonly string[]): Promise<Map<string, LocationReplicaRow>> {
    const found = new Map<string, LocationReplicaRow>();
    if (locationIds.length === 0) return found;
    const rows = await manager.query<LocationReplicaRow[]>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE l.location_id = ANY($1::text[])`,
      [[...new Set(locationIds)]],
    );
    for (const row of rows) found.set(row.location_id, row);
    return found;
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM location_replica');
    await manager.query('DELETE FROM region_replica');
  }
}
