import type { ListResource } from '@scm/platform';

/**
 * The stock transfer list (StockTransferListRow). A transfer belongs to both its locations: the sender's and the
 * receiver's users both see it (`locationListMatch: 'any'`), and the location filter matches either end.
 */
export const STOCK_TRANSFER_LIST: ListResource = {
  from: `stock_transfer t
    LEFT JOIN location_replica lf ON lf.location_id = t.from_location_id
    LEFT JOIN location_replica lt ON lt.location_id = t.to_location_id
    LEFT JOIN release_customer_replica c ON c.customer_id = t.customer_id
    LEFT JOIN stock_transfer p ON p.id = t.parent_id`,
  columns: {
    id: { sql: 't.id' },
    doc_no: { sql: 't.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 't.status', sortable: true, filter: 'status' },
    // INTERNAL, EXTERNAL, EXTERNAL_CONSIGNMENT; the service keeps a caller to the types of the keys it holds.
    transfer_type: { sql: 't.transfer_type', sortable: true, filter: 'in' },
    customer_id: { sql: 't.customer_id', sortable: true, filter: 'in' },
    invoice_no: { sql: 't.invoice_no', sortable: true, searchable: true },
    // A consignment's item state (AVAILABLE AND CONSIGNED OUT while anything is out, else RETURNED / ITEM SOLD).
    item_state: { sql: 't.item_state', sortable: true, filter: 'in' },
    parent_no: { sql: 'p.doc_no', sortable: true, searchable: true },
    from_location_id: { sql: 't.from_location_id', sortable: true, filter: 'in' },
    from_location_name: { sql: `COALESCE(lf.location_name, t.from_location_id)`, sortable: true, searchable: true },
    to_location_id: { sql: 't.to_location_id', sortable: true, filter: 'in' },
    // The destination, or the release's customer.
    to_location_name: {
      sql: `COALESCE(lt.location_name, t.to_location_id, c.customer_name, t.customer_id)`,
      sortable: true,
      searchable: true,
    },
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
