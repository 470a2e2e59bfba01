import { Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import {
  ITEM_CATEGORY_API_PATHS,
  ITEM_CATEGORY_PERMISSIONS,
  itemCategoryInputSchema,
  listQuerySchema,
} from '@scm/contracts';
import type { ItemCategoryKind, ItemCategoryView, ListQuery, ValidItemCategoryInput } from '@scm/contracts';
import {
  AnyPermission,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import { ItemCategoryService } from './item-category.service.js';

/**
 * The controller of one kind's categories: `/api/catalog/item-categories/<path>` guarded by that kind's key
 * (a decorator's key is fixed per class, hence one class per kind, each with its own handlers).
 */
function itemCategoryController(kind: ItemCategoryKind, className: string): Type {
  const keys = ITEM_CATEGORY_PERMISSIONS[kind];
  /** One key: SPEC.md §5's rule; several (products): any one of them. */
  const guard = (check: 'view' | 'edit') =>
    keys.length === 1 ? Permission(keys[0], check) : AnyPermission(keys, check);

  @ServiceController(`catalog/item-categories/${ITEM_CATEGORY_API_PATHS[kind]}`, 'catalog: item category')
  class ItemCategoryController {
    constructor(@Inject(ItemCategoryService) private readonly categories: ItemCategoryService) {}

    @Post('list')
    @HttpCode(200)
    @guard('view')
    list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<ItemCategoryView>> {
      return this.categories.list(kind, query);
    }

    @Get(':id')
    @guard('view')
    get(@IdParam() categoryId: string): Promise<ItemCategoryView> {
      return this.categories.get(kind, categoryId);
    }

    @Post()
    @guard('edit')
    @SuccessMessage('messages.created')
    create(@ValidBody(itemCategoryInputSchema) input: ValidItemCategoryInput): Promise<ItemCategoryView> {
      return this.categories.create(kind, input);
    }

    @Put(':id')
    @guard('edit')
    @SuccessMessage('messages.updated')
    update(
      @IdParam() categoryId: string,
      @ValidBody(itemCategoryInputSchema) input: ValidItemCategoryInput,
    ): Promise<ItemCategoryView> {
      return this.categories.update(kind, categoryId, input);
    }

    @Post(':id/archive')
    @HttpCode(200)
    @guard('edit')
    @SuccessMessage('messages.archived')
    archive(@IdParam() categoryId: string): Promise<ItemCategoryView> {
      return this.categories.archive(kind, categoryId);
    }

    @Post(':id/reactivate')
    @HttpCode(200)
    @guard('edit')
    @SuccessMessage('messages.reactivated')
    reactivate(@IdParam() categoryId: string): Promise<ItemCategoryView> {
      return this.categories.reactivate(kind, categoryId);
    }

    @Delete(':id')
    @guard('edit')
    @SuccessMessage('messages.deleted')
    async delete(@IdParam() categoryId: string): Promise<null> {
      await this.categories.delete(kind, categoryId);
      return null;
    }
  }

  Object.defineProperty(ItemCategoryController, 'name', { value: className });
  return ItemCategoryController;
}

/** /PLUSKU/skubom/category (SKU_BOM). */
export const SkuBomCategoryController = itemCategoryController('sku_bom', 'SkuBomCategoryController');
/** /PLUSKU/plu/category (PLU). */
export const PluCategoryController = itemCategoryController('plu', 'PluCategoryController');
/** /PLUSKU/plubom/category (PLU_BOM). */
export const PluBomCategoryController = itemCategoryController('plu_bom', 'PluBomCategoryController');
/** /product/category (RJ_PRODUCT): the categories of products. */
export const ProductCategoryController = itemCategoryController('product', 'ProductCategoryController');

export const ITEM_CATEGORY_CONTROLLERS = [
  SkuBomCategoryController,
  PluCategoryController,
  PluBomCategoryController,
  ProductCategoryController,
];
