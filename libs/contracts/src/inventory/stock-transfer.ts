import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
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
export const STOCK_TRANSFER_RECEIVER_ACTIONS: readonly StockTransferAction[] = ['receive', 'receive_partially', 'deny'];

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

export const stockTransferInputSchema = z
  .object({
    from_location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    to_location_id: z.string({ error: V.required }).min(1, { error: V.required }),
    urgency: z.enum(TRANSFER_URGENCIES, { error: V.required }),
    release_date: isoDateSchema,
    contact: optionalText(200),
    remark: optionalText(1000),
    lines: z.array(stockTransferLineInputSchema).min(1, { error: V.required }).max(500),
    /** Required on update: the revision the edit was made on. */
    revision: z.number().int().positive().optional(),
  })
  .strict();
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
  remark: string;
}

export interface StockTransferView extends DocumentHeaderView<StockTransferStatus> {
  from_location_id: string;
  from_location_name: string;
  to_location_id: string;
  to_location_name: string;
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

export interface StockTransferListRow {
  id: string;
  doc_no: string;
  status: StockTransferStatus;
  from_location_id: string;
  from_location_name: string;
  to_location_id: string;
  to_location_name: string;
  urgency: TransferUrgency;
  release_date: string;
  source_no: string | null;
  line_count: number;
  transfer_value: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
