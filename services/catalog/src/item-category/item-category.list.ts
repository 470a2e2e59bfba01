import { ITEM_CATEGORY_KINDS } from '@scm/contracts';
import type { ItemCategoryKind } from '@scm/contracts';
import type { ListResource } from '@scm/platform';

/** The category list of one kind, each row with whether a record uses it. */
function itemCategoryList(kind: ItemCategoryKind): ListResource {
  return {
    from: 'item_category c',
    // `kind` is one of the fixed kinds (code, not input).
    baseWhere: `c.kind = '${kind}'`,
    columns: {
      category_id: { sql: 'c.category_id' },
      kind: { sql: 'c.kind' },
      category_name: { sql: 'c.category_name', sortable: true, searchable: true, filter: 'text' },
      status: { sql: 'c.status', sortable: true, filter: 'status' },
      in_use: {
        sql: `EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = 'item_category'
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

export const ITEM_CATEGORY_LISTS = Object.fromEntries(
  ITEM_CATEGORY_KINDS.map((kind) => [kind, itemCategoryList(kind)]),
) as Record<ItemCategoryKind, ListResource>;
