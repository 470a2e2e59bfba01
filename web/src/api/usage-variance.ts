import type { ListQueryInput, UsageVarianceRow, UsageVarianceTotal } from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { ledgerParams } from './inventory';
import { resourceKeys } from './resource';
import type { ListPage, ListSource } from './resource';

/**
 * Usage variance (issue 14; `inventory/usage-variance` API): actual vs theoretical usage per SKU and location over a
 * period of value dates. Values arrive only for roles with can_see_cost (the server removes them for the others).
 */
const BASE = '/api/inventory/usage-variance';

export const usageVarianceKeys = resourceKeys('inventory-usage-variance');

/** A period of value dates, both inclusive (`YYYY-MM-DD`). */
export interface UsagePeriod {
  from: string;
  to: string;
}

const bodyOf = (query: ListQueryInput, period: UsagePeriod): ListQueryInput => ({
  ...query,
  other_params: { ...ledgerParams(query.other_params), from: period.from, to: period.to },
});

/** The report's rows over `period`, top variances first unless sorted. */
export function usageVarianceSource(period: UsagePeriod): ListSource<UsageVarianceRow> {
  return {
    key: (query) => [...usageVarianceKeys.list(query), period.from, period.to],
    async fetch(query, signal): Promise<ListPage<UsageVarianceRow>> {
      const response = await api.post<UsageVarianceRow[]>(`${BASE}/list`, bodyOf(query, period), { signal });
      return { data: response.data ?? [], recordsTotal: response.recordsTotal ?? response.data?.length ?? 0 };
    },
  };
}

/** The `count` largest variances of the table's filters and search (the server's order: whatever the table's sort). */
export function useUsageVarianceTop(period: UsagePeriod, query: ListQueryInput | null, count: number) {
  const body: ListQueryInput | null = query && {
    ...bodyOf(query, period),
    order_by: [],
    draw: 1,
    start: 0,
    limit: count,
  };
  return useSWR<UsageVarianceRow[], Error>(
    body ? [...usageVarianceKeys.all, 'top', body] : null,
    async () => (await api.post<UsageVarianceRow[]>(`${BASE}/list`, body!, { silent: true })).data ?? [],
    { keepPreviousData: true },
  );
}

/** The totals of every row the table's filters and search select (values only with can_see_cost). */
export function useUsageVarianceTotal(period: UsagePeriod, query: ListQueryInput | null) {
  const body: ListQueryInput | null = query && { ...bodyOf(query, period), order_by: [], draw: 1, start: 0 };
  return useSWR<UsageVarianceTotal, Error>(
    body ? [...usageVarianceKeys.all, 'total', body] : null,
    async () => (await api.post<UsageVarianceTotal>(`${BASE}/total`, body!, { silent: true })).data,
    { keepPreviousData: true },
  );
}
