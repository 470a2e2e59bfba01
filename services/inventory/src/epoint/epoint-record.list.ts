import type { ListResource } from '@scm/platform';

/**
 * The e-point records page (/inventory/sales-upload/e-point, key SU): the POS lines of the sales upload area's
 * `epoint_record` table, read-only here (the table, its writes and postings are the sales upload's), with the
 * upload each line went into. Filters: location, date, status, shift, source.
 */
export const EPOINT_RECORD_LIST: ListResource = {
  from: `epoint_record r
    LEFT JOIN location_replica l ON l.location_id = r.location_id
    LEFT JOIN sales_upload s ON s.id = r.su_id`,
  columns: {
    id: { sql: 'r.id::text' },
    location_id: { sql: 'r.location_id', sortable: true, filter: 'in' },
    location_name: { sql: 'COALESCE(l.location_name, r.location_id)', sortable: true, searchable: true },
    shift_code: { sql: 'r.shift_code', sortable: true, searchable: true, filter: 'text' },
    stock_code: { sql: 'r.stock_code', sortable: true, searchable: true, filter: 'text' },
    quantity: { sql: 'r.quantity::text', sortable: true },
    amount: { sql: 'r.amount::text', sortable: true },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    epoint_date: { sql: 'r.epoint_date', sortable: true, filter: 'date_range' },
    uom: { sql: 'r.uom', sortable: true },
    status: { sql: 'r.status', sortable: true, filter: 'status' },
    source: { sql: 'r.source', sortable: true, filter: 'in' },
    su_id: { sql: 'r.su_id::text' },
    su_no: { sql: 's.doc_no', sortable: true, searchable: true },
    received_time: { sql: 'r.received_time', sortable: true, filter: 'date_range' },
    // The document lists' default sort: a record is written once, so its last change is its arrival.
    last_updated_time: { sql: 'r.received_time', sortable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.id',
  locationColumn: 'r.location_id',
};
