import type { ListResource } from '@scm/platform';

/** The region list: what can be searched, filtered and sorted. */
export const REGION_LIST: ListResource = {
  from: 'region r',
  columns: {
    region_id: { sql: 'r.region_id' },
    region_name: { sql: 'r.region_name', sortable: true, searchable: true, filter: 'text' },
    remark: { sql: 'r.remark', searchable: true },
    status: { sql: 'r.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'region' AND u.target_id = r.region_id::text)",
    },
    created_time: { sql: 'r.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'r.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'r.created_by' },
    last_updated_by: { sql: 'r.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.region_id',
};
