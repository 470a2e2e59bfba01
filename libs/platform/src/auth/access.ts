import type { AccessTokenClaims } from '@scm/contracts';
import { CommonErrorCode } from '@scm/contracts';
import { AppException } from '../http/app-exception.js';
import type { ListScope } from '../list-query/list-resource.js';

/** `*` in a user's location list means every location. */
export const ALL_LOCATIONS = '*';

export function canAccessLocation(user: Pick<AccessTokenClaims, 'locs'>, locationId: string): boolean {
  return user.locs.includes(ALL_LOCATIONS) || user.locs.includes(locationId);
}

/**
 * Every object read or changed is checked against the user's locations (no access by guessing ids). An
 * object outside them answers as if it did not exist, so ids cannot be probed.
 */
export function assertLocationAccess(user: Pick<AccessTokenClaims, 'locs'>, locationId: string): void {
  if (!canAccessLocation(user, locationId)) throw new AppException(CommonErrorCode.NOT_FOUND);
}

/** The list scope of a user: lists never show rows of other locations, whatever the filters say. */
export function listScopeOf(user: Pick<AccessTokenClaims, 'locs'>): ListScope {
  return { locations: user.locs.includes(ALL_LOCATIONS) ? 'all' : user.locs };
}

/**
 * Removes cost fields for roles without can_see_cost (ARCHITECTURE.md §7), in lists, forms and exports alike:
 * services pass every row they answer through it with the resource's cost field names.
 */
export function withoutCost<T extends object>(
  user: Pick<AccessTokenClaims, 'cost'>,
  rows: T,
  costFields: readonly string[],
): T {
  if (user.cost) return rows;
  const strip = (row: object) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !costFields.includes(key))) as typeof row;
  return (Array.isArray(rows) ? rows.map((row: object) => strip(row)) : strip(rows)) as T;
}
