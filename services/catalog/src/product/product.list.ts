import { PRODUCT_COST_FIELDS, PRODUCT_IMAGE_OWNER_TYPE } from '@scm/contracts';
import type { ListResource } from '@scm/platform';

/**
 * The product list with its category name and cover. The search (`search_str`) reads one generated column
 * (code, names, brand, hashtags) through its trigram index; sorts and filters follow the table's indexes.
 */
export const PRODUCT_LIST: ListResource = {
  from: `product p
    LEFT JOIN item_category c ON c.category_id = p.category_id`,
  columns: {
    product_id: { sql: 'p.product_id' },
    product_code: { sql: 'p.product_code', sortable: true, filter: 'text' },
    product_name: { sql: 'p.product_name', sortable: true, filter: 'text' },
    alt_name: { sql: 'p.alt_name', sortable: true },
    display_name: { sql: "COALESCE(NULLIF(p.alt_name, ''), p.product_name)" },
    brand: { sql: 'p.brand', sortable: true, filter: 'text' },
    width: { sql: 'p.width', sortable: true },
    height: { sql: 'p.height', sortable: true },
    diameter: { sql: 'p.diameter', sortable: true },
    weight_grams: { sql: 'p.weight_grams', sortable: true },
    time_period: { sql: 'p.time_period', sortable: true },
    country_origin: { sql: 'p.country_origin', sortable: true, filter: 'text' },
    hashtag_list: { sql: 'p.hashtag_list' },
    description: { sql: 'p.description' },
    native_currency: { sql: 'p.native_currency', sortable: true, filter: 'eq' },
    default_cost: { sql: 'p.default_cost', sortable: true },
    retail_price_native: { sql: 'p.retail_price_native', sortable: true },
    exchange_rate: { sql: 'p.exchange_rate' },
    exchange_rate_date: { sql: "to_char(p.exchange_rate_date, 'YYYY-MM-DD')" },
    retail_price_usd: { sql: 'p.retail_price_usd', sortable: true, filter: 'number_range' },
    mark_up: { sql: 'p.mark_up', sortable: true },
    discount: { sql: 'p.discount', sortable: true },
    tax: { sql: 'p.tax', sortable: true },
    retail_with_tax_usd: { sql: 'p.retail_with_tax_usd', sortable: true },
    remarks: { sql: 'p.remarks' },
    supplier_description: { sql: 'p.supplier_description' },
    stock_type: { sql: 'p.stock_type', sortable: true, filter: 'eq' },
    category_id: { sql: 'p.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    permit_no: { sql: 'p.permit_no', sortable: true, filter: 'text' },
    arrival_date: { sql: "to_char(p.arrival_date, 'YYYY-MM-DD')", sortable: true },
    shipout_date: { sql: "to_char(p.shipout_date, 'YYYY-MM-DD')", sortable: true },
    declaration_type: { sql: 'p.declaration_type', sortable: true, filter: 'eq' },
    shipping_method: { sql: 'p.shipping_method', sortable: true, filter: 'eq' },
    gross_margin_scheme: { sql: 'p.gross_margin_scheme', sortable: true, filter: 'bool' },
    total_tax: { sql: 'p.total_tax', sortable: true },
    cover_image_id: { sql: 'p.cover_image_id' },
    image_count: {
      sql: `(SELECT count(*)::int FROM attachment a
        WHERE a.owner_type = '${PRODUCT_IMAGE_OWNER_TYPE}' AND a.owner_id = p.product_id::text)`,
    },
    last_printed_date: { sql: "to_char(p.last_printed_date, 'YYYY-MM-DD')", sortable: true },
    is_printed: { sql: 'p.is_printed', sortable: true, filter: 'bool' },
    status: { sql: 'p.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'product' AND u.target_id = p.product_code)",
    },
    created_time: { sql: 'p.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'p.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'p.created_by' },
    last_updated_by: { sql: 'p.last_updated_by' },
    /** Code, names, brand and hashtags in one generated column (trigram index). */
    search_text: { sql: 'p.search_text', searchable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'p.product_code',
  // Deep pages: the page's codes come from `product` alone (a sort index, index-only), then only they are joined
  // and get the select list (image count). LEFT JOIN so that `product p` alone gives the same rows (every
  // product has its category: category_id is required and a used category cannot be deleted).
  pageByKey: { from: 'product p', aliases: ['p'] },
};

/**
 * The same list for roles without can_see_cost: the cost columns do not exist, so they can be neither read,
 * sorted nor filtered on (a sort by cost would leak it).
 */
export const PRODUCT_LIST_WITHOUT_COST: ListResource = {
  ...PRODUCT_LIST,
  columns: Object.fromEntries(
    Object.entries(PRODUCT_LIST.columns).filter(([name]) => !(PRODUCT_COST_FIELDS as readonly string[]).includes(name)),
  ),
};
