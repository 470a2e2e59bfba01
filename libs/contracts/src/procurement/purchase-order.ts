import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, decimalString, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { isoDateSchema } from '../inventory/posting.js';

/** SPEC.md §4: a purchase order's statuses. */
export const PURCHASE_ORDER_STATUSES = [
  'DRAFT',
  'PENDING APPROVAL',
  'PENDING SUPPLIER',
  'REJECTED',
  'CONFIRMED BY SUPPLIER',
  'CANCELLED BY SUPPLIER',
  'PARTIALLY RECEIVED',
  'RECEIVED',
  'CLOSED',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Statuses in which goods may arrive against the PO: sent (the supplier may deliver without confirming first). */
const RECEIVABLE: PurchaseOrderStatus[] = ['PENDING SUPPLIER', 'CONFIRMED BY SUPPLIER', 'PARTIALLY RECEIVED'];

/**
 * The purchase order's machine (SPEC.md §4, issue 12). Approving sends the PO to the supplier (PENDING SUPPLIER),
 * bounded by the approver's approval_limit in USD: above it the PO stays PENDING APPROVAL for a role whose limit
 * covers it. The supplier's answer (through the signed link) and the receipts are the system's actions.
 * SPEC.md §4 has no CANCELLED status: cancelling an order before anything was received, and closing the open
 * remainder of a partly received one, both end in CLOSED (the history tells which, with its remark).
 */
export const PURCHASE_ORDER_MACHINE = defineDocumentMachine({
  type: 'PO',
  permissionKey: 'PO',
  statuses: PURCHASE_ORDER_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'CANCELLED BY SUPPLIER', 'RECEIVED', 'CLOSED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'PENDING SUPPLIER', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    /** Sends the supplier a fresh link (the earlier one stops working). */
    resend: { from: ['PENDING SUPPLIER'], to: 'PENDING SUPPLIER', check: 'edit' },
    supplierConfirm: { from: ['PENDING SUPPLIER'], to: 'CONFIRMED BY SUPPLIER', check: 'edit', system: true },
    supplierDecline: { from: ['PENDING SUPPLIER'], to: 'CANCELLED BY SUPPLIER', check: 'edit', system: true },
    receivePart: { from: RECEIVABLE, to: 'PARTIALLY RECEIVED', check: 'edit', system: true },
    receiveAll: { from: RECEIVABLE, to: 'RECEIVED', check: 'edit', system: true },
    cancel: {
      from: ['DRAFT', 'PENDING APPROVAL', 'PENDING SUPPLIER', 'CONFIRMED BY SUPPLIER'],
      to: 'CLOSED',
      check: 'edit',
      remarkRequired: true,
      confirm: true,
    },
    close: { from: ['PARTIALLY RECEIVED'], to: 'CLOSED', check: 'edit', confirm: true },
  },
});
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_MACHINE.actions;

/** SPEC.md §3: a PO's order types and stock types. */
export const PURCHASE_ORDER_TYPES = ['Staff Meal', 'Business Order', 'Internal', 'External'] as const;
export type PurchaseOrderType = (typeof PURCHASE_ORDER_TYPES)[number];
export const PURCHASE_STOCK_TYPES = ['inventory', 'consignment'] as const;
export type PurchaseStockType = (typeof PURCHASE_STOCK_TYPES)[number];

/**
 * Cost fields of the purchase order: removed from answers for roles without can_see_cost. Names of their own
 * (costFields marks by name, product-wide): a PO's amounts are in its native currency, `total_usd` converted.
 */
export const PURCHASE_ORDER_COST_FIELDS = costFields('purchase_order', [
  'unit_price',
  'line_subtotal',
  'subtotal_amount',
  'gst_amount',
  'total_amount',
  'total_usd',
]);

/** The user actions of the machine (the routes `POST :id/<action>`); the system's have no route. */
export const PURCHASE_ORDER_USER_ACTIONS = [
  'submit',
  'recall',
  'approve',
  'reject',
  'resend',
  'cancel',
  'close',
] as const;

/** numeric(18,3): at most 15 integer digits. */
const quantity = decimalString({ scale: 3, positive: true, max: '999999999999999' });

export const purchaseOrderLineInputSchema = z
  .object({
    sku_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    /** The purchasing unit: one of the SKU's units. */
    uom_name: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    quantity,
    /** Native currency per one `uom_name`; absent or null: the supplier's price valid on the purchase date. */
    unit_price: z
      .union([z.null(), z.literal(''), decimalString({ scale: 4, nonNegative: true, max: '99999999' })])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    remark: optionalText(500),
  })
  .strict();

/** A PO as typed (SPEC.md §3); edits carry the revision the user saw. */
export const purchaseOrderInputSchema = z
  .object({
    supplier_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    location_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
    purchase_date: isoDateSchema,
    delivery_time: z.iso.datetime({ offset: true, error: V.invalid }),
    order_type: z.enum(PURCHASE_ORDER_TYPES, { error: V.required }),
    stock_type: z.enum(PURCHASE_STOCK_TYPES, { error: V.required }),
    /** The native currency (ISO code); converted to USD with the rate in effect on purchase_date. */
    currency: z
      .string({ error: V.required })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: V.invalid }),
    internal_remark: optionalText(1000),
    external_remark: optionalText(1000),
    lines: z.array(purchaseOrderLineInputSchema).min(1, { error: V.required }).max(500),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type PurchaseOrderInput = z.input<typeof purchaseOrderInputSchema>;
