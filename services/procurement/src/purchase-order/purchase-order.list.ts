import type { ListResource } from '@scm/platform';

/**
 * The purchase order list (PurchaseOrderListRow): filters status, locations, supplier, purchase_date range,
 * order and stock type.
 */
export const PURCHASE_ORDER_LIST: ListResource = {
  from: `purchase_order p
    LEFT JOIN location_replica l ON l.location_id = p.location_id
    LEFT JOIN supplier_replica s ON s.supplier_id = p.supplier_id`,
  columns: {
    id: { sql: 'p.id' },
    doc_no: { sql: 'p.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'p.status', sortable: true, filter: 'status' },
    location_id: { sql: 'p.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, p.location_id)`, sortable: true, searchable: true },
    supplier_id: { sql: 'p.supplier_id', sortable: true, searchable: true, filter: 'in' },
    supplier_name: { sql: `COALESCE(s.company_name, p.supplier_id)`, sortable: true, searchable: true },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    purchase_date: { sql: 'p.purchase_date', sortable: true, filter: 'date_range' },
    delivery_time: { sql: 'p.delivery_time', sortable: true, filter: 'date_range' },
    order_type: { sql: 'p.order_type', sortable: true, filter: 'in' },
    stock_type: { sql: 'p.stock_type', sortable: true, filter: 'in' },
    currency: { sql: 'p.currency', sortable: true, filter: 'in' },
    line_count: {
      sql: '(SELECT count(*)::int FROM purchase_order_line x WHERE x.purchase_order_id = p.id)',
    },
    total_amount: { sql: `p.total_amount::text`, sortable: true },
    total_usd: { sql: `p.total_usd::text`, sortable: true },
    internal_remark: { sql: 'p.internal_remark', searchable: true },
    created_by_name: { sql: 'p.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'p.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'p.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'p.id',
  locationColumn: 'p.location_id',
};
