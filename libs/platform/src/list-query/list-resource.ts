import { createHash } from 'node:crypto';
import { MAX_LIST_START, normaliseSortType } from '@scm/contracts';
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
 * The one list query of the product (SPEC.md §7, docs/architecture.md "HTTP conventions"): a list-query body plus a resource's
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
   * SQL of the row's location id: the resource carries a location (docs/architecture.md, access rules). Enables
   * `other_params.locations` (an empty array gives an empty result, a non-empty one filters) and makes the
   * caller's location scope REQUIRED: compiling without one throws (fail closed; a forgotten scope is a bug,
   * never "all locations"). Rows always keep to the scope, whatever the filters say. Without it, `locations`
   * is an ordinary key and no scope is needed.
   */
  locationColumn?: string;
  /**
   * With `locationColumn`: a row whose location is NULL belongs to no location (e.g. a BOM owned by the
   * company, not a location) and every scope sees it; a `locations` filter still keeps to the named ones.
   * Without it, a NULL location is outside every scope but 'all'.
   */
  unlocatedRowsShared?: boolean;
  /**
   * With `locationColumn`: the column is a text[] of location ids (a user's locations). A row is in scope when
   * every location of its list is (`<@`: a list holding `*` only in the 'all' scope, an empty list in every
   * scope); a `locations` filter matches a row holding any of the asked ones (`&&`).
   */
  locationColumnIsList?: boolean;
  /**
   * With `locationColumnIsList`: `any` puts a row in scope when ANY location of its list is (`&&`), for a record
   * that belongs to each of its locations (a transfer: its source and its destination both see it). Default `all`.
   */
  locationListMatch?: 'all' | 'any';
  /**
   * How pages are chosen. `offset` (default): `start` + `limit`, with `recordsTotal`. `keyset`: for append-only,
   * deep tables (the stock ledger's movements): the client passes the opaque `cursor` of the previous answer's
   * `next_cursor`; rows after it in the order are read through the index, however deep, and nothing is
   * counted. A keyset resource's sortable columns must be NOT NULL (the cursor compares row values), and all
   * its sort keys run in one direction; `tieBreaker` must be unique.
   */
  paging?: 'offset' | 'keyset';
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

/**
 * The caller's location scope: the ids of the locations they may see, or `'all'` for a user holding every
 * location (`*` in their list: administrators, directors). Built from the verified token by `locationScopeOf`
 * (auth/access.ts); system work (event handlers, jobs) passes `ALL_LOCATIONS_SCOPE` explicitly.
 */
export interface ListScope {
  locations: readonly string[] | 'all';
}

export interface CompiledListQuery {
  /** True when the answer is known to be empty (empty locations filter or scope); run nothing. */
  empty: boolean;
  /** SELECT ... WHERE ... ORDER BY ... LIMIT $n OFFSET $m. */
  dataSql: string;
  /** SELECT count(*) AS "recordsTotal" with the same FROM and WHERE. */
  countSql: string;
  /** Parameters of dataSql: the WHERE values, then LIMIT and OFFSET (keyset: the cursor values, then LIMIT). */
  params: unknown[];
  /** Parameters of countSql: `params` without LIMIT and OFFSET (PostgreSQL refuses unused parameters). */
  countParams: unknown[];
  /** ` FROM ... WHERE ...` of the whole filtered list (offset paging only), for totals over every page (countParams). */
  fromWhereSql?: string;
  /**
   * `other_params` fields whose values are compared in the column's own type (eq, in, status): a value the
   * type cannot read (e.g. `"abc"` for an integer) fails in the database; the runner reports it on these.
   */
  typedFilterFields: string[];
  /**
   * Keyset mode only: the page size the client asked for (dataSql reads one row more, to know whether a next
   * page exists), the aliases of the cursor's key values in each row and the order's fingerprint.
   */
  keyset?: { limit: number; keyAliases: string[]; order: string };
}

