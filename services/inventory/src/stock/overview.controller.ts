import { Get, HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  ListQuery,
  StockBalanceRow,
  StockItemDetail,
  StockItemType,
  StockMovementView,
} from '@scm/contracts';
import {
  CallerScope,
  CodeParam,
  CurrentUser,
  CursorPage,
  ListPage,
  Permission,
  ServiceController,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockQueries } from './stock-queries.service.js';
import type { StockPage } from './stock-queries.service.js';
import { ItemTypeParam } from './stock-params.js';

/** A page as the envelope answers it: `recordsTotal` for a page by `start`, `next_cursor` for one by `cursor`. */
function envelopePage<T>(page: StockPage<T>): ListPage<T> | CursorPage<T> {
  return 'next_cursor' in page
    ? new CursorPage(page.data, page.next_cursor)
    : new ListPage(page.data, page.recordsTotal);
}

/**
 * /inventory/overview (INVENTORY_OVERVIEW): the balances per item and location, one item's detail and its
 * movements. Both lists page by `start` (with a total) or, sent a `cursor` (null first), by keyset: a director's
 * balances are millions of rows, too many to count on every page.
 */
@ServiceController('inventory/overview', 'inventory: stock overview')
export class OverviewController {
  constructor(private readonly stock: StockQueries) {}

  @Post('list')
  @HttpCode(200)
  @Permission('INVENTORY_OVERVIEW', 'view')
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<StockBalanceRow> | CursorPage<StockBalanceRow>> {
    return envelopePage(await this.stock.overview(query, scope, user));
  }

  @Get('items/:itemType/:itemId')
  @Permission('INVENTORY_OVERVIEW', 'view')
  item(
    @ItemTypeParam() itemType: StockItemType,
    @CodeParam('itemId') itemId: string,
    @CallerScope() scope: LocationScope,
  ): Promise<StockItemDetail> {
    return this.stock.itemDetail(itemType, itemId, scope);
  }

  @Post('items/:itemType/:itemId/movements/list')
  @HttpCode(200)
  @Permission('INVENTORY_OVERVIEW', 'view')
  async movements(
    @ItemTypeParam() itemType: StockItemType,
    @CodeParam('itemId') itemId: string,
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StockMovementView> | CursorPage<StockMovementView>> {
    return envelopePage(await this.stock.movements(itemType, itemId, query, scope));
  }
}
