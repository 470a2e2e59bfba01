import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type {
  ListQuery,
  SupplierCategorySnapshot,
  SupplierCategoryView,
  ValidSupplierCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
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
  constructor(
    private readonly categories: SupplierCategoryRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<SupplierCategoryView>> {
    const page = await this.categories.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(categoryId: string): Promise<SupplierCategoryView> {
    const manager = this.categories.manager;
    const category = await this.categories.findById(categoryId, manager);
    if (!category) throw SupplierCategoryException.notFound();
    return this.view(category, await this.usage.isInUse(manager, SUPPLIER_CATEGORY, categoryId));
  }

  async create(input: ValidSupplierCategoryInput): Promise<SupplierCategoryView> {
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
    return this.write(async (manager) => {
      await this.categories.insert(manager, category);
      await this.publishUpserted(manager, category);
      return this.view(category, false);
    });
  }

  /** A rename: suppliers refer to the id, so they follow. */
  update(categoryId: string, input: ValidSupplierCategoryInput): Promise<SupplierCategoryView> {
    return this.change(categoryId, (category) => {
      if (category.status === 'archived') throw SupplierCategoryException.archived();
      category.category_name = input.category_name;
    });
  }

  archive(categoryId: string): Promise<SupplierCategoryView> {
    return this.change(categoryId, (category, inUse) => {
      if (inUse) throw SupplierCategoryException.inUse();
      category.status = 'archived';
    });
  }

  reactivate(categoryId: string): Promise<SupplierCategoryView> {
    return this.change(categoryId, (category) => {
      category.status = 'active';
    });
  }

  async delete(categoryId: string): Promise<void> {
    await this.write(async (manager) => {
      const category = await this.categories.findByIdForUpdate(manager, categoryId);
      if (!category) throw SupplierCategoryException.notFound();
      if (await this.usage.isInUse(manager, SUPPLIER_CATEGORY, categoryId)) throw SupplierCategoryException.inUse();
      await this.categories.delete(manager, categoryId);
      await this.events.publish(manager, CatalogSubjects.SupplierCategoryDeleted, {
        category_id: categoryId,
        revision: category.revision + 1,
      });
    });
  }

  /** Loads and locks the category, applies `mutate`, bumps the revision and publishes the new snapshot. */
  private change(
    categoryId: string,
    mutate: (category: SupplierCategoryEntity, inUse: boolean) => void,
  ): Promise<SupplierCategoryView> {
    return this.write(async (manager) => {
      const category = await this.categories.findByIdForUpdate(manager, categoryId);
      if (!category) throw SupplierCategoryException.notFound();
      const inUse = await this.usage.isInUse(manager, SUPPLIER_CATEGORY, categoryId);
      mutate(category, inUse);
      stampChange(category);
      await this.categories.save(manager, category);
      await this.publishUpserted(manager, category);
      return this.view(category, inUse);
    });
  }

  /** A transaction whose unique-name violation becomes the translated duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.categories.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw SupplierCategoryException.duplicate();
      throw error;
    }
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
