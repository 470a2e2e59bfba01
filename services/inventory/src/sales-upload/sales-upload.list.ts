import type { ListResource } from '@scm/platform';

/** The sales upload list (SalesUploadListRow), kept to the caller's locations. */
export const SALES_UPLOAD_LIST: ListResource = {
  from: `sales_upload s LEFT JOIN location_replica l ON l.location_id = s.location_id`,
  columns: {
    id: { sql: 's.id' },
    doc_no: { sql: 's.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 's.status', sortable: true, filter: 'status' },
    location_id: { sql: 's.location_id', sortable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, s.location_id)`, sortable: true, searchable: true },
    // The driver reads a date as a local Date: the service turns it back into YYYY-MM-DD.
    value_date: { sql: 's.value_date', sortable: true, filter: 'date_range' },
    source: { sql: 's.source', sortable: true, filter: 'in' },
    file_name: { sql: 's.file_name', sortable: true, searchable: true },
    line_count: { sql: 's.line_count', sortable: true },
    unmatched: {
      sql: `(SELECT count(*)::int FROM sales_upload_line x WHERE x.su_id = s.id AND x.status = 'UNMATCHED')`,
    },
    total_amount: { sql: `round(s.total_amount, 2)::text`, sortable: true },
    created_by_name: { sql: 's.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 's.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 's.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 's.id',
  locationColumn: 's.location_id',
};
