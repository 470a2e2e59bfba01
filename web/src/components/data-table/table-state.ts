import type { ListQueryInput } from '@scm/contracts';
import { useCallback, useEffect, useState } from 'react';
import { signOutListeners } from '../../api/session';
import { shortcutRange, toTimestampBounds } from '../../lib/date-shortcuts';
import { storage } from '../../lib/storage';
import { PAGE_SIZES } from '../ui/Pagination';
import type { DateRangeValue, FilterDef, FilterValue, NumberRangeValue, SortState, TableState } from './types';

/** Remembered queries live for the browser session (sessionStorage), one per list route; sign-out clears them. */
const STATE_PREFIX = 'scm.table.';
const COLUMNS_KEY = 'tableColumns.';

function readSession<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(STATE_PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(STATE_PREFIX + key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the query is simply not remembered
  }
}

export function clearRememberedQueries(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(STATE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}

signOutListeners.subscribe(clearRememberedQueries);

export function initialState(defaults: { filters: Record<string, FilterValue>; pageSize?: number }): TableState {
  return {
    search: '',
    filters: defaults.filters,
    sort: null,
    page: 1,
    pageSize: defaults.pageSize ?? PAGE_SIZES[0],
    filtersOpen: false,
  };
}

/** A remembered state, checked field by field (an old or tampered entry falls back to the defaults). */
function restore(key: string, fresh: TableState): TableState {
  const saved = readSession<Partial<TableState>>(key);
  if (!saved || typeof saved !== 'object') return fresh;
  const pageSize = (PAGE_SIZES as readonly number[]).includes(saved.pageSize as number)
    ? (saved.pageSize as number)
    : fresh.pageSize;
  const sort =
    saved.sort &&
    typeof saved.sort.column === 'string' &&
    (saved.sort.direction === 'ASC' || saved.sort.direction === 'DESC')
      ? saved.sort
      : null;
  return {
    search: typeof saved.search === 'string' ? saved.search : fresh.search,
    filters: saved.filters && typeof saved.filters === 'object' ? saved.filters : fresh.filters,
    sort,
    page: Number.isSafeInteger(saved.page) && (saved.page as number) >= 1 ? (saved.page as number) : 1,
    pageSize,
    filtersOpen: saved.filtersOpen === true,
  };
}

/** The table's query state, restored from and saved to the session under `key`. */
export function useTableState(key: string, fresh: () => TableState) {
  const [state, setState] = useState<TableState>(() => restore(key, fresh()));
  useEffect(() => writeSession(key, state), [key, state]);
  const update = useCallback((patch: Partial<TableState>) => setState((current) => ({ ...current, ...patch })), []);
  return [state, update, setState] as const;
}

/** Hidden column ids, kept across sessions (localStorage) per table. */
export function useHiddenColumns(key: string, defaults: string[]) {
  const [hidden, setHidden] = useState<string[]>(() => storage.getJson<string[]>(COLUMNS_KEY + key) ?? defaults);
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      storage.setJson(COLUMNS_KEY + key, next);
    },
    [key],
  );
  return [hidden, update] as const;
}

function isBlank(value: FilterValue | undefined): boolean {
  if (value === undefined || value === '') return true;
  if (typeof value === 'string') return value.trim() === '';
  const range = value as DateRangeValue;
  return !range.shortcut && !range.from && !range.to;
}

/** How many filters hold a value (the badge on the Filters button). */
export function activeFilterCount(filters: Record<string, FilterValue>, defs: readonly FilterDef[]): number {
  return defs.filter((def) => !isBlank(filters[def.id])).length;
}

/** The days a date filter covers now. */
export function dateRangeOf(value: DateRangeValue): { from?: string; to?: string } {
  return value.shortcut ? shortcutRange(value.shortcut) : { from: value.from || undefined, to: value.to || undefined };
}

/** `other_params` of SPEC.md §7: every filter with a value, in the shape the list API reads. */
export function otherParams(filters: Record<string, FilterValue>, defs: readonly FilterDef[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const def of defs) {
    const value = filters[def.id];
    if (isBlank(value)) continue;
    switch (def.kind) {
      case 'text':
      case 'select':
      case 'status':
        if (typeof value === 'string') params[def.id] = value.trim();
        break;
      case 'dateRange': {
        const bounds = toTimestampBounds(dateRangeOf(value as DateRangeValue));
        if (bounds.from || bounds.to) params[def.id] = bounds;
        break;
      }
      case 'numberRange': {
        const range = value as NumberRangeValue;
        const bounds = {
          ...(range.from?.trim() && { from: range.from.trim() }),
          ...(range.to?.trim() && { to: range.to.trim() }),
        };
        if (bounds.from || bounds.to) params[def.id] = bounds;
        break;
      }
    }
  }
  return params;
}

/**
 * The list-query body (SPEC.md §7): `draw` is the page number, `start` = (page − 1) × limit, `columns` the
 * data properties, `order_by` the chosen sort, else the table's default, else none (the server's default).
 */
export function toListQuery(
  state: TableState,
  defs: readonly FilterDef[],
  fields: readonly string[],
  defaultSort: SortState | undefined,
): ListQueryInput {
  const sort = state.sort ?? defaultSort;
  return {
    search_str: state.search.trim(),
    other_params: otherParams(state.filters, defs),
    draw: state.page,
    limit: state.pageSize,
    start: (state.page - 1) * state.pageSize,
    columns: [...fields],
    order_by: sort ? [{ column: sort.column, sort_type: sort.direction }] : [],
  };
}

/** Header click: a new column sorts ascending; the sorted column flips between ascending and descending. */
export function nextSort(effective: SortState | null | undefined, column: string): SortState {
  if (effective?.column === column) return { column, direction: effective.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { column, direction: 'ASC' };
}
