import type { ListResource } from '@scm/platform';

/** The location list with its category, sub-category and region names. */
export const LOCATION_LIST: ListResource = {
  from: `location l
    JOIN location_category c ON c.category_id = l.category_id
    LEFT JOIN location_sub_category s ON s.sub_category_id = l.sub_category_id
    JOIN region r ON r.region_id = l.region_id`,
  columns: {
    location_id: { sql: 'l.location_id', sortable: true, searchable: true, filter: 'text' },
    location_name: { sql: 'l.location_name', sortable: true, searchable: true, filter: 'text' },
    is_operating: { sql: 'l.is_operating', sortable: true, filter: 'bool' },
    category_id: { sql: 'l.category_id', filter: 'eq' },
    category_name: { sql: 'c.category_name', sortable: true },
    sub_category_id: { sql: 'l.sub_category_id', filter: 'eq' },
    sub_category_name: { sql: 's.sub_category_name', sortable: true },
    region_id: { sql: 'l.region_id', filter: 'eq' },
    region_name: { sql: 'r.region_name', sortable: true },
    address: { sql: 'l.address', sortable: true, searchable: true },
    country: { sql: 'l.country', sortable: true, filter: 'eq' },
    postal_code: { sql: 'l.postal_code', sortable: true },
    contact_person: { sql: 'l.contact_person' },
    remark: { sql: 'l.remark' },
    status: { sql: 'l.status', sortable: true, filter: 'status' },
    in_use: {
      sql: "EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'location' AND u.target_id = l.location_id)",
    },
    created_time: { sql: 'l.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'l.last_updated_time', sortable: true, filter: 'date_range' },
    created_by: { sql: 'l.created_by' },
    last_updated_by: { sql: 'l.last_updated_by' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'l.location_id',
  // A location is its own location: the list keeps to the caller's (docs/architecture.md, "Access rules").
  locationColumn: 'l.location_id',
};
