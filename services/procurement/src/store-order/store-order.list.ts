import type { ListResource } from '@scm/platform';

/** The store order list (StoreOrderListRow): filters status, locations, order type, delivery_time range. */
export const STORE_ORDER_LIST: ListResource = {
  from: `store_order o
    LEFT JOIN location_replica l ON l.location_id = o.location_id`,
  columns: {
    id: { sql: 'o.id' },
    doc_no: { sql: 'o.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'o.status', sortable: true, filter: 'status' },
    location_id: { sql: 'o.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, o.location_id)`, sortable: true, searchable: true },
    delivery_time: { sql: 'o.delivery_time', sortable: true, filter: 'date_range' },
    order_type: { sql: 'o.order_type', sortable: true, filter: 'in' },
    line_count: { sql: '(SELECT count(*)::int FROM store_order_line x WHERE x.store_order_id = o.id)' },
    purchase_order_count: {
      sql: '(SELECT count(*)::int FROM purchase_order p WHERE p.store_order_id = o.id)',
    },
    internal_remark: { sql: 'o.internal_remark', searchable: true },
    created_by_name: { sql: 'o.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'o.created_time', sortable: true, filter: 'date_range' },
    submitted_time: { sql: 'o.submitted_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'o.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'o.id',
  locationColumn: 'o.location_id',
};

/** The par levels of the caller's locations (StoreOrderParLevelRow). */
export const STORE_ORDER_PAR_LEVEL_LIST: ListResource = {
  from: `store_order_par_level p
    LEFT JOIN location_replica l ON l.location_id = p.location_id
    LEFT JOIN sku_replica s ON s.sku_id = p.sku_id`,
  columns: {
    location_id: { sql: 'p.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, p.location_id)`, sortable: true, searchable: true },
    sku_id: { sql: 'p.sku_id', sortable: true, searchable: true },
    sku_name: { sql: `COALESCE(s.name, p.sku_id)`, sortable: true, searchable: true },
    primary_uom_name: { sql: `COALESCE(s.primary_uom_name, '')` },
    par_level: { sql: 'p.par_level::text', sortable: true },
    last_updated_by_name: { sql: 'p.last_updated_by_name', sortable: true },
    last_updated_time: { sql: 'p.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: `p.location_id || '/' || p.sku_id`,
  locationColumn: 'p.location_id',
};
