import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, skuInputSchema } from '@scm/contracts';
import type { ListQuery, SkuListRow, SkuView, ValidSkuInput } from '@scm/contracts';
import { CodeParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { SkuService } from './sku.service.js';

/**
 * SKUs (SPEC.md §2 /PLUSKU/sku/list, key SKU); the id in the path is the SKU ID. The prices of a SKU's view are
 * answered only to roles with can_see_cost (marked in the contracts: SKU_COST_FIELDS).
 */
@ServiceController('catalog/skus', 'catalog: SKU')
export class SkuController {
  constructor(private readonly skus: SkuService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SKU', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SkuListRow>> {
    return this.skus.list(query);
  }

  @Get(':id')
  @Permission('SKU', 'view')
  get(@CodeParam() skuId: string): Promise<SkuView> {
    return this.skus.get(skuId);
  }

  @Post()
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(skuInputSchema) input: ValidSkuInput): Promise<SkuView> {
    return this.skus.create(input);
  }

  @Put(':id')
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.updated')
  update(@CodeParam() skuId: string, @ValidBody(skuInputSchema) input: ValidSkuInput): Promise<SkuView> {
    return this.skus.update(skuId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() skuId: string): Promise<SkuView> {
    return this.skus.archive(skuId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() skuId: string): Promise<SkuView> {
    return this.skus.reactivate(skuId);
  }

  @Delete(':id')
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() skuId: string): Promise<null> {
    await this.skus.delete(skuId);
    return null;
  }
}
