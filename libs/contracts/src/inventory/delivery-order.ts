import { z } from 'zod';
import { V, optionalText, requiredText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { signatureSchema } from '../procurement/petty-cash.js';
import { STOCK_ITEM_TYPES, isoDateSchema } from './posting.js';
import type { StockItemType } from './posting.js';
import { TRANSFER_URGENCIES } from './stock-transfer.js';
import type { TransferUrgency } from './stock-transfer.js';

/**
 * Delivery order (SPEC.md §2 /delivery-order, key DO; §3, §4 "Delivery"). A DO is the paper that travels with goods
 * to their receiver; it never moves stock itself (the stock release it is made from does: docs/stock-ledger.md).
 *
 * Flow: created IN TRANSIT (numbered in its source location's DO series) → the driver or receiver signs on the
 * page (signature, their name, the time) → DELIVERED. A delivery that did not happen is marked RETURN (shown as
 * "Undelivered" beside it in SPEC.md §4) with its reason; it is delivered again later with a new signature →
 * REDELIVERED. DELIVERED and REDELIVERED are final. The header fields may be corrected while IN TRANSIT.
 */
export const DELIVERY_ORDER_STATUSES = ['IN TRANSIT', 'DELIVERED', 'RETURN', 'REDELIVERED'] as const;
export type DeliveryOrderStatus = (typeof DELIVERY_ORDER_STATUSES)[number];

export const DELIVERY_ORDER_MACHINE = defineDocumentMachine({
  type: 'DO',
  permissionKey: 'DO',
  statuses: DELIVERY_ORDER_STATUSES,
  initial: 'IN TRANSIT',
  editableIn: ['IN TRANSIT'],
  final: ['DELIVERED', 'REDELIVERED'],
  actions: {
    /** The receiver signs for the goods (the body carries the signature and the signer's name). */
    deliver: { from: ['IN TRANSIT'], to: 'DELIVERED', check: 'edit' },
    /** Not delivered (nobody there, refused ...): the reason is the remark. */
    mark_undelivered: { from: ['IN TRANSIT'], to: 'RETURN', check: 'edit', remarkRequired: true, confirm: true },
    /** Delivered on a later run: signed again. */
    redeliver: { from: ['RETURN'], to: 'REDELIVERED', check: 'edit' },
  },
});
export type DeliveryOrderAction = keyof typeof DELIVERY_ORDER_MACHINE.actions;

/** The actions that need the receiver's signature. */
export const DELIVERY_ORDER_SIGNED_ACTIONS: readonly DeliveryOrderAction[] = ['deliver', 'redeliver'];

/** INTERNAL: to another location of the company; EXTERNAL: to a customer, by a courier (SPEC.md §6, §9). */
export const DELIVERY_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** SPEC.md §9 shipping couriers (external deliveries). */
export const DELIVERY_COURIERS = [
  'FedEx',
  'DHL',
  'DHL Express',
  'UPS',
  'USPS',
  'Malca-Amit',
  'Ferrari Logistics',
  "Brink's",
] as const;
export type DeliveryCourier = (typeof DELIVERY_COURIERS)[number];

const quantity = z
  .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .superRefine((value, ctx) => {
    if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
    if (!/^\d+(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
    if ((value.split('.')[1]?.length ?? 0) > 3) return void ctx.addIssue({ code: 'custom', message: V.threeDecimal });
    if (Number(value) === 0) ctx.addIssue({ code: 'custom', message: V.moreThanZero });
  });

/** One line of the stock_release_list: an item (SKU or product) released, in one of its units. */
export const deliveryOrderLineInputSchema = z
  .object({
    item_type: z.enum(STOCK_ITEM_TYPES, { error: V.required }),
    item_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    uom_name: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    release_quantity: quantity,
    remark: optionalText(500),
  })
  .strict();

export const deliveryOrderInputSchema = z
  .object({
    /** The source location: the DO is numbered in its series and belongs to it. */
    from_location_id: requiredText(100),
    delivery_type: z.enum(DELIVERY_TYPES, { error: V.required }),
    /** INTERNAL: the receiving location (required). */
    to_location_id: z.string({ error: V.invalid }).trim().max(100, { error: V.maxLength }).nullable().optional(),
    /** EXTERNAL: the customer (required). */
    customer_name: optionalText(200),
    /** Where the goods go (an external delivery's address). */
    to_address: optionalText(500),
    /** EXTERNAL: one of SPEC.md §9's couriers (required). */
    courier: z.enum(DELIVERY_COURIERS, { error: V.invalid }).nullable().optional(),
    official_id: optionalText(100),
    release_date: isoDateSchema,
    urgency: z.enum(TRANSFER_URGENCIES, { error: V.required }),
    invoice_no: optionalText(100),
    /** The stock releases (SR numbers) the goods left on. */
    sar_ref_list: z.array(requiredText(100)).max(50).optional().default([]),
    /** Made from this stock release (of the same source location): its number joins sar_ref_list. */
    stock_release_id: z.uuid({ error: V.invalid }).nullable().optional(),
    internal_remark: optionalText(1000),
    stock_release_list: z.array(deliveryOrderLineInputSchema).min(1, { error: V.required }).max(500),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.delivery_type === 'INTERNAL' && !input.to_location_id) {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['to_location_id'] });
    }
    if (input.delivery_type === 'EXTERNAL') {
      if (!input.customer_name) ctx.addIssue({ code: 'custom', message: V.required, path: ['customer_name'] });
      if (!input.courier) ctx.addIssue({ code: 'custom', message: V.required, path: ['courier'] });
    }
  });
