import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, customerInputSchema } from '@scm/contracts';
import type { ListQuery, CustomerView, ValidCustomerInput } from '@scm/contracts';
import { CodeParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { CustomerService } from './customer.service.js';

/** Customers (SPEC.md §2 /contact-management/customer/list, key RJ_CUSTOMER); the id in the path is the customer code. */
@ServiceController('catalog/customers', 'catalog: customer')
export class CustomerController {
  constructor(private readonly customers: CustomerService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('RJ_CUSTOMER', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<CustomerView>> {
    return this.customers.list(query);
  }

  @Get(':id')
  @Permission('RJ_CUSTOMER', 'view')
  get(@CodeParam() customerCode: string): Promise<CustomerView> {
    return this.customers.get(customerCode);
  }

  @Post()
  @Permission('RJ_CUSTOMER', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(customerInputSchema) input: ValidCustomerInput): Promise<CustomerView> {
    return this.customers.create(input);
  }

  @Put(':id')
  @Permission('RJ_CUSTOMER', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CodeParam() customerCode: string,
    @ValidBody(customerInputSchema) input: ValidCustomerInput,
  ): Promise<CustomerView> {
    return this.customers.update(customerCode, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('RJ_CUSTOMER', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() customerCode: string): Promise<CustomerView> {
    return this.customers.archive(customerCode);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('RJ_CUSTOMER', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() customerCode: string): Promise<CustomerView> {
    return this.customers.reactivate(customerCode);
  }

  @Delete(':id')
  @Permission('RJ_CUSTOMER', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() customerCode: string): Promise<null> {
    await this.customers.delete(customerCode);
    return null;
  }
}
