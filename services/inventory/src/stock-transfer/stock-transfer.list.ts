import type { ListResource } from '@scm/platform';

/**
 * The stock transfer list (StockTransferListRow). A transfer belongs to both its locations: the sender's and the
 * receiver's users both see it (`locationListMatch: 'any'`), and the location filter matches either end.
 */
export const STOCK_TRANSFER_LIST: ListResource = {
  from: `stock_transfer t
    LEFT JOIN location_replica lf ON lf.location_id = t.from_location_id
    LEFT JOIN location_replica lt ON lt.location_id = t.to_location_id`,
  columns: {
    id: { sql: 't.id' },
    doc_no: { sql: 't.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 't.status', sortable: true, filter: 'status' },
    from_location_id: { sql: 't.from_location_id', sortable: true, filter: 'in' },
    from_location_name: { sql: `COALESCE(lf.location_name, t.from_location_id)`, sortable: true, searchable: true },
    to_location_id: { sql: 't.to_location_id', sortable: true, filter: 'in' },
    to_location_name: { sql: `COALESCE(lt.location_name, t.to_location_id)`, sortable: true, searchable: true },
    urgency: { sql: 't.urgency', sortable: true, filter: 'in' },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    release_date: { sql: 't.release_date', sortable: true, filter: 'date_range' },
    source_no: { sql: 't.source_no', sortable: true, searchable: true },
    line_count: { sql: '(SELECT count(*)::int FROM stock_transfer_line x WHERE x.transfer_id = t.id)' },
    transfer_value: { sql: `round(t.transfer_value, 2)::text`, sortable: true },
    remark: { sql: 't.remark', searchable: true },
    created_by_name: { sql: 't.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 't.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 't.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 't.id',
  locationColumn: 'ARRAY[t.from_location_id, t.to_location_id]',
  locationColumnIsList: true,
  locationListMatch: 'any',
};
