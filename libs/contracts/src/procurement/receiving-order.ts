import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, decimalString, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { PURCHASE_STOCK_TYPES } from './purchase-order.js';
import type { PurchaseStockType } from './purchase-order.js';

/**
 * SPEC.md §4: a receiving order's statuses. SPEC lists the PO's receipt statuses with them (CANCELLED BY SUPPLIER,
 * PARTIALLY RECEIVED, CLOSED): they are kept for the status tabs, but the RO itself goes DRAFT → PENDING APPROVAL →
 * APPROVED → RECEIVED / REJECTED (issue 12), and a receipt that will not happen is cancelled to CLOSED.
 */
export const RECEIVING_ORDER_STATUSES = [
  'DRAFT',
  'PENDING APPROVAL',
  'APPROVED',
  'REJECTED',
  'RECEIVED',
  'CANCELLED BY SUPPLIER',
  'PARTIALLY RECEIVED',
  'CLOSED',
] as const;
export type ReceivingOrderStatus = (typeof RECEIVING_ORDER_STATUSES)[number];

/**
 * The receiving order's machine (SPEC.md §4, issue 12). Receiving (APPROVED → RECEIVED) posts the stock through the
 * ledger's posting request and moves the PO to PARTIALLY RECEIVED or RECEIVED (the PO machine's system actions).
 */
export const RECEIVING_ORDER_MACHINE = defineDocumentMachine({
  type: 'RO',
  permissionKey: 'RO',
  statuses: RECEIVING_ORDER_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'RECEIVED', 'CLOSED', 'CANCELLED BY SUPPLIER', 'PARTIALLY RECEIVED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'APPROVED', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    /** The goods are taken in: stock posted, the PO's received quantities follow. */
    receive: { from: ['APPROVED'], to: 'RECEIVED', check: 'edit', confirm: true },
    cancel: {
      from: ['DRAFT', 'PENDING APPROVAL', 'APPROVED'],
      to: 'CLOSED',
      check: 'edit',
      remarkRequired: true,
      confirm: true,
    },
  },
});
export type ReceivingOrderAction = keyof typeof RECEIVING_ORDER_MACHINE.actions;

export const RECEIVING_ORDER_USER_ACTIONS = ['submit', 'recall', 'approve', 'reject', 'receive', 'cancel'] as const;

/** SPEC.md §9: reasons a delivered quantity is rejected at the door. */
export const RECEIVING_REJECT_REASONS = ['EXPIRED', 'SPOILT', 'DAMAGED', 'LOSS', 'OTHERS'] as const;
export type ReceivingRejectReason = (typeof RECEIVING_REJECT_REASONS)[number];

/** Cost fields of the receiving order (native currency unless `_usd`), removed for roles without can_see_cost. */
export const RECEIVING_ORDER_COST_FIELDS = costFields('receiving_order', [
  'unit_price',
  'line_subtotal',
  'subtotal_amount',
  'tax_amount',
  'shipping_amount',
  'total_amount',
  'total_usd',
  'unit_cost_usd',
]);

const quantity = decimalString({ scale: 3, positive: true, max: '999999999999999' });
const money = decimalString({ scale: 2, nonNegative: true, max: '999999999999' });
const required = z.string({ error: V.required }).trim().min(1, { error: V.required });

/** A line of the receiving list: a PO line and how much of it arrived, in `uom_name` (a unit of the SKU). */
export const receivingLineInputSchema = z
  .object({
    po_line_no: z.number({ error: V.required }).int().positive(),
    /** The receiving unit; absent: the PO line's unit. */
    uom_name: z.string().trim().min(1).optional(),
    receive_qty: quantity,
    remark: optionalText(500),
  })
  .strict();

/** An item not on the PO (or any item of a walk-in delivery), with its unit price in the native currency. */
export const additionalLineInputSchema = z
  .object({
    sku_id: required,
    uom_name: required,
    receive_qty: quantity,
    unit_price: decimalString({ scale: 4, nonNegative: true, max: '99999999' }),
    remark: optionalText(500),
  })
  .strict();

