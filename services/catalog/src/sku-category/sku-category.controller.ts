import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, skuCategoryInputSchema } from '@scm/contracts';
import type { ListQuery, SkuCategoryListRow, SkuCategoryView, ValidSkuCategoryInput } from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { SkuCategoryService } from './sku-category.service.js';

/** SKU categories with sub-categories (SPEC.md §2 /PLUSKU/sku/category, key SKU). */
@ServiceController('catalog/sku-categories', 'catalog: SKU category')
export class SkuCategoryController {
  constructor(private readonly categories: SkuCategoryService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SKU', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SkuCategoryListRow>> {
    return this.categories.list(query);
  }

  @Get(':id')
  @Permission('SKU', 'view')
  get(@IdParam() categoryId: string): Promise<SkuCategoryView> {
    return this.categories.get(categoryId);
  }

  @Post()
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(skuCategoryInputSchema) input: ValidSkuCategoryInput): Promise<SkuCategoryView> {
    return this.categories.create(input);
  }

  @Put(':id')
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() categoryId: string,
    @ValidBody(skuCategoryInputSchema) input: ValidSkuCategoryInput,
  ): Promise<SkuCategoryView> {
    return this.categories.update(categoryId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.archived')
  archive(@IdParam() categoryId: string): Promise<SkuCategoryView> {
    return this.categories.archive(categoryId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@IdParam() categoryId: string): Promise<SkuCategoryView> {
    return this.categories.reactivate(categoryId);
  }

  @Delete(':id')
  @Permission('SKU', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() categoryId: string): Promise<null> {
    await this.categories.delete(categoryId);
    return null;
  }
}