/** What the runner needs of a connection: a TypeORM EntityManager or DataSource fits. */
export interface ListQueryExecutor {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

export interface ListResult<T> {
  data: T[];
  recordsTotal: number;
}

/** A keyset page: no total (deep tables are not counted); `next_cursor` is null on the last page. */
export interface KeysetListResult<T> {
  data: T[];
  next_cursor: string | null;
}

/** A resource that pages by cursor (`paging: 'keyset'`). */
export type KeysetListResource = ListResource & { paging: 'keyset' };

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
  if (resource.paging === 'keyset' && resource.pageByKey) fail('keyset paging reads by key already: no pageByKey');
  if ((resource.unlocatedRowsShared || resource.locationColumnIsList) && !resource.locationColumn) {
    fail('unlocatedRowsShared and locationColumnIsList need a locationColumn');
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
interface OrderKey {
  sql: string;
  direction: 'ASC' | 'DESC';
  /** The tie-breaker appended after the chosen keys (written without NULLS LAST: it is unique, never empty). */
  appended?: boolean;
}

function orderKeys(resource: ListResource, orderBy: ListQuery['order_by']): OrderKey[] {
  const keys: OrderKey[] = [];
  const seen = new Set<string>();
  (orderBy ?? []).forEach((entry, index) => {
    if (typeof entry?.column === 'string' && entry.column.trim() === '') return;
    const column = columnOf(resource, entry?.column);
    if (!column) throw new ListQueryError(`order_by[${index}].column`, 'unknown column');
    if (!column.sortable) throw new ListQueryError(`order_by[${index}].column`, 'column is not sortable');
    if (seen.has(entry.column)) return;
    seen.add(entry.column);
    const direction = normaliseSortType(entry.sort_type);
    if (resource.paging === 'keyset' && keys.length > 0 && direction !== keys[0].direction) {
      throw new ListQueryError(`order_by[${index}].sort_type`, 'a keyset list sorts every key in one direction');
    }
    keys.push({ sql: column.sql, direction });
  });
  if (keys.length === 0) {
    keys.push({
      sql: resource.columns[resource.defaultOrder.column].sql,
      direction: normaliseSortType(resource.defaultOrder.direction),
    });
  }
  if (!keys.some((key) => key.sql.trim() === resource.tieBreaker.trim())) {
    keys.push({ sql: resource.tieBreaker, direction: keys[0].direction, appended: true });
  }
  return keys;
}

/**
 * Offset mode puts empty values last in both directions. Keyset mode's keys are NOT NULL, so it writes plain
 * directions: an index on `(<keys>, <tie-breaker>)` serves both, forwards or backwards.
 */
function orderList(keys: readonly OrderKey[], keyset: boolean): string {
  return keys
    .map((key) => (key.appended || keyset ? `${key.sql} ${key.direction}` : `${key.sql} ${key.direction} NULLS LAST`))
    .join(', ');
}

function pagingValue(field: 'limit' | 'start', value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ListQueryError(field, `expected an integer from ${min} to ${max}`);
  }
  return value;
}

/** The location scope is required by a located resource and must be `'all'` or an array of ids. */
function checkedScope(resource: ListResource, scope: ListScope | undefined): ListScope | undefined {
  if (!resource.locationColumn) return undefined;
  const locations = scope?.locations;
  if (locations !== 'all' && !Array.isArray(locations)) {
    throw new Error(
      `List ${resource.from.split(/\s/)[0]} carries a location: it needs the caller's location scope ` +
        '(ListScope.locations: an array of ids or "all")',
    );
  }
  return scope;
}

interface CursorValue {
  /** Fingerprint of the order the cursor was made in. */
  o: string;
  /** The last row's key values, as text. */
  k: (string | null)[];
}

function orderFingerprint(keys: readonly OrderKey[]): string {
  const text = keys.map((key) => `${key.sql} ${key.direction}`).join(',');
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

function encodeCursor(value: CursorValue): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor is opaque to the client: anything but one of ours, for this order, is refused naming `cursor`. */
function decodeCursor(text: string, order: string, keyCount: number): (string | null)[] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new ListQueryError('cursor', 'not a cursor of this list');
  }
  const cursor = value as Partial<CursorValue> | null;
  if (
    typeof cursor !== 'object' ||
    cursor === null ||
    cursor.o !== order ||
    !Array.isArray(cursor.k) ||
    cursor.k.length !== keyCount ||
    !cursor.k.every((key) => typeof key === 'string')
  ) {
    throw new ListQueryError('cursor', 'not a cursor of this list in this order');
  }
  return cursor.k;
}

