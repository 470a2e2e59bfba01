import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, SupplierSnapshot, SupplierView, ValidSupplierInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { SUPPLIER_CATEGORY } from '../supplier-category/supplier-category.service.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { SupplierEntity } from './supplier.entity.js';
import { SupplierException } from './supplier.exception.js';
import { SupplierRepository } from './supplier.repository.js';

/**
 * The record_usage type of a supplier: as a user (of its category) and as a target. SKUs, supplier prices and
 * purchase orders are to record their use of a supplier with `usage.add(manager, SUPPLIER, supplier_id, ...)`
 * (in catalog) or through their events (other services); archive and delete already honour it.
 */
export const SUPPLIER = 'supplier';

/**
 * Suppliers (SPEC.md §3). A supplier records its use of its category (record_usage), so the category refuses
 * archive and delete while it exists; a change of category moves the usage, a delete removes it.
 */
@Injectable()
export class SupplierService {
  private readonly store: MasterRecordStore<SupplierEntity, SupplierView>;

  constructor(
    private readonly suppliers: SupplierRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(suppliers.dataSource, usage, {
      usageType: SUPPLIER,
      errors: SupplierException,
      find: (manager, id) => suppliers.findById(id, manager),
      lock: (manager, id) => suppliers.findByIdForUpdate(manager, id),
      save: (manager, supplier) => suppliers.save(manager, supplier),
      publishUpserted: (manager, supplier) => this.publishUpserted(manager, supplier),
      deleteAndPublish: async (manager, supplier) => {
        await suppliers.delete(manager, supplier.supplier_id);
        await events.publish(manager, CatalogSubjects.SupplierDeleted, {
          supplier_id: supplier.supplier_id,
          revision: supplier.revision + 1,
        });
      },
      view: (manager, supplier, inUse) => this.view(manager, supplier, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<SupplierView>> {
    const page = await this.suppliers.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(supplierId: string): Promise<SupplierView> {
    return this.store.get(supplierId);
  }

  create(input: ValidSupplierInput): Promise<SupplierView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const supplier: SupplierEntity = {
      ...this.fields(input),
      supplier_id: input.supplier_id,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(supplier, async (manager) => {
      if (await this.suppliers.findById(input.supplier_id, manager)) throw SupplierException.duplicate();
      await this.checkCategory(manager, supplier.category_id);
      await this.suppliers.insert(manager, supplier);
      await this.usage.add(manager, SUPPLIER_CATEGORY, supplier.category_id, SUPPLIER, supplier.supplier_id);
    });
  }

  /** Edits everything but the code; the usage of the old category moves to the new one. */
  update(supplierId: string, input: ValidSupplierInput): Promise<SupplierView> {
    if (input.supplier_id !== supplierId) return Promise.reject(SupplierException.idChanged());
    return this.store.change(supplierId, async (manager, supplier) => {
      if (supplier.status === 'archived') throw SupplierException.archived();
      const before = supplier.category_id;
      Object.assign(supplier, this.fields(input));
      if (supplier.category_id !== before) {
        await this.checkCategory(manager, supplier.category_id);
        await this.usage.remove(manager, SUPPLIER_CATEGORY, before, SUPPLIER, supplierId);
        await this.usage.add(manager, SUPPLIER_CATEGORY, supplier.category_id, SUPPLIER, supplierId);
      }
    });
  }

  archive(supplierId: string): Promise<SupplierView> {
    return this.store.archive(supplierId);
  }

  /** Back to active: its category must still be usable. */
  reactivate(supplierId: string): Promise<SupplierView> {
    return this.store.reactivate(supplierId, (manager, supplier) => this.checkCategory(manager, supplier.category_id));
  }

  delete(supplierId: string): Promise<void> {
    return this.store.delete(supplierId);
  }

  private fields(input: ValidSupplierInput) {
    return {
      company_name: input.company_name,
      account_no: input.account_no,
      credit_term_in_days: input.credit_term_in_days,
      contact_name: input.contact_name,
      contact_no: input.contact_no,
      contact_email: input.contact_email,
      company_uen: input.company_uen,
      company_website: input.company_website,
      address: input.address,
      postal_code: input.postal_code,
      country: input.country,
      remark: input.remark,
      minimum_order_value: input.minimum_order_value,
      category_id: input.category_id,
      terms_and_conditions: input.terms_and_conditions,
      gst_price_type: input.gst_price_type,
      gst_reg_no: input.gst_reg_no,
      gst_rate: input.gst_rate,
      tax_rate: input.tax_rate,
      tax_type: input.tax_type,
      tax_reg_no: input.tax_reg_no,
      hashtag_list: input.hashtag_list,
    };
  }

  /** The category exists and is not archived. */
  private async checkCategory(manager: EntityManager, categoryId: string): Promise<void> {
    const category = await this.suppliers.lockCategory(manager, categoryId);
    if (!category || category.status === 'archived') throw SupplierException.categoryInvalid();
  }

  private async publishUpserted(manager: EntityManager, supplier: SupplierEntity): Promise<void> {
    const snapshot: SupplierSnapshot = {
      supplier_id: supplier.supplier_id,
      ...this.snapshotFields(supplier),
      status: supplier.status,
      revision: supplier.revision,
      last_updated_time: supplier.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.SupplierUpserted, snapshot);
  }

  private snapshotFields(supplier: SupplierEntity) {
    return {
      company_name: supplier.company_name,
      account_no: supplier.account_no,
      credit_term_in_days: supplier.credit_term_in_days,
      contact_name: supplier.contact_name,
      contact_no: supplier.contact_no,
      contact_email: supplier.contact_email,
      company_uen: supplier.company_uen,
      company_website: supplier.company_website,
      address: supplier.address,
      postal_code: supplier.postal_code,
      country: supplier.country,
      remark: supplier.remark,
      minimum_order_value: supplier.minimum_order_value,
      category_id: supplier.category_id,
      terms_and_conditions: supplier.terms_and_conditions,
      gst_price_type: supplier.gst_price_type,
      gst_reg_no: supplier.gst_reg_no,
      gst_rate: supplier.gst_rate,
      tax_rate: supplier.tax_rate,
      tax_type: supplier.tax_type,
      tax_reg_no: supplier.tax_reg_no,
      hashtag_list: [...supplier.hashtag_list],
    };
  }

  private async view(manager: EntityManager, supplier: SupplierEntity, inUse: boolean): Promise<SupplierView> {
    return {
      supplier_id: supplier.supplier_id,
      ...this.snapshotFields(supplier),
      category_name: await this.suppliers.categoryName(manager, supplier.category_id),
      status: supplier.status,
      in_use: inUse,
      created_time: supplier.created_time.toISOString(),
      last_updated_time: supplier.last_updated_time.toISOString(),
      created_by: supplier.created_by,
      last_updated_by: supplier.last_updated_by,
    };
  }
}
