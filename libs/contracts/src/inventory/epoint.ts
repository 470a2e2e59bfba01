import { z } from 'zod';
import { V, optionalText, requiredText } from '../common/schema.js';
import { isoDateSchema } from './posting.js';

/**
 * POS AutoSync (issue 14; SPEC.md §3 "E-point record", §9 sales upload source "Epoint AutoSync"). An outlet's
 * point-of-sale system pushes its sales lines to `POST /api/inventory/epoint/records` with a key of its
 * location (`Authorization: Bearer <key>` or `X-Api-Key`), created and revoked in Settings › POS keys. Each
 * record is answered on its own (accepted, duplicate, rejected with its field errors); the accepted ones are
 * posted by a background job per location and business day. A pull job reads the same records from the files a POS
 * exports into a folder on the machine, or from the URL where it serves its export.
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

/** A pull folder's path (relative to the POS inbox) is at most this long. */
export const EPOINT_PULL_FOLDER_MAX = 200;
/** A pull URL is at most this long. */
export const EPOINT_PULL_URL_MAX = 500;

/** Whether a location's pull source (`folder_path`) is a URL to fetch rather than a folder of the POS inbox. */
export function isEpointPullUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * A pull source: blank (none), a folder relative to the POS inbox (letters, digits, `.`, `_`, `-`, separated by
 * `/`; no `.` or `..` part), or an absolute `http://` / `https://` URL with a host, without spaces or a user name
 * and password (it is shown in Settings). Anything else that looks like a URL (another scheme) is invalid.
 */
function pullSourceIssue(value: string): { message: string; params?: { max: number } } | null {
  if (value === '') return null;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) {
    if (value.length > EPOINT_PULL_URL_MAX) return { message: V.maxLength, params: { max: EPOINT_PULL_URL_MAX } };
    if (!isEpointPullUrl(value) || /\s/.test(value)) return { message: V.invalid };
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { message: V.invalid };
    }
    const webUrl = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    return webUrl && url.username === '' && url.password === '' ? null : { message: V.invalid };
  }
  if (value.length > EPOINT_PULL_FOLDER_MAX) return { message: V.maxLength, params: { max: EPOINT_PULL_FOLDER_MAX } };
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value)) return { message: V.invalid };
  if (value.split('/').some((part) => part === '..' || part === '.')) return { message: V.invalid };
  return null;
}

/**
 * Settings › POS keys: where the pull job reads a location's POS exports — a folder relative to the machine's POS
 * inbox (EPOINT_PULL_ROOT, default `<DATA_DIR>/pos-inbox`) that the POS drops its files into, or an http(s) URL
 * where the POS serves its export (see `pullSourceIssue`). The field keeps its name `folder_path` (the column and
 * the API predate URLs) but holds "a folder or a URL". Blank removes the source.
 */
export const epointPullFolderInputSchema = z
  .object({
    folder_path: z
      .string({ error: V.invalid })
      .trim()
      .superRefine((value, ctx) => {
        const issue = pullSourceIssue(value);
        if (issue) ctx.addIssue({ code: 'custom', ...issue });
      }),
    enabled: z.boolean({ error: V.invalid }),
  })
  .strict();
export type EpointPullFolderInput = z.input<typeof epointPullFolderInputSchema>;
export type ValidEpointPullFolderInput = z.output<typeof epointPullFolderInputSchema>;

/**
 * Why a scan of a POS export folder or URL did not read everything (shown translated:
 * `epoint:pull.problems.<code>`). A URL's body is reported as a file (FILE_TOO_LARGE, FILE_UNREADABLE, named by the
 * URL's last path segment); URL_UNREACHABLE is a network error, a timeout or a status other than 2xx.
 */
export const EPOINT_SCAN_PROBLEMS = [
  'FOLDER_OUTSIDE_INBOX',
  'FOLDER_MISSING',
  'FOLDER_UNREADABLE',
  'FILE_TOO_LARGE',
  'FILE_UNREADABLE',
  'URL_UNREACHABLE',
] as const;
export type EpointScanProblemCode = (typeof EPOINT_SCAN_PROBLEMS)[number];

export interface EpointScanProblem {
  code: EpointScanProblemCode;
  /** The file it is about (FILE_*; for a URL source, its last path segment or `url`), else null. */
  file: string | null;
}

export interface EpointPullFolderView {
  location_id: string;
  location_name: string;
  /** A folder inside the POS inbox or an http(s) URL (`isEpointPullUrl`). */
  folder_path: string;
  enabled: boolean;
  last_scan_time: string | null;
  /** Files (or URL bodies) read at the last scan and what their records came to. */
  last_scan_files: number;
  last_scan_accepted: number;
  last_scan_rejected: number;
  last_scan_error: EpointScanProblem | null;
}

export interface EpointPullSettingsView {
  /** The machine's POS inbox that every folder (not a URL) is inside of. */
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
