import { UPLOAD_MAX_BYTES } from '../attachments/dto.js';

/**
 * Excel import of master data (issue 5): a template per entity, an upload that becomes a background job, the
 * job's progress, and a per-row error report. Nothing is applied unless every row is valid. Shared by the
 * services that import (catalog today) and the web app's ImportDialog.
 */

/** Largest accepted upload: 20 MB, as every other upload (SPEC.md §9). */
export const IMPORT_MAX_BYTES = UPLOAD_MAX_BYTES;

/** Most data rows one file may hold; a larger file is refused whole (split it). */
export const IMPORT_MAX_ROWS = 50_000;

/** Most row errors a job keeps (and shows); `error_count` still counts every one. */
export const IMPORT_MAX_STORED_ERRORS = 10_000;

/** Most row errors `GET .../jobs/:id` returns; the error report (xlsx) holds all stored ones. */
export const IMPORT_MAX_LISTED_ERRORS = 500;

/** The multipart field of the upload. */
export const IMPORT_FILE_FIELD = 'file';

/**
 * queued: uploaded, waiting for the worker; running: rows being checked and applied; succeeded: every row was
 * valid and all of them were applied; failed: nothing was applied (row errors, or the job itself failed).
 */
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** One problem of one row, in the caller's language. Row 1 is the header row (a missing or unknown column). */
export interface ImportRowError {
  /** The spreadsheet row number, as Excel shows it. */
  row: number;
  /** The column's key, or null when the problem is the row's as a whole. */
  column: string | null;
  /** The column's header as the template names it, or null. */
  column_label: string | null;
  message: string;
}

export interface ImportJobView {
  job_id: string;
  /** The entity imported, e.g. `suppliers` (its path segment). */
  entity: string;
  file_name: string;
  status: ImportJobStatus;
  /** Data rows in the file (blank rows not counted); 0 until the file has been read. */
  total_rows: number;
  /** Rows checked so far. */
  processed_rows: number;
  /** Records created / updated: set once the job succeeded, 0 otherwise. */
  created_count: number;
  updated_count: number;
  error_count: number;
  /** The first IMPORT_MAX_LISTED_ERRORS errors, by row. */
  errors: ImportRowError[];
  /** Why the job failed when it is not the rows' fault (e.g. interrupted), else null. */
  message: string | null;
  created_time: string;
  finished_time: string | null;
}

/** `/api/<service>/imports/<entity>/template`: the xlsx template (GET; `?lang=en|zh-CN` names the headers). */
export function importTemplatePath(service: string, entity: string): string {
  return `/api/${service}/imports/${encodeURIComponent(entity)}/template`;
}

/** `/api/<service>/imports/<entity>`: upload a filled template (POST, multipart field `file`) → a job. */
export function importUploadPath(service: string, entity: string): string {
  return `/api/${service}/imports/${encodeURIComponent(entity)}`;
}

/** `/api/<service>/imports/jobs/<id>`: the job's status, progress, counts and row errors. */
export function importJobPath(service: string, jobId: string): string {
  return `/api/${service}/imports/jobs/${encodeURIComponent(jobId)}`;
}

/** `/api/<service>/imports/jobs/<id>/errors.xlsx`: the uploaded rows with an error column. */
export function importErrorReportPath(service: string, jobId: string): string {
  return `${importJobPath(service, jobId)}/errors.xlsx`;
}

export function isFinishedImport(status: ImportJobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}
