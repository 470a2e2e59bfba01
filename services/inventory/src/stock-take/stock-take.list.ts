import type { ListResource } from '@scm/platform';

/** The stock take list (StockTakeListRow): filters status, locations, effective_time range, blind_count. */
export const STOCK_TAKE_LIST: ListResource = {
  from: `stock_take t LEFT JOIN location_replica l ON l.location_id = t.location_id`,
  columns: {
    id: { sql: 't.id' },
    doc_no: { sql: 't.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 't.status', sortable: true, filter: 'status' },
    location_id: { sql: 't.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: 'COALESCE(l.location_name, t.location_id)', sortable: true, searchable: true },
    effective_time: { sql: 't.effective_time', sortable: true, filter: 'date_range' },
    blind_count: { sql: 't.blind_count', sortable: true, filter: 'bool' },
    line_count: { sql: '(SELECT count(*)::int FROM stock_take_line x WHERE x.stock_take_id = t.id)' },
    counted_lines: {
      sql: '(SELECT count(*)::int FROM stock_take_line x WHERE x.stock_take_id = t.id AND x.counted_quantity IS NOT NULL)',
    },
    adjustment_no: { sql: 't.adjustment_no', sortable: true, searchable: true },
    remark: { sql: 't.remark', searchable: true },
    created_by_name: { sql: 't.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 't.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 't.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 't.id',
  locationColumn: 't.location_id',
};
