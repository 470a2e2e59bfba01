/**
 * SQL fragments the stock read side shares (docs/stock-ledger.md, "Tables"). Stored figures keep their full scale
 * (values at 7 decimals, so Σ remaining × unit cost holds to the last digit); an answer rounds each figure once,
 * in SQL, with PostgreSQL's half-away-from-zero `round`, the product's one rounding rule (decimals.ts): values as
 * money (2), unit costs at 4, quantities as stored (3).
 */

/** A stored value (numeric 24,7) as answered: money. */
export const money = (sql: string): string => `round(${sql}, 2)`;

/** Value ÷ quantity as a unit cost (4 decimals); 0 when there is no quantity to divide by. */
export const averageCost = (value: string, quantity: string): string =>
  `round(CASE WHEN ${quantity} = 0 THEN 0 ELSE ${value} / ${quantity} END, 4)`;

/** A date column as the API's `YYYY-MM-DD` (the driver would make a local-midnight Date of it). */
export const isoDate = (sql: string): string => `to_char(${sql}, 'YYYY-MM-DD')`;

/**
 * The select list of a StockBalanceRow over `stock_balance b` joined with `item_replica i`, `location_replica l`,
 * `region_replica r` (LEFT) and `item_category_replica c` (LEFT). `below_threshold`: the quantity on hand is under
 * the item's threshold (a threshold of 0 means none: stock is never negative).
 */
export const BALANCE_FIELDS: Record<string, string> = {
  item_type: 'b.item_type',
  item_id: 'b.item_id',
  item_name: 'i.item_name',
  ch_display_name: "COALESCE(i.ch_display_name, '')",
  category_id: 'i.category_id',
  category_name: "COALESCE(c.category_name, '')",
  location_id: 'b.location_id',
  location_name: 'l.location_name',
  region_id: 'l.region_id',
  region_name: "COALESCE(r.region_name, '')",
  uom_name: 'i.primary_uom_name',
  on_hand: 'b.on_hand',
  reserved: 'b.reserved',
  in_transit: 'b.in_transit',
  available: '(b.on_hand - b.reserved)',
  // The ledger keeps Σ of the open back orders' current quantity on the balance row (≤ 0).
  back_order_quantity: 'b.back_order_quantity',
  stock_value: money('b.stock_value'),
  average_cost: averageCost('b.stock_value', 'b.on_hand'),
  threshold: 'i.threshold',
  below_threshold: '(b.on_hand < i.threshold)',
  last_movement_time: 'b.last_movement_time',
};

export const BALANCE_FROM = `stock_balance b
  JOIN item_replica i ON i.item_type = b.item_type AND i.item_id = b.item_id
  JOIN location_replica l ON l.location_id = b.location_id
  LEFT JOIN region_replica r ON r.region_id = l.region_id
  LEFT JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id`;

/** `expr AS "name", ...` of a field map. */
export function selectList(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, sql]) => `${sql} AS "${name}"`)
    .join(', ');
}

/** The select list of a StockBatchView over `stock_batch sb` joined with `location_replica l`. */
export const BATCH_FIELDS: Record<string, string> = {
  batch_id: 'sb.batch_id',
  item_type: 'sb.item_type',
  item_id: 'sb.item_id',
  location_id: 'sb.location_id',
  location_name: 'l.location_name',
  received_quantity: 'sb.received_quantity',
  remaining_quantity: 'sb.remaining_quantity',
  unit_cost: 'sb.unit_cost',
  remaining_value: money('sb.remaining_quantity * sb.unit_cost'),
  received_at: 'sb.received_at',
  value_date: isoDate('sb.value_date'),
  document_type: 'sb.document_type',
  document_id: 'sb.document_id',
  document_no: 'sb.document_no',
};

/**
 * An item's searched text: its id, name and Chinese name joined by U+001F, exactly the expression of the trigram
 * index stock_item_replica_search (the planner uses the index only for the same expression), over `item_replica i`.
 */
export const ITEM_SEARCH_SQL = "(i.item_id || E'\\x1f' || i.item_name || E'\\x1f' || i.ch_display_name)";

/**
 * /fifo's valuation as of the end of a day ($1 date; $2 location ids or null for all; $3 item type or null): one row
 * per (item, location) holding something then — item_type, item_id, location_id, quantity, valuation (full scale) —
 * as its layers stood: per batch, its receipt minus its issues dated up to the day.
 *
 * Computed backwards from the present, per (item, location) rather than per batch: by the ledger's invariant a
 * balance's on hand and value are the sums of its movements, and each movement moves one batch at that batch's
 * cost, so what the layers held then is `on hand now − Σ movements dated after the day` and their value
 * `stock value now − Σ those movements' cost values`. That reads the balances and only the movements dated after
 * the day (through the value-date index): today reads no movement at all, a recent date few. How many layers each
 * (item, location) had then is FIFO_LAYER_COUNT_SQL, computed only for the rows a page shows.
 */
export const FIFO_VALUATION_SQL = `
  SELECT b.item_type, b.item_id, b.location_id,
         b.on_hand - COALESCE(later.quantity, 0) AS quantity,
         b.stock_value - COALESCE(later.cost_value, 0) AS valuation
    FROM stock_balance b
    LEFT JOIN (SELECT m.item_type, m.item_id, m.location_id, sum(m.quantity) AS quantity,
                      sum(m.cost_value) AS cost_value
                 FROM stock_movement m
                WHERE m.value_date > $1::date
                  AND ($2::text[] IS NULL OR m.location_id = ANY($2::text[]))
                  AND ($3::text IS NULL OR m.item_type = $3::text)
                GROUP BY m.item_type, m.item_id, m.location_id) later
      ON later.item_type = b.item_type AND later.item_id = b.item_id AND later.location_id = b.location_id
   WHERE (b.on_hand <> 0 OR later.item_id IS NOT NULL)
     AND ($2::text[] IS NULL OR b.location_id = ANY($2::text[]))
     AND ($3::text IS NULL OR b.item_type = $3::text)
     AND b.on_hand - COALESCE(later.quantity, 0) <> 0`;

/**
 * How many FIFO layers one row of `fifo_as_of v` had at the end of `v.as_of`: its batches with something left then
 * (remaining now minus the batch's movements dated after the day; a batch received after the day nets to zero).
 * A correlated subquery, so only the rows of the page shown pay for it (PostgreSQL evaluates an expensive output
 * column after the sort and the limit).
 */
export const FIFO_LAYER_COUNT_SQL = `(
  SELECT count(*)::int FROM stock_batch sb
    LEFT JOIN (SELECT m.batch_id, sum(m.quantity) AS quantity FROM stock_movement m
                WHERE m.item_type = v.item_type AND m.item_id = v.item_id AND m.location_id = v.location_id
                  AND m.value_date > v.as_of
                GROUP BY m.batch_id) later ON later.batch_id = sb.batch_id
   WHERE sb.item_type = v.item_type AND sb.item_id = v.item_id AND sb.location_id = v.location_id
     AND sb.remaining_quantity - COALESCE(later.quantity, 0) > 0)`;
