import type { ListResource } from '@scm/platform';

/**
 * The SKU list (`POST /api/catalog/skus/list`). Search covers the SKU ID, the names, alternate names, barcode and
 * hashtags (all columns of `sku` itself), through their concatenation `search_text` and its trigram index
 * (CreateSkuSearchIndexes). Kept cheap for 100,000 SKUs: every join is to a primary key and a LEFT
 * JOIN (so a count or a filter that does not read it drops it), the default order and the name, status and
 * category filters have their indexes (CreateSkus), and the per-row subqueries (supplier names, in use) only run
 * for the rows of the page.
 */
const FROM = `sku s
    LEFT JOIN sku_category c ON c.category_id = s.category_id
    LEFT JOIN sku_sub_category sc ON sc.sub_category_id = s.sub_category_id
    LEFT JOIN supplier ds ON ds.supplier_id = s.default_supplier_id`;

export const SKU_LIST: ListResource = {
  from: FROM,
  columns: {
    sku_id: { sql: 's.sku_id', sortable: true, filter: 'text' },
    name: { sql: 's.name', sortable: true, filter: 'text' },
    display_name: { sql: 's.display_name', sortable: true },
    ch_display_name: { sql: 's.ch_display_name', sortable: true },
    alternate_display_name_list: { sql: 's.alternate_display_name_list' },
    category_id: { sql: 's.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    sub_category_id: { sql: 's.sub_category_id', filter: 'eq' },
    sub_category_name: { sql: 'sc.sub_category_name', sortable: true },
    primary_uom_name: { sql: 's.primary_uom_name', sortable: true, filter: 'eq' },
    barcode: { sql: 's.barcode', sortable: true, filter: 'text' },
    threshold: { sql: 's.threshold', sortable: true, filter: 'number_range' },
    is_inventorise: { sql: 's.is_inventorise', sortable: true, filter: 'bool' },
    default_wastage_percentage: { sql: 's.default_wastage_percentage', sortable: true },
    max_order_qty: { sql: 's.max_order_qty', sortable: true },
    account_code: { sql: 's.account_code', sortable: true, filter: 'text' },
    gl_code: { sql: 's.gl_code', sortable: true, filter: 'text' },
    hashtag_list: { sql: 's.hashtag_list' },
    supplier_names: {
      sql: `COALESCE((SELECT string_agg(sp.company_name, ', ' ORDER BY ss.position) FROM sku_supplier ss
             JOIN supplier sp ON sp.supplier_id = ss.supplier_id WHERE ss.sku_id = s.sku_id), '')`,
    },
    default_supplier_id: { sql: 's.default_supplier_id', filter: 'eq' },
    default_supplier_name: { sql: 'ds.company_name', sortable: true },
    product_brand: { sql: 's.product_brand', sortable: true, filter: 'text' },
    status: { sql: 's.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'sku' AND u.target_id = s.sku_id)",
    },
    created_time: { sql: 's.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 's.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 's.created_by' },
    last_updated_by: { sql: 's.last_updated_by' },
    /** SKU ID, names, alternate names, barcode and hashtags joined by U+001F (generated; trigram index). */
    search_text: { sql: 's.search_text', searchable: true, searchOnly: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 's.sku_id',
  // Deep pages: the page's SKU IDs come from `sku` alone (a sort index, index-only), then only they are joined.
  pageByKey: { from: 'sku s', aliases: ['s'] },
};

/** The `other_params` key of the supplier filter: SKUs that list this supplier. */
export const SKU_SUPPLIER_FILTER = 'supplier_id';

/**
 * The same list filtered by one supplier: joined to that supplier's sku_supplier rows (index
 * sku_supplier_supplier; at most one row per SKU, the pair being the key), so no row is repeated.
 */
export const SKU_LIST_BY_SUPPLIER: ListResource = {
  ...SKU_LIST,
  from: `${FROM}
    JOIN sku_supplier fs ON fs.sku_id = s.sku_id`,
  columns: { ...SKU_LIST.columns, [SKU_SUPPLIER_FILTER]: { sql: 'fs.supplier_id', filter: 'eq' } },
};
