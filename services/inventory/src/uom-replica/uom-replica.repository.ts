import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, UomDeleted, UomSnapshot } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResource, ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';

export interface UomReplicaRow {
  uom_id: string;
  uom_name: string;
  secondary_uom: string;
  uom_per_primary: string;
  status: string;
  revision: number;
  last_updated_time: string;
}

const UOM_REPLICA_LIST: ListResource = {
  from: 'uom_replica r',
  baseWhere: 'NOT r.deleted',
  columns: {
    uom_id: { sql: 'r.uom_id' },
    uom_name: { sql: 'r.uom_name', sortable: true, searchable: true },
    secondary_uom: { sql: 'r.secondary_uom', sortable: true, searchable: true },
    uom_per_primary: { sql: 'r.uom_per_primary', sortable: true },
    status: { sql: 'r.status', sortable: true, filter: 'status' },
    revision: { sql: 'r.revision' },
    last_updated_time: { sql: 'r.last_updated_time', sortable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.uom_id',
};

/**
 * Inventory's copy of catalog's units of measure, fed by catalog's events. A snapshot applies only when its
 * revision is newer than the one kept, so redeliveries and out-of-order arrivals never move it backwards;
 * a deletion leaves a tombstone for the same reason.
 */
@Injectable()
export class UomReplicaRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async upsert(manager: EntityManager, snapshot: UomSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO uom_replica (uom_id, uom_name, secondary_uom, uom_per_primary, status, revision, last_updated_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (uom_id) DO UPDATE SET
         uom_name = EXCLUDED.uom_name, secondary_uom = EXCLUDED.secondary_uom,
         uom_per_primary = EXCLUDED.uom_per_primary, status = EXCLUDED.status, revision = EXCLUDED.revision,
         last_updated_time = EXCLUDED.last_updated_time, deleted = false, replicated_at = now()
       WHERE uom_replica.revision < EXCLUDED.revision`,
      [
        snapshot.uom_id,
        snapshot.uom_name,
        snapshot.secondary_uom,
        snapshot.uom_per_primary,
        snapshot.status,
        snapshot.revision,
        snapshot.last_updated_time,
      ],
    );
  }

  async markDeleted(manager: EntityManager, deleted: UomDeleted): Promise<void> {
    await manager.query(
      `INSERT INTO uom_replica (uom_id, uom_name, secondary_uom, uom_per_primary, status, revision, deleted, last_updated_time)
       VALUES ($1, '', '', 1, 'archived', $2, true, now())
       ON CONFLICT (uom_id) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
       WHERE uom_replica.revision < EXCLUDED.revision`,
      [deleted.uom_id, deleted.revision],
    );
  }

  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM uom_replica');
  }

  list(query: ListQuery): Promise<ListResult<UomReplicaRow>> {
    return runListQuery<UomReplicaRow>(this.dataSource.manager, UOM_REPLICA_LIST, query);
  }
}
