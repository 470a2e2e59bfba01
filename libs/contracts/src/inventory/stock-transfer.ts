import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, optionalEmail, optionalText } from '../common/schema.js';
import type { DocumentHeaderView, DocumentMachine } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { STOCK_ITEM_TYPES, isoDateSchema } from './posting.js';
import type { StockItemType } from './posting.js';

/**
 * Stock transfer (SPEC.md §3, §4; /inventory/stock-release, key SR). Stock leaves the source at FIFO cost into the
 * ledger's in-transit when the transfer is approved and arrives at exactly those costs (docs/stock-ledger.md,
 * "In transit"). RETURN: the sender recalled the goods before receipt; DENIED: the receiver refused them all.
 */
export const STOCK_TRANSFER_STATUSES = [
  'DRAFT',
  'PENDING APPROVAL',
  'IN TRANSIT',
  'REJECTED',
  'PARTIALLY RECEIVED',
  'RECEIVED',
  'DENIED',
  'RETURN',
] as const;
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];

/**
 * The sender's actions (submit, recall, approve, reject, return) act at the FROM location; the receiver's
 * (receive, receive_partially, deny) at the TO location: the service hands the kit the side the action belongs
 * to, so a user of another outlet cannot receive, and the sender cannot unless they hold the destination too.
 * `receive` and `receive_partially` are one button: the receipt is partial when any line has a rejected quantity.
 */
export const STOCK_TRANSFER_MACHINE = defineDocumentMachine({
  type: 'SR',
  permissionKey: 'SR',
  statuses: STOCK_TRANSFER_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'PARTIALLY RECEIVED', 'RECEIVED', 'DENIED', 'RETURN'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'IN TRANSIT', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    return: { from: ['IN TRANSIT'], to: 'RETURN', check: 'edit', confirm: true },
    receive: { from: ['IN TRANSIT'], to: 'RECEIVED', check: 'edit' },
    receive_partially: { from: ['IN TRANSIT'], to: 'PARTIALLY RECEIVED', check: 'edit' },
    deny: { from: ['IN TRANSIT'], to: 'DENIED', check: 'edit', remarkRequired: true, confirm: true },
  },
});
export type StockTransferAction = keyof typeof STOCK_TRANSFER_MACHINE.actions;

/** The actions run at the destination (the others at the source). */
export const STOCK_TRANSFER_RECEIVER_ACTIONS: readonly string[] = ['receive', 'receive_partially', 'deny'];

/**
 * Transfer types (SPEC.md §6): INTERNAL moves stock between two locations (the machine above); EXTERNAL releases
 * it from a location to a customer; EXTERNAL_CONSIGNMENT consigns it out to a customer and is offered only in
 * the RJ_SR context (the RJ area's page, key RJ_SR). A release never changes type once saved.
 */
export const TRANSFER_TYPES = ['INTERNAL', 'EXTERNAL', 'EXTERNAL_CONSIGNMENT'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export type ReleaseType = Exclude<TransferType, 'INTERNAL'>;
/** The types a page offers: the RJ_SR page adds the consignment (SPEC.md §6). */
export const transferTypesOffered = (rjContext: boolean): readonly TransferType[] =>
  rjContext ? TRANSFER_TYPES : ['INTERNAL', 'EXTERNAL'];
/** The permission key a document of this type is read and acted on under. */
export const transferTypeKey = (type: TransferType): 'SR' | 'RJ_SR' =>
  type === 'EXTERNAL_CONSIGNMENT' ? 'RJ_SR' : 'SR';

/** Stock release statuses (SPEC.md §4): a release to a customer (EXTERNAL, EXTERNAL_CONSIGNMENT). */
export const STOCK_RELEASE_STATUSES = [
  'DRAFT',
  'PENDING APPROVAL',
  'APPROVED',
  'REJECTED',
  'SPLIT',
  'RECEIVED',
  'PARTIALLY RECEIVED',
  'CANCELLED',
] as const;
export type StockReleaseStatus = (typeof STOCK_RELEASE_STATUSES)[number];

const releaseActions = {
  submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
  recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
  approve: { from: ['PENDING APPROVAL'], to: 'APPROVED', check: 'approval', approval: true },
  reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
  cancel_release: { from: ['DRAFT', 'PENDING APPROVAL', 'APPROVED'], to: 'CANCELLED', check: 'edit', confirm: true },
  split: { from: ['APPROVED'], to: 'SPLIT', check: 'edit' },
  settle: { from: ['APPROVED'], to: 'APPROVED', check: 'edit' },
  receive: { from: ['APPROVED'], to: 'RECEIVED', check: 'edit' },
  receive_partially: { from: ['APPROVED'], to: 'PARTIALLY RECEIVED', check: 'edit' },
} as const;

/**
 * A release (EXTERNAL): DRAFT → PENDING APPROVAL → APPROVED (the stock leaves the location at FIFO cost) →
 * RECEIVED / PARTIALLY RECEIVED (the customer's receipt; the unreceived remainder returns to stock at the cost it
 * left at). An APPROVED release may be SPLIT into several deliveries (child releases, APPROVED, whose quantities
 * add up to it) or CANCELLED (everything returns). `settle` is the consignment's (below): never offered here.
 */
export const STOCK_RELEASE_MACHINE = defineDocumentMachine({
  type: 'SR',
  permissionKey: 'SR',
  statuses: STOCK_RELEASE_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'SPLIT', 'RECEIVED', 'PARTIALLY RECEIVED', 'CANCELLED'],
  actions: releaseActions,
});

