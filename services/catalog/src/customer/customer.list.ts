import type { ListResource } from '@scm/platform';

/** The customer list; search covers the code, names, email, contact numbers, company and tags. */
export const CUSTOMER_LIST: ListResource = {
  from: `customer c`,
  columns: {
    customer_code: { sql: 'c.customer_code', sortable: true, searchable: true, filter: 'text' },
    customer_name: { sql: 'c.customer_name', sortable: true, searchable: true, filter: 'text' },
    salutation: { sql: 'c.salutation', filter: 'eq' },
    chinese_name: { sql: 'c.chinese_name', searchable: true },
    gender: { sql: 'c.gender', sortable: true, filter: 'eq' },
    email: { sql: 'c.email', sortable: true, searchable: true },
    primary_contact_no: { sql: 'c.primary_contact_no', searchable: true },
    secondary_contact_no: { sql: 'c.secondary_contact_no', searchable: true },
    birthday: { sql: "to_char(c.birthday, 'YYYY-MM-DD')", sortable: true },
    wedding_anniversary: { sql: "to_char(c.wedding_anniversary, 'YYYY-MM-DD')", sortable: true },
    mailing_list: { sql: 'c.mailing_list', sortable: true, filter: 'bool' },
    contact_mode: { sql: 'c.contact_mode', sortable: true, filter: 'eq' },
    occupation: { sql: 'c.occupation', sortable: true },
    company: { sql: 'c.company', sortable: true, searchable: true },
    department: { sql: 'c.department' },
    tags: { sql: 'c.tags', searchable: true },
    address_list: { sql: 'c.address_list' },
    transaction_count: { sql: 'c.transaction_count', sortable: true },
    total_spending: { sql: 'c.total_spending', sortable: true },
    status: { sql: 'c.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'customer' AND u.target_id = c.customer_code)",
    },
    created_time: { sql: 'c.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'c.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'c.created_by' },
    last_updated_by: { sql: 'c.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'c.customer_code',
};
