import { costFields } from '../common/cost-fields.js';

/**
 * USAGE VARIANCE ("actual vs theoretical", issue 14): per SKU and location over a period of value dates
 * [`from`, `to`] (both inclusive), from the stock ledger's movements (docs/stock-ledger.md). Quantities in the SKU's
 * primary unit, values at the FIFO cost the ledger posted them at (USD, money as answered).
 *
 *   opening      = the ledger's balance at the end of the day before `from`
 *   receipts     = purchases received less returns to suppliers (RO, GR, PC, SI), production (WIP: outputs in,
 *                  inputs out) and the positive lines of manual stock adjustments
 *   transfers in = stock arriving by transfer (SR, ST, DO), less what a receipt with rejects wrote off on arrival
 *   transfers out= stock dispatched by transfer (SR, ST, DO)
 *   closing      = the ledger's balance at the end of `to`. When a completed stock take counted the SKU at the
 *                  location in the period, that balance holds the count (its adjustment is posted), carried forward
 *                  by what moved after it: `closing_source` 'count' (with the last such count); otherwise 'ledger'.
 *   actual       = opening + receipts + transfers in − transfers out − closing
 *                  (so: sales issues, wastage and other negative adjustments, stock-take corrections, back-order
 *                  settlements — whatever left the location other than by transfer)
 *   theoretical  = the quantities issued by sales uploads through their BOMs (SU movements, reversals netting out,
 *                  plus the back-order settlements of SU shortfalls: the sale's late issue)
 *   variance     = actual − theoretical; variance % = variance quantity ÷ theoretical quantity × 100 (none when
 *                  theoretical is 0)
 *
 * Sorted by the absolute value variance, largest first (without can_see_cost: the absolute quantity variance).
 */

/** Where a row's closing quantity comes from. */
export const USAGE_CLOSING_SOURCES = ['count', 'ledger'] as const;
export type UsageClosingSource = (typeof USAGE_CLOSING_SOURCES)[number];

/** Cost fields of the usage variance: removed for roles without can_see_cost. */
export const USAGE_VARIANCE_COST_FIELDS = costFields('usage_variance', [
  'opening_value',
  'receipts_value',
  'transfers_in_value',
  'transfers_out_value',
  'closing_value',
  'actual_value',
  'theoretical_value',
  'variance_value',
  'abs_variance_value',
]);

/** One (SKU, location) of the report. Quantities and values are decimal strings. */
export interface UsageVarianceRow {
  item_id: string;
  item_name: string;
  ch_display_name: string;
  category_id: string | null;
  category_name: string;
  location_id: string;
  location_name: string;
  uom_name: string;
  period_from: string;
  period_to: string;
  opening_quantity: string;
  opening_value?: string;
  receipts_quantity: string;
  receipts_value?: string;
  transfers_in_quantity: string;
  transfers_in_value?: string;
  transfers_out_quantity: string;
  transfers_out_value?: string;
  closing_quantity: string;
  closing_value?: string;
  closing_source: UsageClosingSource;
  /** The last completed stock take in the period that counted the SKU there (closing_source 'count'). */
  count_no: string | null;
  count_date: string | null;
  /** What it counted, in the primary unit. */
  counted_quantity: string | null;
  actual_quantity: string;
  actual_value?: string;
  theoretical_quantity: string;
  theoretical_value?: string;
  variance_quantity: string;
  variance_value?: string;
  /** variance ÷ theoretical × 100 (2 decimals); null when theoretical is 0. */
  variance_pct: string | null;
  abs_variance_quantity: string;
  abs_variance_value?: string;
}

/** The totals of every row the report's filters select (values only with can_see_cost). */
export interface UsageVarianceTotal {
  period_from: string;
  period_to: string;
  rows: number;
  actual_value?: string;
  theoretical_value?: string;
  variance_value?: string;
}
