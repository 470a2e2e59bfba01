import type { ListResource } from '@scm/platform';

/** The default-supplier list: one row per SKU with its default supplier and how many locations differ. */
export const DEFAULT_SUPPLIER_LIST: ListResource = {
  from: `sku s
    JOIN sku_category c ON c.category_id = s.category_id
    LEFT JOIN supplier d ON d.supplier_id = s.default_supplier_id`,
  columns: {
    sku_id: { sql: 's.sku_id', sortable: true, searchable: true },
    name: { sql: 's.name', sortable: true, searchable: true },
    category_id: { sql: 's.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    sku_status: { sql: 's.status', sortable: true, filter: 'status' },
    default_supplier_id: { sql: 's.default_supplier_id', sortable: true, searchable: true, filter: 'eq' },
    default_supplier_name: { sql: 'd.company_name', sortable: true, searchable: true },
    has_default_supplier: { sql: 's.default_supplier_id IS NOT NULL', filter: 'bool' },
    supplier_count: { sql: '(SELECT count(*)::int FROM sku_supplier x WHERE x.sku_id = s.sku_id)' },
    location_supplier_count: {
      sql: '(SELECT count(*)::int FROM sku_location_supplier x WHERE x.sku_id = s.sku_id)',
    },
    last_updated_time: { sql: 's.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 's.sku_id',
};
