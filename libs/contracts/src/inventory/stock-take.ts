import { z } from 'zod';
import { V, decimalString, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { STOCK_ITEM_TYPES } from './posting.js';
import type { StockItemType } from './posting.js';

/** SPEC.md §4: DRAFT, PENDING SA, COMPLETED, RECOUNT. */
export const STOCK_TAKE_STATUSES = ['DRAFT', 'PENDING SA', 'COMPLETED', 'RECOUNT'] as const;
export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];

/**
 * Submitting makes the linked stock adjustment of the discrepancies (reason DUE TO STOCK TAKE), or completes the
 * stock take at once when nothing differs. The system completes it when that adjustment is approved, and returns
 * it to RECOUNT when the adjustment is discarded or rejected (unlinking it).
 */
export const STOCK_TAKE_MACHINE = defineDocumentMachine({
  type: 'ST',
  permissionKey: 'ST',
  statuses: STOCK_TAKE_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT', 'RECOUNT'],
  final: ['COMPLETED'],
  actions: {
    submit: { from: ['DRAFT', 'RECOUNT'], to: 'PENDING SA', check: 'edit' },
    complete: { from: ['PENDING SA'], to: 'COMPLETED', check: 'edit', system: true },
    recount: { from: ['PENDING SA'], to: 'RECOUNT', check: 'edit', system: true },
  },
});
export type StockTakeAction = keyof typeof STOCK_TAKE_MACHINE.actions;

/** Creating a stock take: the location, when the count is effective, and what to count (items or categories). */
export const stockTakeCreateSchema = z
  .object({
    location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    /** ISO date-time the count is effective at: system quantities are taken as of it. Default: now. */
    effective_time: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
    /** Counters do not see the system quantity while counting. */
    blind_count: z.boolean().default(false),
    remark: optionalText(1000),
    items: z
      .array(z.object({ item_type: z.enum(STOCK_ITEM_TYPES), item_id: z.string().min(1) }).strict())
      .max(5000)
      .default([]),
    /** Whole SKU categories (every inventorised SKU of them) or product categories. */
    categories: z
      .array(z.object({ item_type: z.enum(STOCK_ITEM_TYPES), category_id: z.uuid() }).strict())
      .max(200)
      .default([]),
  })
  .strict();
export type StockTakeCreateInput = z.input<typeof stockTakeCreateSchema>;
export type ValidStockTakeCreateInput = z.output<typeof stockTakeCreateSchema>;

/** Saving counts (as many times as needed while DRAFT or RECOUNT); a blank count is `null` (not counted yet). */
export const stockTakeCountsSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: optionalText(1000).optional(),
    lines: z
      .array(
        z
          .object({
            line_no: z.number().int().positive(),
            counted_quantity: decimalString({ scale: 3, nonNegative: true }).nullable(),
            remark: optionalText(500).optional(),
          })
          .strict(),
      )
      .max(5000),
  })
  .strict();
export type StockTakeCountsInput = z.input<typeof stockTakeCountsSchema>;
export type ValidStockTakeCountsInput = z.output<typeof stockTakeCountsSchema>;

export interface StockTakeLineView {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  category_name: string;
  /** The counting unit (the SKU's counting_uom, else primary); quantities below are in it. */
  uom_name: string;
  /** As of effective_time; null while a blind count is not submitted. */
  system_quantity: string | null;
  counted_quantity: string | null;
  /** counted − system; null until counted (and while blind). */
  discrepancy: string | null;
  remark: string;
}

export interface StockTakeView extends DocumentHeaderView<StockTakeStatus> {
  effective_time: string;
  blind_count: boolean;
  remark: string;
  /** The linked stock adjustment (PENDING SA, COMPLETED). */
  adjustment_id: string | null;
  adjustment_no: string | null;
  counted_lines: number;
  lines: StockTakeLineView[];
}

export interface StockTakeListRow {
  id: string;
  doc_no: string;
  status: StockTakeStatus;
  location_id: string;
  location_name: string;
  effective_time: string;
  blind_count: boolean;
  line_count: number;
  counted_lines: number;
  adjustment_no: string | null;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
