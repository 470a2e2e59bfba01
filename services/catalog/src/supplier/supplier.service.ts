import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, SupplierSnapshot, SupplierView, ValidSupplierInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
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
  constructor(
    private readonly suppliers: SupplierRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<SupplierView>> {
    const page = await this.suppliers.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(supplierId: string): Promise<SupplierView> {
    const manager = this.suppliers.manager;
    const supplier = await this.suppliers.findById(supplierId, manager);
    if (!supplier) throw SupplierException.notFound();
    return this.view(manager, supplier, await this.usage.isInUse(manager, SUPPLIER, supplierId));
  }

  async create(input: ValidSupplierInput): Promise<SupplierView> {
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
    return this.write(async (manager) => {
      if (await this.suppliers.findById(input.supplier_id, manager)) throw SupplierException.duplicate();
      await this.checkCategory(manager, supplier.category_id);
      await this.suppliers.insert(manager, supplier);
      await this.usage.add(manager, SUPPLIER_CATEGORY, supplier.category_id, SUPPLIER, supplier.supplier_id);
      await this.publishUpserted(manager, supplier);
      return this.view(manager, supplier, false);
    });
  }

  /** Edits everything but the code; the usage of the old category moves to the new one. */
  update(supplierId: string, input: ValidSupplierInput): Promise<SupplierView> {
    if (input.supplier_id !== supplierId) return Promise.reject(SupplierException.idChanged());
    return this.change(supplierId, async (manager, supplier) => {
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
    return this.change(supplierId, (_manager, supplier, inUse) => {
      if (inUse) throw SupplierException.inUse();
      supplier.status = 'archived';
      return Promise.resolve();
    });
  }

  /** Back to active: its category must still be usable. */
  reactivate(supplierId: string): Promise<SupplierView> {
    return this.change(supplierId, async (manager, supplier) => {
      await this.checkCategory(manager, supplier.category_id);
      supplier.status = 'active';
    });
  }

  async delete(supplierId: string): Promise<void> {
    await this.write(async (manager) => {
      const supplier = await this.suppliers.findByIdForUpdate(manager, supplierId);
      if (!supplier) throw SupplierException.notFound();
      if (await this.usage.isInUse(manager, SUPPLIER, supplierId)) throw SupplierException.inUse();
      await this.usage.removeAllBy(manager, SUPPLIER, supplierId);
      await this.suppliers.delete(manager, supplierId);
      await this.events.publish(manager, CatalogSubjects.SupplierDeleted, {
        supplier_id: supplierId,
        revision: supplier.revision + 1,
      });
    });
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

  /** Loads and locks the supplier, applies `mutate`, bumps the revision and publishes the new snapshot. */
  private change(
    supplierId: string,
    mutate: (manager: EntityManager, supplier: SupplierEntity, inUse: boolean) => Promise<void>,
  ): Promise<SupplierView> {
    return this.write(async (manager) => {
      const supplier = await this.suppliers.findByIdForUpdate(manager, supplierId);
      if (!supplier) throw SupplierException.notFound();
      const inUse = await this.usage.isInUse(manager, SUPPLIER, supplierId);
      await mutate(manager, supplier, inUse);
      stampChange(supplier);
      await this.suppliers.save(manager, supplier);
      await this.publishUpserted(manager, supplier);
      return this.view(manager, supplier, inUse);
    });
  }

  /** A transaction whose unique-code violation (a concurrent create) becomes the duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.suppliers.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw SupplierException.duplicate();
      throw error;
    }
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