/**
 * A consignment release (EXTERNAL_CONSIGNMENT, key RJ_SR): the same statuses; while APPROVED the pieces are with
 * the customer, still ours (AVAILABLE AND CONSIGNED OUT). `settle` records what the customer kept (ITEM SOLD) and
 * what came back by a return (RETURNED), as often as needed; the settlement that leaves nothing out ends it
 * RECEIVED (all kept) or PARTIALLY RECEIVED (some returned) — those two are that last settlement, never a button.
 */
export const STOCK_CONSIGNMENT_MACHINE = defineDocumentMachine({
  type: 'SR',
  permissionKey: 'RJ_SR',
  statuses: STOCK_RELEASE_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'SPLIT', 'RECEIVED', 'PARTIALLY RECEIVED', 'CANCELLED'],
  actions: releaseActions,
});
export type StockReleaseAction = keyof typeof releaseActions;

/** The machine of a transfer by its type. */
export function transferMachineOf(type: TransferType): DocumentMachine {
  if (type === 'INTERNAL') return STOCK_TRANSFER_MACHINE;
  return type === 'EXTERNAL' ? STOCK_RELEASE_MACHINE : STOCK_CONSIGNMENT_MACHINE;
}

/** Item state of a consigned-out line (SPEC.md §4), per piece: out with the customer, back, or kept (sold). */
export const CONSIGNMENT_ITEM_STATES = ['AVAILABLE AND CONSIGNED OUT', 'RETURNED', 'ITEM SOLD'] as const;
export type ConsignmentItemState = (typeof CONSIGNMENT_ITEM_STATES)[number];

export const TRANSFER_URGENCIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type TransferUrgency = (typeof TRANSFER_URGENCIES)[number];

/** SPEC.md §9 reject reasons of a received line (the adjustment maps them to its own reasons). */
export const TRANSFER_REJECT_REASONS = ['EXPIRED', 'SPOILT', 'DAMAGED', 'LOSS', 'LOST', 'WASTAGE', 'OTHERS'] as const;
export type TransferRejectReason = (typeof TRANSFER_REJECT_REASONS)[number];

/** Where a transfer came from: typed by a user, or a store order's internal lines (procurement's event). */
export const TRANSFER_SOURCES = ['manual', 'store_order'] as const;
export type TransferSource = (typeof TRANSFER_SOURCES)[number];

/** Transfer tracking, per line (SPEC.md §4): before approval a line has none. */
export const TRANSFER_TRACKING = ['IN TRANSIT', 'PARTIALLY RECEIVED', 'RECEIVED', 'DENIED', 'RETURN'] as const;
export type TransferTracking = (typeof TRANSFER_TRACKING)[number];

/** Cost fields of the transfer: removed from answers for roles without can_see_cost. */
export const STOCK_TRANSFER_COST_FIELDS = costFields('stock_transfer', [
  'transfer_value',
  'line_value',
  'rejected_value',
]);

