import { costFields } from '../common/cost-fields.js';
import type { StockItemType } from './posting.js';

/** The overview's two readings (SPEC.md §9). */
export const STOCK_VIEWS = ['QUANTITY', 'VALUE'] as const;
export type StockView = (typeof STOCK_VIEWS)[number];

/** The overview's status filter. */
export const STOCK_LEVEL_FILTERS = ['below_threshold', 'in_stock', 'out_of_stock', 'back_ordered'] as const;
export type StockLevelFilter = (typeof STOCK_LEVEL_FILTERS)[number];

/** Cost fields of the ledger's answers: removed for roles without can_see_cost. */
export const LEDGER_COST_FIELDS = costFields('stock_ledger', [
  'stock_value',
  'average_cost',
  'unit_cost',
  'cost_value',
  'remaining_value',
  'running_value',
  'valuation',
  'settled_value',
]);

/** One (item, location) balance: a row of /inventory/overview. Quantities in the item's primary unit. */
export interface StockBalanceRow {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  ch_display_name: string;
  category_id: string | null;
  category_name: string;
  location_id: string;
  location_name: string;
  region_id: string | null;
  region_name: string;
  uom_name: string;
  on_hand: string;
  reserved: string;
  in_transit: string;
  /** on_hand − reserved. */
  available: string;
  /** Open back orders' current (negative) quantity, 0 when none. */
  back_order_quantity: string;
  stock_value: string;
  average_cost: string;
  threshold: string;
  below_threshold: boolean;
  last_movement_time: string | null;
}

/** A FIFO layer. */
export interface StockBatchView {
  batch_id: string;
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  location_name: string;
  received_quantity: string;
  remaining_quantity: string;
  unit_cost: string;
  remaining_value: string;
  received_at: string;
  value_date: string;
  document_type: string;
  document_id: string;
  document_no: string;
}

/** A movement with the running balance of its (item, location) after it. */
export interface StockMovementView {
  movement_id: string;
  posted_at: string;
  value_date: string;
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  location_name: string;
  document_type: string;
  document_id: string;
  document_no: string;
  line_no: number;
  batch_id: string | null;
  quantity: string;
  unit_cost: string;
  cost_value: string;
  running_balance: string;
  running_value: string;
  actor_name: string;
}

/** /inventory/overview/view: one item everywhere the caller may see. */
export interface StockItemDetail {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  ch_display_name: string;
  category_name: string;
  uom_name: string;
  uom_list: { uom_name: string; factor: string }[];
  threshold: string;
  balances: StockBalanceRow[];
  batches: StockBatchView[];
}

/** What a document line needs while being typed: the balance at one location and its open batches. */
export interface StockAtLocation {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  location_id: string;
  uom_name: string;
  uom_list: { uom_name: string; factor: string }[];
  on_hand: string;
  reserved: string;
  available: string;
  average_cost: string;
  batches: StockBatchView[];
}

/** OPEN until receipts settle it; CANCELLED when the posting that made it is reverted (a sales upload). */
export const BACK_ORDER_STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
export type BackOrderStatus = (typeof BACK_ORDER_STATUSES)[number];

/** A shortfall of a posting that allowed negative stock, settled by the next receipts at its location. */
export interface BackOrderRow {
  back_order_id: string;
  bo_no: string;
  status: BackOrderStatus;
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  location_id: string;
  location_name: string;
  uom_name: string;
  /** Negative: the shortfall when it was opened, and what is still not settled. */
  initial_quantity: string;
  current_quantity: string;
  /** The document whose posting fell short. */
  document_type: string;
  document_id: string;
  document_no: string;
  /** The cost of what was settled so far (at the settling receipts' costs) and per unit. */
  settled_value: string;
  unit_cost: string | null;
  created_time: string;
  settled_time: string | null;
  last_updated_time: string;
}

/** /fifo: the value of one (item, location) as of a date, from its layers as they stood then. */
export interface FifoValuationRow {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  location_id: string;
  location_name: string;
  uom_name: string;
  quantity: string;
  valuation: string;
  layer_count: number;
}

/** /fifo's total: every row the list's filters select (every page), and the sum of their valuations as listed. */
export interface FifoValuationTotal {
  as_of: string;
  rows: number;
  valuation: string;
}

/** A row of the item search the document line grid uses (SKUs and RJ products the ledger knows). */
export interface StockItemOption {
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  ch_display_name: string;
  category_id: string | null;
  category_name: string;
  uom_name: string;
  counting_uom_name: string;
  uom_list: { uom_name: string; factor: string }[];
  status: string;
}

/**
 * A category a stock take can count whole (`GET /api/inventory/items/categories`): every category holding at least
 * one inventorised, not archived item in the replica, by name; no cap.
 */
export interface StockCategoryOption {
  item_type: StockItemType;
  category_id: string;
  category_name: string;
}

/** Inventory's settings (SETTING): postings dated on or before the lock date are refused. */
export interface InventorySettingsView {
  period_lock_date: string | null;
  revision: number;
}
