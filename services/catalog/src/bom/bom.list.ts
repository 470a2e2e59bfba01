import { BOM_KINDS } from '@scm/contracts';
import type { BomKind } from '@scm/contracts';
import type { ListResource } from '@scm/platform';

/** The location a BOM belongs to: its owner when the owner is a location, else none. */
const BOM_OWNER_LOCATION_SQL = "CASE WHEN b.owner_type = 'location' THEN b.owner END";

/**
 * The BOM list of one kind (a PLU's custom BOMs left out) with names resolved; search covers the code, name,
 * output SKU, owner, hashtags and the consumed SKUs. Cost is added per page by the service (can_see_cost).
 */
function bomList(kind: BomKind): ListResource {
  return {
    from: `bom b
      LEFT JOIN item_category c ON c.category_id = b.category_id
      LEFT JOIN sku os ON os.sku_id = b.output_sku_id
      LEFT JOIN location l ON b.owner_type = 'location' AND l.location_id = b.owner`,
    // `kind` is one of the fixed kinds (code, not input).
    baseWhere: `b.bom_kind = '${kind}' AND b.custom_plu_id IS NULL`,
    columns: {
      bom_key: { sql: 'b.bom_key' },
      bom_kind: { sql: 'b.bom_kind' },
      bom_id: { sql: 'b.bom_id', sortable: true, searchable: true, filter: 'text' },
      bom_name: { sql: 'b.bom_name', sortable: true, searchable: true, filter: 'text' },
      output_sku_id: { sql: 'b.output_sku_id', sortable: true, searchable: true, filter: 'eq' },
      output_sku_name: { sql: 'os.name', sortable: true, searchable: true },
      output_quantity: { sql: 'b.output_quantity::text', sortable: true },
      output_uom_name: { sql: 'b.output_uom_name', sortable: true },
      category_id: { sql: 'b.category_id', filter: 'eq' },
      category_name: { sql: "COALESCE(c.category_name, '')", sortable: true },
      owner_type: { sql: 'b.owner_type', filter: 'eq' },
      owner: { sql: 'b.owner', filter: 'eq' },
      owner_name: { sql: 'COALESCE(l.location_name, b.owner)', sortable: true, searchable: true },
      hashtag_list: { sql: 'b.hashtag_list', searchable: true },
      consume_sku_ids: {
        sql: `(SELECT string_agg(x.sku_id, ' ' ORDER BY x.line_no) FROM bom_consume x WHERE x.bom_key = b.bom_key)`,
        searchable: true,
      },
      consume_count: { sql: '(SELECT count(*)::int FROM bom_consume x WHERE x.bom_key = b.bom_key)' },
      status: { sql: 'b.status', sortable: true, filter: 'status' },
      in_use: {
        sql: `EXISTS (SELECT 1 FROM record_usage u WHERE u.target_type = '${kind}' AND u.target_id = b.bom_id)`,
      },
      created_time: { sql: 'b.created_time', sortable: true, filter: 'date_range' },
      last_updated_time: { sql: 'b.last_updated_time', sortable: true, filter: 'date_range' },
      created_by: { sql: 'b.created_by' },
      last_updated_by: { sql: 'b.last_updated_by' },
    },
    defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
    tieBreaker: 'b.bom_id',
    // A BOM owned by a location is that location's; one owned by free text (the company) is everyone's.
    locationColumn: BOM_OWNER_LOCATION_SQL,
    unlocatedRowsShared: true,
  };
}

export const BOM_LISTS = Object.fromEntries(BOM_KINDS.map((kind) => [kind, bomList(kind)])) as Record<
  BomKind,
  ListResource
>;