/** Every status a transfer or a release may have (the list's status filter, the table's check). */
export const STOCK_TRANSFER_ALL_STATUSES = [...new Set([...STOCK_TRANSFER_STATUSES, ...STOCK_RELEASE_STATUSES])];
export type AnyTransferStatus = StockTransferStatus | StockReleaseStatus;

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

export const stockTransferLineInputSchema = z
  .object({
    item_type: z.enum(STOCK_ITEM_TYPES, { error: V.required }),
    item_id: z.string({ error: V.required }).min(1, { error: V.required }),
    /** One of the item's units: the release quantity is in it. */
    uom_name: z.string({ error: V.required }).min(1, { error: V.required }),
    release_quantity: quantity({ positive: true }),
    remark: optionalText(500),
  })
  .strict();

/**
 * A transfer (INTERNAL: `to_location_id`) or a release (EXTERNAL / EXTERNAL_CONSIGNMENT: `customer_id`, an
 * invoice_no and the customer's contact details). `transfer_type` absent is INTERNAL (the transfer as it was).
 */
export const stockTransferInputObjectSchema = z
  .object({
    transfer_type: z.enum(TRANSFER_TYPES, { error: V.invalid }).default('INTERNAL'),
    from_location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    /** INTERNAL only. */
    to_location_id: z.string().trim().max(100).optional().nullable(),
    /** A release's customer (catalog's customer_code). */
    customer_id: z.string().trim().max(100).optional().nullable(),
    urgency: z.enum(TRANSFER_URGENCIES, { error: V.required }),
    release_date: isoDateSchema,
    contact: optionalText(200),
    contact_no: optionalText(50),
    contact_email: optionalEmail(),
    delivery_address: optionalText(500),
    invoice_no: optionalText(100),
    remark: optionalText(1000),
    lines: z.array(stockTransferLineInputSchema).min(1, { error: V.required }).max(500),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict();

/** A transfer goes to a location, a release to a customer (the web form adds it to its own extension). */
export function refineTransferAddressee(
  value: { transfer_type: TransferType; to_location_id?: string | null; customer_id?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.transfer_type === 'INTERNAL' && !value.to_location_id) {
    ctx.addIssue({ code: 'custom', path: ['to_location_id'], message: V.required });
  }
  if (value.transfer_type !== 'INTERNAL' && !value.customer_id) {
    ctx.addIssue({ code: 'custom', path: ['customer_id'], message: V.required });
  }
}

export const stockTransferInputSchema = stockTransferInputObjectSchema.superRefine(refineTransferAddressee);
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;
export type ValidStockTransferInput = z.output<typeof stockTransferInputSchema>;

/**
 * The receipt (`POST :id/receive`): per line, what was received and what was rejected (with a reason); together
 * they are the line's release quantity, all of which arrives (the rejected part is written off by the automatic
 * adjustment at the destination, SPEC.md §4).
 */
export const stockTransferReceiptSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
    lines: z
      .array(
        z
          .object({
            line_no: z.number().int().positive(),
            received_quantity: quantity({ positive: false }),
            rejected_quantity: quantity({ positive: false }).default('0'),
            reject_reason: z.enum(TRANSFER_REJECT_REASONS, { error: V.invalid }).nullable().optional(),
          })
          .strict(),
      )
      .min(1, { error: V.required })
      .max(500),
  })
  .strict();
export type StockTransferReceiptInput = z.input<typeof stockTransferReceiptSchema>;
export type ValidStockTransferReceipt = z.output<typeof stockTransferReceiptSchema>;

/**
 * A consignment's settlement (`POST :id/settle`): per line, how much of what is still out the customer kept
 * (sold) and how much came back (returned); lines not named are unchanged. Together at most what is still out.
 */
export const stockConsignmentSettlementSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
    lines: z
      .array(
        z
          .object({
            line_no: z.number().int().positive(),
            sold_quantity: quantity({ positive: false }).default('0'),
            returned_quantity: quantity({ positive: false }).default('0'),
          })
          .strict(),
      )
      .min(1, { error: V.required })
      .max(500),
  })
  .strict();
