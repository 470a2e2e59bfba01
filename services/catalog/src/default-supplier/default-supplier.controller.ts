import { Get, HttpCode, Post, Put } from '@nestjs/common';
import { defaultSupplierInputSchema, listQuerySchema } from '@scm/contracts';
import type { DefaultSupplierListRow, DefaultSupplierView, ListQuery, ValidDefaultSupplierInput } from '@scm/contracts';
import {
  CallerScope,
  CodeParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { DefaultSupplierService } from './default-supplier.service.js';

/** Default suppliers per SKU and per location (SPEC.md §2 /supplier/defaultSupplier, key DEFAULT_SUPPLIER). */
@ServiceController('catalog/default-suppliers', 'catalog: default supplier')
export class DefaultSupplierController {
  constructor(private readonly defaults: DefaultSupplierService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('DEFAULT_SUPPLIER', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<DefaultSupplierListRow>> {
    return this.defaults.list(query, scope);
  }

  @Get(':id')
  @Permission('DEFAULT_SUPPLIER', 'view')
  get(@CodeParam() skuId: string, @CallerScope() scope: LocationScope): Promise<DefaultSupplierView> {
    return this.defaults.get(skuId, scope);
  }

  @Put(':id')
  @Permission('DEFAULT_SUPPLIER', 'edit')
  @SuccessMessage('messages.updated')
  save(
    @CodeParam() skuId: string,
    @ValidBody(defaultSupplierInputSchema) input: ValidDefaultSupplierInput,
    @CallerScope() scope: LocationScope,
  ): Promise<DefaultSupplierView> {
    return this.defaults.save(skuId, input, scope);
  }
}
