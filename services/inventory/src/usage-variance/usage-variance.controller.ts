import { HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, ListQuery, UsageVarianceRow, UsageVarianceTotal } from '@scm/contracts';
import { AnyPermission, CallerScope, CurrentUser, ListPage, ServiceController, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { UsageVarianceQueries } from './usage-variance.service.js';

/** Who may read the report: the inventory overview's readers, or the reports' (SPEC.md §6, Report). */
export const USAGE_VARIANCE_KEYS = ['INVENTORY_OVERVIEW', 'REPORT'] as const;

/**
 * /inventory/usage-variance (issue 14): actual vs theoretical usage per SKU and location over a period.
 * other_params: from, to (ISO dates, default this month to today), location_ids, category_id; search_str on the SKU.
 */
@ServiceController('inventory/usage-variance', 'inventory: usage variance')
export class UsageVarianceController {
  constructor(private readonly queries: UsageVarianceQueries) {}

  @Post('list')
  @HttpCode(200)
  @AnyPermission(USAGE_VARIANCE_KEYS, 'view')
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<UsageVarianceRow>> {
    const page = await this.queries.list(query, scope, user);
    return new ListPage(page.data, page.recordsTotal);
  }

  /** The totals of what `list` selects on every page (its filters and search, not its page or order). */
  @Post('total')
  @HttpCode(200)
  @AnyPermission(USAGE_VARIANCE_KEYS, 'view')
  total(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<UsageVarianceTotal> {
    return this.queries.total(query, scope);
  }
}
