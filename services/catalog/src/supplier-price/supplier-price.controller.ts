import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, supplierPriceInputSchema } from '@scm/contracts';
import type { AccessTokenClaims, ListQuery, SupplierPriceView, ValidSupplierPriceInput } from '@scm/contracts';
import {
  CodeParam,
  CurrentUser,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import { SupplierPriceService } from './supplier-price.service.js';

/**
 * Supplier pricing (SPEC.md §2 /supplier/price, key SUPPLIER_PRICING). A price is identified by its SKU,
 * supplier and UOM; roles without can_see_cost get the rows without their prices.
 */
@ServiceController('catalog/supplier-prices', 'catalog: supplier price')
export class SupplierPriceController {
  constructor(private readonly prices: SupplierPriceService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SUPPLIER_PRICING', 'view')
  list(
    @CurrentUser() user: AccessTokenClaims,
    @ValidBody(listQuerySchema) query: ListQuery,
  ): Promise<ListPage<SupplierPriceView>> {
    return this.prices.list(user, query);
  }

  @Get(':skuId/:supplierId/:uomId')
  @Permission('SUPPLIER_PRICING', 'view')
  get(
    @CurrentUser() user: AccessTokenClaims,
    @CodeParam('skuId') skuId: string,
    @CodeParam('supplierId') supplierId: string,
    @IdParam('uomId') uomId: string,
  ): Promise<SupplierPriceView> {
    return this.prices.get(user, { sku_id: skuId, supplier_id: supplierId, uom_id: uomId });
  }

  /** Creates or replaces one price row. */
  @Put()
  @Permission('SUPPLIER_PRICING', 'edit')
  @SuccessMessage('messages.updated')
  save(
    @CurrentUser() user: AccessTokenClaims,
    @ValidBody(supplierPriceInputSchema) input: ValidSupplierPriceInput,
  ): Promise<SupplierPriceView> {
    return this.prices.save(user, input);
  }

  @Delete(':skuId/:supplierId/:uomId')
  @Permission('SUPPLIER_PRICING', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(
    @CodeParam('skuId') skuId: string,
    @CodeParam('supplierId') supplierId: string,
    @IdParam('uomId') uomId: string,
  ): Promise<null> {
    await this.prices.delete({ sku_id: skuId, supplier_id: supplierId, uom_id: uomId });
    return null;
  }
}
