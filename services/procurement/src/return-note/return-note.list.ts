import type { ListResource } from '@scm/platform';

/** The return note list (ReturnNoteListRow): filters status, locations, supplier, created_time range. */
export const RETURN_NOTE_LIST: ListResource = {
  from: `return_note n
    LEFT JOIN location_replica l ON l.location_id = n.location_id
    LEFT JOIN supplier_replica s ON s.supplier_id = n.supplier_id
    LEFT JOIN receiving_order r ON r.id = n.receiving_order_id`,
  columns: {
    id: { sql: 'n.id' },
    doc_no: { sql: 'n.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'n.status', sortable: true, filter: 'status' },
    location_id: { sql: 'n.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, n.location_id)`, sortable: true, searchable: true },
    supplier_id: { sql: 'n.supplier_id', sortable: true, searchable: true, filter: 'in' },
    supplier_name: { sql: `COALESCE(s.company_name, n.supplier_id)`, sortable: true, searchable: true },
    receiving_order_no: { sql: 'r.doc_no', sortable: true, searchable: true },
    currency: { sql: 'n.currency', sortable: true, filter: 'in' },
    total_amount: { sql: `n.total_amount::text`, sortable: true },
    total_usd: { sql: `n.total_usd::text`, sortable: true },
    remark: { sql: 'n.remark', searchable: true },
    created_by_name: { sql: 'n.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'n.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'n.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'n.id',
  locationColumn: 'n.location_id',
};
