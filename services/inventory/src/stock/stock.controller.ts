import { Get, HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ListQuery, StockAtLocation, StockCategoryOption, StockItemOption, StockItemType } from '@scm/contracts';
import { AnyPermission, CallerScope, CodeParam, ListPage, ServiceController, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockQueries } from './stock-queries.service.js';
import { ItemTypeParam } from './stock-params.js';

/**
 * What the documents' line grids read (item search, stock at a location, categories): any key of a document with
 * such a grid — stock adjustment, stock take, WIP, stock transfer / release (and its RJ twin), delivery order — or
 * the overview lets a user type one.
 */
const LINE_GRID_KEYS = ['SA', 'ST', 'INVENTORY_OVERVIEW', 'WIP', 'SR', 'RJ_SR', 'DO'] as const;

/** Stock at one location, for a document line (its balance, units and open batches). */
@ServiceController('inventory/stock', 'inventory: stock')
export class StockController {
  constructor(private readonly stock: StockQueries) {}

  @Get(':locationId/:itemType/:itemId')
  @AnyPermission(LINE_GRID_KEYS, 'view')
  at(
    @CodeParam('locationId') locationId: string,
    @ItemTypeParam() itemType: StockItemType,
    @CodeParam('itemId') itemId: string,
    @CallerScope() scope: LocationScope,
  ): Promise<StockAtLocation> {
    return this.stock.stockAt(locationId, itemType, itemId, scope);
  }
}

/** The line grid's item search: the SKUs and RJ products the ledger keeps stock of. */
@ServiceController('inventory/items', 'inventory: stock')
export class ItemOptionController {
  constructor(private readonly stock: StockQueries) {}

  @Post('list')
  @HttpCode(200)
  @AnyPermission(LINE_GRID_KEYS, 'view')
  async list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<StockItemOption>> {
    const page = await this.stock.items(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  /** The categories a stock take can count whole: every category of the inventorised items, by name. */
  @Get('categories')
  @AnyPermission(LINE_GRID_KEYS, 'view')
  categories(): Promise<StockCategoryOption[]> {
    return this.stock.itemCategories();
  }
}
