import type { ListQueryInput } from '@scm/contracts';
import { mutate } from 'swr';
import { api } from './client';

/**
 * One SWR key factory per resource (docs/architecture.md, "Web app"): all → lists → list(query) → detail(id).
 * Keys are arrays whose first item is the resource name, so a mutation revalidates exactly what it changed.
 */
export function resourceKeys<Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (query: ListQueryInput) => [name, 'list', query] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

/** Whether an SWR key starts with `prefix` (item by item). */
function startsWith(key: unknown, prefix: readonly unknown[]): boolean {
  return Array.isArray(key) && prefix.every((part, index) => key[index] === part);
}

/** Revalidates every cached key under `prefix` (e.g. `keys.lists()` → every page, filter and sort). */
export function revalidate(prefix: readonly unknown[]): Promise<unknown> {
  return mutate((key) => startsWith(key, prefix));
}

/** A page of a list (SPEC.md §7 envelope `data` + `recordsTotal`). */
export interface ListPage<Row> {
  data: Row[];
  recordsTotal: number;
}

/** What the DataTable needs of a resource: its SWR key and its fetcher for one list query. */
export interface ListSource<Row> {
  key: (query: ListQueryInput) => readonly unknown[];
  fetch: (query: ListQueryInput, signal?: AbortSignal) => Promise<ListPage<Row>>;
}

/** A ListSource for `POST <path>` with the list-query body. */
export function listSource<Row>(keys: ResourceKeys, path: string): ListSource<Row> {
  return {
    key: keys.list,
    async fetch(query, signal) {
      const response = await api.post<Row[]>(path, query, { signal });
      return { data: response.data ?? [], recordsTotal: response.recordsTotal ?? response.data?.length ?? 0 };
    },
  };
}
