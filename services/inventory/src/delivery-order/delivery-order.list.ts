import type { ListResource } from '@scm/platform';

/**
 * The delivery order list (DeliveryOrderListRow). An internal DO belongs to both its locations: the sender's and
 * the receiver's users both see it (`locationListMatch: 'any'`); an external one to its source only.
 */
export const DELIVERY_ORDER_LIST: ListResource = {
  from: `delivery_order d
    LEFT JOIN location_replica lf ON lf.location_id = d.from_location_id
    LEFT JOIN location_replica lt ON lt.location_id = d.to_location_id`,
  columns: {
    id: { sql: 'd.id' },
    doc_no: { sql: 'd.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'd.status', sortable: true, filter: 'status' },
    from_location_id: { sql: 'd.from_location_id', sortable: true, filter: 'in' },
    from_location_name: { sql: `COALESCE(lf.location_name, d.from_location_id)`, sortable: true, searchable: true },
    delivery_type: { sql: 'd.delivery_type', sortable: true, filter: 'in' },
    to_location_id: { sql: 'd.to_location_id', sortable: true, filter: 'in' },
    to_name: {
      sql: `CASE WHEN d.delivery_type = 'INTERNAL' THEN COALESCE(lt.location_name, d.to_location_id)
              ELSE d.customer_name END`,
      sortable: true,
      searchable: true,
    },
    customer_name: { sql: 'd.customer_name', sortable: true, searchable: true },
    courier: { sql: 'd.courier', sortable: true, filter: 'in' },
    official_id: { sql: 'd.official_id', sortable: true, searchable: true },
    invoice_no: { sql: 'd.invoice_no', sortable: true, searchable: true },
    urgency: { sql: 'd.urgency', sortable: true, filter: 'in' },
    // The driver reads a date as a local Date: the repository turns it back into YYYY-MM-DD.
    release_date: { sql: 'd.release_date', sortable: true, filter: 'date_range' },
    sar_refs: { sql: `array_to_string(d.sar_ref_list, ', ')`, searchable: true },
    line_count: { sql: '(SELECT count(*)::int FROM delivery_order_line x WHERE x.delivery_order_id = d.id)' },
    signed_by_name: { sql: 'd.signed_by_name', sortable: true, searchable: true },
    created_by_name: { sql: 'd.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'd.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'd.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'd.id',
  locationColumn: 'ARRAY_REMOVE(ARRAY[d.from_location_id, d.to_location_id], NULL)',
  locationColumnIsList: true,
  locationListMatch: 'any',
};
