import { HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { BackOrderRow, DocumentStatusCount, ListQuery } from '@scm/contracts';
import { CallerScope, ListPage, Permission, ServiceController, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockQueries } from './stock-queries.service.js';

/** /inventory/back-order (SO): the shortfalls of postings allowed to go negative, and their status tabs. */
@ServiceController('inventory/back-orders', 'inventory: back orders')
export class BackOrderController {
  constructor(private readonly stock: StockQueries) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SO', 'view')
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<BackOrderRow>> {
    const page = await this.stock.backOrders(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('SO', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.stock.backOrderCounts(query, scope);
  }
}
