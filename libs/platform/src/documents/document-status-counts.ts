import type { DocumentStatusCount, ListQuery } from '@scm/contracts';
import { compileListQuery } from '../list-query/index.js';
import type { ListResource } from '../list-query/index.js';
import type { LocationScope } from '../auth/access.js';
import type { EntityManager } from 'typeorm';

/**
 * A document list's status tabs: the count of every status (machine order, zeros included) and the total
 * (`status: null`) of the rows the list's other filters and the caller's scope keep. Compiled by the list's own
 * whitelist, so a tab's count and the page the tab shows can never disagree.
 */
export async function documentStatusCounts(
  manager: EntityManager,
  resource: ListResource,
  statuses: readonly string[],
  query: ListQuery,
  scope: LocationScope,
): Promise<DocumentStatusCount[]> {
  const otherParams: Record<string, unknown> = { ...query.other_params };
  delete otherParams.status;
  const compiled = compileListQuery(
    resource,
    {
      ...query,
      other_params: otherParams,
      columns: ['status'],
      order_by: [],
      start: 0,
      limit: Number.MAX_SAFE_INTEGER,
    },
    scope,
  );
  const counts = new Map<string, number>();
  if (!compiled.empty) {
    const rows = await manager.query<{ status: string; count: string }[]>(
      `SELECT page.status, count(*) AS count FROM (${compiled.dataSql}) page GROUP BY page.status`,
      compiled.params,
    );
    for (const row of rows) counts.set(row.status, Number(row.count));
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  return [{ status: null, count: total }, ...statuses.map((status) => ({ status, count: counts.get(status) ?? 0 }))];
}

/** `other_params.location_ids` (the document lists' location filter) is the platform's `locations` filter. */
export function withLocationFilter(query: ListQuery): ListQuery {
  const params = query.other_params as Record<string, unknown> | undefined;
  if (!params || !Object.hasOwn(params, 'location_ids')) return query;
  const { location_ids: locations, ...rest } = params;
  return { ...query, other_params: { ...rest, locations } };
}
