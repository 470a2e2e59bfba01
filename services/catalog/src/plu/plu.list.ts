import type { ListResource } from '@scm/platform';

/**
 * The PLU list with its category and BOM (an existing PLU BOM's code, or none for a custom one); search covers
 * the code, names, barcode and the BOM. Cost and margin are added per page by the service (can_see_cost).
 */
export const PLU_LIST: ListResource = {
  from: `plu p
    JOIN item_category c ON c.category_id = p.category_id
    JOIN bom b ON b.bom_key = p.bom_key`,
  columns: {
    plu_id: { sql: 'p.plu_id', sortable: true, searchable: true, filter: 'text' },
    plu_name: { sql: 'p.plu_name', sortable: true, searchable: true, filter: 'text' },
    ch_display_name: { sql: 'p.ch_display_name', sortable: true, searchable: true },
    suggested_price: { sql: 'p.suggested_price::text', sortable: true },
    barcode: { sql: 'p.barcode', sortable: true, searchable: true },
    category_id: { sql: 'p.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    bom_type: { sql: 'p.bom_type', sortable: true, filter: 'eq' },
    bom_id: { sql: "CASE WHEN p.bom_type = 'existing' THEN b.bom_id END", sortable: true, searchable: true },
    bom_name: { sql: 'b.bom_name', sortable: true, searchable: true },
    bom_key: { sql: 'p.bom_key' },
    bom_output_quantity: { sql: 'b.output_quantity::text' },
    status: { sql: 'p.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'plu' AND u.target_id = p.plu_id)",
    },
    created_time: { sql: 'p.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'p.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'p.created_by' },
    last_updated_by: { sql: 'p.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'p.plu_id',
};