export type DeliveryOrderInput = z.input<typeof deliveryOrderInputSchema>;
export type ValidDeliveryOrderInput = z.output<typeof deliveryOrderInputSchema>;

/**
 * `POST :id/deliver` and `POST :id/redeliver`: the revision seen, the signature drawn on the page (a PNG data URL)
 * and who signed. An absent signature is refused with SPEC.md §8's signError (INVENTORY_DELIVERY_SIGNATURE_REQUIRED),
 * not a generic "required", so the schema lets it through.
 */
export const deliveryOrderSignSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
    signature: signatureSchema.nullable().optional(),
    signed_by_name: optionalText(200),
  })
  .strict();
export type DeliveryOrderSignInput = z.input<typeof deliveryOrderSignSchema>;
export type ValidDeliveryOrderSignInput = z.output<typeof deliveryOrderSignSchema>;

export interface DeliveryOrderLineView {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  uom_name: string;
  release_quantity: string;
  remark: string;
}

export interface DeliveryOrderView extends DocumentHeaderView<DeliveryOrderStatus> {
  from_location_id: string;
  from_location_name: string;
  delivery_type: DeliveryType;
  to_location_id: string | null;
  to_location_name: string | null;
  customer_name: string;
  to_address: string;
  courier: DeliveryCourier | null;
  official_id: string;
  release_date: string;
  urgency: TransferUrgency;
  invoice_no: string;
  sar_ref_list: string[];
  stock_release_id: string | null;
  internal_remark: string;
  /** The receiver's signature (PNG data URL) once delivered; who signed and when. */
  signature: string | null;
  signed_by_name: string | null;
  signed_time: string | null;
  /** Why the last delivery did not happen (RETURN, and kept once redelivered). */
  return_reason: string | null;
  stock_release_list: DeliveryOrderLineView[];
}

export interface DeliveryOrderListRow {
  id: string;
  doc_no: string;
  status: DeliveryOrderStatus;
  from_location_id: string;
  from_location_name: string;
  delivery_type: DeliveryType;
  to_location_id: string | null;
  to_name: string;
  customer_name: string;
  courier: string | null;
  official_id: string;
  invoice_no: string;
  urgency: TransferUrgency;
  release_date: string;
  sar_refs: string;
  line_count: number;
  signed_by_name: string | null;
  created_by_name: string;
  last_updated_time: string;
}

/** A stock release a DO may be made from (same source location, goods released). */
export interface DeliveryOrderReleaseChoice {
  id: string;
  sr_no: string;
  status: string;
  /** An internal transfer's destination; null for a release to a customer. */
  to_location_id: string | null;
  to_location_name: string | null;
  release_date: string;
  urgency: TransferUrgency;
}

/** A stock release's lines and destination, in the DO's shape (the form fills itself with them). */
export interface DeliveryOrderReleaseLines extends DeliveryOrderReleaseChoice {
  from_location_id: string;
  /** A release to a customer: who (the release's customer reference), where, on which invoice. */
  customer_name: string;
  delivery_address: string;
  invoice_no: string;
  lines: (DeliveryOrderLineView & { item_name: string })[];
}
