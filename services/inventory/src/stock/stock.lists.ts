import type { KeysetListResource, ListColumn, ListResource } from '@scm/platform';
import {
  BALANCE_FIELDS,
  BALANCE_FROM,
  FIFO_LAYER_COUNT_SQL,
  ITEM_SEARCH_SQL,
  averageCost,
  money,
} from './stock-sql.js';

/**
 * The stock read side's lists (docs/stock-ledger.md, "HTTP"). Every list that carries a location declares it
 * (`locationColumn`), so it keeps to the caller's locations whatever the filters ask.
 */

/**
 * A balance's key as ONE unique, sortable text: keyset paging needs one unique tie-breaker and the key is three
 * columns. The item id's length first makes the text unambiguous whatever the ids contain; "C" collation keeps the
 * comparison bytewise (fast, and the same in the ORDER BY and in the cursor's row comparison). Rows of one item
 * come ordered by item type, then location.
 */
const BALANCE_KEY = `(format('%s:%s:%s:%s', length(b.item_id), b.item_id, b.item_type, b.location_id) COLLATE "C")`;

const overviewColumns: Record<string, ListColumn> = {
  item_type: { sql: BALANCE_FIELDS.item_type, sortable: true, filter: 'eq' },
  item_id: { sql: BALANCE_FIELDS.item_id, sortable: true },
  item_name: { sql: BALANCE_FIELDS.item_name, sortable: true },
  ch_display_name: { sql: BALANCE_FIELDS.ch_display_name },
  // search_str: the item's id, name or Chinese name, through the trigram index.
  search_text: { sql: ITEM_SEARCH_SQL, searchable: true, searchOnly: true },
  category_id: { sql: BALANCE_FIELDS.category_id, filter: 'eq' },
  category_name: { sql: BALANCE_FIELDS.category_name, sortable: true },
  location_id: { sql: BALANCE_FIELDS.location_id, sortable: true },
  location_name: { sql: BALANCE_FIELDS.location_name, sortable: true },
  region_id: { sql: BALANCE_FIELDS.region_id, filter: 'eq' },
  region_name: { sql: BALANCE_FIELDS.region_name, sortable: true },
  uom_name: { sql: BALANCE_FIELDS.uom_name },
  on_hand: { sql: BALANCE_FIELDS.on_hand, sortable: true, filter: 'number_range' },
  reserved: { sql: BALANCE_FIELDS.reserved, sortable: true },
  in_transit: { sql: BALANCE_FIELDS.in_transit, sortable: true },
  available: { sql: BALANCE_FIELDS.available, sortable: true, filter: 'number_range' },
  back_order_quantity: { sql: BALANCE_FIELDS.back_order_quantity, sortable: true, filter: 'number_range' },
  stock_value: { sql: BALANCE_FIELDS.stock_value, sortable: true },
  average_cost: { sql: BALANCE_FIELDS.average_cost, sortable: true },
  threshold: { sql: BALANCE_FIELDS.threshold },
  below_threshold: { sql: BALANCE_FIELDS.below_threshold, filter: 'bool' },
  last_movement_time: { sql: BALANCE_FIELDS.last_movement_time },
};

/**
 * /inventory/overview: one row per (item, location) balance, paged by `start` with a total (OVERVIEW_LIST) or, when
 * the body carries `cursor` (null for the first page), by keyset (OVERVIEW_KEYSET_LIST): 100k SKUs × 20 locations is
 * two million rows, which a director's page should neither count nor skip through (a first page is read by
 * walking the item-name index and each item's balances by key). Every sortable column is NOT NULL, as a cursor's
 * row comparison needs.
 */
export const OVERVIEW_LIST: ListResource = {
  from: BALANCE_FROM,
  columns: overviewColumns,
  defaultOrder: { column: 'item_name', direction: 'ASC' },
  tieBreaker: BALANCE_KEY,
  locationColumn: 'b.location_id',
};
export const OVERVIEW_KEYSET_LIST: KeysetListResource = { ...OVERVIEW_LIST, paging: 'keyset' };

