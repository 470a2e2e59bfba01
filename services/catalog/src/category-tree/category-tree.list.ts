import type { ListResource } from '@scm/platform';
import type { CategoryTreeKind } from './category-tree.kinds.js';

/** The category list of one kind, each row with its sub-categories (names in order) and whether it is in use. */
export function categoryTreeList(kind: CategoryTreeKind): ListResource {
  // Table names and usage types are the kind's fixed code, not input.
  return {
    from: `${kind.table} c`,
    columns: {
      category_id: { sql: 'c.category_id' },
      category_name: { sql: 'c.category_name', sortable: true, searchable: true, filter: 'text' },
      sub_category_names: {
        sql: `COALESCE((SELECT string_agg(s.sub_category_name, ', ' ORDER BY s.position) FROM ${kind.subTable} s
               WHERE s.category_id = c.category_id), '')`,
        searchable: true,
      },
      status: { sql: 'c.status', sortable: true, filter: 'status' },
      in_use: {
        sql: `EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = '${kind.usageType}'
               AND u.target_id = c.category_id::text)`,
      },
      created_time: { sql: 'c.created_time', sortable: true, filter: 'date_range' },
      last_updated_time: { sql: 'c.last_updated_time', sortable: true, filter: 'date_range' },
      created_by: { sql: 'c.created_by' },
      last_updated_by: { sql: 'c.last_updated_by' },
    },
    defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
    tieBreaker: 'c.category_id',
  };
}
