import type { ListResource } from '@scm/platform';

export const USER_LIST: ListResource = {
  from: 'app_user u JOIN role r ON r.role_id = u.role_id',
  columns: {
    user_id: { sql: 'u.user_id' },
    employee_code: { sql: 'u.employee_code', sortable: true, searchable: true, filter: 'text' },
    employee_name: { sql: 'u.employee_name', sortable: true, searchable: true, filter: 'text' },
    email: { sql: 'u.email', sortable: true, searchable: true, filter: 'text' },
    username: { sql: 'u.username', sortable: true, searchable: true },
    role_id: { sql: 'u.role_id', filter: 'eq' },
    role_name: { sql: 'r.role_name', sortable: true, searchable: true },
    // One status (the list's status select sends a string) or several.
    status: { sql: 'u.status', sortable: true, filter: 'status' },
    location_list: { sql: 'u.location_list' },
    last_sign_in_at: { sql: 'u.last_sign_in_at', sortable: true, filter: 'date_range' },
    created_time: { sql: 'u.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'u.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'u.user_id',
  // A user manager sees the users who share one of their locations (docs/architecture.md, "Access rules"); a user
  // holding every location (`*`), or none yet, only a manager holding every location.
  locationColumn: 'u.location_list',
  locationColumnIsList: true,
};
