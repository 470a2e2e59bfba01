/**
 * The one implementation of SPEC.md §5 "Route guard" and §6 menu visibility. The web app's route guard and
 * menu, and every service's HTTP guard, call these functions so the two sides cannot disagree.
 */

/** A permission entry as kept on the session user: `permission.key` plus view / edit / approval. */
export interface PermissionEntry {
  permission: { key: string };
  view: boolean;
  edit: boolean;
  approval: boolean;
}

/** What a route or an endpoint asks of the user's permission on its key(s). */
export type CheckType = 'view' | 'edit' | 'approval';

/** The `{type}` segment of a form route (SPEC.md §2). */
export const ROUTE_TYPES = ['view', 'new', 'edit', 'create', 'clone'] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];

/**
 * The check type of a route type: view by default; create and clone count as edit, and so do new and edit,
 * the other two types that change data.
 */
export function checkTypeOf(routeType: string | undefined): CheckType {
  switch (routeType ?? '') {
    case 'edit':
    case 'new':
    case 'create':
    case 'clone':
      return 'edit';
    case 'approval':
      return 'approval';
    default:
      return 'view';
  }
}

/** Approval implies edit and view; edit implies view. */
export function grants(entry: PermissionEntry, check: CheckType): boolean {
  switch (check) {
    case 'approval':
      return entry.approval;
    case 'edit':
      return entry.edit || entry.approval;
    case 'view':
      return entry.view || entry.edit || entry.approval;
  }
}

export class InvalidPermissionDirectiveError extends Error {
  constructor() {
    super('A permission check needs a non-empty key or list of keys');
    this.name = 'InvalidPermissionDirectiveError';
  }
}

function findEntry(list: readonly PermissionEntry[], key: string): PermissionEntry | undefined {
  return list.find((entry) => entry.permission.key === key);
}

/**
 * SPEC.md §5 Route guard.
 * - One key: edit needs edit or approval; view needs view, edit or approval; PRODUCT with edit is always allowed.
 * - A list of keys: every listed key must be among the user's permissions and at least one must grant access.
 * - An empty key or list is a programming error and throws.
 */
export function hasPermission(
  list: readonly PermissionEntry[],
  keys: string | readonly string[],
  check: CheckType = 'view',
): boolean {
  if (typeof keys === 'string') {
    if (keys.length === 0) throw new InvalidPermissionDirectiveError();
    if (keys === 'PRODUCT' && check === 'edit') return true;
    const entry = findEntry(list, keys);
    return entry !== undefined && grants(entry, check);
  }
  if (keys.length === 0 || keys.some((key) => key.length === 0)) throw new InvalidPermissionDirectiveError();
  const entries = keys.map((key) => findEntry(list, key));
  if (entries.some((entry) => entry === undefined)) return false;
  return entries.some((entry) => grants(entry as PermissionEntry, check));
}

/**
 * Any of several keys, for one resource reached from two contexts (the supplier master from /supplier/list under
 * SUPPLIER and from the RJ /contact-management/supplier/list under RJ_SUPPLIER): allowed when at least one listed
 * key the user holds grants the check. Unlike SPEC.md §5's list rule, the user need not hold every key, and no
 * key is "always allowed" (the PRODUCT + edit leniency is the route guard's rule for that one key, not a server
 * grant). An empty key or list throws, as for `hasPermission`.
 */
export function hasAnyPermission(
  list: readonly PermissionEntry[],
  keys: readonly string[],
  check: CheckType = 'view',
): boolean {
  if (keys.length === 0 || keys.some((key) => key.length === 0)) throw new InvalidPermissionDirectiveError();
  return keys.some((key) => {
    const entry = findEntry(list, key);
    return entry !== undefined && grants(entry, check);
  });
}

/**
 * SPEC.md §6: a menu entry (and its route) appears when the role holds view, edit or approval on at least one
 * key attached to it; a key may be one string or a list.
 */
export function canSeeMenuEntry(list: readonly PermissionEntry[], keys: string | readonly string[]): boolean {
  const wanted = typeof keys === 'string' ? [keys] : keys;
  return wanted.some((key) => {
    const entry = findEntry(list, key);
    return entry !== undefined && grants(entry, 'view');
  });
}

/**
 * A user of the restricted RJ area only (SPEC.md §1, §6): every key that grants them anything is an RJ_ key.
 * They see English only, without the language switch. A role with other keys (the director) is not one.
 */
export function isRestrictedRjUser(list: readonly PermissionEntry[]): boolean {
  const granted = list.filter((entry) => grants(entry, 'view'));
  return granted.length > 0 && granted.every((entry) => entry.permission.key.startsWith('RJ_'));
}
