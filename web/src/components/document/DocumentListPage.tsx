import type { DocumentMachine, DocumentStatusCount, ListQueryInput, PermissionKey } from '@scm/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { ListSource } from '../../api/resource';
import { useCan } from '../../lib/permissions';
import { DataTable } from '../data-table';
import type { Column, FilterDef, RowAction, SortState } from '../data-table';
import { Icon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { statusLabel } from '../ui/StatusBadge';
import { useDocumentLocations } from './use-document-locations';

/** What a document list needs of its API (documentApi, or a read-only list such as back orders). */
export interface DocumentListApi<Row> {
  keys: { lists: () => readonly unknown[] };
  listSource: (status?: string | null) => ListSource<Row>;
  statusCounts: (query: ListQueryInput) => Promise<DocumentStatusCount[]>;
}

export interface DocumentListPageProps<Row> {
  /** Translated page title and description. */
  title: string;
  description?: string;
  api: DocumentListApi<Row>;
  /** The tabs, in order (a machine's statuses, or a read-only list's). */
  statuses: readonly string[];
  permissionKey: PermissionKey;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** The list's route: "New" goes to `${path}/new`, a row to its view (`rowLink`). */
  path: string;
  rowLink?: (row: Row) => string;
  /** The list's date filter with SPEC.md §9's shortcuts (today … from beginning): the column and its label. */
  dateFilter: { id: string; label: string };
  /** Filters besides the date range and the location. */
  filters?: FilterDef[];
  rowActions?: RowAction<Row>[];
  searchPlaceholder?: string;
  exportFileName: string;
  /** The "New" button's label; none hides it (e.g. a list nobody creates on). */
  newLabel?: string;
  emptyMessage?: string;
  extraFields?: string[];
  /** Buttons beside export (e.g. an action on selected rows). */
  toolbar?: ReactNode;
  /** Above the table (e.g. a selection summary). */
  children?: ReactNode;
  testId: string;
}

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };

/** The statuses of a machine in list order: the open ones first, the final ones last. */
export function statusTabsOf(machine: DocumentMachine): string[] {
  return [
    ...machine.statuses.filter((status) => !machine.final.includes(status)),
    ...machine.statuses.filter((status) => machine.final.includes(status)),
  ];
}

/**
 * THE DOCUMENT LIST (docs/stock-ledger.md, "kit (web)"): status tabs with their counts for the same search and
 * filters (`POST <base>/status-counts`), the date range with SPEC.md §9's shortcuts, the user's locations, search,
 * export of the current tab and filters, and "New" for users with edit on the key. Built on the DataTable.
 */
export function DocumentListPage<Row>({
  title,
  description,
  api,
  statuses,
  permissionKey,
  columns,
  rowKey,
  path,
  rowLink,
  dateFilter,
  filters = [],
  rowActions,
  searchPlaceholder,
  exportFileName,
  newLabel,
  emptyMessage,
  extraFields,
  toolbar,
  children,
  testId,
}: DocumentListPageProps<Row>) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') && statuses.includes(params.get('status')!) ? params.get('status') : null;
  const locations = useDocumentLocations();
  const source = useMemo(() => api.listSource(status), [api, status]);

  // The counts follow the table's query (search and filters), without paging, sorting or the status tab.
  const [query, setQuery] = useState<ListQueryInput | null>(null);
  const onQueryChange = useCallback((next: ListQueryInput) => {
    setQuery({ search_str: next.search_str, other_params: next.other_params });
  }, []);
  const { data: counts } = useSWR<DocumentStatusCount[], Error>(
    query ? [...api.keys.lists(), 'status-counts', query] : null,
    () => api.statusCounts(query!),
    { keepPreviousData: true, shouldRetryOnError: false },
  );
  const countOf = (value: string | null) => counts?.find((count) => count.status === value)?.count;
  const total = countOf(null) ?? counts?.filter((count) => count.status !== null).reduce((a, b) => a + b.count, 0);

  const allFilters = useMemo<FilterDef[]>(
    () => [
      { kind: 'dateRange', id: dateFilter.id, label: dateFilter.label },
      { kind: 'select', id: 'location_ids', label: t('documents:list.location'), options: locations.options },
      ...filters,
    ],
    [dateFilter, filters, locations.options, t],
  );

  const choose = (next: string | null) => {
    const copy = new URLSearchParams(params);
    if (next) copy.set('status', next);
    else copy.delete('status');
    setParams(copy, { replace: true });
  };
  const tabs: { value: string | null; label: string }[] = [
    { value: null, label: t('kit:filter.all') },
    ...statuses.map((value) => ({ value, label: statusLabel(t, value) })),
  ];

  return (
    <div data-testid={testId}>
      <PageHeader
        title={title}
        description={description}
        actions={
          newLabel &&
          can(permissionKey, 'edit') && (
            <Link
              to={`${path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="document-create"
            >
              <Icon name="plus" />
              {newLabel}
            </Link>
          )
        }
      />
      <div
        role="tablist"
        aria-label={t('documents:list.statusTabs')}
        className="mb-3 flex flex-wrap gap-1 border-b border-slate-200"
        data-testid="status-tabs"
      >
        {tabs.map((tab) => {
          const selected = tab.value === status;
          const count = tab.value === null ? total : countOf(tab.value);
          return (
            <button
              key={tab.value ?? 'all'}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => choose(tab.value)}
              data-status={tab.value ?? 'all'}
              className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800'}`}
            >
              {tab.label}
              <span
                className={`rounded-full px-1.5 text-xs leading-5 tabular-nums ${selected ? 'bg-blue-700 text-white' : 'bg-slate-100 text-slate-600'}`}
                data-testid="status-count"
              >
                {count ?? '·'}
              </span>
            </button>
          );
        })}
      </div>
      {children}
      <DataTable
        source={source}
        columns={columns}
        rowKey={rowKey}
        permissionKey={permissionKey}
        filters={allFilters}
        defaultSort={DEFAULT_SORT}
        rowActions={rowActions}
        rowLink={rowLink}
        extraFields={extraFields}
        searchPlaceholder={searchPlaceholder}
        exportFileName={exportFileName}
        toolbar={toolbar}
        emptyMessage={emptyMessage}
        onQueryChange={onQueryChange}
      />
    </div>
  );
}
