import type { ListResource } from '@scm/platform';

/** The receiving order list (ReceivingOrderListRow): filters status, locations, supplier, receive_time range. */
export const RECEIVING_ORDER_LIST: ListResource = {
  from: `receiving_order r
    LEFT JOIN location_replica l ON l.location_id = r.location_id
    LEFT JOIN supplier_replica s ON s.supplier_id = r.supplier_id
    LEFT JOIN purchase_order p ON p.id = r.purchase_order_id`,
  columns: {
    id: { sql: 'r.id' },
    doc_no: { sql: 'r.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'r.status', sortable: true, filter: 'status' },
    location_id: { sql: 'r.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, r.location_id)`, sortable: true, searchable: true },
    supplier_id: { sql: 'r.supplier_id', sortable: true, searchable: true, filter: 'in' },
    supplier_name: { sql: `COALESCE(s.company_name, r.supplier_id)`, sortable: true, searchable: true },
    purchase_order_no: { sql: 'p.doc_no', sortable: true, searchable: true },
    delivery_order_no: { sql: 'r.delivery_order_no', sortable: true, searchable: true },
    receive_time: { sql: 'r.receive_time', sortable: true, filter: 'date_range' },
    currency: { sql: 'r.currency', sortable: true, filter: 'in' },
    total_amount: { sql: `r.total_amount::text`, sortable: true },
    total_usd: { sql: `r.total_usd::text`, sortable: true },
    created_by_name: { sql: 'r.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'r.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'r.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.id',
  locationColumn: 'r.location_id',
};