/**
 * Where the overview's total is counted when its conditions name only the balance (a location filter, a level on
 * the quantity, the scope): every balance has its item and location in the replicas (the ledger posts only known
 * ones), so the inner joins add no row and remove none.
 */
export const OVERVIEW_COUNT_FROM = { from: 'stock_balance b', aliases: ['b'] } as const;

/** The overview's sortable cost columns: a role without can_see_cost may not order by what it cannot see. */
export const OVERVIEW_COST_SORTS: readonly string[] = ['stock_value', 'average_cost'];

/**
 * One item's movements with the running balance and value of its (item, location) after each, by `start` or by
 * `cursor` as the overview. The window runs in
 * a subquery over ALL the movements of the item, so a date range, a document filter or a page (cursor) leaves the
 * running figures as posted. PostgreSQL pushes the item and location conditions (the window's partition columns)
 * down into the subquery, so only that item's movements are read; the other conditions stay outside the window.
 */
export const MOVEMENT_LIST: ListResource = {
  from: `(SELECT m.movement_id, m.seq, m.posted_at, m.value_date, m.item_type, m.item_id, m.location_id,
                 m.document_type, m.document_id, m.document_no, m.line_no, m.batch_id, m.quantity, m.unit_cost,
                 m.cost_value, m.actor_name,
                 sum(m.quantity) OVER running AS running_balance,
                 sum(m.cost_value) OVER running AS running_value
            FROM stock_movement m
          WINDOW running AS (PARTITION BY m.item_type, m.item_id, m.location_id ORDER BY m.seq
                             ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)) m
    JOIN location_replica l ON l.location_id = m.location_id`,
  columns: {
    movement_id: { sql: 'm.movement_id' },
    posted_at: { sql: 'm.posted_at', sortable: true },
    value_date: { sql: 'm.value_date', sortable: true, filter: 'date_range' },
    item_type: { sql: 'm.item_type', filter: 'eq' },
    item_id: { sql: 'm.item_id', filter: 'eq' },
    location_id: { sql: 'm.location_id' },
    location_name: { sql: 'l.location_name' },
    document_type: { sql: 'm.document_type', filter: 'in' },
    document_id: { sql: 'm.document_id' },
    document_no: { sql: 'm.document_no', searchable: true },
    line_no: { sql: 'm.line_no' },
    batch_id: { sql: 'm.batch_id' },
    quantity: { sql: 'm.quantity' },
    unit_cost: { sql: 'm.unit_cost' },
    cost_value: { sql: money('m.cost_value') },
    running_balance: { sql: 'm.running_balance' },
    running_value: { sql: money('m.running_value') },
    actor_name: { sql: 'm.actor_name', searchable: true },
  },
  // Newest first; the movement's posting order (seq) breaks ties and is the cursor's unique key.
  defaultOrder: { column: 'posted_at', direction: 'DESC' },
  tieBreaker: 'm.seq',
  locationColumn: 'm.location_id',
};
export const MOVEMENT_KEYSET_LIST: KeysetListResource = { ...MOVEMENT_LIST, paging: 'keyset' };

/** The line grid's item search: SKUs and RJ products the ledger keeps stock of. */
export const ITEM_OPTION_LIST: ListResource = {
  from: `item_replica i
    LEFT JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id`,
  columns: {
    item_type: { sql: 'i.item_type', sortable: true, filter: 'eq' },
    item_id: { sql: 'i.item_id', sortable: true },
    item_name: { sql: 'i.item_name', sortable: true },
    ch_display_name: { sql: "COALESCE(i.ch_display_name, '')" },
    search_text: { sql: ITEM_SEARCH_SQL, searchable: true, searchOnly: true },
    category_id: { sql: 'i.category_id', filter: 'in' },
    category_name: { sql: "COALESCE(c.category_name, '')", sortable: true },
    uom_name: { sql: 'i.primary_uom_name' },
    counting_uom_name: { sql: 'i.counting_uom_name' },
    uom_list: { sql: 'i.uom_list' },
    status: { sql: 'i.status', sortable: true, filter: 'status' },
  },
  defaultOrder: { column: 'item_name', direction: 'ASC' },
  // Unique: an item type never holds ':'.
  tieBreaker: "(i.item_type || ':' || i.item_id)",
  // The ledger refuses a line of a deleted or not inventorised item: the grid never offers one.
  baseWhere: 'NOT i.deleted AND i.is_inventorise',
};

