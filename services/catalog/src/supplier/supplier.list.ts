import type { ListResource } from '@scm/platform';

/** The supplier list with its category name; search covers the code, names, contact, UEN and hashtags. */
export const SUPPLIER_LIST: ListResource = {
  from: `supplier s
    JOIN supplier_category c ON c.category_id = s.category_id`,
  columns: {
    supplier_id: { sql: 's.supplier_id', sortable: true, searchable: true, filter: 'text' },
    company_name: { sql: 's.company_name', sortable: true, searchable: true, filter: 'text' },
    account_no: { sql: 's.account_no', sortable: true },
    credit_term_in_days: { sql: 's.credit_term_in_days', sortable: true },
    contact_name: { sql: 's.contact_name', sortable: true, searchable: true },
    contact_no: { sql: 's.contact_no', searchable: true },
    contact_email: { sql: 's.contact_email', searchable: true },
    company_uen: { sql: 's.company_uen', sortable: true, searchable: true },
    company_website: { sql: 's.company_website' },
    address: { sql: 's.address' },
    postal_code: { sql: 's.postal_code' },
    country: { sql: 's.country', sortable: true, filter: 'eq' },
    remark: { sql: 's.remark' },
    minimum_order_value: { sql: 's.minimum_order_value', sortable: true },
    category_id: { sql: 's.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    terms_and_conditions: { sql: 's.terms_and_conditions' },
    gst_price_type: { sql: 's.gst_price_type', sortable: true, filter: 'eq' },
    gst_reg_no: { sql: 's.gst_reg_no' },
    gst_rate: { sql: 's.gst_rate', sortable: true },
    tax_rate: { sql: 's.tax_rate', sortable: true },
    tax_type: { sql: 's.tax_type', sortable: true, filter: 'eq' },
    tax_reg_no: { sql: 's.tax_reg_no' },
    hashtag_list: { sql: 's.hashtag_list', searchable: true },
    status: { sql: 's.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'supplier' AND u.target_id = s.supplier_id)",
    },
    created_time: { sql: 's.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 's.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 's.created_by' },
    last_updated_by: { sql: 's.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 's.supplier_id',
};
