import type { ListResource } from '@scm/platform';

export const ROLE_LIST: ListResource = {
  from: 'role r',
  columns: {
    role_id: { sql: 'r.role_id' },
    role_name: { sql: 'r.role_name', sortable: true, searchable: true, filter: 'text' },
    can_see_cost: { sql: 'r.can_see_cost', sortable: true, filter: 'bool' },
    approval_limit: { sql: 'r.approval_limit', sortable: true, filter: 'number_range' },
    permission_list: { sql: 'r.permission_list' },
    user_count: { sql: '(SELECT count(*)::int FROM app_user u WHERE u.role_id = r.role_id)', sortable: true },
    created_time: { sql: 'r.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'r.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.role_id',
};
