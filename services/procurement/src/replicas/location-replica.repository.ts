import { Injectable } from '@nestjs/common';
import type { CatalogSubjects, EventPayload, LocationSnapshot } from '@scm/contracts';
import { tombstoneReplicaRow, upsertReplicaRow } from '@scm/platform';
import type { EntityManager } from 'typeorm';

type LocationDeleted = EventPayload<typeof CatalogSubjects.LocationDeleted>;

export interface LocationReplicaRow {
  location_id: string;
  location_name: string;
  is_operating: boolean;
  status: string;
  deleted: boolean;
  revision: number;
}

/** Procurement's copy of catalog's locations: where documents are for, and their names on lists and prints. */
@Injectable()
export class LocationReplicaRepository {
  async upsert(manager: EntityManager, location: LocationSnapshot): Promise<void> {
    await upsertReplicaRow(manager, 'location_replica', ['location_id'], {
      location_id: location.location_id,
      location_name: location.location_name,
      // The supplier's page shows where to deliver (supplier-confirmation).
      address: location.address,
      postal_code: location.postal_code,
      region_id: location.region_id,
      is_operating: location.is_operating,
      status: location.status,
      revision: location.revision,
      last_updated_time: location.last_updated_time,
    });
  }

  async markDeleted(manager: EntityManager, deleted: LocationDeleted): Promise<void> {
    await tombstoneReplicaRow(manager, 'location_replica', { location_id: deleted.location_id }, deleted.revision);
  }

  /** The location as kept, tombstones included. */
  async find(manager: EntityManager, locationId: string): Promise<LocationReplicaRow | null> {
    const [row] = await manager.query<LocationReplicaRow[]>(
      `SELECT location_id, location_name, is_operating, status, deleted, revision
         FROM location_replica WHERE location_id = $1`,
      [locationId],
    );
    return row ?? null;
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM location_replica');
  }
}
