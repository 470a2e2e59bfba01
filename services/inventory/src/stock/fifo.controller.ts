import { Get, HttpCode, Post, Query } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { FifoValuationRow, FifoValuationTotal, ListQuery, StockBatchView, StockItemType } from '@scm/contracts';
import { CallerScope, CodeParam, DirectorOnly, ListPage, ServiceController, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockQueries } from './stock-queries.service.js';
import { ItemTypeParam } from './stock-params.js';

/** /fifo (SPEC.md §2, §6): only the role named director sees the FIFO layers and the valuation as of a date. */
@ServiceController('inventory/fifo', 'inventory: fifo')
export class FifoController {
  constructor(private readonly stock: StockQueries) {}

  @Post('list')
  @HttpCode(200)
  @DirectorOnly()
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<FifoValuationRow>> {
    const page = await this.stock.fifoValuation(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  /** The total of what `list` selects on every page (its filters and search, not its page or order). */
  @Post('total')
  @HttpCode(200)
  @DirectorOnly()
  total(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<FifoValuationTotal> {
    return this.stock.fifoValuationTotal(query, scope);
  }

  @Get('layers/:itemType/:itemId')
  @DirectorOnly()
  layers(
    @ItemTypeParam() itemType: StockItemType,
    @CodeParam('itemId') itemId: string,
    @Query('location_id') locationId: unknown,
    @Query('as_of') asOf: unknown,
    @CallerScope() scope: LocationScope,
  ): Promise<StockBatchView[]> {
    // `?location_id` (absent: every location of the caller) and `?as_of` (absent: today), checked by the query.
    return this.stock.fifoLayers(itemType, itemId, locationId, asOf, scope);
  }
}
