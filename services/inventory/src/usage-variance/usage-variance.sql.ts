import type { ListColumn, ListResource } from '@scm/platform';
import { ITEM_SEARCH_SQL, isoDate, money } from '../stock/stock-sql.js';

/**
 * Usage variance ("actual vs theoretical", issue 14; libs/contracts/src/inventory/usage-variance.ts has the formula)
 * read from the ledger's movements. Each movement dated in the period falls in exactly one class:
 *
 *   receipt  RO, GR (returns: negative), PC, SI, WIP (production: outputs in, inputs out), and the positive lines of
 *            a MANUAL stock adjustment
 *   in       SR, ST, DO arriving (quantity > 0), and the adjustment a transfer's rejects made on arrival (it writes
 *            off what arrived rejected, so it nets the arrival)
 *   out      SR, ST, DO dispatched (quantity < 0), kept as a positive figure
 *   sales    SU (a reverted upload's reversal posts SU back: it nets out) and SO settlements of back orders an SU
 *            posting opened (the sale's issue, made when stock arrived)
 *   usage    everything else (negative manual adjustments: wastage, loss...; stock-take corrections, either sign;
 *            WIP discrepancies; other settlements)
 *
 * so that, the ledger's balance being the sum of its movements, closing = opening + receipts + in − out + sales +
 * usage, and actual = opening + receipts + in − out − closing = −(sales + usage), theoretical = −sales,
 * variance = actual − theoretical = −usage.
 */
export const MOVEMENT_CLASS_SQL = `CASE
    WHEN m.document_type IN ('RO', 'GR', 'PC', 'SI', 'WIP') THEN 'receipt'
    WHEN m.document_type = 'SA' AND sa.source = 'manual' AND m.quantity > 0 THEN 'receipt'
    WHEN m.document_type = 'SA' AND sa.source = 'transfer' THEN 'in'
    WHEN m.document_type IN ('SR', 'ST', 'DO') AND m.quantity > 0 THEN 'in'
    WHEN m.document_type IN ('SR', 'ST', 'DO') THEN 'out'
    WHEN m.document_type = 'SU' THEN 'sales'
    WHEN m.document_type = 'SO' AND bo.document_type = 'SU' THEN 'sales'
    ELSE 'usage'
  END`;

/**
 * Fills the request's temporary table `usage_variance_rows` ($1 from, $2 to: dates; $3 location ids or null for
 * all): one row per (SKU, location) with a balance that held something at the period's start or moved in it.
 *
 * Opening and closing are computed backwards from the balance, as /fifo does (stock-sql.ts FIFO_VALUATION_SQL):
 * on hand now − Σ movements dated on or after `from` (opening), after `to` (closing); values likewise from the
 * stored value and the movements' cost values. Only movements dated from `from` on are read (the value-date index).
 *
 * The count: the last COMPLETED stock take of the location dated in the period (its adjustment's value date: the
 * effective time's UTC day, as the stock take posts it) with a count of the SKU, in the primary unit.
 */
