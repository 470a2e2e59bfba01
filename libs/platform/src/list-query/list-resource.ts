import { normaliseSortType } from '@scm/contracts';
import type { ListQuery } from '@scm/contracts';
import {
  containsCondition,
  containsPattern,
  filterCondition,
  isBlankFilterValue,
  locationIds,
  type ListFilterKind,
  type SqlParameters,
} from './list-filters.js';
import { ListQueryError } from './list-query-error.js';

/**
 * The one list query of the product (SPEC.md §7, ARCHITECTURE.md §6): a list-query body plus a resource's
 * whitelist compile to parameterised SQL. Only the resource author's SQL (column expressions, FROM, base
 * condition) and the whitelisted API names appear in the SQL text; everything the client sends is either
 * looked up in the whitelist or bound as a `$n` parameter.
 */

export interface ListColumn {
  /** Trusted SQL expression written by the resource author, e.g. `u.uom_name`. */
  sql: string;
  /** May appear in `order_by`. */
  sortable?: boolean;
  /** Matched by `search_str` (ILIKE on the text cast; a row matches when any searchable column does). */
  searchable?: boolean;
  /** May appear in `other_params` under the column's API name. */
  filter?: ListFilterKind;
  /**
   * Only for `search_str` (with `searchable`): never selected, not even by an empty `columns`, and unknown to
   * `columns`, `order_by` and `other_params`. For a search column that exists for its index, e.g. a generated
   * concatenation of the searched columns.
   */
  searchOnly?: boolean;
}

export interface ListResource {
  /** Trusted FROM clause (table and joins), e.g. `catalog.uom u`. */
  from: string;
  /** Key = API column name (snake_case, as SPEC.md uses); it is also the column's alias in the result rows. */
  columns: Record<string, ListColumn>;
  /** Order when the body has none; normally `last_updated_time DESC`. */
  defaultOrder: { column: string; direction: 'ASC' | 'DESC' };
  /** SQL of a unique column, appended to every ORDER BY so paging is stable, e.g. `u.uom_id`. */
  tieBreaker: string;
  /** Trusted fixed condition, e.g. `u.deleted_at IS NULL`. */
  baseWhere?: string;
  /**
   * SQL of the row's location id. Enables `other_params.locations` (an empty array gives an empty result,
   * a non-empty one filters) and scoping to the user's locations. Without it, `locations` is an ordinary key.
   */
  locationColumn?: string;
  /**
   * Choose the page by its keys first: an inner query with the same WHERE, ORDER BY, LIMIT and OFFSET selects
   * only the tie-breaker, then the plain query without LIMIT and OFFSET runs restricted to those keys, so the
   * select list is computed for the page's rows alone (same rows, same order).
   * Without it, PostgreSQL joins and computes the select list (per-row subqueries included) for every row an
   * OFFSET skips: on a large list a deep page costs seconds. For lists with joins or per-row subqueries and
   * many rows. `true` runs the inner query on `from`; `{ from, aliases }` runs it (and the count) on that
   * narrower FROM (the base table alone, so a sort index can be walked index-only: a LEFT JOIN the planner
   * drops still keeps its key columns "needed") whenever the WHERE, the ORDER BY, the tie-breaker and the base
   * condition name no table alias other than `aliases`; otherwise on `from`. The narrower FROM must give the
   * same rows as `from` (true when the rest of `from` is LEFT JOINs to unique keys).
   */
  pageByKey?: true | { from: string; aliases: readonly string[] };
}

/** The user's allowed locations; `'all'` or absent means not restricted. */
export interface ListScope {
  locations?: readonly string[] | 'all';
}

