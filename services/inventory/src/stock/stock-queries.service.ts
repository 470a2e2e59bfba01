import { Inject, Injectable } from '@nestjs/common';
import { BACK_ORDER_STATUSES, CommonErrorCode, STOCK_LEVEL_FILTERS, businessDate, isoDateSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentStatusCount,
  FifoValuationRow,
  FifoValuationTotal,
  ListQuery,
  StockBalanceRow,
  StockBatchView,
  StockCategoryOption,
  StockItemDetail,
  StockItemOption,
  StockItemType,
  StockLevelFilter,
  StockMovementView,
  BackOrderRow,
} from '@scm/contracts';
import {
  AppException,
  DATA_SOURCE,
  ListQueryError,
  compileListQuery,
  inTransaction,
  isBlankFilterValue,
  runListQuery,
  runListTotals,
  scopeIds,
  documentStatusCounts,
  withLocationFilter,
} from '@scm/platform';
import type { KeysetListResource, KeysetListResult, ListResource, ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { StockReader } from './stock-reader.js';
import {
  BACK_ORDER_LIST,
  FIFO_VALUATION_LIST,
  ITEM_OPTION_LIST,
  MOVEMENT_KEYSET_LIST,
  MOVEMENT_LIST,
  OVERVIEW_COST_SORTS,
  OVERVIEW_COUNT_FROM,
  OVERVIEW_KEYSET_LIST,
  OVERVIEW_LIST,
} from './stock.lists.js';
import {
  BALANCE_FIELDS,
  BALANCE_FROM,
  BATCH_FIELDS,
  FIFO_VALUATION_SQL,
  isoDate,
  money,
  selectList,
} from './stock-sql.js';

/** The overview's `level` filter as the columns' own filters (each level is a condition on one column). */
const LEVEL_FILTERS: Record<StockLevelFilter, [string, unknown]> = {
  below_threshold: ['below_threshold', true],
  in_stock: ['on_hand', { from: '0.001' }],
  out_of_stock: ['on_hand', { to: '0' }],
  back_ordered: ['back_order_quantity', { to: '-0.001' }],
};

function withLevelFilter(query: ListQuery): ListQuery {
  const { level, ...rest } = query.other_params;
  if (isBlankFilterValue(level)) return { ...query, other_params: rest };
  const value: unknown = Array.isArray(level) && level.length === 1 ? (level[0] as unknown) : level;
  if (typeof value !== 'string' || !(STOCK_LEVEL_FILTERS as readonly string[]).includes(value)) {
    throw new ListQueryError('other_params.level', `expected one of ${STOCK_LEVEL_FILTERS.join(', ')}`);
  }
  const [column, filter] = LEVEL_FILTERS[value as StockLevelFilter];
  if (column in rest) throw new ListQueryError(`other_params.${column}`, 'cannot be combined with this level');
  return { ...query, other_params: { ...rest, [column]: filter } };
}

/**
 * A caller without can_see_cost gets no cost field (the platform's interceptor removes them), and may not sort by
 * one either: the order of the rows would tell what the removed figures hide.
 */
function refuseCostSorts(query: ListQuery, user: AccessTokenClaims, costColumns: readonly string[]): void {
  if (user.cost) return;
  query.order_by.forEach((entry, index) => {
    if (costColumns.includes(entry.column)) throw new ListQueryError(`order_by[${index}].column`, 'unknown column');
  });
}

/** The driver reads a `date` as a local-midnight Date: the API answers the calendar date. */
function calendarDate(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function asOfDate(value: unknown, field: string): string {
  if (isBlankFilterValue(value)) return businessDate();
  const parsed = isoDateSchema.safeParse(value);
  if (!parsed.success) throw new ListQueryError(field, 'expected an ISO date (YYYY-MM-DD)');
  return parsed.data;
}

const notFound = () => new AppException(CommonErrorCode.NOT_FOUND);

/** A page by `start` (with the total) or by `cursor` (with the next one). */
export type StockPage<T> = ListResult<T> | KeysetListResult<T>;

/**
 * The deep lists (balances, movements) page by `start` with a total, as every list, or by keyset when the body
 * carries `cursor` (null: the first page): then nothing is counted and no row is skipped through, however deep.
 */
function runPaged<T>(
  manager: EntityManager,
  offset: ListResource,
  keyset: KeysetListResource,
  query: ListQuery,
  scope: LocationScope,
  countOn?: { from: string; aliases: readonly string[] },
): Promise<StockPage<T>> {
  if (query.cursor !== undefined) return runListQuery<T>(manager, keyset, query, scope);
  return countOn
    ? runCountingNarrowly<T>(manager, offset, countOn, query, scope)
    : runListQuery<T>(manager, offset, query, scope);
}

/** PostgreSQL data exceptions a bound filter value can cause (as runListQuery reads them). */
const VALUE_ERRORS = new Set(['22P02', '22007', '22008', '22003']);

/**
 * runListQuery, but the total is counted on `countOn` (the base table alone) whenever the query's conditions name
 * no other table: the list compiler's pageByKey narrowing, used for the count only. A director's overview totals two
 * million balances, which the joins to the replicas (needed for the names, never for the number of rows) make
 * seconds instead of a scan of one index; a location's total is then an index range.
 */
async function runCountingNarrowly<T>(
  manager: EntityManager,
  resource: ListResource,
  countOn: { from: string; aliases: readonly string[] },
  query: ListQuery,
  scope: LocationScope,
): Promise<ListResult<T>> {
  const compiled = compileListQuery(resource, query, scope);
  if (compiled.empty) return { data: [], recordsTotal: 0 };
  const counting = compileListQuery({ ...resource, pageByKey: countOn }, query, scope);
  const run = async <R>(sql: string, params: unknown[]): Promise<R> => {
    try {
      return await manager.query<R>(sql, params);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const fields = compiled.typedFilterFields;
      if (typeof code === 'string' && VALUE_ERRORS.has(code) && fields.length > 0) {
        throw new ListQueryError(fields.length === 1 ? fields[0] : 'other_params', 'value does not fit the column');
      }
      throw error;
    }
  };
  const data = await run<T[]>(compiled.dataSql, compiled.params);
  if (data.length < query.limit && (data.length > 0 || query.start === 0)) {
    return { data, recordsTotal: query.start + data.length };
  }
  const rows = await run<{ recordsTotal: string | number }[]>(counting.countSql, counting.countParams);
  return { data, recordsTotal: Number(rows[0]?.recordsTotal ?? 0) };
}

/**
 * The ledger's read side (docs/stock-ledger.md, "HTTP"): the overview, an item's detail and movements, stock at a
 * location, the line grid's item search, back orders and the director's /fifo. Reads only; every list keeps to
 * the caller's locations.
 */
@Injectable()
export class StockQueries {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly reader: StockReader,
  ) {}

  async overview(query: ListQuery, scope: LocationScope, user: AccessTokenClaims): Promise<StockPage<StockBalanceRow>> {
    refuseCostSorts(query, user, OVERVIEW_COST_SORTS);
    return runPaged<StockBalanceRow>(
      this.dataSource.manager,
      OVERVIEW_LIST,
      OVERVIEW_KEYSET_LIST,
      withLevelFilter(withLocationFilter(query)),
      scope,
      OVERVIEW_COUNT_FROM,
    );
  }

  /** One item at the caller's locations: a balance per location holding it, and its open batches. */
  async itemDetail(itemType: StockItemType, itemId: string, scope: LocationScope): Promise<StockItemDetail> {
    const manager = this.dataSource.manager;
    const items: Omit<StockItemDetail, 'balances' | 'batches'>[] = await manager.query(
      `SELECT i.item_type, i.item_id, i.item_name, COALESCE(i.ch_display_name, '') AS ch_display_name,
              COALESCE(c.category_name, '') AS category_name, i.primary_uom_name AS uom_name, i.uom_list, i.threshold
         FROM item_replica i
         LEFT JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id
        WHERE i.item_type = $1 AND i.item_id = $2`,
      [itemType, itemId],
    );
    if (items.length === 0) throw notFound();
    const locations = scopeIds(scope);
    const balances: StockBalanceRow[] = await manager.query(
      `SELECT ${selectList(BALANCE_FIELDS)} FROM ${BALANCE_FROM}
        WHERE b.item_type = $1 AND b.item_id = $2 AND ($3::text[] IS NULL OR b.location_id = ANY($3::text[]))
        ORDER BY l.location_name, b.location_id`,
      [itemType, itemId, locations ?? null],
    );
    const batches = await this.reader.openBatches(manager, itemType, itemId, locations);
    return { ...items[0], balances, batches };
  }

  async movements(
    itemType: StockItemType,
    itemId: string,
    query: ListQuery,
    scope: LocationScope,
  ): Promise<StockPage<StockMovementView>> {
    // The path names the item: the body cannot widen it to another one.
    const scoped = withLocationFilter(query);
    const page = await runPaged<StockMovementView>(
      this.dataSource.manager,
      MOVEMENT_LIST,
      MOVEMENT_KEYSET_LIST,
      { ...scoped, other_params: { ...scoped.other_params, item_type: itemType, item_id: itemId } },
      scope,
    );
    return { ...page, data: page.data.map((row) => ({ ...row, value_date: calendarDate(row.value_date) })) };
  }

  /** StockAtLocation for a document line; a location outside the caller's scope is not found, as a missing one. */
  stockAt(locationId: string, itemType: StockItemType, itemId: string, scope: LocationScope) {
    const locations = scopeIds(scope);
    if (locations && !locations.includes(locationId)) return Promise.reject(notFound());
    return this.reader.atLocation(this.dataSource.manager, locationId, itemType, itemId);
  }

  items(query: ListQuery): Promise<ListResult<StockItemOption>> {
    return runListQuery<StockItemOption>(this.dataSource.manager, ITEM_OPTION_LIST, query);
  }

  /**
   * The categories a stock take can count whole: the distinct categories of the inventorised, not archived (nor
   * deleted) items in the replica — the items `ItemReplicaRepository.inCategories` would put on the sheet — named
   * from the category replica (its id when the category has not arrived yet; a deleted category is left out).
   * Every one of them, however many items there are: one DISTINCT query, no page.
   */
  itemCategories(): Promise<StockCategoryOption[]> {
    return this.dataSource.manager.query<StockCategoryOption[]>(
      `SELECT DISTINCT i.item_type, i.category_id::text AS category_id,
              COALESCE(NULLIF(c.category_name, ''), i.category_id::text) AS category_name
         FROM item_replica i
         LEFT JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id
        WHERE i.category_id IS NOT NULL AND i.is_inventorise AND NOT i.deleted AND i.status <> 'archived'
          AND NOT COALESCE(c.deleted, false)
        ORDER BY category_name, i.item_type, category_id`,
    );
  }

  backOrders(query: ListQuery, scope: LocationScope): Promise<ListResult<BackOrderRow>> {
    return runListQuery<BackOrderRow>(this.dataSource.manager, BACK_ORDER_LIST, withLocationFilter(query), scope);
  }

  /** The status tabs of the back-order list, counted under the list's other filters (the document kit's). */
  backOrderCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      BACK_ORDER_LIST,
      BACK_ORDER_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /**
   * /fifo: every (item, location) valued as of the end of `other_params.as_of` (default today). The valuation is
   * made ONCE per request into a temporary table (the list's page and its count both read it); see valueAsOf.
   */
  async fifoValuation(query: ListQuery, scope: LocationScope): Promise<ListResult<FifoValuationRow>> {
    return this.asOfValuation(query, scope, (manager, listQuery) =>
      runListQuery<FifoValuationRow>(manager, FIFO_VALUATION_LIST, listQuery, scope),
    );
  }

  /** /fifo's total: the rows the same list query selects on every page, and their listed valuations summed. */
  async fifoValuationTotal(query: ListQuery, scope: LocationScope): Promise<FifoValuationTotal> {
    return this.asOfValuation(query, scope, async (manager, listQuery, asOf) => {
      const totals = await runListTotals(manager, FIFO_VALUATION_LIST, listQuery, ['valuation'], scope);
      return { as_of: asOf, rows: totals.recordsTotal, valuation: totals.sums.valuation };
    });
  }

  /** Values every (item, location) as of `other_params.as_of`, then reads the list query (without as_of) over it. */
  private asOfValuation<T>(
    query: ListQuery,
    scope: LocationScope,
    read: (manager: EntityManager, listQuery: ListQuery, asOf: string) => Promise<T>,
  ): Promise<T> {
    const { as_of: asOfValue, ...otherParams } = withLocationFilter(query).other_params;
    const asOf = asOfDate(asOfValue, 'other_params.as_of');
    const locations = scopeIds(scope);
    const itemType = otherParams.item_type;
    return inTransaction(this.dataSource, async (manager) => {
      await this.valueAsOf(manager, asOf, locations ?? null, typeof itemType === 'string' ? itemType : null);
      return read(manager, { ...query, other_params: otherParams }, asOf);
    });
  }

  /**
   * Fills the transaction's `fifo_as_of` (dropped at commit): each (item, location) as its layers stood at the end
   * of `asOf`, in one statement (FIFO_VALUATION_SQL). Movements dated later are ignored, whenever they were posted.
   */
  private async valueAsOf(
    manager: EntityManager,
    asOf: string,
    locations: readonly string[] | null,
    itemType: string | null,
  ): Promise<void> {
    await manager.query(
      `CREATE TEMPORARY TABLE fifo_as_of (
         item_type text NOT NULL, item_id text NOT NULL, location_id text NOT NULL,
         quantity numeric(18,3) NOT NULL, valuation numeric(24,7) NOT NULL, as_of date NOT NULL
       ) ON COMMIT DROP`,
    );
    // A director's report over the whole ledger: enough memory that its hash tables do not spill to disk.
    await manager.query(`SET LOCAL work_mem = '128MB'`);
    await manager.query(
      `INSERT INTO fifo_as_of (item_type, item_id, location_id, quantity, valuation, as_of)
       SELECT valued.*, $1::date FROM (${FIFO_VALUATION_SQL}) valued`,
      [asOf, locations, itemType],
    );
  }

  /**
   * One item's FIFO layers as they stood at the end of `asOf`: each batch with what remained of it then (its
   * receipt and issues dated up to the day), at the caller's locations or the one asked; batches empty then are
   * left out.
   */
  async fifoLayers(
    itemType: StockItemType,
    itemId: string,
    locationValue: unknown,
    asOfValue: unknown,
    scope: LocationScope,
  ): Promise<StockBatchView[]> {
    const asOf = asOfDate(asOfValue, 'as_of');
    if (!isBlankFilterValue(locationValue) && typeof locationValue !== 'string') {
      throw new ListQueryError('location_id', 'expected a location id');
    }
    const locationId = isBlankFilterValue(locationValue) ? undefined : (locationValue as string);
    const allowed = scopeIds(scope);
    if (locationId !== undefined && allowed && !allowed.includes(locationId)) return [];
    const locations = locationId !== undefined ? [locationId] : (allowed ?? null);
    const fields = {
      ...BATCH_FIELDS,
      remaining_quantity: 'layer.remaining',
      remaining_value: money('layer.remaining_value'),
      value_date: isoDate('sb.value_date'),
    };
    return this.dataSource.manager.query(
      `SELECT ${selectList(fields)}
         FROM (SELECT m.batch_id, sum(m.quantity) AS remaining, sum(m.cost_value) AS remaining_value
                 FROM stock_movement m
                WHERE m.item_type = $1 AND m.item_id = $2 AND m.value_date <= $3::date AND m.batch_id IS NOT NULL
                  AND ($4::text[] IS NULL OR m.location_id = ANY($4::text[]))
                GROUP BY m.batch_id) layer
         JOIN stock_batch sb ON sb.batch_id = layer.batch_id
         JOIN location_replica l ON l.location_id = sb.location_id
        WHERE layer.remaining <> 0
        ORDER BY sb.location_id, sb.seq`,
      [itemType, itemId, asOf, locations],
    );
  }
}
