import { Inject, Injectable } from '@nestjs/common';
import type { CustomerView, ListQuery } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { CustomerEntity } from './customer.entity.js';
import { CUSTOMER_LIST } from './customer.list.js';

@Injectable()
export class CustomerRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  list(query: ListQuery): Promise<ListResult<CustomerView>> {
    return runListQuery<CustomerView>(this.dataSource.manager, CUSTOMER_LIST, query);
  }

  findById(customerCode: string, manager: EntityManager = this.dataSource.manager): Promise<CustomerEntity | null> {
    return manager.getRepository(CustomerEntity).findOneBy({ customer_code: customerCode });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, customerCode: string): Promise<CustomerEntity | null> {
    return manager
      .getRepository(CustomerEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.customer_code = :customerCode', { customerCode })
      .getOne();
  }

  async insert(manager: EntityManager, customer: CustomerEntity): Promise<void> {
    await manager.getRepository(CustomerEntity).insert(customer);
  }

  async save(manager: EntityManager, customer: CustomerEntity): Promise<void> {
    await manager.getRepository(CustomerEntity).save(customer);
  }

  async delete(manager: EntityManager, customerCode: string): Promise<void> {
    await manager.getRepository(CustomerEntity).delete({ customer_code: customerCode });
  }
}
