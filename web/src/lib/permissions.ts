import { hasPermission } from '@scm/contracts';
import type { CheckType, PermissionKey } from '@scm/contracts';
import { useCallback } from 'react';
import { useSession } from '../api/session';

/**
 * `can(keys, check)` for the signed-in user: the same rule as the route guard and the server
 * (SPEC.md §5, implemented once in @scm/contracts).
 */
export function useCan() {
  const { user } = useSession();
  return useCallback(
    (keys: PermissionKey | readonly PermissionKey[], check: CheckType = 'view') =>
      user !== null && hasPermission(user.role.permission_list, keys, check),
    [user],
  );
}

/**
 * Whether the signed-in user holds every location (`*` in their list). Only they create locations, import
 * location-bound rows (locations, BOMs) and give a user every location; the server refuses the others
 * (docs/architecture.md, access rules), so the web does not offer it to them.
 */
export function useHoldsAllLocations(): boolean {
  const { user } = useSession();
  return user?.locations.includes('*') ?? false;
}