export const USAGE_VARIANCE_FILL_SQL = `
  INSERT INTO usage_variance_rows (
    item_id, location_id, period_from, period_to,
    opening_q, opening_v, receipts_q, receipts_v, in_q, in_v, out_q, out_v, closing_q, closing_v,
    theoretical_q, theoretical_v, actual_q, actual_v, variance_q, variance_v, variance_pct,
    count_no, count_date, counted_q)
  SELECT f.item_id, f.location_id, $1::date, $2::date,
         f.opening_q, f.opening_v, f.receipts_q, f.receipts_v, f.in_q, f.in_v, f.out_q, f.out_v, f.closing_q, f.closing_v,
         f.theoretical_q, f.theoretical_v,
         f.actual_q, f.actual_v,
         f.actual_q - f.theoretical_q, f.actual_v - f.theoretical_v,
         CASE WHEN f.theoretical_q = 0 THEN NULL
              ELSE round((f.actual_q - f.theoretical_q) / f.theoretical_q * 100, 2) END,
         ct.doc_no, ct.count_date, ct.counted
    FROM (
      SELECT b.item_id, b.location_id,
             b.on_hand - COALESCE(mv.since_q, 0) AS opening_q,
             b.stock_value - COALESCE(mv.since_v, 0) AS opening_v,
             COALESCE(mv.receipts_q, 0) AS receipts_q, COALESCE(mv.receipts_v, 0) AS receipts_v,
             COALESCE(mv.in_q, 0) AS in_q, COALESCE(mv.in_v, 0) AS in_v,
             COALESCE(-mv.out_q, 0) AS out_q, COALESCE(-mv.out_v, 0) AS out_v,
             b.on_hand - COALESCE(mv.later_q, 0) AS closing_q,
             b.stock_value - COALESCE(mv.later_v, 0) AS closing_v,
             COALESCE(-mv.sales_q, 0) AS theoretical_q, COALESCE(-mv.sales_v, 0) AS theoretical_v,
             -- opening + receipts + in − out − closing, which is −(sales + usage) of the period
             COALESCE(-(mv.sales_q + mv.usage_q), 0) AS actual_q,
             COALESCE(-(mv.sales_v + mv.usage_v), 0) AS actual_v,
             COALESCE(mv.period_moves, 0) AS period_moves
        FROM stock_balance b
        LEFT JOIN (
          SELECT x.item_id, x.location_id,
                 sum(x.quantity) AS since_q, sum(x.cost_value) AS since_v,
                 COALESCE(sum(x.quantity) FILTER (WHERE x.value_date > $2::date), 0) AS later_q,
                 COALESCE(sum(x.cost_value) FILTER (WHERE x.value_date > $2::date), 0) AS later_v,
                 count(*) FILTER (WHERE x.value_date <= $2::date) AS period_moves,
                 sum(x.quantity) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'receipt') AS receipts_q,
                 sum(x.cost_value) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'receipt') AS receipts_v,
                 sum(x.quantity) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'in') AS in_q,
                 sum(x.cost_value) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'in') AS in_v,
                 sum(x.quantity) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'out') AS out_q,
                 sum(x.cost_value) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'out') AS out_v,
                 COALESCE(sum(x.quantity) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'sales'), 0) AS sales_q,
                 COALESCE(sum(x.cost_value) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'sales'), 0) AS sales_v,
                 COALESCE(sum(x.quantity) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'usage'), 0) AS usage_q,
                 COALESCE(sum(x.cost_value) FILTER (WHERE x.value_date <= $2::date AND x.cls = 'usage'), 0) AS usage_v
            FROM (SELECT m.item_id, m.location_id, m.value_date, m.quantity, m.cost_value, ${MOVEMENT_CLASS_SQL} AS cls
                    FROM stock_movement m
                    LEFT JOIN stock_adjustment sa ON m.document_type = 'SA' AND sa.id::text = m.document_id
                    LEFT JOIN back_order bo ON m.document_type = 'SO' AND bo.back_order_id::text = m.document_id
                   WHERE m.item_type = 'sku' AND m.value_date >= $1::date
                     AND ($3::text[] IS NULL OR m.location_id = ANY($3::text[]))) x
           GROUP BY x.item_id, x.location_id) mv
          ON mv.item_id = b.item_id AND mv.location_id = b.location_id
       WHERE b.item_type = 'sku' AND ($3::text[] IS NULL OR b.location_id = ANY($3::text[]))) f
    -- One pass over the period's completed stock takes: the last count of each (location, SKU).
    LEFT JOIN (
      SELECT DISTINCT ON (st.location_id, l.item_id)
             st.location_id, l.item_id, st.doc_no, (st.effective_time AT TIME ZONE 'UTC')::date AS count_date,
             round(l.counted_quantity * l.factor, 3) AS counted
        FROM stock_take st
        JOIN stock_take_line l ON l.stock_take_id = st.id
       WHERE st.status = 'COMPLETED' AND l.item_type = 'sku' AND l.counted_quantity IS NOT NULL
         AND (st.effective_time AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date
         AND ($3::text[] IS NULL OR st.location_id = ANY($3::text[]))
       ORDER BY st.location_id, l.item_id, st.effective_time DESC, st.doc_no DESC) ct
      ON ct.location_id = f.location_id AND ct.item_id = f.item_id
   WHERE f.opening_q <> 0 OR f.period_moves > 0`;

