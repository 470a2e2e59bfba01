import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, supplierInputSchema } from '@scm/contracts';
import type { ListQuery, SupplierView, ValidSupplierInput } from '@scm/contracts';
import { CodeParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { SupplierService } from './supplier.service.js';

/** Suppliers (SPEC.md §2 /supplier/list, key SUPPLIER); the id in the path is the supplier code. */
@ServiceController('catalog/suppliers', 'catalog: supplier')
export class SupplierController {
  constructor(private readonly suppliers: SupplierService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SUPPLIER', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SupplierView>> {
    return this.suppliers.list(query);
  }

  @Get(':id')
  @Permission('SUPPLIER', 'view')
  get(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.get(supplierId);
  }

  @Post()
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(supplierInputSchema) input: ValidSupplierInput): Promise<SupplierView> {
    return this.suppliers.create(input);
  }

  @Put(':id')
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CodeParam() supplierId: string,
    @ValidBody(supplierInputSchema) input: ValidSupplierInput,
  ): Promise<SupplierView> {
    return this.suppliers.update(supplierId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.archive(supplierId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() supplierId: string): Promise<SupplierView> {
    return this.suppliers.reactivate(supplierId);
  }

  @Delete(':id')
  @Permission('SUPPLIER', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() supplierId: string): Promise<null> {
    await this.suppliers.delete(supplierId);
    return null;
  }
}
