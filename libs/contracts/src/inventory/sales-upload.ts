import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V } from '../common/schema.js';
import type { DocumentHeaderView } from '../documents/kit.js';
import { defineDocumentMachine } from '../documents/kit.js';
import { isoDateSchema } from './posting.js';

/**
 * Sales upload (SPEC.md §3, §9; /inventory/sales-upload, key SU): the PLUs an outlet sold on one day, backflushed
 * through their active BOMs into one issue per SKU at FIFO cost (docs/sales-upload.md). Selling below zero is
 * allowed for this document only: the shortfall becomes a back order.
 *
 * PENDING MATCH: some lines name a PLU that is unknown or has no active BOM (the no-match list); once every such
 * line is mapped or ignored the upload posts by itself. POSTED: the stock left. REVERTED: its movements were
 * received back at exactly their costs and its open back orders cancelled. DISCARDED: dropped before posting.
 */
export const SALES_UPLOAD_STATUSES = ['PENDING MATCH', 'POSTED', 'REVERTED', 'DISCARDED'] as const;
export type SalesUploadStatus = (typeof SALES_UPLOAD_STATUSES)[number];

/** SPEC.md §9 "Sales upload source". */
export const SALES_UPLOAD_SOURCES = ['Manual', 'Epoint AutoSync', 'Epoint Excel Upload'] as const;
export type SalesUploadSource = (typeof SALES_UPLOAD_SOURCES)[number];
export type EpointSource = Exclude<SalesUploadSource, 'Manual'>;

/** The lines of the upload a user may upload by Excel (AutoSync is the POS pushing, never a file). */
export const SALES_UPLOAD_FILE_SOURCES = ['Manual', 'Epoint Excel Upload'] as const;

export const SALES_UPLOAD_MACHINE = defineDocumentMachine({
  type: 'SU',
  permissionKey: 'SU',
  statuses: SALES_UPLOAD_STATUSES,
  initial: 'PENDING MATCH',
  // Its header is never edited: the no-match list is worked on from the view (map / ignore per line).
  editableIn: [],
  final: ['POSTED', 'REVERTED', 'DISCARDED'],
  actions: {
    /** Posts once every no-match line is mapped or ignored (the mapping itself posts the last one). */
    post: { from: ['PENDING MATCH'], to: 'POSTED', check: 'edit' },
    discard: { from: ['PENDING MATCH'], to: 'DISCARDED', check: 'edit', confirm: true },
    /** Every movement received back at its cost; the back orders it opened cancelled. */
    revert: { from: ['POSTED'], to: 'REVERTED', check: 'approval', remarkRequired: true, confirm: true },
  },
});
export type SalesUploadAction = keyof typeof SALES_UPLOAD_MACHINE.actions;

/** A line's match: a PLU with an active BOM, none yet (the no-match list), or left out by the user. */
export const SALES_UPLOAD_LINE_STATUSES = ['MATCHED', 'UNMATCHED', 'IGNORED'] as const;
export type SalesUploadLineStatus = (typeof SALES_UPLOAD_LINE_STATUSES)[number];

/** Why a line is on the no-match list. */
export const NO_MATCH_REASONS = ['PLU_UNKNOWN', 'NO_ACTIVE_BOM'] as const;
export type NoMatchReason = (typeof NO_MATCH_REASONS)[number];

/** An e-point record's state: waiting for its day's upload, in an upload, posted, ignored, reverted. */
export const EPOINT_RECORD_STATUSES = ['PENDING', 'UPLOADED', 'POSTED', 'IGNORED', 'REVERTED'] as const;
export type EpointRecordStatus = (typeof EPOINT_RECORD_STATUSES)[number];

/** Cost fields of the sales upload: removed from answers for roles without can_see_cost. */
export const SALES_UPLOAD_COST_FIELDS = costFields('sales_upload', ['consumed_value', 'issue_value']);

