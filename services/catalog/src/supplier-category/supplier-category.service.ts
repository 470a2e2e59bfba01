import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type {
  ListQuery,
  SupplierCategorySnapshot,
  SupplierCategoryView,
  ValidSupplierCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { SupplierCategoryEntity } from './supplier-category.entity.js';
import { SupplierCategoryException } from './supplier-category.exception.js';
import { SupplierCategoryRepository } from './supplier-category.repository.js';

/** The record_usage target type of a supplier category (a supplier records its use of one). */
export const SUPPLIER_CATEGORY = 'supplier_category';

/**
 * Supplier categories (SPEC.md §2 /supplier/category). Archive and delete are refused while a supplier uses
 * the category. Every change publishes the full snapshot with a growing revision, in the same transaction.
 */
@Injectable()
export class SupplierCategoryService {
  private readonly store: MasterRecordStore<SupplierCategoryEntity, SupplierCategoryView>;

  constructor(
    private readonly categories: SupplierCategoryRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(categories.dataSource, usage, {
      usageType: SUPPLIER_CATEGORY,
      errors: SupplierCategoryException,
      find: (manager, id) => categories.findById(id, manager),
      lock: (manager, id) => categories.findByIdForUpdate(manager, id),
      save: (manager, category) => categories.save(manager, category),
      publishUpserted: (manager, category) => this.publishUpserted(manager, category),
      deleteAndPublish: async (manager, category) => {
        await categories.delete(manager, category.category_id);
        await events.publish(manager, CatalogSubjects.SupplierCategoryDeleted, {
          category_id: category.category_id,
          revision: category.revision + 1,
        });
      },
      view: (_manager, category, inUse) => this.view(category, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<SupplierCategoryView>> {
    const page = await this.categories.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(categoryId: string): Promise<SupplierCategoryView> {
    return this.store.get(categoryId);
  }

  create(input: ValidSupplierCategoryInput): Promise<SupplierCategoryView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const category: SupplierCategoryEntity = {
      category_id: randomUUID(),
      category_name: input.category_name,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(category, (manager) => this.categories.insert(manager, category));
  }

  /** A rename: suppliers refer to the id, so they follow. */
  update(categoryId: string, input: ValidSupplierCategoryInput): Promise<SupplierCategoryView> {
    return this.store.change(categoryId, (_manager, category) => {
      if (category.status === 'archived') throw SupplierCategoryException.archived();
      category.category_name = input.category_name;
    });
  }

  archive(categoryId: string): Promise<SupplierCategoryView> {
    return this.store.archive(categoryId);
  }

  reactivate(categoryId: string): Promise<SupplierCategoryView> {
    return this.store.reactivate(categoryId);
  }

  delete(categoryId: string): Promise<void> {
    return this.store.delete(categoryId);
  }

  private async publishUpserted(manager: EntityManager, category: SupplierCategoryEntity): Promise<void> {
    const snapshot: SupplierCategorySnapshot = {
      category_id: category.category_id,
      category_name: category.category_name,
      status: category.status,
      revision: category.revision,
      last_updated_time: category.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.SupplierCategoryUpserted, snapshot);
  }

  private view(category: SupplierCategoryEntity, inUse: boolean): SupplierCategoryView {
    return {
      category_id: category.category_id,
      category_name: category.category_name,
      status: category.status,
      in_use: inUse,
      created_time: category.created_time.toISOString(),
      last_updated_time: category.last_updated_time.toISOString(),
      created_by: category.created_by,
      last_updated_by: category.last_updated_by,
    };
  }
}
