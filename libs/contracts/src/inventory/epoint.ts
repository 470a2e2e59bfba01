import { z } from 'zod';
import { V, optionalText, requiredText } from '../common/schema.js';
import { isoDateSchema } from './posting.js';

/**
 * POS AutoSync (issue 14; SPEC.md §3 "E-point record", §9 sales upload source "Epoint AutoSync"). An outlet's
 * point-of-sale system pushes its sales lines to `POST /api/inventory/epoint/records` with a key of its
 * location (`Authorization: Bearer <key>` or `X-Api-Key`), created and revoked in Settings › POS keys. Each
 * record is answered on its own (accepted, duplicate, rejected with its field errors); the accepted ones are
 * posted by a background job per location and business day. A pull job reads the same records from files a POS
 * exports into a folder on the machine.
 */

/** At most this many records in one call. */
export const EPOINT_MAX_RECORDS = 10_000;
/** The request body limit of the push endpoint (10,000 records of ~200 bytes, with room). */
export const EPOINT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** The header a POS may send its key in (instead of `Authorization: Bearer`). */
export const EPOINT_KEY_HEADER = 'x-api-key';
/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const EPOINT_KEY_PREFIX = 'scmpos_';

const decimal = (scale: 2 | 3, positive: boolean) =>
  z
    .union([z.string({ error: V.required }), z.number({ error: V.required })], { error: V.required })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .superRefine((value, ctx) => {
      if (value === '') return void ctx.addIssue({ code: 'custom', message: V.required });
      if (!/^-?\d{1,15}(\.\d+)?$/.test(value)) return void ctx.addIssue({ code: 'custom', message: V.number });
      if ((value.split('.')[1]?.length ?? 0) > scale) {
        return void ctx.addIssue({ code: 'custom', message: scale === 2 ? V.twoDecimal : V.threeDecimal });
      }
      if (positive && !(Number(value) > 0)) ctx.addIssue({ code: 'custom', message: V.moreThanZero });
    });

/**
 * One POS sales line as pushed (or read from an export file). `location` is optional: the key's location is the
 * one written, and a record naming another is rejected. A line is unique on (location, shift_code, stock_code, epoint_date): the same
 * line sent again is a duplicate. Quantity is more than 0; the amount may be negative (a refund).
 */
export const epointRecordSchema = z
  .object({
    location: z.string({ error: V.invalid }).trim().max(50, { error: V.maxLength }).optional(),
    shift_code: requiredText(100),
    stock_code: requiredText(100),
    quantity: decimal(3, true),
    amount: decimal(2, false),
    epoint_date: isoDateSchema,
    uom: optionalText(50),
    /** The POS's own line status, informative only (the product keeps its own posting status). */
    status: optionalText(30),
  })
  .strict();
export type EpointRecordInput = z.input<typeof epointRecordSchema>;
export type ValidEpointRecord = z.output<typeof epointRecordSchema>;

/**
 * The push body: `{ records: [...] }`. Only the envelope is validated here (an array of 1 to 10,000 objects);
 * each record is validated on its own and answered in `outcomes`, so one bad line never refuses the batch.
 */
export const epointPushSchema = z
  .object({
    records: z
      .array(z.unknown(), { error: V.required })
      .min(1, { error: V.required })
      .max(EPOINT_MAX_RECORDS, { error: V.max }),
  })
  .strict();
export type EpointPushInput = z.input<typeof epointPushSchema>;

export const EPOINT_OUTCOMES = ['accepted', 'duplicate', 'rejected'] as const;
export type EpointOutcome = (typeof EPOINT_OUTCOMES)[number];

export interface EpointRecordOutcome {
  /** The record's position in the pushed array (0-based). */
  index: number;
  outcome: EpointOutcome;
  /** Why a record was rejected, each on its field, in the caller's language. */
  errors?: { field: string; message: string }[];
}

export interface EpointPushResult {
  location_id: string;
  accepted: number;
  duplicate: number;
  rejected: number;
  /** The business days with accepted records: one posting job queued for each. */
  days: string[];
  outcomes: EpointRecordOutcome[];
}

/** Settings › POS keys: a new key for a location. */
export const epointKeyInputSchema = z.object({ location_id: requiredText(50), label: requiredText(100) }).strict();
export type EpointKeyInput = z.input<typeof epointKeyInputSchema>;
export type ValidEpointKeyInput = z.output<typeof epointKeyInputSchema>;

export interface EpointKeyView {
  id: string;
  location_id: string;
  location_name: string;
  label: string;
  /** The key's first characters, to tell keys apart (the key itself is never kept). */
  key_prefix: string;
  created_by_name: string;
  created_time: string;
  last_used_time: string | null;
  revoked_time: string | null;
  revoked_by_name: string | null;
}

/** The answer to a key's creation: the only time the whole key is shown. */
export interface EpointKeyCreated extends EpointKeyView {
  key: string;
}

/**
 * Settings › POS keys: where a location's POS drops its export files, relative to the machine's POS inbox
 * (EPOINT_PULL_ROOT, default `<DATA_DIR>/pos-inbox`). Blank removes the folder.
 */
export const epointPullFolderInputSchema = z
  .object({
    folder_path: z
      .string({ error: V.invalid })
      .trim()
      .max(200, { error: V.maxLength })
      .refine((value) => value === '' || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value), { error: V.invalid })
      .refine((value) => !value.split('/').some((part) => part === '..' || part === '.'), { error: V.invalid }),
    enabled: z.boolean({ error: V.invalid }),
  })
  .strict();
export type EpointPullFolderInput = z.input<typeof epointPullFolderInputSchema>;
export type ValidEpointPullFolderInput = z.output<typeof epointPullFolderInputSchema>;

/** Why a scan of a POS export folder did not read everything (shown translated: `epoint:pull.problems.<code>`). */
export const EPOINT_SCAN_PROBLEMS = [
  'FOLDER_OUTSIDE_INBOX',
  'FOLDER_MISSING',
  'FOLDER_UNREADABLE',
  'FILE_TOO_LARGE',
  'FILE_UNREADABLE',
] as const;
export type EpointScanProblemCode = (typeof EPOINT_SCAN_PROBLEMS)[number];

export interface EpointScanProblem {
  code: EpointScanProblemCode;
  /** The file it is about (FILE_*), else null. */
  file: string | null;
}

export interface EpointPullFolderView {
  location_id: string;
  location_name: string;
  folder_path: string;
  enabled: boolean;
  last_scan_time: string | null;
  /** Files read at the last scan and what their records came to. */
  last_scan_files: number;
  last_scan_accepted: number;
  last_scan_rejected: number;
  last_scan_error: EpointScanProblem | null;
}

export interface EpointPullSettingsView {
  /** The machine's POS inbox that every folder is inside of. */
  root: string;
  folders: EpointPullFolderView[];
}

export interface EpointScanResult {
  location_id: string;
  files: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  days: string[];
}

/** A row of the e-point records page (`POST /api/inventory/epoint/records/list`, key SU). */
export interface EpointRecordListRow {
  id: string;
  location_id: string;
  location_name: string;
  shift_code: string;
  stock_code: string;
  quantity: string;
  amount: string;
  epoint_date: string;
  uom: string;
  /** PENDING, UPLOADED, POSTED, IGNORED, REVERTED (the sales upload's EPOINT_RECORD_STATUSES). */
  status: string;
  source: string;
  su_id: string | null;
  su_no: string | null;
  received_time: string;
  last_updated_time: string;
}
