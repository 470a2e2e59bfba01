export { DataTable } from './DataTable';
export { clearRememberedQueries } from './table-state';
export type {
  CellKind,
  Column,
  DataTableProps,
  DateRangeValue,
  FilterDef,
  FilterValue,
  NumberRangeValue,
  RowAction,
  SortState,
} from './types';
