import { usePendingApprovalCount } from '../../api/approvals';
import { useCan } from '../../lib/permissions';

/**
 * The approvals menu entry's count of requests waiting for the user's decision. Hidden from assistive technology: the
 * entry keeps its name ("Approval"), and the inbox itself says how many are waiting (its tab's count).
 */
export function ApprovalMenuBadge() {
  const can = useCan();
  const count = usePendingApprovalCount(can('APPROVAL', 'view'));
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      className="ml-auto rounded-full bg-red-500 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
      data-testid="approval-menu-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
