import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { CustomerSnapshot, CustomerView, ListQuery, ValidCustomerInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
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
  constructor(
    private readonly customers: CustomerRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<CustomerView>> {
    const page = await this.customers.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(customerCode: string): Promise<CustomerView> {
    const manager = this.customers.manager;
    const customer = await this.customers.findById(customerCode, manager);
    if (!customer) throw CustomerException.notFound();
    return this.view(customer, await this.usage.isInUse(manager, CUSTOMER, customerCode));
  }

  async create(input: ValidCustomerInput): Promise<CustomerView> {
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
    return this.write(async (manager) => {
      if (await this.customers.findById(input.customer_code, manager)) throw CustomerException.duplicate();
      await this.customers.insert(manager, customer);
      await this.publishUpserted(manager, customer);
      return this.view(customer, false);
    });
  }

  /** Edits everything but the code and the read-only sales figures. */
  update(customerCode: string, input: ValidCustomerInput): Promise<CustomerView> {
    if (input.customer_code !== customerCode) return Promise.reject(CustomerException.idChanged());
    return this.change(customerCode, (_manager, customer) => {
      if (customer.status === 'archived') throw CustomerException.archived();
      Object.assign(customer, this.fields(input));
      return Promise.resolve();
    });
  }

  archive(customerCode: string): Promise<CustomerView> {
    return this.change(customerCode, (_manager, customer, inUse) => {
      if (inUse) throw CustomerException.inUse();
      customer.status = 'archived';
      return Promise.resolve();
    });
  }

  reactivate(customerCode: string): Promise<CustomerView> {
    return this.change(customerCode, (_manager, customer) => {
      customer.status = 'active';
      return Promise.resolve();
    });
  }

  async delete(customerCode: string): Promise<void> {
    await this.write(async (manager) => {
      const customer = await this.customers.findByIdForUpdate(manager, customerCode);
      if (!customer) throw CustomerException.notFound();
      if (await this.usage.isInUse(manager, CUSTOMER, customerCode)) throw CustomerException.inUse();
      await this.usage.removeAllBy(manager, CUSTOMER, customerCode);
      await this.customers.delete(manager, customerCode);
      await this.events.publish(manager, CatalogSubjects.CustomerDeleted, {
        customer_code: customerCode,
        revision: customer.revision + 1,
      });
    });
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

  /** Loads and locks the customer, applies `mutate`, bumps the revision and publishes the new snapshot. */
  private change(
    customerCode: string,
    mutate: (manager: EntityManager, customer: CustomerEntity, inUse: boolean) => Promise<void>,
  ): Promise<CustomerView> {
    return this.write(async (manager) => {
      const customer = await this.customers.findByIdForUpdate(manager, customerCode);
      if (!customer) throw CustomerException.notFound();
      const inUse = await this.usage.isInUse(manager, CUSTOMER, customerCode);
      await mutate(manager, customer, inUse);
      stampChange(customer);
      await this.customers.save(manager, customer);
      await this.publishUpserted(manager, customer);
      return this.view(customer, inUse);
    });
  }

  /** A transaction whose unique-code violation (a concurrent create) becomes the duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.customers.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw CustomerException.duplicate();
      throw error;
    }
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
