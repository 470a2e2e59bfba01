import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import type { ListPage } from '../../api/resource';
import { useCan } from '../../lib/permissions';
import { Icon, Spinner } from '../ui/icons';
import { Pagination } from '../ui/Pagination';
import { alignClass, fieldOf, renderCell } from './cells';
import { ColumnChooser } from './ColumnChooser';
import { DebouncedInput } from './DebouncedInput';
import { ExportButton } from './ExportButton';
import { DEFAULT_EXPORT_CAP, exportToExcel } from './export-excel';
import { FilterPanel } from './FilterPanel';
import { RowActions } from './RowActions';
import { activeFilterCount, initialState, nextSort, toListQuery, useHiddenColumns, useTableState } from './table-state';
import type { Column, DataTableProps, FilterValue } from './types';

const SKELETON_ROWS = 5;

/**
 * The one list table (docs/architecture.md, "Web app"): server-side search, filters, sort and paging over a list API
 * (SPEC.md §7 list query), a column chooser, row actions by permission, Excel export of the current query,
 * and a remembered query per route so coming back restores it.
 */
export function DataTable<Row>({
  source,
  columns,
  rowKey,
  permissionKey,
  filters = [],
  defaultFilters = {},
  defaultSort,
  rowActions = [],
  rowLink,
  searchPlaceholder,
  extraFields = [],
  stateKey,
  exportFileName,
  exportCap = DEFAULT_EXPORT_CAP,
  toolbar,
  emptyMessage,
  onQueryChange,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const key = stateKey ?? pathname;

  const [state, update] = useTableState(key, () => initialState({ filters: defaultFilters }));
  const defaultHidden = useMemo(
    () => columns.filter((column) => column.defaultHidden).map((column) => column.id),
    [columns],
  );
  const [hidden, setHidden] = useHiddenColumns(key, defaultHidden);
  const visibleColumns = columns.filter((column) => column.hideable === false || !hidden.includes(column.id));

  const fields = [
    ...new Set([...columns.map(fieldOf), ...extraFields].filter((name): name is string => Boolean(name))),
  ];
  // The query keeps its identity while its content stays the same. Pages pass `extraFields` and `filters` as
  // literals (a new array every render): a query following their identity re-ran onQueryChange on every render,
  // its parent's state update rendered again, and the endless urgent renders starved every navigation away.
  const candidate = toListQuery(state, filters, fields, defaultSort);
  const queryKey = JSON.stringify(candidate);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content on purpose (see above)
  const query = useMemo(() => candidate, [queryKey]);
  useEffect(() => onQueryChange?.(query), [query, onQueryChange]);

  const { data, error, isLoading, isValidating, mutate } = useSWR<ListPage<Row>, Error>(
    source.key(query),
    () => source.fetch(query),
    {
      keepPreviousData: true,
      shouldRetryOnError: false,
    },
  );
  /** Rows of the previous query shown while the new one loads. */
  const stale = isLoading && data !== undefined;

  // A page past the end (rows deleted, a smaller result): go to the last page that exists.
  const total = data?.recordsTotal ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  useEffect(() => {
    if (data && !isValidating && state.page > pageCount) update({ page: pageCount });
  }, [data, isValidating, state.page, pageCount, update]);

  const permittedActions = rowActions.filter((action) => can(permissionKey, action.permission ?? 'view'));
  const filterCount = activeFilterCount(state.filters, filters);
  const searching = state.search.trim() !== '' || filterCount > 0;
  const sort = state.sort ?? defaultSort ?? null;
  const rows = data?.data ?? [];
  const colSpan = visibleColumns.length + (permittedActions.length > 0 ? 1 : 0);

  const setFilter = (id: string, value: FilterValue | undefined) => {
    const next = { ...state.filters };
    if (value === undefined) delete next[id];
    else next[id] = value;
    update({ filters: next, page: 1 });
  };
  const clearAll = () => update({ filters: defaultFilters, search: '', page: 1 });

  return (
    <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="data-table">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
        <label className="relative w-full sm:w-auto sm:max-w-80 sm:min-w-48 sm:flex-1">
          <span className="sr-only">{t('kit:table.search')}</span>
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <DebouncedInput
            type="search"
            value={state.search}
            onCommit={(search) => update({ search, page: 1 })}
            placeholder={searchPlaceholder ?? t('kit:table.searchPlaceholder')}
            className="h-9 w-full rounded-md border border-slate-300 bg-white pr-3 pl-8 text-sm text-slate-800 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-500"
            data-testid="table-search"
          />
        </label>
        {filters.length > 0 && (
          <button
            type="button"
            onClick={() => update({ filtersOpen: !state.filtersOpen })}
            aria-expanded={state.filtersOpen}
            data-testid="toggle-filters"
            className={`inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${state.filtersOpen || filterCount > 0 ? 'bg-blue-50 text-blue-800 ring-blue-200' : 'text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            <Icon name="filter" />
            {t('kit:table.filters')}
            {filterCount > 0 && (
              <span className="rounded-full bg-blue-700 px-1.5 text-xs leading-5 text-white">{filterCount}</span>
            )}
          </button>
        )}
        {stale && <Spinner className="h-4 w-4 text-blue-600" />}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ColumnChooser columns={columns} hidden={hidden} onChange={setHidden} defaults={defaultHidden} />
          {exportFileName && (
            <ExportButton
              disabled={!data || total === 0}
              run={(signal, onProgress) =>
                exportToExcel({
                  source,
                  query,
                  columns: visibleColumns,
                  fileName: exportFileName,
                  cap: exportCap,
                  t,
                  signal,
                  onProgress,
                })
              }
            />
          )}
          {toolbar}
        </div>
      </div>

      {state.filtersOpen && filters.length > 0 && (
        <FilterPanel
          defs={filters}
          values={state.filters}
          onChange={setFilter}
          onClear={clearAll}
          canClear={searching}
        />
      )}

      <div className="relative overflow-x-auto">
        <table className="min-w-full text-sm" aria-busy={isLoading || isValidating}>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {visibleColumns.map((column) => {
                const field = fieldOf(column);
                const sortable = column.sortable && field !== null;
                const sorted = sortable && sort?.column === field ? sort.direction : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : undefined}
                    className={`px-4 py-2.5 whitespace-nowrap ${alignClass(column as Column<unknown>)} ${column.className ?? ''}`}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => update({ sort: nextSort(sort, field), page: 1 })}
                        className={`group inline-flex items-center gap-1 uppercase hover:text-slate-800 focus:outline-none focus-visible:underline ${sorted ? 'text-slate-800' : ''}`}
                        data-sort={column.id}
                      >
                        {column.header}
                        <span className="flex flex-col -space-y-1.5" aria-hidden="true">
                          <Icon
                            name="sortUp"
                            className={`h-3 w-3 ${sorted === 'ASC' ? 'text-blue-700' : 'text-slate-300 group-hover:text-slate-400'}`}
                            strokeWidth={2.5}
                          />
                          <Icon
                            name="sortDown"
                            className={`h-3 w-3 ${sorted === 'DESC' ? 'text-blue-700' : 'text-slate-300 group-hover:text-slate-400'}`}
                            strokeWidth={2.5}
                          />
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {permittedActions.length > 0 && (
                <th scope="col" className="sticky right-0 w-px bg-slate-50 px-4 py-2.5 text-right whitespace-nowrap">
                  <span className="sr-only">{t('kit:table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-100 transition-opacity ${stale ? 'opacity-60' : ''}`}>
            {isLoading && !data
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index} aria-hidden="true">
                    {Array.from({ length: colSpan }, (__, cell) => (
                      <td key={cell} className="px-4 py-3">
                        <div className="h-4 animate-pulse rounded bg-slate-100" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => {
                  return (
                    <tr key={rowKey(row)} className="group/row hover:bg-slate-50/80" data-row={rowKey(row)}>
                      {visibleColumns.map((column, index) => (
                        <td
                          key={column.id}
                          className={`px-4 py-2.5 whitespace-nowrap text-slate-700 ${alignClass(column as Column<unknown>)} ${column.className ?? ''}`}
                        >
                          {index === 0 && rowLink ? (
                            <Link to={rowLink(row)} className="font-medium text-blue-700 hover:underline">
                              {renderCell(column, row, t)}
                            </Link>
                          ) : (
                            renderCell(column, row, t)
                          )}
                        </td>
                      ))}
                      {permittedActions.length > 0 && (
                        <td className="sticky right-0 bg-white px-2 py-1 text-right shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)] group-hover/row:bg-slate-50">
                          <RowActions row={row} actions={permittedActions} />
                        </td>
                      )}
                    </tr>
                  );
                })}
            {!isLoading && !stale && rows.length === 0 && (
              <tr>
                <td colSpan={colSpan} className="px-4 py-14 text-center" data-testid="table-empty">
                  {error && !data ? (
                    <div className="flex flex-col items-center gap-2 text-slate-500">
                      <Icon name="alert" className="h-8 w-8 text-amber-500" />
                      <p>{t('kit:table.loadFailed')}</p>
                      <button
                        type="button"
                        className="text-sm font-medium text-blue-700 hover:underline"
                        onClick={() => void mutate()}
                      >
                        {t('kit:table.retry')}
                      </button>
                    </div>
                  ) : (
                    <div className="flex flex-col items-center gap-2 text-slate-500">
                      <Icon name="inbox" className="h-9 w-9 text-slate-300" />
                      <p>{searching ? t('kit:table.emptyFiltered') : (emptyMessage ?? t('kit:table.empty'))}</p>
                      {searching && (
                        <button
                          type="button"
                          className="text-sm font-medium text-blue-700 hover:underline"
                          onClick={clearAll}
                        >
                          {t('kit:table.clearFilters')}
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <div className="border-t border-slate-200 px-4 py-3">
        <Pagination
          page={Math.min(state.page, pageCount)}
          pageSize={state.pageSize}
          total={total}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        />
      </div>
    </div>
  );
}
