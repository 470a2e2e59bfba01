import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, supplierCategoryInputSchema } from '@scm/contracts';
import type { ListQuery, SupplierCategoryView, ValidSupplierCategoryInput } from '@scm/contracts';
import {
  AnyPermission,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import { SupplierCategoryService } from './supplier-category.service.js';

/** Supplier categories (SPEC.md §2 /supplier/category, key SUPPLIER). */
@ServiceController('catalog/supplier-categories', 'catalog: supplier category')
export class SupplierCategoryController {
  constructor(private readonly categories: SupplierCategoryService) {}

  /** Also under RJ_SUPPLIER: the RJ supplier form chooses a supplier's category from this list. */
  @Post('list')
  @HttpCode(200)
  @AnyPermission(['SUPPLIER', 'RJ_SUPPLIER'], 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SupplierCategoryView>> {
    return this.categories.list(query);
  }

  @Get(':id')
  @Permission('SUPPLIER', 'view')
  get(@IdParam() categoryId: string): Promise<SupplierCategoryView> {
    return this.categories.get(categoryId);
  }

  @Post()
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(supplierCategoryInputSchema) input: ValidSupplierCategoryInput): Promise<SupplierCategoryView> {
    return this.categories.create(input);
  }

  @Put(':id')
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() categoryId: string,
    @ValidBody(supplierCategoryInputSchema) input: ValidSupplierCategoryInput,
  ): Promise<SupplierCategoryView> {
    return this.categories.update(categoryId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.archived')
  archive(@IdParam() categoryId: string): Promise<SupplierCategoryView> {
    return this.categories.archive(categoryId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@IdParam() categoryId: string): Promise<SupplierCategoryView> {
    return this.categories.reactivate(categoryId);
  }

  @Delete(':id')
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() categoryId: string): Promise<null> {
    await this.categories.delete(categoryId);
    return null;
  }
}
