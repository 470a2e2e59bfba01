import type { ListResource } from '@scm/platform';

/** The WIP list (WipListRow): filters status, locations, wip_date range; search by number, output and location. */
export const WIP_LIST: ListResource = {
  from: `wip w LEFT JOIN location_replica l ON l.location_id = w.location_id`,
  columns: {
    id: { sql: 'w.id' },
    doc_no: { sql: 'w.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'w.status', sortable: true, filter: 'status' },
    location_id: { sql: 'w.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, w.location_id)`, sortable: true, searchable: true },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    wip_date: { sql: 'w.wip_date', sortable: true, filter: 'date_range' },
    outputs: {
      sql: `(SELECT string_agg(o.bom_name, ', ' ORDER BY o.line_no) FROM wip_output o WHERE o.wip_id = w.id)`,
      searchable: true,
    },
    output_count: { sql: '(SELECT count(*)::int FROM wip_output o WHERE o.wip_id = w.id)' },
    output_value: { sql: `round(w.output_value, 2)::text`, sortable: true },
    remark: { sql: 'w.remark', searchable: true },
    created_by_name: { sql: 'w.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'w.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'w.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'w.id',
  locationColumn: 'w.location_id',
};
