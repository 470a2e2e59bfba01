import type { CheckType, ListQueryInput, PermissionKey } from '@scm/contracts';
import type { ReactNode } from 'react';
import type { ListSource } from '../../api/resource';
import type { DateShortcut } from '../../lib/date-shortcuts';
import type { IconName } from '../ui/icons';
import type { SelectOption } from '../ui/Select';

/** How a cell is shown and exported (formats of lib/format.ts). */
/**
 * How a cell shows its value (web/src/lib/format.ts): `currency` is money (2 decimals with its currency), `unitCost`
 * a cost per unit (its currency, 2 to 4 decimals), `percent` a percentage (2 decimals).
 */
export type CellKind =
  'text' | 'number' | 'quantity' | 'currency' | 'unitCost' | 'percent' | 'date' | 'datetime' | 'boolean' | 'status';

/** A value of an exported cell. */
export type ExportValue = string | number | boolean | null | undefined;

export interface Column<Row> {
  /** Stable id: the column chooser remembers it; also the data property unless `field` says otherwise. */
  id: string;
  /** Translated header (screen and Excel). */
  header: string;
  /** Data property sent in the query's `columns` and used for sorting; `null` for a computed column. */
  field?: string | null;
  kind?: CellKind;
  /** `number`: decimals (2); `quantity`: most decimals (3). */
  decimals?: number;
  /** `currency` / `unitCost`: ISO code (the base currency when absent), or per row. */
  currency?: string | ((row: Row) => string);
  sortable?: boolean;
  /** Custom cell; formatting by `kind` otherwise. */
  cell?: (row: Row) => ReactNode;
  /** Custom Excel value; by `kind` otherwise. */
  exportValue?: (row: Row) => ExportValue;
  align?: 'left' | 'right' | 'center';
  /** The column chooser may hide it (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** Extra classes of its cells (e.g. a width). */
  className?: string;
}

/** A date range: explicit days, or a shortcut recomputed whenever the query runs ("today" stays today). */
export interface DateRangeValue {
  from?: string;
  to?: string;
  shortcut?: DateShortcut;
}

export interface NumberRangeValue {
  from?: string;
  to?: string;
}

export type FilterValue = string | DateRangeValue | NumberRangeValue;

/** One field of a page's filter panel; `id` is the `other_params` key. */
export type FilterDef =
  | { kind: 'text'; id: string; label: string; placeholder?: string }
  | { kind: 'select'; id: string; label: string; options: SelectOption<string>[] }
  /** Master-data status (new / active / archived) with "New or active" unless `newOrActive: false`. */
  | { kind: 'status'; id: string; label?: string; statuses?: readonly string[]; newOrActive?: boolean }
  | { kind: 'dateRange'; id: string; label: string }
  | { kind: 'numberRange'; id: string; label: string };

export interface RowAction<Row> {
  id: string;
  /** Translated. */
  label: string;
  icon?: IconName;
  onClick: (row: Row) => void | Promise<void>;
  /** What the user needs on the table's permission key (default `view`). */
  permission?: CheckType;
  /** Shown for this row (status rules: archive only when not archived...). */
  visible?: (row: Row) => boolean;
  tone?: 'default' | 'danger';
  /** An icon button in the row; otherwise an entry of the row's "more" menu. */
  inline?: boolean;
}

export interface SortState {
  column: string;
  direction: 'ASC' | 'DESC';
}

/** What a list page remembers (per route path, for the browser session). */
export interface TableState {
  search: string;
  filters: Record<string, FilterValue>;
  /** `null`: the table's default order. */
  sort: SortState | null;
  page: number;
  pageSize: number;
  filtersOpen: boolean;
}

export interface DataTableProps<Row> {
  /** The resource's SWR key and fetcher (`listSource(keys, path)` in api/<resource>.ts). */
  source: ListSource<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  /** Permission key(s) of the page: row actions are checked against it. */
  permissionKey: PermissionKey | readonly PermissionKey[];
  filters?: FilterDef[];
  /** Filter values of a fresh table (and of "Clear filters"). */
  defaultFilters?: Record<string, FilterValue>;
  /** Order of a fresh table; without it the server's default (last_updated_time DESC). */
  defaultSort?: SortState;
  rowActions?: RowAction<Row>[];
  /** Makes the first column a link (usually to the view form). */
  rowLink?: (row: Row) => string;
  searchPlaceholder?: string;
  /** Data properties the page needs besides the columns' (ids, flags read by actions). */
  extraFields?: string[];
  /** Key of the remembered query and column choice; the route path by default. */
  stateKey?: string;
  /** Base name of the .xlsx file (a timestamp is appended); omit to hide the export button. */
  exportFileName?: string;
  /** Most rows one export fetches (default 100,000). */
  exportCap?: number;
  /** Buttons at the right of the toolbar. */
  toolbar?: ReactNode;
  /** Shown when the list is empty without any search or filter. */
  emptyMessage?: string;
  /** Told the list query whenever it changes (e.g. a document list's status counts follow the same filters). */
  onQueryChange?: (query: ListQueryInput) => void;
}
