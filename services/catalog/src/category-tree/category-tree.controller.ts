import { Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ListQuery } from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { LOCATION_CATEGORY_TREE, SKU_CATEGORY_TREE } from './category-tree.kinds.js';
import type { CategoryTreeKind } from './category-tree.kinds.js';
import type { CategoryTreeListRow } from './category-tree.repository.js';
import { CategoryTreeService } from './category-tree.service.js';
import type { CategoryTreeView, ValidCategoryTreeInput } from './category-tree.service.js';

/**
 * The controller of one kind's categories with sub-categories: `/api/<kind.apiPath>` guarded by the kind's key
 * (a decorator's key is fixed per class, hence one class per kind, each with its own handlers).
 */
function categoryTreeController(kind: CategoryTreeKind, className: string): Type {
  @ServiceController(kind.apiPath, `catalog: ${kind.label} category`)
  class CategoryTreeController {
    constructor(@Inject(CategoryTreeService) private readonly categories: CategoryTreeService) {}

    @Post('list')
    @HttpCode(200)
    @Permission(kind.permission, 'view')
    list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<CategoryTreeListRow>> {
      return this.categories.list(kind, query);
    }

    @Get(':id')
    @Permission(kind.permission, 'view')
    get(@IdParam() categoryId: string): Promise<CategoryTreeView> {
      return this.categories.get(kind, categoryId);
    }

    @Post()
    @Permission(kind.permission, 'edit')
    @SuccessMessage('messages.created')
    create(@ValidBody(kind.inputSchema) input: ValidCategoryTreeInput): Promise<CategoryTreeView> {
      return this.categories.create(kind, input);
    }

    @Put(':id')
    @Permission(kind.permission, 'edit')
    @SuccessMessage('messages.updated')
    update(
      @IdParam() categoryId: string,
      @ValidBody(kind.inputSchema) input: ValidCategoryTreeInput,
    ): Promise<CategoryTreeView> {
      return this.categories.update(kind, categoryId, input);
    }

    @Post(':id/archive')
    @HttpCode(200)
    @Permission(kind.permission, 'edit')
    @SuccessMessage('messages.archived')
    archive(@IdParam() categoryId: string): Promise<CategoryTreeView> {
      return this.categories.archive(kind, categoryId);
    }

    @Post(':id/reactivate')
    @HttpCode(200)
    @Permission(kind.permission, 'edit')
    @SuccessMessage('messages.reactivated')
    reactivate(@IdParam() categoryId: string): Promise<CategoryTreeView> {
      return this.categories.reactivate(kind, categoryId);
    }

    @Delete(':id')
    @Permission(kind.permission, 'edit')
    @SuccessMessage('messages.deleted')
    async delete(@IdParam() categoryId: string): Promise<null> {
      await this.categories.delete(kind, categoryId);
      return null;
    }
  }

  Object.defineProperty(CategoryTreeController, 'name', { value: className });
  return CategoryTreeController;
}

/** /location/category (LOCATION): `/api/catalog/location-categories`. */
export const LocationCategoryController = categoryTreeController(LOCATION_CATEGORY_TREE, 'LocationCategoryController');
/** /PLUSKU/sku/category (SKU): `/api/catalog/sku-categories`. */
export const SkuCategoryController = categoryTreeController(SKU_CATEGORY_TREE, 'SkuCategoryController');

export const CATEGORY_TREE_CONTROLLERS = [LocationCategoryController, SkuCategoryController];