/**
 * Compiles a list-query body (already parsed by `listQuerySchema`) against a resource's whitelist and the
 * user's location scope (required when the resource declares `locationColumn`: it throws without one). Throws
 * ListQueryError for anything the whitelist does not allow.
 */
export function compileListQuery(resource: ListResource, query: ListQuery, scope?: ListScope): CompiledListQuery {
  assertResource(resource);
  const allowed = checkedScope(resource, scope)?.locations;
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
    const column = resource.locationColumn;
    const isList = resource.locationColumnIsList === true;
    const allowedIds = allowed === 'all' || allowed === undefined ? undefined : [...new Set(allowed.map(String))];
    if (requestedLocations !== undefined) {
      // The asked locations, kept to the scope: a foreign one is silently not there.
      const locations = allowedIds ? requestedLocations.filter((id) => allowedIds.includes(id)) : requestedLocations;
      if (locations.length === 0) empty = true;
      else if (isList) where.push(`(${column}) && ${params.bind(locations)}::text[]`);
      else where.push(`(${column}) = ANY(${params.bind(locations)})`);
    }
    if (allowedIds && !empty) {
      if (isList) {
        const match = resource.locationListMatch === 'any' ? '&&' : '<@';
        where.push(`(${column}) ${match} ${params.bind(allowedIds)}::text[]`);
      } else if (requestedLocations !== undefined) {
        // the filter above already keeps to the scope
      } else if (resource.unlocatedRowsShared) {
        where.push(
          allowedIds.length === 0
            ? `(${column}) IS NULL`
            : `(${column}) IS NULL OR (${column}) = ANY(${params.bind(allowedIds)})`,
        );
      } else if (allowedIds.length === 0) {
        empty = true; // a user holding no location sees nothing
      } else {
        where.push(`(${column}) = ANY(${params.bind(allowedIds)})`);
      }
    }
  }

  const keyset = resource.paging === 'keyset';
  const select = selectList(resource, query.columns ?? []);
  const keys = orderKeys(resource, query.order_by);
  const orderBy = orderList(keys, keyset);
  const limit = pagingValue('limit', query.limit, 1, Number.MAX_SAFE_INTEGER);
  const start = pagingValue('start', query.start, 0, keyset ? 0 : MAX_LIST_START);
  const cursorText = typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
  if (!keyset && cursorText !== undefined) throw new ListQueryError('cursor', 'this list pages by start, not cursor');

  if (empty) return { empty: true, dataSql: '', countSql: '', params: [], countParams: [], typedFilterFields: [] };

  if (keyset) {
    // Rows after the cursor: a row comparison the (keys..., tie-breaker) index answers by a range scan.
    const order = orderFingerprint(keys);
    if (cursorText !== undefined) {
      const values = decodeCursor(cursorText, order, keys.length);
      const placeholders = values.map((value) => params.bind(value));
      const operator = keys[0].direction === 'ASC' ? '>' : '<';
      where.push(`(${keys.map((key) => key.sql).join(', ')}) ${operator} (${placeholders.join(', ')})`);
    }
    const keyAliases = keys.map((_key, index) => `__cursor_${index}`);
    const keySelect = keys.map((key, index) => `(${key.sql})::text AS "${keyAliases[index]}"`).join(', ');
    const whereSql = where.length > 0 ? ` WHERE ${where.map((condition) => `(${condition})`).join(' AND ')}` : '';
    const dataSql = `SELECT ${select}, ${keySelect} FROM ${resource.from}${whereSql} ORDER BY ${orderBy} LIMIT ${params.bind(limit + 1)}`;
    return {
      empty: false,
      dataSql,
      countSql: '',
      params: params.values,
      countParams: [],
      typedFilterFields: cursorText !== undefined ? [...typedFilterFields, 'cursor'] : typedFilterFields,
      keyset: { limit, keyAliases, order },
    };
  }

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
  const fromWhereSql = ` FROM ${resource.from}${whereSql}`;
  return { empty: false, dataSql, countSql, params: params.values, countParams, fromWhereSql, typedFilterFields };
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
  resource: KeysetListResource,
  listQuery: ListQuery,
  scope?: ListScope,
): Promise<KeysetListResult<T>>;
export async function runListQuery<T = Record<string, unknown>>(
  manager: ListQueryExecutor,
  resource: ListResource,
  listQuery: ListQuery,
  scope?: ListScope,
): Promise<ListResult<T>>;
export async function runListQuery<T = Record<string, unknown>>(
  manager: ListQueryExecutor,
  resource: ListResource,
  listQuery: ListQuery,
  scope?: ListScope,
): Promise<ListResult<T> | KeysetListResult<T>> {
  const compiled = compileListQuery(resource, listQuery, scope);
  if (compiled.keyset) {
    if (compiled.empty) return { data: [], next_cursor: null };
    return keysetPage<T>(
      await query<Record<string, unknown>[]>(manager, compiled, compiled.dataSql, compiled.params),
      compiled.keyset,
    );
  }
  if (compiled.empty)
    return resource.paging === 'keyset' ? { data: [], next_cursor: null } : { data: [], recordsTotal: 0 };
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

/** The number of rows a list query selects (every page) and the sum of some of its columns, as exact decimals. */
export interface ListTotals<Column extends string> {
  recordsTotal: number;
  sums: Record<Column, string>;
}

/**
 * Totals over every row the list query selects — its filters, search and scope, not its page: the row count and
 * `SUM` of each of `columns` as the list answers them (a rounded money column sums the rounded figures, so the
 * rows shown add up to the total). Offset-paged lists only (a keyset list is never counted whole).
 */
export async function runListTotals<Column extends string>(
  manager: ListQueryExecutor,
  resource: ListResource,
  listQuery: ListQuery,
  columns: readonly Column[],
  scope?: ListScope,
): Promise<ListTotals<Column>> {
  if (resource.paging === 'keyset') throw new Error('runListTotals: a keyset list has no totals');
  const zero = () => Object.fromEntries(columns.map((column) => [column, '0'])) as Record<Column, string>;
  const compiled = compileListQuery(resource, { ...listQuery, start: 0, order_by: [] }, scope);
  if (compiled.empty) return { recordsTotal: 0, sums: zero() };
  const sums = columns.map((column, index) => {
    const definition = resource.columns[column];
    if (!definition) throw new Error(`runListTotals: the list has no column ${column}`);
    return `COALESCE(sum(${definition.sql}), 0)::text AS "s${index}"`;
  });
  const [row] = await query<Record<string, string>[]>(
    manager,
    compiled,
    `SELECT count(*) AS "recordsTotal", ${sums.join(', ')}${compiled.fromWhereSql}`,
    compiled.countParams,
  );
  return {
    recordsTotal: Number(row?.recordsTotal ?? 0),
    sums: Object.fromEntries(columns.map((column, index) => [column, row?.[`s${index}`] ?? '0'])) as Record<
      Column,
      string
    >,
  };
}

/** The page of a keyset query (read one row more than asked) and the cursor after its last row. */
function keysetPage<T>(
  rows: Record<string, unknown>[],
  keyset: NonNullable<CompiledListQuery['keyset']>,
): KeysetListResult<T> {
  const more = rows.length > keyset.limit;
  const page = more ? rows.slice(0, keyset.limit) : rows;
  const last = page[page.length - 1];
  const next_cursor =
    more && last
      ? encodeCursor({ o: keyset.order, k: keyset.keyAliases.map((alias) => (last[alias] as string | null) ?? null) })
      : null;
  const data = page.map((row) => {
    const out = { ...row };
    for (const alias of keyset.keyAliases) delete out[alias];
    return out as T;
  });
  return { data, next_cursor };
}