export type ValidPurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

export interface PurchaseOrderLineView {
  line_no: number;
  sku_id: string;
  sku_name: string;
  uom_name: string;
  /** The SKU's units, for the line's unit choice. */
  uom_list: { uom_name: string; factor: string }[];
  quantity: string;
  unit_price?: string;
  /** quantity × unit_price, native currency, 2 decimals. */
  line_subtotal?: string;
  remark: string;
  /** What the supplier said it can deliver of this line when it confirmed; null: no quantity given (yet). */
  supplier_available_quantity: string | null;
  /** Received by the PO's RECEIVED receiving orders, in `uom_name` (the receiving page's own computation). */
  received_qty: string;
  /** Still to receive: ordered − received, never below 0. */
  open_qty: string;
}

/** A receiving order made against the PO (the PO page links to each). */
export interface PurchaseOrderReceipt {
  id: string;
  doc_no: string;
  status: string;
  receive_time: string;
}

export interface PurchaseOrderView extends DocumentHeaderView<PurchaseOrderStatus> {
  /** The store order this PO was split from (its page links back); null for a PO typed by a buyer. */
  store_order_id: string | null;
  store_order_no: string | null;
  supplier_id: string;
  supplier_name: string;
  purchase_date: string;
  delivery_time: string;
  order_type: PurchaseOrderType;
  stock_type: PurchaseStockType;
  currency: string;
  /** Units of `currency` one USD buys, in effect on purchase_date (SPEC.md §9). */
  exchange_rate: string;
  gst_price_type: 'inclusive' | 'exclusive';
  gst_rate: string;
  subtotal_amount?: string;
  gst_amount?: string;
  total_amount?: string;
  total_usd?: string;
  minimum_order_value: string;
  /** A warning, not an error: the subtotal is below the supplier's minimum order value. */
  below_minimum_order_value: boolean;
  internal_remark: string;
  external_remark: string;
  lines: PurchaseOrderLineView[];
  /** The receiving orders against this PO, oldest first. */
  receiving_orders: PurchaseOrderReceipt[];
}

/**
 * `POST purchase-orders/lines/check` (multipart field `file`, an .xlsx of the lines template): every row checked
 * against the line schema above and procurement's SKU replica, answering the lines to add — or, when any row is
 * wrong, nothing but VALIDATION_FAILED with each problem on field `rows.<row>.<column>` (spreadsheet row numbers).
 */
export interface PurchaseOrderCheckedLine {
  /** The spreadsheet row it came from. */
  row: number;
  sku_id: string;
  sku_name: string;
  /** The unit as the SKU spells it. */
  uom_name: string;
  uom_list: { uom_name: string; factor: string }[];
  quantity: string;
  /** Null: blank in the file (the supplier's price applies). Left out for roles without can_see_cost. */
  unit_price?: string | null;
  remark: string;
}

export interface PurchaseOrderLinesCheck {
  lines: PurchaseOrderCheckedLine[];
}

/** The columns of the PO lines template, in order: keys of the check's `rows.<row>.<column>` problems. */
export const PURCHASE_ORDER_LINE_IMPORT_COLUMNS = ['sku_id', 'uom_name', 'quantity', 'unit_price', 'remark'] as const;
export type PurchaseOrderLineImportColumn = (typeof PURCHASE_ORDER_LINE_IMPORT_COLUMNS)[number];

/** A row of the purchase order list. */
export interface PurchaseOrderListRow {
  id: string;
  doc_no: string;
  status: PurchaseOrderStatus;
  location_id: string;
  location_name: string;
  supplier_id: string;
  supplier_name: string;
  purchase_date: string;
  delivery_time: string;
  order_type: PurchaseOrderType;
  stock_type: PurchaseStockType;
  currency: string;
  line_count: number;
  total_amount?: string;
  total_usd?: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}

/** What a PO's header offers (`GET purchase-orders/choices`): the live suppliers and the currencies with a rate. */
export interface PurchaseOrderChoices {
  suppliers: {
    supplier_id: string;
    company_name: string;
    gst_price_type: 'inclusive' | 'exclusive';
    gst_rate: string;
    minimum_order_value: string;
  }[];
  currencies: string[];
}

/** The SKU search of a PO's line grid (`POST purchase-orders/skus`): by code or name, live SKUs only. */
export const purchaseOrderSkuSearchSchema = z
  .object({
    search: z.string().trim().max(100).optional().default(''),
    limit: z.number().int().min(1).max(50).optional().default(20),
  })
  .strict();
export type PurchaseOrderSkuSearch = z.input<typeof purchaseOrderSkuSearchSchema>;
export type ValidPurchaseOrderSkuSearch = z.output<typeof purchaseOrderSkuSearchSchema>;