/** The columns of the upload template, in order (keys of the row/column errors: `rows.<row>.<column>`). */
export const SALES_UPLOAD_COLUMNS = [
  'plu_code',
  'quantity',
  'amount',
  'sales_date',
  'location_id',
  'shift_code',
  'uom',
] as const;
export type SalesUploadColumn = (typeof SALES_UPLOAD_COLUMNS)[number];

/** Most data rows one file may hold. */
export const SALES_UPLOAD_MAX_ROWS = 100_000;

/** Form fields of `POST sales-uploads/upload` (multipart, with the .xlsx as `file`). */
export const salesUploadFormSchema = z
  .object({
    source: z.enum(SALES_UPLOAD_FILE_SOURCES, { error: V.required }),
    /** The location the rows are of when their location cell is blank. */
    location_id: z.string().trim().min(1, { error: V.required }),
    /** The sales date of rows whose date cell is blank. */
    value_date: isoDateSchema,
  })
  .strict();
export type SalesUploadForm = z.input<typeof salesUploadFormSchema>;
export type ValidSalesUploadForm = z.output<typeof salesUploadFormSchema>;

/** `POST sales-uploads/:id/lines/:lineNo/map`: the PLU the POS code is (remembered for next time). */
export const salesUploadMapSchema = z
  .object({
    revision: z.number().int().positive(),
    plu_id: z.string({ error: V.required }).trim().min(1, { error: V.required }),
  })
  .strict();
export type ValidSalesUploadMap = z.output<typeof salesUploadMapSchema>;

/** `POST sales-uploads/:id/lines/:lineNo/ignore` (and `unignore`). */
export const salesUploadIgnoreSchema = z.object({ revision: z.number().int().positive() }).strict();

/** One upload made from a file or a POS day. */
export interface SalesUploadRef {
  id: string;
  doc_no: string;
  status: SalesUploadStatus;
  location_id: string;
  value_date: string;
  unmatched: number;
}

/** What an upload did: the uploads made (or, for a file uploaded before, the earlier ones) and the row counts. */
export interface SalesUploadResult {
  /** The same file was uploaded before (and not reverted): nothing was done now. */
  duplicate_file: boolean;
  uploads: SalesUploadRef[];
  rows: number;
  /** POS lines (Epoint Excel Upload) already received before, by AutoSync or an earlier file: not stored again. */
  duplicate_rows: number;
}

export interface SalesUploadLineView {
  line_no: number;
  /** The code as the file or the POS sent it. */
  plu_code: string;
  plu_id: string | null;
  plu_name: string | null;
  status: SalesUploadLineStatus;
  reason: NoMatchReason | null;
  quantity: string;
  amount: string;
  /** How many rows / POS lines were added into this line. */
  row_count: number;
}

/** What the posting took of one SKU (primary unit); back_ordered is the part that was not there. */
export interface SalesUploadConsumptionView {
  sku_id: string;
  sku_name: string;
  uom_name: string;
  quantity: string;
  issued_quantity: string;
  back_ordered_quantity: string;
  consumed_value: string;
}

export interface SalesUploadView extends DocumentHeaderView<SalesUploadStatus> {
  value_date: string;
  source: SalesUploadSource;
  file_name: string | null;
  /** A correction of a day posted before (POS lines that came after it). */
  correction_of_id: string | null;
  correction_of_no: string | null;
  total_quantity: string;
  total_amount: string;
  issue_value: string | null;
  lines: SalesUploadLineView[];
  consumption: SalesUploadConsumptionView[];
  back_order_nos: string[];
  posted_time: string | null;
}

export interface SalesUploadListRow {
  id: string;
  doc_no: string;
  status: SalesUploadStatus;
  location_id: string;
  location_name: string;
  value_date: string;
  source: SalesUploadSource;
  file_name: string | null;
  line_count: number;
  unmatched: number;
  total_amount: string;
  created_by_name: string;
  created_time: string;
  last_updated_time: string;
}
