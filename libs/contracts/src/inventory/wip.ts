import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { isoDateSchema } from './posting.js';

/**
 * Work in progress production (SPEC.md §3 WIP, §4; /inventory/wip, key WIP; docs/stock-ledger.md "WIP production").
 * A DRAFT names SKU BOMs and the planned output of each; the ingredients are computed from the BOMs (wastage
 * included). The cook records the actual produce quantity, the actual consumption and any by-products, then posts:
 * ONE posting issues the EXPECTED consumption of the actual produce quantity at FIFO cost and receives the outputs
 * (and by-products) at that value; actual − expected of each ingredient is the discrepancy, made the automatic
 * stock adjustment (`inventory.wip.discrepancy-found`). DISCARDED: withdrawn, nothing posted.
 */
export const WIP_STATUSES = ['DRAFT', 'COMPLETED', 'DISCARDED'] as const;
export type WipStatus = (typeof WIP_STATUSES)[number];

export const WIP_MACHINE = defineDocumentMachine({
  type: 'WIP',
  permissionKey: 'WIP',
  statuses: WIP_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['COMPLETED', 'DISCARDED'],
  actions: {
    post: { from: ['DRAFT'], to: 'COMPLETED', check: 'edit', confirm: true },
    discard: { from: ['DRAFT'], to: 'DISCARDED', check: 'edit', confirm: true },
  },
});
export type WipAction = keyof typeof WIP_MACHINE.actions;

/** The by-products' shares of the ingredients' value together stay below this (the outputs keep the rest). */
export const WIP_MAX_BY_PRODUCT_SHARE = '99.99';

/**
 * Cost fields of the WIP (names of their own, product-wide): removed from answers for roles without can_see_cost.
 * The ledger's `unit_cost` is already one.
 */
export const WIP_COST_FIELDS = costFields('wip', [
  'ingredient_value',
  'output_value',
  'by_product_value',
  'issued_value',
  'wip_unit_cost',
]);

const quantity = (options: { positive: boolean }) =>
  z
    .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .superRefine((value, ctx) => {
      if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
      if (!/^\d+(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
      if ((value.split('.')[1]?.length ?? 0) > 3) return void ctx.addIssue({ code: 'custom', message: V.threeDecimal });
      if (options.positive && Number(value) === 0) ctx.addIssue({ code: 'custom', message: V.moreThanZero });
    });

/** Blank (or absent) → null: not recorded yet. */
const optionalQuantity = (options: { positive: boolean }) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
    quantity(options).nullable(),
  );

const percentage = z
  .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .superRefine((value, ctx) => {
    if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
    if (!/^\d+(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
    if ((value.split('.')[1]?.length ?? 0) > 2) return void ctx.addIssue({ code: 'custom', message: V.twoDecimal });
    if (Number(value) > Number(WIP_MAX_BY_PRODUCT_SHARE)) {
      ctx.addIssue({ code: 'custom', message: V.max, params: { max: WIP_MAX_BY_PRODUCT_SHARE } });
    }
  });

export const wipOutputInputSchema = z
  .object({
    /** A SKU BOM (catalog's, replicated in inventory): its output SKU is what is made. */
    bom_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    /** In the BOM's output unit. */
    planned_quantity: quantity({ positive: true }),
    /** What was actually made (the BOM's output unit); required to post. */
    produce_quantity: optionalQuantity({ positive: true }).optional(),
  })
  .strict();

export const wipConsumptionInputSchema = z
  .object({
    sku_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    /** What was actually used, in the SKU's primary unit; blank: as expected. */
    actual_quantity: optionalQuantity({ positive: false }),
  })
  .strict();

export const wipByProductInputSchema = z
  .object({
    item_type: z.literal('sku', { error: V.invalid }).default('sku'),
    item_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    uom_name: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    quantity: quantity({ positive: true }),
    /** Its share of the ingredients' issued value, percent (2 decimals). */
    cost_share_percentage: percentage,
  })
  .strict();

export const wipInputSchema = z
  .object({
    location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    wip_date: isoDateSchema,
    remark: optionalText(1000),
    outputs: z.array(wipOutputInputSchema).min(1, { error: V.required }).max(50),
    /** The cook's actual consumption, by ingredient (SKUs the BOMs consume); absent ones: as expected. */
    consumption: z.array(wipConsumptionInputSchema).max(500).optional(),
    by_products: z.array(wipByProductInputSchema).max(50).optional(),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type WipInput = z.input<typeof wipInputSchema>;
export type ValidWipInput = z.output<typeof wipInputSchema>;

export interface WipOutputView {
  line_no: number;
  bom_id: string;
  bom_name: string;
  sku_id: string;
  item_name: string;
  /** The BOM's output unit: planned and produced quantities are in it. */
  uom_name: string;
  planned_quantity: string;
  produce_quantity: string | null;
  /** Once posted: the ingredients' value it received (less the by-products' share), and per output unit. */
  output_value: string | null;
  wip_unit_cost: string | null;
}

export interface WipConsumptionView {
  line_no: number;
  sku_id: string;
  item_name: string;
  /** The SKU's primary unit: every quantity of the line is in it. */
  uom_name: string;
  /** From the BOMs for the planned output (wastage included). */
  planned_quantity: string;
  /** From the BOMs for the produced quantity (what posting issues): set once produce quantities are recorded. */
  expected_quantity: string | null;
  actual_quantity: string | null;
  /** actual − expected (positive: more was used than the BOMs say). */
  discrepancy_quantity: string | null;
  /** On hand at the WIP's location now. */
  on_hand: string;
  /** Once posted: the FIFO value issued. */
  issued_value: string | null;
}

export interface WipByProductView {
  line_no: number;
  item_type: 'sku';
  item_id: string;
  item_name: string;
  uom_name: string;
  quantity: string;
  cost_share_percentage: string;
  by_product_value: string | null;
  wip_unit_cost: string | null;
}

export interface WipView extends DocumentHeaderView<WipStatus> {
  wip_date: string;
  remark: string;
  /** Once posted: Σ issued ingredients (FIFO), Σ outputs, Σ by-products (USD). */
  ingredient_value: string | null;
  output_value: string | null;
  by_product_value: string | null;
  posted_by_name: string | null;
  posted_time: string | null;
  /** The automatic adjustment of the discrepancy, once made. */
  adjustment_id: string | null;
  adjustment_no: string | null;
  outputs: WipOutputView[];
  consumption: WipConsumptionView[];
  by_products: WipByProductView[];
}

export interface WipListRow {
  id: string;
  doc_no: string;
  status: WipStatus;
  location_id: string;
  location_name: string;
  wip_date: string;
  outputs: string;
  output_count: number;
  output_value: string | null;
  created_by_name: string;
  last_updated_time: string;
}
