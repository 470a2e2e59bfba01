import type { ListResource } from '@scm/platform';

/** The stock adjustment list (StockAdjustmentListRow): filters status, locations, value_date range, source. */
export const STOCK_ADJUSTMENT_LIST: ListResource = {
  from: `stock_adjustment a LEFT JOIN location_replica l ON l.location_id = a.location_id`,
  columns: {
    id: { sql: 'a.id' },
    doc_no: { sql: 'a.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'a.status', sortable: true, filter: 'status' },
    location_id: { sql: 'a.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, a.location_id)`, sortable: true, searchable: true },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    value_date: { sql: 'a.value_date', sortable: true, filter: 'date_range' },
    source: { sql: 'a.source', sortable: true, filter: 'in' },
    source_no: { sql: 'a.source_no', sortable: true, searchable: true },
    line_count: {
      sql: '(SELECT count(*)::int FROM stock_adjustment_line x WHERE x.adjustment_id = a.id)',
    },
    positive_value: { sql: `round(a.positive_value, 2)::text`, sortable: true },
    negative_value: { sql: `round(a.negative_value, 2)::text`, sortable: true },
    remark: { sql: 'a.remark', searchable: true },
    created_by_name: { sql: 'a.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'a.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'a.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'a.id',
  locationColumn: 'a.location_id',
};
