import { PERMISSION_KEYS, normalisePermissions } from '@scm/contracts';
import type { PermissionEntry, PermissionKey, RoleInput, ValidRoleInput } from '@scm/contracts';

/** A column of the role form's permission matrix. */
export type PermissionFlag = 'view' | 'edit' | 'approval';
export const PERMISSION_FLAGS: readonly PermissionFlag[] = ['view', 'edit', 'approval'];

/** One row of the matrix, as the role form keeps it (every key, granting something or not). */
export interface MatrixEntry {
  permission: { key: PermissionKey };
  view: boolean;
  edit: boolean;
  approval: boolean;
}

/** Every permission key in order with what `list` grants (implied flags set): the form's `permission_list`. */
export function fullMatrix(list: readonly PermissionEntry[]): MatrixEntry[] {
  const granted = new Map(normalisePermissions(list).map((entry) => [entry.permission.key, entry]));
  return PERMISSION_KEYS.map((key) => {
    const entry = granted.get(key);
    return {
      permission: { key },
      view: entry?.view ?? false,
      edit: entry?.edit ?? false,
      approval: entry?.approval ?? false,
    };
  });
}

/**
 * One flag switched on or off, keeping SPEC.md §6's rule as the user clicks: approval implies edit and view,
 * edit implies view; so turning view off turns edit and approval off, and turning edit off turns approval off.
 */
export function withFlag(entry: MatrixEntry, flag: PermissionFlag, on: boolean): MatrixEntry {
  const { permission } = entry;
  if (on) {
    switch (flag) {
      case 'approval':
        return { permission, view: true, edit: true, approval: true };
      case 'edit':
        return { permission, view: true, edit: true, approval: entry.approval };
      case 'view':
        return { ...entry, view: true };
    }
  }
  switch (flag) {
    case 'view':
      return { permission, view: false, edit: false, approval: false };
    case 'edit':
      return { permission, view: entry.view, edit: false, approval: false };
    case 'approval':
      return { ...entry, approval: false };
  }
}

/** The matrix with `flag` set to `on` for each of `keys`. */
export function withFlags(
  list: readonly MatrixEntry[],
  keys: readonly PermissionKey[],
  flag: PermissionFlag,
  on: boolean,
): MatrixEntry[] {
  return list.map((entry) => (keys.includes(entry.permission.key) ? withFlag(entry, flag, on) : entry));
}

/** How many of `keys` hold `flag`: the state of a group's "all" checkbox. */
export function groupState(
  list: readonly MatrixEntry[],
  keys: readonly PermissionKey[],
  flag: PermissionFlag,
): 'all' | 'some' | 'none' {
  const count = list.filter((entry) => keys.includes(entry.permission.key) && entry[flag]).length;
  return count === 0 ? 'none' : count === keys.length ? 'all' : 'some';
}

/** Whether Stock Adjustment holds approval (SPEC.md §6: it needs can_see_cost). */
export function approvesStockAdjustment(list: readonly MatrixEntry[]): boolean {
  return list.some((entry) => entry.permission.key === 'SA' && entry.approval);
}

/** The schema's output as the API's input type: the granted entries, keys typed as permission keys. */
export function toRoleInput(role: ValidRoleInput): RoleInput {
  return { ...role, permission_list: fullMatrix(role.permission_list).filter((entry) => entry.view) };
}
