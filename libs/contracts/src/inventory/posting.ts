import { z } from 'zod';
import { V, decimalString } from '../common/schema.js';
import { DOCUMENT_TYPES } from '../documents/kit.js';

/**
 * THE LEDGER'S ONE POSTING INPUT (docs/stock-ledger.md). Every document that moves stock hands the ledger a
 * posting request: inventory's own documents call `StockLedger.post(manager, request)` inside their transaction;
 * other services publish `<service>.<document>.posted` with this payload and inventory's handler calls the same
 * function in the consumer's transaction. Posting is idempotent on (document_type, document_id, revision).
 */

/** What a stock line is of: a SKU (food business) or a product (RJ, high-value goods). */
export const STOCK_ITEM_TYPES = ['sku', 'product'] as const;
export type StockItemType = (typeof STOCK_ITEM_TYPES)[number];

/** The two legs of a transfer line in the ledger: out of the source into transit, out of transit into a location. */
export const STOCK_TRANSIT_LEGS = ['dispatch', 'arrive'] as const;
export type StockTransitLeg = (typeof STOCK_TRANSIT_LEGS)[number];

/** Movement document types: SPEC.md §9's codes plus ST. A back-order settlement is `SO`. */
export const MOVEMENT_DOCUMENT_TYPES = DOCUMENT_TYPES;

export const isoDateSchema = z
  .string({ error: V.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
  // A day the calendar has: 2026-02-30 parses (it rolls over to March), so compare the day it parses to.
  .refine(
    (value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    },
    { error: V.invalid },
  );

const signedQuantity = z
  .union([z.string(), z.number()], { error: V.required })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((value) => /^-?\d+(\.\d{1,3})?$/.test(value), { error: V.threeDecimal })
  .refine((value) => Number(value) !== 0, { error: V.invalid });

export const stockPostingBatchSchema = z
  .object({
    batch_id: z.uuid(),
    /** In the line's unit, positive: how much to take from this batch. */
    quantity: decimalString({ scale: 3, positive: true }),
  })
  .strict();

export const stockPostingLineSchema = z
  .object({
    /** The document's line number (movements keep it, so a view links back to the line). */
    line_no: z.number().int().positive(),
    item_type: z.enum(STOCK_ITEM_TYPES),
    item_id: z.string().min(1),
    location_id: z.string().min(1),
    /** Signed, in `uom_name`: positive receives, negative issues. */
    quantity: signedQuantity,
    /** One of the item's units (uom_list); absent means the primary unit. */
    uom_name: z.string().min(1).optional(),
    /** Cost of ONE `uom_name` unit in USD: required when quantity > 0, ignored for issues (FIFO gives it). */
    unit_cost: decimalString({ scale: 4, nonNegative: true }).optional(),
    /** For an issue: the batches to take from (their quantities sum to the line's); absent means oldest first. */
    batches: z.array(stockPostingBatchSchema).max(200).optional(),
    /**
     * A transfer leg (docs/stock-ledger.md, "In transit"): `dispatch` issues at `location_id` (FIFO, never short)
     * and keeps the issued layers in transit against (document_type, document_id, line_no); `arrive` receives
     * from that line's in-transit layers at `location_id` at their costs (no `unit_cost`). Arriving at the
     * location the line was dispatched from is the return (recall, denial).
     */
    transit: z.enum(STOCK_TRANSIT_LEGS).optional(),
  })
  .strict();

export const stockPostingRequestSchema = z
  .object({
    document_type: z.enum(MOVEMENT_DOCUMENT_TYPES),
    document_id: z.string().min(1),
    document_no: z.string().min(1),
    /** The document's revision being posted: a repost of the same revision is a no-op. */
    revision: z.number().int().positive(),
    value_date: isoDateSchema,
    /** The document type allows negative stock: a shortfall becomes a back order instead of a refusal. */
    allow_negative: z.boolean().default(false),
    lines: z.array(stockPostingLineSchema).min(1).max(5000),
  })
  .strict();

export type StockPostingLine = z.input<typeof stockPostingLineSchema>;
export type StockPostingRequest = z.input<typeof stockPostingRequestSchema>;
export type ValidStockPostingRequest = z.output<typeof stockPostingRequestSchema>;

/** One movement the posting wrote (quantities in the primary unit). */
export interface PostedMovement {
  movement_id: string;
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  batch_id: string | null;
  quantity: string;
  unit_cost: string;
  cost_value: string;
}

export interface StockPostingResult {
  posting_id: string;
  /** The same document revision had been posted before: nothing was written now. */
  duplicate: boolean;
  movements: PostedMovement[];
  /** Back orders opened by shortfalls (allow_negative only). */
  back_order_ids: string[];
}

/** The payload of `inventory.stock.posted`: what one posting changed, for reports, dashboards and replicas. */
export const stockPostedSchema = z
  .object({
    posting_id: z.uuid(),
    document_type: z.enum(MOVEMENT_DOCUMENT_TYPES),
    document_id: z.string(),
    document_no: z.string(),
    revision: z.number().int().positive(),
    value_date: z.string(),
    lines: z.array(
      z
        .object({
          item_type: z.enum(STOCK_ITEM_TYPES),
          item_id: z.string(),
          location_id: z.string(),
          quantity: z.string(),
          cost_value: z.string(),
          on_hand_after: z.string(),
        })
        .strict(),
    ),
  })
  .strict();
export type StockPosted = z.infer<typeof stockPostedSchema>;
