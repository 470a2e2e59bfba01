import { Inject, Injectable } from '@nestjs/common';
import { businessDate, isoDateSchema } from '@scm/contracts';
import type { AccessTokenClaims, ListQuery, UsageVarianceRow, UsageVarianceTotal } from '@scm/contracts';
import {
  DATA_SOURCE,
  ListQueryError,
  inTransaction,
  isBlankFilterValue,
  runListQuery,
  runListTotals,
  scopeIds,
  withLocationFilter,
} from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import {
  USAGE_VARIANCE_COST_SORTS,
  USAGE_VARIANCE_FILL_SQL,
  USAGE_VARIANCE_LIST,
  USAGE_VARIANCE_QUANTITY_LIST,
  USAGE_VARIANCE_TABLE_SQL,
} from './usage-variance.sql.js';

/** The period of a report: value dates, both inclusive. */
export interface UsagePeriod {
  from: string;
  to: string;
}

function periodDate(value: unknown, field: string, fallback: string): string {
  if (isBlankFilterValue(value)) return fallback;
  const parsed = isoDateSchema.safeParse(value);
  if (!parsed.success) throw new ListQueryError(field, 'expected an ISO date (YYYY-MM-DD)');
  return parsed.data;
}

/**
 * The period from `other_params.from` / `other_params.to` (ISO dates); without them, the current month up to today
 * (the business date). `from` after `to` is refused.
 */
export function usagePeriod(params: Record<string, unknown>): UsagePeriod {
  const today = businessDate();
  const to = periodDate(params.to, 'other_params.to', today);
  const from = periodDate(params.from, 'other_params.from', `${to.slice(0, 8)}01`);
  if (from > to) throw new ListQueryError('other_params.from', 'must not be after other_params.to');
  return { from, to };
}

/**
 * Usage variance (issue 14; the formula: libs/contracts/src/inventory/usage-variance.ts, usage-variance.sql.ts): per
 * SKU and location of the caller, the period's theoretical usage (sales uploads through their BOMs) against its
 * actual usage (opening + receipts + transfers in − transfers out − closing), in quantity and value, top variances
 * first. Reads only the ledger; each request computes its rows ONCE into a temporary table (page and total read it).
 */
@Injectable()
export class UsageVarianceQueries {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  list(query: ListQuery, scope: LocationScope, user: AccessTokenClaims): Promise<ListResult<UsageVarianceRow>> {
    // Without can_see_cost: no value column in the answer (the interceptor), none to sort by, top by quantity.
    if (!user.cost) {
      query.order_by.forEach((entry, index) => {
        if (USAGE_VARIANCE_COST_SORTS.includes(entry.column)) {
          throw new ListQueryError(`order_by[${index}].column`, 'unknown column');
        }
      });
    }
    const resource = user.cost ? USAGE_VARIANCE_LIST : USAGE_VARIANCE_QUANTITY_LIST;
    return this.overPeriod(query, scope, (manager, listQuery) =>
      runListQuery<UsageVarianceRow>(manager, resource, listQuery, scope),
    );
  }

  /** The rows every page of `list` selects with the same filters, and their listed values summed. */
  total(query: ListQuery, scope: LocationScope): Promise<UsageVarianceTotal> {
    return this.overPeriod(query, scope, async (manager, listQuery, period) => {
      const totals = await runListTotals(
        manager,
        USAGE_VARIANCE_LIST,
        listQuery,
        ['actual_value', 'theoretical_value', 'variance_value'],
        scope,
      );
      return {
        period_from: period.from,
        period_to: period.to,
        rows: totals.recordsTotal,
        ...totals.sums,
      };
    });
  }

  private overPeriod<T>(
    query: ListQuery,
    scope: LocationScope,
    read: (manager: EntityManager, listQuery: ListQuery, period: UsagePeriod) => Promise<T>,
  ): Promise<T> {
    const scoped = withLocationFilter(query);
    const { from, to, ...otherParams } = scoped.other_params;
    const period = usagePeriod({ from, to });
    // Only the locations the rows can show are computed: the asked ones within the caller's (the list keeps to
    // both again, so this only narrows the work).
    const allowed = scopeIds(scope);
    const asked = Array.isArray(otherParams.locations)
      ? otherParams.locations.filter((id): id is string => typeof id === 'string')
      : null;
    const locations = asked ? (allowed ? asked.filter((id) => allowed.includes(id)) : asked) : (allowed ?? null);
    return inTransaction(this.dataSource, async (manager) => {
      await manager.query(USAGE_VARIANCE_TABLE_SQL);
      await manager.query(`SET LOCAL work_mem = '64MB'`);
      await manager.query(USAGE_VARIANCE_FILL_SQL, [period.from, period.to, locations]);
      return read(manager, { ...scoped, other_params: otherParams }, period);
    });
  }
}
