import { z } from 'zod';
import { V, decimalString, optionalText } from '../common/schema.js';
import { exact, roundTo } from '../common/decimals.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { PURCHASE_ORDER_TYPES } from './purchase-order.js';
import type { PurchaseOrderStatus, PurchaseOrderType } from './purchase-order.js';

/**
 * THE STORE ORDER (SPEC.md §2 /store-ordering, §3 "Store order", key OR): what an outlet needs from its suppliers
 * and the central kitchen. Approval is not the store order's: submitting splits it into one DRAFT purchase order per
 * supplier (approved on the PO) and one transfer request to the central kitchen for the internal lines.
 */
export const STORE_ORDER_STATUSES = ['DRAFT', 'SUBMITTED', 'CANCELLED'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const STORE_ORDER_MACHINE = defineDocumentMachine({
  type: 'OR',
  permissionKey: 'OR',
  statuses: STORE_ORDER_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['SUBMITTED', 'CANCELLED'],
  actions: {
    /** Splits the order: the POs and the transfer request are made in the same transaction. */
    submit: { from: ['DRAFT'], to: 'SUBMITTED', check: 'edit' },
    cancel: { from: ['DRAFT'], to: 'CANCELLED', check: 'edit', confirm: true },
  },
});
export type StoreOrderAction = keyof typeof STORE_ORDER_MACHINE.actions;
export const STORE_ORDER_USER_ACTIONS = ['submit', 'cancel'] as const;

/** SPEC.md §9 order types (the PO's): Internal sends every line to the central kitchen. */
export const STORE_ORDER_TYPES = PURCHASE_ORDER_TYPES;
export type StoreOrderType = PurchaseOrderType;

/** Where a line is ordered from: a supplier (a PO) or the central kitchen (the transfer request). */
export const STORE_ORDER_SOURCES = ['supplier', 'central_kitchen'] as const;
export type StoreOrderSource = (typeof STORE_ORDER_SOURCES)[number];

/** numeric(18,3): at most 15 integer digits. */
const quantity = decimalString({ scale: 3, positive: true, max: '999999999999999' });

export const storeOrderLineInputSchema = z
  .object({
    sku_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    /** The ordering unit: one of the SKU's units. */
    uom_name: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    quantity,
    source: z.enum(STORE_ORDER_SOURCES, { error: V.required }).optional().default('supplier'),
    /** The supplier of a supplier line; blank: the SKU's default supplier for the location. */
    supplier_id: z
      .union([z.null(), z.string().trim().max(100)])
      .optional()
      .transform((value) => (value ? value : null)),
    /** The item remark. */
    remark: optionalText(500),
  })
  .strict();

/** A store order as typed (SPEC.md §3); edits carry the revision the user saw. */
export const storeOrderInputSchema = z
  .object({
    location_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    delivery_time: z.iso.datetime({ offset: true, error: V.invalid }),
    order_type: z.enum(STORE_ORDER_TYPES, { error: V.required }),
    internal_remark: optionalText(1000),
    /** Goes to the suppliers: the split POs' external remark. */
    supplier_remark: optionalText(1000),
    lines: z.array(storeOrderLineInputSchema).min(1, { error: V.required }).max(500),
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type StoreOrderInput = z.input<typeof storeOrderInputSchema>;
export type ValidStoreOrderInput = z.output<typeof storeOrderInputSchema>;

/**
 * What the suggested quantity of a line is made of (all quantities in the SKU's primary unit, 3 decimals):
 * suggested = max(0, par − on hand + average weekly usage × days until delivery / 7), rounded UP to whole ordering
 * units. Shown beside the ordered quantity, never forced.
 */
export interface StoreOrderSuggestion {
  sku_id: string;
  uom_name: string;
  primary_uom_name: string;
  /** Primary units in one `uom_name`. */
  factor: string;
  /** The location's par level of the SKU; null when none is set (then nothing is suggested). */
  par_level: string | null;
  on_hand: string;
  /** The usage of the last 28 days (issues other than transfers out and returns), divided by 4. */
  avg_weekly_usage: string;
  days_until_delivery: number;
  /** In `uom_name`, whole units; null without a par level. */
  suggested_quantity: string | null;
}

/**
 * The suggestion's arithmetic, exact (decimal.js), in one place for the server's answers and its tests: the need
 * in primary units, then whole ordering units rounded up. Null without a par level.
 */
export function suggestedQuantity(input: {
  par_level: string | null;
  on_hand: string;
  avg_weekly_usage: string;
  days_until_delivery: number;
  factor: string;
}): string | null {
  if (input.par_level === null) return null;
  const need = exact(input.par_level)
    .minus(exact(input.on_hand))
    .plus(exact(input.avg_weekly_usage).times(input.days_until_delivery).dividedBy(7));
  if (!need.isPositive() || need.isZero()) return '0';
  const factor = exact(input.factor);
  if (!factor.isPositive()) return null;
  return roundTo(need.dividedBy(factor).ceil(), 0);
}

/** The body of `POST store-orders/suggestions`: the lines' SKUs and units at a location for a delivery time. */
export const storeOrderSuggestionQuerySchema = z
  .object({
    location_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    delivery_time: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
    lines: z
      .array(
        z
          .object({
            sku_id: z.string().trim().min(1, { error: V.required }),
            uom_name: z.string().trim().min(1, { error: V.required }),
          })
          .strict(),
      )
      .max(500),
  })
  .strict();
export type StoreOrderSuggestionQuery = z.input<typeof storeOrderSuggestionQuerySchema>;
export type ValidStoreOrderSuggestionQuery = z.output<typeof storeOrderSuggestionQuerySchema>;

/** One SKU of a location for the form: its category, default supplier and suggestion inputs. */
export interface StoreOrderLineInfo extends StoreOrderSuggestion {
  sku_name: string;
  category_id: string | null;
  category_name: string | null;
  default_supplier_id: string | null;
  default_supplier_name: string | null;
}

/** A par level: the quantity (primary unit) a location wants on hand of a SKU. */
export const storeOrderParLevelInputSchema = z
  .object({
    location_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    sku_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    /** Primary units; 0 removes the par level. */
    par_level: decimalString({ scale: 3, nonNegative: true, max: '999999999999999' }),
  })
  .strict();
export type StoreOrderParLevelInput = z.input<typeof storeOrderParLevelInputSchema>;
export type ValidStoreOrderParLevelInput = z.output<typeof storeOrderParLevelInputSchema>;

export interface StoreOrderParLevelRow {
  location_id: string;
  location_name: string;
  sku_id: string;
  sku_name: string;
  primary_uom_name: string;
  par_level: string;
  last_updated_by_name: string;
  last_updated_time: string;
}

/** Store ordering's one setting: the location internal lines are ordered from (SETTING edit changes it). */
export const storeOrderSettingsSchema = z
  .object({
    central_kitchen_location_id: z
      .union([z.null(), z.string().trim().max(100)])
      .transform((value) => (value ? value : null)),
  })
  .strict();
export type StoreOrderSettingsInput = z.input<typeof storeOrderSettingsSchema>;
export interface StoreOrderSettings {
  central_kitchen_location_id: string | null;
  central_kitchen_location_name: string | null;
}

/** The form's choices from procurement's replicas (no catalog permission needed). */
export interface StoreOrderChoices {
  suppliers: { supplier_id: string; company_name: string }[];
  central_kitchen: { location_id: string; location_name: string } | null;
}

export interface StoreOrderLineView {
  line_no: number;
  sku_id: string;
  sku_name: string;
  category_id: string | null;
  category_name: string | null;
  uom_name: string;
  uom_list: { uom_name: string; factor: string }[];
  quantity: string;
  source: StoreOrderSource;
  supplier_id: string | null;
  supplier_name: string | null;
  remark: string;
}

/** A PO the store order was split into, as it is now. */
export interface StoreOrderPurchaseOrderLink {
  id: string;
  doc_no: string;
  supplier_id: string;
  supplier_name: string;
  status: PurchaseOrderStatus;
}

/** The transfer request the submission published for the central kitchen (the transfer issue consumes it). */
export interface StoreOrderTransferRequest {
  from_location_id: string;
  from_location_name: string;
  to_location_id: string;
  line_count: number;
  requested_time: string;
}

export interface StoreOrderView extends DocumentHeaderView<StoreOrderStatus> {
  delivery_time: string;
  order_type: StoreOrderType;
  internal_remark: string;
  supplier_remark: string;
  lines: StoreOrderLineView[];
  purchase_orders: StoreOrderPurchaseOrderLink[];
  transfer_request: StoreOrderTransferRequest | null;
}

export interface StoreOrderListRow {
  id: string;
  doc_no: string;
  status: StoreOrderStatus;
  location_id: string;
  location_name: string;
  delivery_time: string;
  order_type: StoreOrderType;
  line_count: number;
  purchase_order_count: number;
  internal_remark: string;
  created_by_name: string;
  created_time: string;
  submitted_time: string | null;
  last_updated_time: string;
}

/** The payload of `procurement.store-order.transfer-requested`: internal lines the central kitchen is to send. */
export const storeOrderTransferRequestedSchema = z
  .object({
    store_order_id: z.string().min(1),
    store_order_no: z.string().min(1),
    /** The central kitchen. */
    from_location_id: z.string().min(1),
    /** The ordering outlet. */
    to_location_id: z.string().min(1),
    delivery_time: z.string(),
    order_type: z.enum(STORE_ORDER_TYPES),
    remark: z.string(),
    lines: z
      .array(
        z
          .object({
            line_no: z.number().int().positive(),
            item_type: z.literal('sku'),
            item_id: z.string().min(1),
            uom_name: z.string().min(1),
            quantity: z.string().regex(/^\d+(\.\d+)?$/),
            remark: z.string(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
export type StoreOrderTransferRequested = z.infer<typeof storeOrderTransferRequestedSchema>;
