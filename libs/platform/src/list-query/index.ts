export { ListQueryError } from './list-query-error.js';
export { escapeLikePattern, isBlankFilterValue, MAX_FILTER_VALUES } from './list-filters.js';
export type { ListFilterKind } from './list-filters.js';
export { compileListQuery, LOCATIONS_FILTER, runListQuery, runListTotals } from './list-resource.js';
export type {
  CompiledListQuery,
  KeysetListResource,
  KeysetListResult,
  ListColumn,
  ListQueryExecutor,
  ListResource,
  ListResult,
  ListTotals,
  ListScope,
} from './list-resource.js';
