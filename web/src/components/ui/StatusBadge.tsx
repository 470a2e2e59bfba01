import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from './Badge';
import type { BadgeTone } from './Badge';

/**
 * Statuses of SPEC.md §4 (master data new/active/archived, user, documents, delivery, matching, import) as
 * one key each: lower case, spaces and dashes as `_` ("PENDING APPROVAL" → `pending_approval`).
 */
export function statusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const TONE_BY_STATUS: Record<string, BadgeTone> = {
  new: 'blue',
  open: 'blue',
  invited: 'blue',
  in_transit: 'blue',
  pending_supplier: 'blue',
  pendingimport: 'blue',
  split: 'violet',
  draft: 'gray',
  pending_approval: 'amber',
  pending_sa: 'amber',
  pending_match: 'amber',
  partially_received: 'amber',
  partially_paid: 'amber',
  partially_delivered: 'amber',
  recount: 'amber',
  discrepancy: 'amber',
  user_action_required: 'amber',
  insufficient: 'amber',
  undelivered: 'amber',
  active: 'green',
  approved: 'green',
  completed: 'green',
  received: 'green',
  delivered: 'green',
  redelivered: 'green',
  matched: 'green',
  fully_paid: 'green',
  signed: 'green',
  confirmed: 'green',
  confirmed_by_supplier: 'green',
  imported: 'green',
  success: 'green',
  sufficient: 'green',
  rejected: 'red',
  cancelled: 'red',
  cancelled_by_supplier: 'red',
  denied: 'red',
  failed: 'red',
  return: 'red',
  unmatched: 'red',
  archived: 'slate',
  closed: 'slate',
  inactive: 'slate',
  discarded: 'slate',
  reverted: 'slate',
  refunded: 'slate',
};

export function statusTone(status: string): BadgeTone {
  return TONE_BY_STATUS[statusKey(status)] ?? 'gray';
}

/** The translated name of a status (`kit:status.*`); an unknown one shows as written. */
export function statusLabel(t: TFunction, status: string): string {
  return t(`kit:status.${statusKey(status)}`, { defaultValue: status });
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge tone={statusTone(status)} dot className={className}>
      {statusLabel(t, status)}
    </Badge>
  );
}
