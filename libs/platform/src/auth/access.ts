import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { AccessTokenClaims } from '@scm/contracts';
import { CommonErrorCode } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';
import { AppException } from '../http/app-exception.js';
import type { ListScope } from '../list-query/list-resource.js';

/** `*` in a user's location list means every location. */
export const ALL_LOCATIONS = '*';

/**
 * LOCATION SCOPE (docs/architecture.md, "Access rules": every object read or changed is checked against the user's
 * locations). A resource that carries a location declares it (`ListResource.locationColumn` for its list; its
 * repository's reads and writes take a `LocationScope` argument) and then refuses to run without the caller's
 * scope: forgetting it is a programming error that throws, never "every location".
 *
 * - A user whose location list holds `*` (administrators, directors: identity's model) gets the explicit
 *   `'all'` scope; everyone else exactly the ids of their token's `locs`.
 * - System work (event handlers, jobs, replays) passes `ALL_LOCATIONS_SCOPE` explicitly.
 * - A record of a foreign location, addressed by id, answers as the resource's own not-found (404): the same
 *   answer as an id that does not exist, so ids cannot be probed (`assertRecordInScope`).
 * - A location the caller names in a body (create, assign) outside their scope is refused with
 *   LOCATION_FORBIDDEN (403) naming the field, before anything is looked up, so the answer is the same
 *   whether that location exists or not (`assertLocationsInScope`).
 */
export type LocationScope = ListScope;

/** Every location: for callers whose list holds `*`, and for system work. */
export const ALL_LOCATIONS_SCOPE: LocationScope = Object.freeze({ locations: 'all' as const });

/** The caller's scope from their verified token. */
export function locationScopeOf(user: Pick<AccessTokenClaims, 'locs'>): LocationScope {
  const locs = user?.locs;
  if (!Array.isArray(locs)) throw new Error('locationScopeOf: the user has no location list');
  return locs.includes(ALL_LOCATIONS) ? ALL_LOCATIONS_SCOPE : Object.freeze({ locations: Object.freeze([...locs]) });
}

/** Fails closed: a missing or malformed scope is a bug in the caller, not "every location". */
export function checkedLocationScope(scope: LocationScope | undefined): LocationScope {
  const locations = scope?.locations;
  if (locations !== 'all' && !Array.isArray(locations)) {
    throw new Error('A located resource needs the caller location scope (locations: an array of ids or "all")');
  }
  return scope!;
}

/** Whether the scope covers the location. */
export function inLocationScope(scope: LocationScope, locationId: string): boolean {
  const { locations } = checkedLocationScope(scope);
  return locations === 'all' || locations.includes(locationId);
}

/** Whether the scope is every location. */
export function isAllLocations(scope: LocationScope): boolean {
  return checkedLocationScope(scope).locations === 'all';
}

/** The ids the scope covers (`undefined` for every location), e.g. to bind in a sub-list's condition. */
export function scopeIds(scope: LocationScope): readonly string[] | undefined {
  const { locations } = checkedLocationScope(scope);
  return locations === 'all' ? undefined : locations;
}

/** The entries of a sub-list (a SKU's per-location suppliers, ...) whose location the scope covers. */
export function withinLocationScope<T>(scope: LocationScope, rows: readonly T[], locationOf: (row: T) => string): T[] {
  checkedLocationScope(scope);
  return rows.filter((row) => inLocationScope(scope, locationOf(row)));
}

/**
 * A stored record of a foreign location answers as not found (the resource's own `notFound`), exactly as an
 * id that does not exist. `locationId` null: the record belongs to no location and every scope sees it.
 */
export function assertRecordInScope(scope: LocationScope, locationId: string | null, notFound: () => Error): void {
  checkedLocationScope(scope);
  if (locationId !== null && !inLocationScope(scope, locationId)) throw notFound();
}

/**
 * Locations a body names (the location of a new record, the locations assigned to a user) must all be the
 * caller's: otherwise LOCATION_FORBIDDEN (403) naming each offending field. Checked before anything is looked
 * up, so the answer is the same whether the location exists or not.
 */
export function assertLocationsInScope(
  scope: LocationScope,
  locations: readonly { field: string; locationId: string }[],
): void {
  checkedLocationScope(scope);
  const foreign = locations.filter((entry) => !inLocationScope(scope, entry.locationId));
  if (foreign.length > 0) {
    throw new AppException(
      CommonErrorCode.LOCATION_FORBIDDEN,
      {},
      foreign.map((entry) => ({ field: entry.field, rule: `errors.${CommonErrorCode.LOCATION_FORBIDDEN}` })),
    );
  }
}

/** Only a caller holding every location may do this (e.g. create a location): else LOCATION_FORBIDDEN. */
export function assertAllLocations(scope: LocationScope, field?: string): void {
  if (!isAllLocations(scope)) {
    throw new AppException(
      CommonErrorCode.LOCATION_FORBIDDEN,
      {},
      field ? [{ field, rule: `errors.${CommonErrorCode.LOCATION_FORBIDDEN}` }] : [],
    );
  }
}

/**
 * The signed-in caller's location scope, as a handler parameter: `list(@CallerScope() scope: LocationScope)`.
 * Throws (500) on a route without a verified user: such a route cannot reach located data.
 */
export const CallerScope = createParamDecorator((_data: unknown, context: ExecutionContext): LocationScope => {
  const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AccessTokenClaims }>().user;
  if (!user) throw new Error('CallerScope on a route without a signed-in user');
  return locationScopeOf(user);
});
