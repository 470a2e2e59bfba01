import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, decimalString, optionalText } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';

/** SPEC.md §4 "Simple list (return note)": the return note's statuses. */
export const RETURN_NOTE_STATUSES = ['DRAFT', 'PENDING APPROVAL', 'REJECTED', 'RECEIVED'] as const;
export type ReturnNoteStatus = (typeof RETURN_NOTE_STATUSES)[number];

/**
 * The return note's machine (SPEC.md §4, document type GR). Approving is the return itself: the stock leaves the
 * location through the ledger's posting request (`procurement.return-note.posted`) and the note is RECEIVED (by
 * the supplier). There is no separate "issue" step, so SPEC's four statuses are the whole machine.
 */
export const RETURN_NOTE_MACHINE = defineDocumentMachine({
  type: 'GR',
  permissionKey: 'GR',
  statuses: RETURN_NOTE_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'RECEIVED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    /** The goods go back to the supplier: stock issued, the note RECEIVED. */
    approve: { from: ['PENDING APPROVAL'], to: 'RECEIVED', check: 'approval', approval: true, confirm: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
  },
});
export type ReturnNoteAction = keyof typeof RETURN_NOTE_MACHINE.actions;

/** SPEC.md §9's reject reasons that fit goods sent back to their supplier. */
export const RETURN_REASONS = ['EXPIRED', 'SPOILT', 'DAMAGED', 'WASTAGE', 'OTHERS'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Cost fields of the return note (the RO's prices, native currency unless `_usd`), gone without can_see_cost. */
export const RETURN_NOTE_COST_FIELDS = costFields('return_note', [
  'unit_price',
  'line_subtotal',
  'total_amount',
  'total_usd',
]);

const quantity = decimalString({ scale: 3, positive: true, max: '999999999999999' });

/** A line of the return list: a line of the receiving order and how much of it goes back, in that line's unit. */
export const returnLineInputSchema = z
  .object({
    ro_line_no: z.number({ error: V.required }).int().positive(),
    return_qty: quantity,
    reason: z.enum(RETURN_REASONS, { error: V.required }),
    remark: optionalText(500),
  })
  .strict();

export const returnNoteInputSchema = z
  .object({
    /** The RECEIVED receiving order the goods came with: its location, supplier and prices are the note's. */
    receiving_order_id: z.uuid({ error: V.required }),
    remark: optionalText(1000),
    return_list: z.array(returnLineInputSchema).min(1, { error: V.required }).max(500),
    revision: z.number().int().positive().optional(),
  })
  .strict();
export type ReturnNoteInput = z.input<typeof returnNoteInputSchema>;
export type ValidReturnNoteInput = z.output<typeof returnNoteInputSchema>;

/**
 * What may still go back of one line of a receiving order, in the line's unit: received − returned by the other
 * return notes that are not REJECTED, and never more than the location has on hand (`on_hand_qty`, from
 * procurement's replica of the ledger's postings).
 */
export interface ReturnableLine {
  ro_line_no: number;
  sku_id: string;
  sku_name: string;
  uom_name: string;
  received_qty: string;
  returned_qty: string;
  on_hand_qty: string;
  available_qty: string;
  unit_price?: string;
}

export interface ReturnNoteLineView extends ReturnableLine {
  line_no: number;
  return_qty: string;
  reason: ReturnReason;
  remark: string;
  line_subtotal?: string;
}

export interface ReturnNoteView extends DocumentHeaderView<ReturnNoteStatus> {
  rn_no: string;
  receiving_order_id: string;
  receiving_order_no: string;
  purchase_order_no: string | null;
  supplier_id: string;
  supplier_name: string;
  currency: string;
  total_amount?: string;
  total_usd?: string;
  remark: string;
  /**
   * RECEIVED notes: whether the ledger has posted the issue yet (`inventory.stock.posted` seen). A RECEIVED note
   * still `false` is waiting for — or was refused by — the ledger (its refusal is in the error log).
   */
  stock_posted: boolean;
  return_list: ReturnNoteLineView[];
}

export interface ReturnNoteListRow {
  id: string;
  doc_no: string;
  status: ReturnNoteStatus;
  location_id: string;
  location_name: string;
  supplier_id: string;
  supplier_name: string;
  receiving_order_no: string;
  currency: string;
  total_amount?: string;
  total_usd?: string;
  remark: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
