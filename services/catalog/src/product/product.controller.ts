import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { PRODUCT_PERMISSION_KEYS, listQuerySchema, productCoverInputSchema, productInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  ListQuery,
  ProductListRow,
  ProductPricingContext,
  ProductView,
  ValidProductCoverInput,
  ValidProductInput,
} from '@scm/contracts';
import {
  AnyPermission,
  CodeParam,
  CurrentUser,
  ListPage,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import { ProductService } from './product.service.js';

/**
 * Products (SPEC.md §2 /PLUSKU/product-management under PRODUCT, /product/overview under RJ_PRODUCT): either key
 * grants view / edit. The id in the path is the product code. Cost fields are left out for roles without
 * can_see_cost. Images and documents: `/api/catalog/attachments/product-image|product-document/<product_id>`.
 */
@ServiceController('catalog/products', 'catalog: product')
export class ProductController {
  constructor(private readonly products: ProductService) {}

  @Post('list')
  @HttpCode(200)
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'view')
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ValidBody(listQuerySchema) query: ListQuery,
  ): Promise<ListPage<ProductListRow>> {
    return this.products.list(user, query);
  }

  /** Today's exchange rates and the GST options, for the form's live USD figures. */
  @Get('pricing-context')
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'view')
  pricingContext(): Promise<ProductPricingContext> {
    return this.products.pricingContext();
  }

  @Get(':id')
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'view')
  get(@CodeParam() productCode: string): Promise<ProductView> {
    return this.products.get(productCode);
  }

  @Post()
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.created')
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ValidBody(productInputSchema) input: ValidProductInput,
  ): Promise<ProductView> {
    return this.products.create(user, input);
  }

  @Put(':id')
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CurrentUser() user: AccessTokenClaims,
    @CodeParam() productCode: string,
    @ValidBody(productInputSchema) input: ValidProductInput,
  ): Promise<ProductView> {
    return this.products.update(user, productCode, input);
  }

  @Put(':id/cover')
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.updated')
  setCover(
    @CodeParam() productCode: string,
    @ValidBody(productCoverInputSchema) input: ValidProductCoverInput,
  ): Promise<ProductView> {
    return this.products.setCover(productCode, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() productCode: string): Promise<ProductView> {
    return this.products.archive(productCode);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() productCode: string): Promise<ProductView> {
    return this.products.reactivate(productCode);
  }

  @Delete(':id')
  @AnyPermission(PRODUCT_PERMISSION_KEYS, 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() productCode: string): Promise<null> {
    await this.products.delete(productCode);
    return null;
  }
}