export interface CompiledListQuery {
  /** True when the answer is known to be empty (empty locations filter or scope); run nothing. */
  empty: boolean;
  /** SELECT ... WHERE ... ORDER BY ... LIMIT $n OFFSET $m. */
  dataSql: string;
  /** SELECT count(*) AS "recordsTotal" with the same FROM and WHERE. */
  countSql: string;
  /** Parameters of dataSql: the WHERE values, then LIMIT and OFFSET. */
  params: unknown[];
  /** Parameters of countSql: `params` without LIMIT and OFFSET (PostgreSQL refuses unused parameters). */
  countParams: unknown[];
  /**
   * `other_params` fields whose values are compared in the column's own type (eq, in, status): a value the
   * type cannot read (e.g. `"abc"` for an integer) fails in the database; the runner reports it on these.
   */
  typedFilterFields: string[];
}

/** What the runner needs of a connection: a TypeORM EntityManager or DataSource fits. */
export interface ListQueryExecutor {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

export interface ListResult<T> {
  data: T[];
  recordsTotal: number;
}

/** The `other_params` key of the locations filter. */
export const LOCATIONS_FILTER = 'locations';

const API_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_FIELD_KEY = 100;

const checkedResources = new WeakSet<ListResource>();

/** A resource is code, not input: a malformed one is a programming error (a plain Error, i.e. a 500). */
function assertResource(resource: ListResource): void {
  if (checkedResources.has(resource)) return;
  const fail = (why: string): never => {
    throw new Error(`Invalid list resource (${resource.from}): ${why}`);
  };
  if (!resource.from?.trim()) fail('from is empty');
  if (!resource.tieBreaker?.trim()) fail('tieBreaker is empty');
  const names = Object.keys(resource.columns ?? {});
  if (names.length === 0) fail('no columns');
  for (const name of names) {
    // API names are written into the SQL as quoted aliases: plain identifiers only.
    if (!API_NAME.test(name)) fail(`column name ${JSON.stringify(name)} is not a plain identifier`);
    if (!resource.columns[name].sql?.trim()) fail(`column ${name} has no sql`);
    const { searchOnly, searchable, sortable, filter } = resource.columns[name];
    if (searchOnly && (!searchable || sortable || filter)) fail(`column ${name} is searchOnly: searchable only`);
  }
  if (!Object.hasOwn(resource.columns, resource.defaultOrder?.column)) {
    fail(`defaultOrder column ${String(resource.defaultOrder?.column)} is not a column`);
  }
  checkedResources.add(resource);
}

/** Own properties only: `constructor`, `__proto__`, `toString` are not columns; nor is a searchOnly one. */
function columnOf(resource: ListResource, name: unknown): ListColumn | undefined {
  return typeof name === 'string' && Object.hasOwn(resource.columns, name) && !resource.columns[name].searchOnly
    ? resource.columns[name]
    : undefined;
}

function fieldKey(key: string): string {
  return key.length > MAX_FIELD_KEY ? `${key.slice(0, MAX_FIELD_KEY)}…` : key;
}

class ParameterList implements SqlParameters {
  readonly values: unknown[] = [];

  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const TYPED_FILTERS: ReadonlySet<ListFilterKind> = new Set<ListFilterKind>(['eq', 'in', 'status']);

function selectList(resource: ListResource, requested: readonly string[]): string {
  const names: string[] = [];
  requested.forEach((name, index) => {
    if (name === '') return; // the web may send a blank name for a non-data column
    if (!columnOf(resource, name)) throw new ListQueryError(`columns[${index}]`, 'unknown column');
    if (!names.includes(name)) names.push(name);
  });
  const chosen =
    names.length > 0 ? names : Object.keys(resource.columns).filter((name) => !resource.columns[name].searchOnly);
  return chosen.map((name) => `${resource.columns[name].sql} AS "${name}"`).join(', ');
}

/**
 * ORDER BY: the body's entries (whitelisted, sortable; first mention of a column wins; a blank column is
 * ignored), else the default order; empty values last in both directions; then the tie-breaker in the
 * direction of the first key. An index on `(<first key> <dir> NULLS LAST, <tie-breaker> <dir>)` serves it.
 */
function orderList(resource: ListResource, orderBy: ListQuery['order_by']): string {
  const keys: { sql: string; direction: 'ASC' | 'DESC' }[] = [];
  const seen = new Set<string>();
  (orderBy ?? []).forEach((entry, index) => {
    if (typeof entry?.column === 'string' && entry.column.trim() === '') return;
    const column = columnOf(resource, entry?.column);
    if (!column) throw new ListQueryError(`order_by[${index}].column`, 'unknown column');
    if (!column.sortable) throw new ListQueryError(`order_by[${index}].column`, 'column is not sortable');
    if (seen.has(entry.column)) return;
    seen.add(entry.column);
    keys.push({ sql: column.sql, direction: normaliseSortType(entry.sort_type) });
  });
  if (keys.length === 0) {
    keys.push({
      sql: resource.columns[resource.defaultOrder.column].sql,
      direction: normaliseSortType(resource.defaultOrder.direction),
    });
  }
  const parts = keys.map((key) => `${key.sql} ${key.direction} NULLS LAST`);
  if (!keys.some((key) => key.sql.trim() === resource.tieBreaker.trim())) {
    parts.push(`${resource.tieBreaker} ${keys[0].direction}`);
  }
  return parts.join(', ');
}

function pagingValue(field: 'limit' | 'start', value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new ListQueryError(field, `expected an integer of at least ${min}`);
  }
  return value;
}

/**
 * Compiles a list-query body (already parsed by `listQuerySchema`) against a resource's whitelist and the
 * user's location scope. Throws ListQueryError for anything the whitelist does not allow.
 */
export function compileListQuery(resource: ListResource, query: ListQuery, scope: ListScope = {}): CompiledListQuery {
  assertResource(resource);
  const params = new ParameterList();
  const where: string[] = [];
  const typedFilterFields: string[] = [];
  let empty = false;

  if (resource.baseWhere?.trim()) where.push(resource.baseWhere);

  const search = typeof query.search_str === 'string' ? query.search_str.trim() : '';
  if (search !== '') {
    const searchable = Object.values(resource.columns).filter((column) => column.searchable);
    if (searchable.length === 0) {
      where.push('FALSE'); // no column of this list can contain the text
    } else {
      const pattern = params.bind(containsPattern(search));
      where.push(searchable.map((column) => containsCondition(column.sql, pattern)).join(' OR '));
    }
  }

  const otherParams: unknown = query.other_params ?? {};
  if (typeof otherParams !== 'object' || otherParams === null || Array.isArray(otherParams)) {
    throw new ListQueryError('other_params', 'expected an object');
  }
  let requestedLocations: string[] | undefined;
  for (const [key, value] of Object.entries(otherParams)) {
    if (isBlankFilterValue(value)) continue;
    const field = `other_params.${fieldKey(key)}`;
    if (key === LOCATIONS_FILTER && resource.locationColumn) {
      requestedLocations = locationIds(field, value);
      continue;
    }
    const column = columnOf(resource, key);
    if (!column) throw new ListQueryError(field, 'unknown filter');
    if (!column.filter) throw new ListQueryError(field, 'column is not filterable');
    const condition = filterCondition(column.filter, column.sql, value, field, params);
    if (condition === undefined) continue;
    where.push(condition);
    if (TYPED_FILTERS.has(column.filter)) typedFilterFields.push(field);
  }

  if (resource.locationColumn) {
    let locations = requestedLocations;
    const allowed = scope.locations;
    if (allowed !== undefined && allowed !== 'all') {
      // Fail closed: a scope that is neither 'all' nor a list is a bug in the caller.
      if (!Array.isArray(allowed)) throw new Error('ListScope.locations must be an array of ids or "all"');
      const allowedIds = new Set(allowed.map(String));
      locations = (locations ?? [...allowedIds]).filter((id) => allowedIds.has(id));
    }
    if (locations !== undefined) {
      if (locations.length === 0) empty = true;
      else where.push(`(${resource.locationColumn}) = ANY(${params.bind(locations)})`);
    }
  }

  const select = selectList(resource, query.columns ?? []);
  const orderBy = orderList(resource, query.order_by);
  const limit = pagingValue('limit', query.limit, 1);
  const start = pagingValue('start', query.start, 0);

  if (empty) return { empty: true, dataSql: '', countSql: '', params: [], countParams: [], typedFilterFields: [] };

  const whereSql = where.length > 0 ? ` WHERE ${where.map((condition) => `(${condition})`).join(' AND ')}` : '';
  const countParams = [...params.values];
  const countSql = `SELECT count(*) AS "recordsTotal" FROM ${keyFrom(resource, [whereSql])}${whereSql}`;
  const page = `ORDER BY ${orderBy} LIMIT ${params.bind(limit)} OFFSET ${params.bind(start)}`;
  // pageByKey: the plain query's rows (same FROM and WHERE, so a join that repeats rows repeats them alike)
  // restricted to the page's keys.
  const pageKeys =
    `(${resource.tieBreaker}) IN` +
    ` (SELECT ${resource.tieBreaker} FROM ${keyFrom(resource, [whereSql, orderBy])}${whereSql} ${page})`;
  const dataSql = resource.pageByKey
    ? `SELECT ${select} FROM ${resource.from}${whereSql ? `${whereSql} AND ` : ' WHERE '}${pageKeys} ORDER BY ${orderBy}`
    : `SELECT ${select} FROM ${resource.from}${whereSql} ${page}`;
  return { empty: false, dataSql, countSql, params: params.values, countParams, typedFilterFields };
}

/** `alias.` references in trusted SQL (an identifier followed by a dot). */
const ALIAS_REFERENCE = /(?<![\w.$])([A-Za-z_][A-Za-z0-9_]*)\s*\./g;

/**
 * The FROM of pageByKey's inner query: the narrower one when the SQL it must run names only its aliases.
 * Anything else (another alias, a subquery's own alias, text that merely looks like one) keeps `from`, which
 * is always correct.
 */
function keyFrom(resource: ListResource, sql: string[]): string {
  const narrow = resource.pageByKey;
  if (narrow === undefined || narrow === true) return resource.from;
  const allowed = new Set(narrow.aliases);
  const text = [...sql, resource.tieBreaker, resource.baseWhere ?? ''].join(' ');
  for (const match of text.matchAll(ALIAS_REFERENCE)) if (!allowed.has(match[1])) return resource.from;
  return narrow.from;
}

/** PostgreSQL data exceptions a bound filter value can cause (bad text for the type, out of range). */
const VALUE_ERRORS = new Set(['22P02', '22007', '22008', '22003']);

async function query<R>(
  manager: ListQueryExecutor,
  compiled: CompiledListQuery,
  sql: string,
  params: unknown[],
): Promise<R> {
  try {
    return (await manager.query(sql, params)) as R;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const fields = compiled.typedFilterFields;
    if (typeof code === 'string' && VALUE_ERRORS.has(code) && fields.length > 0) {
      throw new ListQueryError(fields.length === 1 ? fields[0] : 'other_params', 'value does not fit the column');
    }
    throw error;
  }
}

/**
 * Runs a list query: the page of rows (aliases = API names, values as the driver returns them) and the
 * total matching rows. An empty locations filter/scope answers `{data: [], recordsTotal: 0}` without a
 * query; the count query is skipped when the page itself proves the total (a short, non-empty page, or an
 * empty first page). `manager` is an EntityManager (or a DataSource, or anything with the same `query`).
 */
export async function runListQuery<T = Record<string, unknown>>(
  manager: ListQueryExecutor,
  resource: ListResource,
  listQuery: ListQuery,
  scope?: ListScope,
): Promise<ListResult<T>> {
  const compiled = compileListQuery(resource, listQuery, scope);
  if (compiled.empty) return { data: [], recordsTotal: 0 };
  const data = await query<T[]>(manager, compiled, compiled.dataSql, compiled.params);
  const { limit, start } = listQuery;
  if (data.length < limit && (data.length > 0 || start === 0)) return { data, recordsTotal: start + data.length };
  const rows = await query<{ recordsTotal: string | number }[]>(
    manager,
    compiled,
    compiled.countSql,
    compiled.countParams,
  );
  return { data, recordsTotal: Number(rows[0]?.recordsTotal ?? 0) };
}