export const USAGE_VARIANCE_TABLE_SQL = `
  CREATE TEMPORARY TABLE usage_variance_rows (
    item_id text NOT NULL, location_id text NOT NULL, period_from date NOT NULL, period_to date NOT NULL,
    opening_q numeric NOT NULL, opening_v numeric NOT NULL, receipts_q numeric NOT NULL, receipts_v numeric NOT NULL,
    in_q numeric NOT NULL, in_v numeric NOT NULL, out_q numeric NOT NULL, out_v numeric NOT NULL,
    closing_q numeric NOT NULL, closing_v numeric NOT NULL, theoretical_q numeric NOT NULL,
    theoretical_v numeric NOT NULL, actual_q numeric NOT NULL, actual_v numeric NOT NULL,
    variance_q numeric NOT NULL, variance_v numeric NOT NULL, variance_pct numeric,
    count_no text, count_date date, counted_q numeric
  ) ON COMMIT DROP`;

/** A quantity as stored (3 decimals). */
const quantity = (sql: string) => `round(${sql}, 3)`;

const columns: Record<string, ListColumn> = {
  item_id: { sql: 'v.item_id', sortable: true },
  item_name: { sql: 'i.item_name', sortable: true },
  ch_display_name: { sql: "COALESCE(i.ch_display_name, '')" },
  search_text: { sql: ITEM_SEARCH_SQL, searchable: true, searchOnly: true },
  category_id: { sql: 'i.category_id', filter: 'eq' },
  category_name: { sql: "COALESCE(c.category_name, '')", sortable: true },
  location_id: { sql: 'v.location_id', sortable: true },
  location_name: { sql: 'l.location_name', sortable: true },
  uom_name: { sql: 'i.primary_uom_name' },
  period_from: { sql: isoDate('v.period_from') },
  period_to: { sql: isoDate('v.period_to') },
  opening_quantity: { sql: quantity('v.opening_q'), sortable: true },
  opening_value: { sql: money('v.opening_v'), sortable: true },
  receipts_quantity: { sql: quantity('v.receipts_q'), sortable: true },
  receipts_value: { sql: money('v.receipts_v'), sortable: true },
  transfers_in_quantity: { sql: quantity('v.in_q'), sortable: true },
  transfers_in_value: { sql: money('v.in_v'), sortable: true },
  transfers_out_quantity: { sql: quantity('v.out_q'), sortable: true },
  transfers_out_value: { sql: money('v.out_v'), sortable: true },
  closing_quantity: { sql: quantity('v.closing_q'), sortable: true },
  closing_value: { sql: money('v.closing_v'), sortable: true },
  closing_source: { sql: "CASE WHEN v.count_no IS NULL THEN 'ledger' ELSE 'count' END", filter: 'eq' },
  count_no: { sql: 'v.count_no' },
  count_date: { sql: isoDate('v.count_date') },
  counted_quantity: { sql: quantity('v.counted_q') },
  actual_quantity: { sql: quantity('v.actual_q'), sortable: true },
  actual_value: { sql: money('v.actual_v'), sortable: true },
  theoretical_quantity: { sql: quantity('v.theoretical_q'), sortable: true },
  theoretical_value: { sql: money('v.theoretical_v'), sortable: true },
  variance_quantity: { sql: quantity('v.variance_q'), sortable: true },
  variance_value: { sql: money('v.variance_v'), sortable: true },
  variance_pct: { sql: 'v.variance_pct', sortable: true },
  abs_variance_quantity: { sql: quantity('abs(v.variance_q)'), sortable: true },
  abs_variance_value: { sql: money('abs(v.variance_v)'), sortable: true },
};

/** The value columns: a caller without can_see_cost may neither see nor sort by them. */
export const USAGE_VARIANCE_COST_SORTS: readonly string[] = Object.keys(columns).filter((name) =>
  name.endsWith('_value'),
);

/**
 * The report as a list over the request's `usage_variance_rows` (names from the replicas): top variances first, by
 * value (USAGE_VARIANCE_LIST) or, for a caller without can_see_cost, by quantity (USAGE_VARIANCE_QUANTITY_LIST).
 */
export const USAGE_VARIANCE_LIST: ListResource = {
  from: `usage_variance_rows v
    JOIN item_replica i ON i.item_type = 'sku' AND i.item_id = v.item_id
    JOIN location_replica l ON l.location_id = v.location_id
    LEFT JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id`,
  columns,
  defaultOrder: { column: 'abs_variance_value', direction: 'DESC' },
  tieBreaker: '(v.item_id, v.location_id)',
  locationColumn: 'v.location_id',
};

export const USAGE_VARIANCE_QUANTITY_LIST: ListResource = {
  ...USAGE_VARIANCE_LIST,
  defaultOrder: { column: 'abs_variance_quantity', direction: 'DESC' },
};