/** The back orders (SO): shortfalls of postings that allowed negative stock, settled by later receipts. */
export const BACK_ORDER_LIST: ListResource = {
  from: `back_order o
    JOIN item_replica i ON i.item_type = o.item_type AND i.item_id = o.item_id
    JOIN location_replica l ON l.location_id = o.location_id`,
  columns: {
    back_order_id: { sql: 'o.back_order_id' },
    bo_no: { sql: 'o.bo_no', sortable: true, searchable: true },
    status: { sql: 'o.status', sortable: true, filter: 'status' },
    item_type: { sql: 'o.item_type', filter: 'eq' },
    item_id: { sql: 'o.item_id', sortable: true, searchable: true, filter: 'eq' },
    item_name: { sql: 'i.item_name', sortable: true, searchable: true },
    location_id: { sql: 'o.location_id', sortable: true },
    location_name: { sql: 'l.location_name', sortable: true },
    uom_name: { sql: 'i.primary_uom_name' },
    initial_quantity: { sql: 'o.initial_quantity', sortable: true },
    current_quantity: { sql: 'o.current_quantity', sortable: true },
    document_type: { sql: 'o.document_type', filter: 'in' },
    document_id: { sql: 'o.document_id' },
    document_no: { sql: 'o.document_no', sortable: true, searchable: true },
    settled_value: { sql: money('o.settled_value') },
    // Per unit settled so far (current − initial: both negative, current nearer zero); none before any.
    unit_cost: {
      sql: `CASE WHEN o.current_quantity = o.initial_quantity THEN NULL
                 ELSE ${averageCost('o.settled_value', '(o.current_quantity - o.initial_quantity)')} END`,
    },
    created_time: { sql: 'o.created_time', sortable: true, filter: 'date_range' },
    settled_time: { sql: 'o.settled_time', sortable: true },
    last_updated_time: { sql: 'o.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'created_time', direction: 'DESC' },
  tieBreaker: 'o.back_order_id',
  locationColumn: 'o.location_id',
};

/**
 * /fifo: the valuation as of a date, read from the request's temporary table `fifo_as_of` (one row per item and
 * location, made by StockQueries.valueAsOf) joined with the replicas for names.
 */
export const FIFO_VALUATION_LIST: ListResource = {
  from: `fifo_as_of v
    JOIN item_replica i ON i.item_type = v.item_type AND i.item_id = v.item_id
    JOIN location_replica l ON l.location_id = v.location_id`,
  columns: {
    item_type: { sql: 'v.item_type', sortable: true, filter: 'eq' },
    item_id: { sql: 'v.item_id', sortable: true },
    item_name: { sql: 'i.item_name', sortable: true },
    search_text: { sql: ITEM_SEARCH_SQL, searchable: true, searchOnly: true },
    location_id: { sql: 'v.location_id', sortable: true },
    location_name: { sql: 'l.location_name', sortable: true },
    uom_name: { sql: 'i.primary_uom_name' },
    quantity: { sql: 'v.quantity', sortable: true },
    valuation: { sql: money('v.valuation'), sortable: true },
    layer_count: { sql: FIFO_LAYER_COUNT_SQL },
  },
  defaultOrder: { column: 'item_name', direction: 'ASC' },
  // The row's key as one sortable value (a record): pages of one valuation never overlap, whatever the order.
  tieBreaker: '(v.item_type, v.item_id, v.location_id)',
  locationColumn: 'v.location_id',
};