export type StockConsignmentSettlementInput = z.input<typeof stockConsignmentSettlementSchema>;
export type ValidStockConsignmentSettlement = z.output<typeof stockConsignmentSettlementSchema>;

/**
 * The split of an APPROVED release into deliveries (`POST :id/split`): at least two parts, each with a quantity
 * per line (0 or absent: none of it); per line the parts add up to its release quantity exactly.
 */
export const stockReleaseSplitSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
    parts: z
      .array(
        z
          .object({
            release_date: isoDateSchema.optional(),
            lines: z
              .array(
                z.object({ line_no: z.number().int().positive(), quantity: quantity({ positive: false }) }).strict(),
              )
              .min(1, { error: V.required })
              .max(500),
          })
          .strict(),
      )
      .min(2, { error: V.required })
      .max(20),
  })
  .strict();
export type StockReleaseSplitInput = z.input<typeof stockReleaseSplitSchema>;
export type ValidStockReleaseSplit = z.output<typeof stockReleaseSplitSchema>;

export interface StockTransferLineView {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  item_name: string;
  uom_name: string;
  release_quantity: string;
  received_quantity: string | null;
  rejected_quantity: string | null;
  reject_reason: TransferRejectReason | null;
  /** On hand at the source now (in uom_name). */
  source_on_hand: string;
  /** The value that left the source at FIFO cost (USD), once dispatched. */
  line_value: string | null;
  /** The value of the rejected part (at the line's in-transit costs), once received. */
  rejected_value: string | null;
  tracking: TransferTracking | null;
  /** A consignment line's state once consigned out (null otherwise). */
  item_state: ConsignmentItemState | null;
  /** A consignment line: what the customer kept, what came back, what is still out (uom_name). */
  sold_quantity: string | null;
  returned_quantity: string | null;
  outstanding_quantity: string | null;
  remark: string;
}

/** A delivery a release was split into (or the release it was split from). */
export interface StockReleaseRelative {
  id: string;
  doc_no: string;
  status: AnyTransferStatus;
}

export interface StockTransferView extends DocumentHeaderView<AnyTransferStatus> {
  transfer_type: TransferType;
  from_location_id: string;
  from_location_name: string;
  /** INTERNAL: the destination; a release has none ('' in the view). */
  to_location_id: string;
  to_location_name: string;
  customer_id: string | null;
  customer_name: string | null;
  contact_no: string;
  contact_email: string;
  delivery_address: string;
  invoice_no: string;
  /** A consignment release: the summary of its lines' states (any out: AVAILABLE AND CONSIGNED OUT). */
  item_state: ConsignmentItemState | null;
  /** A delivery of a split release: the release it came from. */
  parent: StockReleaseRelative | null;
  /** A SPLIT release: its deliveries. */
  children: StockReleaseRelative[];
  urgency: TransferUrgency;
  release_date: string;
  contact: string;
  remark: string;
  source: TransferSource;
  source_id: string | null;
  source_no: string | null;
  /** Estimated at the source's average cost until dispatched; then the FIFO value that left. */
  transfer_value: string;
  received_by_name: string | null;
  received_time: string | null;
  /** The automatic adjustment of the rejected lines, once made. */
  adjustment_id: string | null;
  adjustment_no: string | null;
  lines: StockTransferLineView[];
}

/** A location a transfer may go to (the directory a sender addresses transfers from). */
export interface TransferDestination {
  location_id: string;
  location_name: string;
}

/** A customer a release may go to (inventory's replica of catalog's customers, RJ_CUSTOMER master data). */
export interface ReleaseCustomer {
  customer_id: string;
  customer_name: string;
  contact_no: string;
  email: string;
  address: string;
}

export interface StockTransferListRow {
  id: string;
  doc_no: string;
  status: AnyTransferStatus;
  transfer_type: TransferType;
  from_location_id: string;
  from_location_name: string;
  /** INTERNAL: the destination; a release: null (its customer is `customer_name`). */
  to_location_id: string | null;
  /** The destination's name, or the release's customer. */
  to_location_name: string;
  customer_id: string | null;
  invoice_no: string;
  item_state: ConsignmentItemState | null;
  parent_no: string | null;
  urgency: TransferUrgency;
  release_date: string;
  source_no: string | null;
  line_count: number;
  transfer_value: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