/** A quantity refused at the door, with its reason (SPEC.md §9); not taken into stock. */
export const rejectedLineInputSchema = z
  .object({
    sku_id: required,
    uom_name: required,
    po_line_no: z.number().int().positive().nullable().optional(),
    reject_qty: quantity,
    reason: z.enum(RECEIVING_REJECT_REASONS, { error: V.required }),
    remark: optionalText(500),
  })
  .strict();

export const receivingOrderInputSchema = z
  .object({
    /** The PO received against; null for a walk-in delivery (then supplier_id and currency are required). */
    purchase_order_id: z.uuid({ error: V.invalid }).nullable().optional(),
    supplier_id: z.string().trim().min(1).optional(),
    location_id: required,
    delivery_order_no: optionalText(100),
    receive_time: z.iso.datetime({ offset: true, error: V.invalid }),
    stock_type: z.enum(PURCHASE_STOCK_TYPES, { error: V.required }).optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: V.invalid })
      .optional(),
    tax_amount: money.optional().default('0'),
    shipping_amount: money.optional().default('0'),
    is_gms: z.boolean().optional().default(false),
    remark: optionalText(1000),
    receiving_list: z.array(receivingLineInputSchema).max(500).optional().default([]),
    additional_list: z.array(additionalLineInputSchema).max(500).optional().default([]),
    rejected_list: z.array(rejectedLineInputSchema).max(500).optional().default([]),
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type ReceivingOrderInput = z.input<typeof receivingOrderInputSchema>;
export type ValidReceivingOrderInput = z.output<typeof receivingOrderInputSchema>;

export type ReceivingLineKind = 'receive' | 'additional' | 'rejected';

export interface ReceivingOrderLineView {
  line_no: number;
  kind: ReceivingLineKind;
  po_line_no: number | null;
  sku_id: string;
  sku_name: string;
  uom_name: string;
  /** receive_qty (receive, additional) or reject_qty (rejected), in uom_name. */
  quantity: string;
  /** The PO line's unit and quantities in it (receive lines): ordered, received by other ROs, this one. */
  po_uom_name: string | null;
  ordered_qty: string | null;
  received_qty: string | null;
  /** This receipt in the PO line's unit. */
  po_quantity: string | null;
  /** received + this − ordered, in the PO line's unit: negative short, positive over. */
  variance: string | null;
  reason: string | null;
  unit_price?: string;
  line_subtotal?: string;
  remark: string;
}

export interface ReceivingOrderView extends DocumentHeaderView<ReceivingOrderStatus> {
  purchase_order_id: string | null;
  purchase_order_no: string | null;
  supplier_id: string;
  supplier_name: string;
  delivery_order_no: string;
  receive_time: string;
  stock_type: PurchaseStockType;
  currency: string;
  exchange_rate: string;
  is_gms: boolean;
  subtotal_amount?: string;
  tax_amount?: string;
  shipping_amount?: string;
  total_amount?: string;
  total_usd?: string;
  remark: string;
  receiving_list: ReceivingOrderLineView[];
  additional_list: ReceivingOrderLineView[];
  rejected_list: ReceivingOrderLineView[];
}

export interface ReceivingOrderListRow {
  id: string;
  doc_no: string;
  status: ReceivingOrderStatus;
  location_id: string;
  location_name: string;
  supplier_id: string;
  supplier_name: string;
  purchase_order_no: string | null;
  delivery_order_no: string;
  receive_time: string;
  currency: string;
  total_amount?: string;
  total_usd?: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}

/** `GET receiving-orders/purchase-orders/:id/lines`: what is left to receive of a PO, in its lines' units. */
export interface ReceivableLine {
  po_line_no: number;
  sku_id: string;
  sku_name: string;
  uom_name: string;
  ordered_qty: string;
  received_qty: string;
  open_qty: string;
  unit_price?: string;
}

/** Procurement's receiving settings (`GET/PUT receiving-orders/settings`). */
export const receivingSettingsSchema = z
  .object({
    /** How far above the ordered quantity a receipt may go without the RO approval right, in percent (default 0). */
    over_receipt_tolerance_percent: decimalString({ scale: 2, nonNegative: true, max: '1000' }),
  })
  .strict();
export type ReceivingSettings = z.output<typeof receivingSettingsSchema>;
export type ReceivingSettingsInput = z.input<typeof receivingSettingsSchema>;
