import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { CustomerSnapshot, CustomerView, ListQuery, ValidCustomerInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { CustomerEntity } from './customer.entity.js';
import { CustomerException } from './customer.exception.js';
import { CustomerRepository } from './customer.repository.js';

/**
 * The record_usage target type of a customer. Sales invoices, quotations and stock releases are to record their
 * use of a customer with `usage.add(manager, CUSTOMER, customer_code, ...)` (in catalog) or through their
 * events (other services); archive and delete already honour it.
 */
export const CUSTOMER = 'customer';

/**
 * Customers (SPEC.md §3, RJ area). The input schema keeps exactly one default address per type present;
 * transaction_count and total_spending start at 0 and are never taken from the input.
 */
@Injectable()
export class CustomerService {
  private readonly store: MasterRecordStore<CustomerEntity, CustomerView>;

  constructor(
    private readonly customers: CustomerRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(customers.dataSource, usage, {
      usageType: CUSTOMER,
      errors: CustomerException,
      find: (manager, id) => customers.findById(id, manager),
      lock: (manager, id) => customers.findByIdForUpdate(manager, id),
      save: (manager, customer) => customers.save(manager, customer),
      publishUpserted: (manager, customer) => this.publishUpserted(manager, customer),
      deleteAndPublish: async (manager, customer) => {
        await customers.delete(manager, customer.customer_code);
        await events.publish(manager, CatalogSubjects.CustomerDeleted, {
          customer_code: customer.customer_code,
          revision: customer.revision + 1,
        });
      },
      view: (_manager, customer, inUse) => this.view(customer, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<CustomerView>> {
    const page = await this.customers.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(customerCode: string): Promise<CustomerView> {
    return this.store.get(customerCode);
  }

  create(input: ValidCustomerInput): Promise<CustomerView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const customer: CustomerEntity = {
      ...this.fields(input),
      customer_code: input.customer_code,
      transaction_count: 0,
      total_spending: '0.00',
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(customer, async (manager) => {
      if (await this.customers.findById(input.customer_code, manager)) throw CustomerException.duplicate();
      await this.customers.insert(manager, customer);
    });
  }

  /** Edits everything but the code and the read-only sales figures. */
  update(customerCode: string, input: ValidCustomerInput): Promise<CustomerView> {
    if (input.customer_code !== customerCode) return Promise.reject(CustomerException.idChanged());
    return this.store.change(customerCode, (_manager, customer) => {
      if (customer.status === 'archived') throw CustomerException.archived();
      Object.assign(customer, this.fields(input));
    });
  }

  archive(customerCode: string): Promise<CustomerView> {
    return this.store.archive(customerCode);
  }

  reactivate(customerCode: string): Promise<CustomerView> {
    return this.store.reactivate(customerCode);
  }

  delete(customerCode: string): Promise<void> {
    return this.store.delete(customerCode);
  }

  private fields(input: ValidCustomerInput) {
    return {
      customer_name: input.customer_name,
      salutation: input.salutation,
      chinese_name: input.chinese_name,
      gender: input.gender,
      email: input.email,
      primary_contact_no: input.primary_contact_no,
      secondary_contact_no: input.secondary_contact_no,
      birthday: input.birthday,
      wedding_anniversary: input.wedding_anniversary,
      mailing_list: input.mailing_list,
      contact_mode: input.contact_mode,
      occupation: input.occupation,
      company: input.company,
      department: input.department,
      tags: input.tags,
      address_list: input.address_list.map((row) => ({ ...row })),
    };
  }

  private async publishUpserted(manager: EntityManager, customer: CustomerEntity): Promise<void> {
    const snapshot: CustomerSnapshot = {
      customer_code: customer.customer_code,
      ...this.snapshotFields(customer),
      status: customer.status,
      revision: customer.revision,
      last_updated_time: customer.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.CustomerUpserted, snapshot);
  }

  private snapshotFields(customer: CustomerEntity) {
    return {
      customer_name: customer.customer_name,
      salutation: customer.salutation,
      chinese_name: customer.chinese_name,
      gender: customer.gender,
      email: customer.email,
      primary_contact_no: customer.primary_contact_no,
      secondary_contact_no: customer.secondary_contact_no,
      birthday: customer.birthday,
      wedding_anniversary: customer.wedding_anniversary,
      mailing_list: customer.mailing_list,
      contact_mode: customer.contact_mode,
      occupation: customer.occupation,
      company: customer.company,
      department: customer.department,
      tags: [...customer.tags],
      address_list: customer.address_list.map((row) => ({ ...row })),
      transaction_count: customer.transaction_count,
      total_spending: customer.total_spending,
    };
  }

  private view(customer: CustomerEntity, inUse: boolean): CustomerView {
    return {
      customer_code: customer.customer_code,
      ...this.snapshotFields(customer),
      status: customer.status,
      in_use: inUse,
      created_time: customer.created_time.toISOString(),
      last_updated_time: customer.last_updated_time.toISOString(),
      created_by: customer.created_by,
      last_updated_by: customer.last_updated_by,
    };
  }
}
