import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, decimalString, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { STOCK_ITEM_TYPES, isoDateSchema } from './posting.js';
import type { StockItemType } from './posting.js';

/** SPEC.md §4 / §9: a stock adjustment's statuses (DISCARDED: withdrawn, e.g. to recount a stock take). */
export const STOCK_ADJUSTMENT_STATUSES = ['DRAFT', 'PENDING APPROVAL', 'APPROVED', 'REJECTED', 'DISCARDED'] as const;
export type StockAdjustmentStatus = (typeof STOCK_ADJUSTMENT_STATUSES)[number];

/** Approving posts the adjustment to the ledger; rejecting and discarding post nothing. */
export const STOCK_ADJUSTMENT_MACHINE = defineDocumentMachine({
  type: 'SA',
  permissionKey: 'SA',
  statuses: STOCK_ADJUSTMENT_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['APPROVED', 'REJECTED', 'DISCARDED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'APPROVED', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    discard: { from: ['DRAFT', 'PENDING APPROVAL'], to: 'DISCARDED', check: 'edit', confirm: true },
  },
});
export type StockAdjustmentAction = keyof typeof STOCK_ADJUSTMENT_MACHINE.actions;

/** SPEC.md §9 adjustment reasons; REMOUNTING replaces EXPIRED for RJ products. */
export const SKU_ADJUSTMENT_REASONS = ['EXPIRED', 'LOSS', 'DAMAGED', 'DUE TO STOCK TAKE', 'OTHERS'] as const;
export const PRODUCT_ADJUSTMENT_REASONS = ['REMOUNTING', 'LOSS', 'DAMAGED', 'DUE TO STOCK TAKE', 'OTHERS'] as const;
export const ADJUSTMENT_REASONS = [...new Set([...SKU_ADJUSTMENT_REASONS, ...PRODUCT_ADJUSTMENT_REASONS])] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export function adjustmentReasonsFor(itemType: StockItemType): readonly AdjustmentReason[] {
  return itemType === 'product' ? PRODUCT_ADJUSTMENT_REASONS : SKU_ADJUSTMENT_REASONS;
}

/** Where an adjustment came from: typed by a user, or made by the system for a stock take, transfer or WIP. */
export const ADJUSTMENT_SOURCES = ['manual', 'stock_take', 'transfer', 'wip'] as const;
export type AdjustmentSource = (typeof ADJUSTMENT_SOURCES)[number];

/** Cost fields of the stock adjustment: removed from answers for roles without can_see_cost. */
export const STOCK_ADJUSTMENT_COST_FIELDS = costFields('stock_adjustment', [
  'unit_cost',
  'adjustment_value',
  'positive_value',
  'negative_value',
]);

const signedQuantity = z
  .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .superRefine((value, ctx) => {
    if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
    if (!/^-?\d+(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
    if ((value.split('.')[1]?.length ?? 0) > 3) return void ctx.addIssue({ code: 'custom', message: V.threeDecimal });
    if (Number(value) === 0) ctx.addIssue({ code: 'custom', message: V.invalid });
  });

export const stockAdjustmentLineInputSchema = z
  .object({
    item_type: z.enum(STOCK_ITEM_TYPES),
    item_id: z.string({ error: V.required }).min(1, { error: V.required }),
    /** One of the item's units; the adjustment and batch quantities are in it. */
    uom_name: z.string({ error: V.required }).min(1, { error: V.required }),
    /** Signed: positive adds stock (needs unit_cost), negative removes it (needs batches summing to it). */
    adjustment_quantity: signedQuantity,
    reason: z.enum(['EXPIRED', 'LOSS', 'DAMAGED', 'DUE TO STOCK TAKE', 'OTHERS', 'REMOUNTING'], { error: V.required }),
    /** USD per one `uom_name` unit; required (> 0 allowed 0) for a positive line before submit. */
    unit_cost: decimalString({ scale: 4, nonNegative: true }).nullable().optional(),
    /** For a negative line: the batches to take from, in `uom_name`, summing to |adjustment_quantity|. */
    batches: z
      .array(z.object({ batch_id: z.uuid(), quantity: decimalString({ scale: 3, positive: true }) }).strict())
      .max(200)
      .default([]),
    remark: optionalText(500),
  })
  .strict();

/**
 * A draft is saved as typed (a draft may be incomplete: a positive line without a price, a negative line without
 * batches); submit checks it fully (SPEC.md §5 messages). Edits carry the revision the user saw.
 */
export const stockAdjustmentInputSchema = z
  .object({
    location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    value_date: isoDateSchema,
    remark: optionalText(1000),
    lines: z.array(stockAdjustmentLineInputSchema).min(1, { error: V.required }).max(500),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInputSchema>;
export type ValidStockAdjustmentInput = z.output<typeof stockAdjustmentInputSchema>;

export interface StockAdjustmentLineView {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  uom_name: string;
  primary_uom_name: string;
  adjustment_quantity: string;
  reason: AdjustmentReason;
  /** On hand at the location now (in uom_name) and after the adjustment: the preview. */
  on_hand: string;
  after_adjust: string;
  unit_cost: string | null;
  /** Signed value of the line (positive: quantity × unit_cost; negative: the batches' cost), USD. */
  adjustment_value: string | null;
  batches: { batch_id: string; quantity: string; received_at: string; unit_cost: string }[];
  remark: string;
}

export interface StockAdjustmentView extends DocumentHeaderView<StockAdjustmentStatus> {
  value_date: string;
  remark: string;
  source: AdjustmentSource;
  /** The stock take, transfer or WIP it was made for. */
  source_id: string | null;
  source_no: string | null;
  positive_value: string;
  negative_value: string;
  lines: StockAdjustmentLineView[];
}

/** A row of the stock adjustment list. */
export interface StockAdjustmentListRow {
  id: string;
  doc_no: string;
  status: StockAdjustmentStatus;
  location_id: string;
  location_name: string;
  value_date: string;
  source: AdjustmentSource;
  source_no: string | null;
  line_count: number;
  positive_value: string;
  negative_value: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
