import type { ListResource } from '@scm/platform';

/**
 * The approvals inbox (ApprovalRequestRow) in the list kit. Filters: document_type, module, status, location (the
 * kit's `locations`), submitted_time (date range); search by document number (and submitter). Kept to the caller's
 * locations by the kit; the rest of "what the caller may decide" is bound per request by ApprovalService as
 * transaction-local settings (the kit's SQL is fixed text: every caller value is bound, never written in it):
 * - `approval.keys`: the permission keys the caller's role grants approval on (the one rule, hasPermission);
 * - `approval.limit`: their approval_limit ('' for No Limit), covering the value by magnitude as DocumentActions does;
 * - `approval.caller`: their own submissions are left out unless nobody else may decide them (no-self-approval).
 * A request with no submission yet (its settling event came first) is never listed.
 */
export const APPROVAL_LIST: ListResource = {
  from: 'approval_request r',
  columns: {
    document_type: { sql: 'r.document_type', sortable: true, filter: 'in' },
    document_id: { sql: 'r.document_id' },
    doc_no: { sql: 'r.doc_no', sortable: true, searchable: true },
    module: { sql: 'r.module', sortable: true, filter: 'in' },
    reference_type: { sql: 'r.reference_type' },
    link: { sql: 'r.link' },
    actions_path: { sql: 'r.actions_path' },
    location_id: { sql: 'r.location_id', sortable: true },
    status: { sql: 'r.status', sortable: true, filter: 'status' },
    revision: { sql: 'r.revision' },
    value_usd: { sql: 'r.value_usd', sortable: true },
    submitted_by_id: { sql: 'r.submitted_by_id', filter: 'in' },
    submitted_by: { sql: 'r.submitted_by', sortable: true, searchable: true },
    submitted_time: { sql: 'r.submitted_time', sortable: true, filter: 'date_range' },
    decided_by: { sql: 'r.decided_by', sortable: true },
    decided_time: { sql: 'r.decided_time', sortable: true },
    remark: { sql: 'r.remark' },
    age_days: { sql: `floor(extract(epoch FROM now() - r.submitted_time) / 86400)::int`, sortable: true },
    last_updated_time: { sql: 'r.last_updated_time', sortable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'r.document_id',
  locationColumn: 'r.location_id',
  baseWhere: `r.submitted_time IS NOT NULL
    AND r.permission_key = ANY(string_to_array(current_setting('approval.keys', true), ','))
    AND (current_setting('approval.limit', true) = ''
         OR abs(r.value_usd) <= NULLIF(current_setting('approval.limit', true), '')::numeric)
    AND (r.submitted_by_id IS DISTINCT FROM current_setting('approval.caller', true) OR r.self_decidable)`,
};
