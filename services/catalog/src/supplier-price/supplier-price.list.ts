import type { ListResource } from '@scm/platform';

/**
 * The pricing list: one row per supplier × SKU × unit with the SKU and supplier names and the unit's factor to the
 * SKU's primary unit ("1 BAG = 25 KG"); search covers the codes and names. The price columns are removed for roles without can_see_cost (PRICE_FIELDS).
 */
export const SUPPLIER_PRICE_LIST: ListResource = {
  from: `supplier_price p
    JOIN sku s ON s.sku_id = p.sku_id
    JOIN supplier sp ON sp.supplier_id = p.supplier_id
    JOIN sku_uom su ON su.sku_id = p.sku_id AND su.uom_name = p.uom_name`,
  columns: {
    sku_id: { sql: 'p.sku_id', sortable: true, searchable: true, filter: 'eq' },
    sku_name: { sql: 's.name', sortable: true, searchable: true },
    supplier_id: { sql: 'p.supplier_id', sortable: true, searchable: true, filter: 'eq' },
    supplier_name: { sql: 'sp.company_name', sortable: true, searchable: true },
    uom_name: { sql: 'p.uom_name', sortable: true, filter: 'eq' },
    factor: { sql: 'su.factor::text' },
    primary_uom_name: { sql: 's.primary_uom_name' },
    current_price: { sql: 'p.current_price', sortable: true, filter: 'number_range' },
    future_price_1: { sql: 'p.future_price_1', sortable: true },
    future_price_1_date: { sql: "to_char(p.future_price_1_date, 'YYYY-MM-DD')", sortable: true },
    future_price_2: { sql: 'p.future_price_2', sortable: true },
    future_price_2_date: { sql: "to_char(p.future_price_2_date, 'YYYY-MM-DD')", sortable: true },
    has_future_price: { sql: 'p.future_price_1 IS NOT NULL', filter: 'bool' },
    is_default_supplier: { sql: 's.default_supplier_id IS NOT DISTINCT FROM p.supplier_id', filter: 'bool' },
    category_id: { sql: 's.category_id', filter: 'eq' },
    sku_status: { sql: 's.status', sortable: true, filter: 'status' },
    last_updated_time: { sql: 'p.last_updated_time', sortable: true, filter: 'date_range' },
    last_updated_by: { sql: 'p.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: "(p.sku_id || '/' || p.supplier_id || '/' || p.uom_name)",
};
