import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, supplierInputSchema } from '@scm/contracts';
import type { ListQuery, SupplierView, ValidSupplierInput } from '@scm/contracts';
import { AnyPermission, CodeParam, ListPage, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { SupplierService } from './supplier.service.js';

/**
 * The one supplier master (SPEC.md §3), reached from /supplier/list (key SUPPLIER) and from the RJ area's
 * /contact-management/supplier/list (key RJ_SUPPLIER): either key grants its view / edit.
 */
const SUPPLIER_KEYS = ['SUPPLIER', 'RJ_SUPPLIER'] as const;

/** Suppliers (SPEC.md §2 /supplier/list, keys SUPPLIER or RJ_SUPPLIER); the id in the path is the supplier code. */
@ServiceController('catalog/suppliers', 'catalog: supplier')
export class SupplierController {
  constructor(private readonly suppliers: SupplierService) {}

  @Post('list')
  @HttpCode(200)
  @AnyPermission(SUPPLIER_KEYS, 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SupplierView>> {
    return this.suppliers.list(query);
  }

  @Get(':id')
  @AnyPermission(SUPPLIER_KEYS, 'view')
  get(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.get(supplierId);
  }

  @Post()
  @AnyPermission(SUPPLIER_KEYS, 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(supplierInputSchema) input: ValidSupplierInput): Promise<SupplierView> {
    return this.suppliers.create(input);
  }

  @Put(':id')
  @AnyPermission(SUPPLIER_KEYS, 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CodeParam() supplierId: string,
    @ValidBody(supplierInputSchema) input: ValidSupplierInput,
  ): Promise<SupplierView> {
    return this.suppliers.update(supplierId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @AnyPermission(SUPPLIER_KEYS, 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.archive(supplierId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @AnyPermission(SUPPLIER_KEYS, 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.reactivate(supplierId);
  }

  @Delete(':id')
  @AnyPermission(SUPPLIER_KEYS, 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() supplierId: string): Promise<null> {
    await this.suppliers.delete(supplierId);
    return null;
  }
}
