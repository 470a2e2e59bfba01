import { costFields } from '../common/cost-fields.js';

/** SPEC.md §3 "Approval": what became of a request for approval. */
export const APPROVAL_STATUSES = ['PENDING APPROVAL', 'APPROVED', 'REJECTED', 'REVERTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A row of the approvals inbox (`POST /api/notification/approval/list`): one document waiting for (or decided on
 * after) an approval. `actions_path` and `revision` are what the web app needs to call the document's own
 * `POST <actions_path>/:id/approve|reject` with `{revision, remark}`; the inbox itself decides nothing.
 */
export interface ApprovalRequestRow {
  document_type: string;
  document_id: string;
  doc_no: string;
  /** The activity log's module of the document (its filter value too). */
  module: string;
  /** SPEC.md §7 "Notification links": the web app opens the document by it. */
  reference_type: string;
  link: string;
  actions_path: string;
  location_id: string;
  status: ApprovalStatus;
  /** The document's revision the request is about (an action must name it). */
  revision: number;
  /** The value the approval is bounded by, in USD (a cost: removed without can_see_cost). */
  value_usd?: string | null;
  submitted_by_id: string | null;
  submitted_by: string;
  submitted_time: string;
  decided_by: string | null;
  decided_time: string | null;
  remark: string | null;
  /** Whole days since submission (age of the request). */
  age_days: number;
  last_updated_time: string;
}

/** The approval request's value is a cost figure (the document's total). */
export const APPROVAL_COST_FIELDS = costFields('approval_request', ['value_usd']);
