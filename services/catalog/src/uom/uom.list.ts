import type { ListResource } from '@scm/platform';

/** The UOM list: what can be searched, filtered and sorted. */
export const UOM_LIST: ListResource = {
  from: 'uom u',
  columns: {
    uom_id: { sql: 'u.uom_id' },
    uom_name: { sql: 'u.uom_name', sortable: true, searchable: true, filter: 'text' },
    secondary_uom: { sql: 'u.secondary_uom', sortable: true, searchable: true, filter: 'text' },
    uom_per_primary: { sql: 'u.uom_per_primary', sortable: true, filter: 'number_range' },
    status: { sql: 'u.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage r WHERE r.target_type = 'uom' AND r.target_id = u.uom_id::text)",
    },
    created_time: { sql: 'u.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'u.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'u.created_by' },
    last_updated_by: { sql: 'u.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'u.uom_id',
};
