import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type {
  ListQuery,
  SkuCategoryListRow,
  SkuCategorySnapshot,
  SkuCategoryView,
  ValidSkuCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { SkuCategoryEntity, SkuSubCategoryEntity } from './sku-category.entity.js';
import { SkuCategoryException } from './sku-category.exception.js';
import { SkuCategoryRepository } from './sku-category.repository.js';

/** The record_usage target types of a SKU category and of its sub-categories (a SKU records its use of both). */
export const SKU_CATEGORY = 'sku_category';
export const SKU_SUB_CATEGORY = 'sku_sub_category';

/** A category with its sub-categories (in the user's order): what its snapshot and view show. */
type SkuCategoryRecord = SkuCategoryEntity & { sub_categories: SkuSubCategoryEntity[] };

/**
 * SKU categories with their sub-categories (SPEC.md §2 /PLUSKU/sku/category). Archive and delete are refused
 * while a SKU uses the category; removing a sub-category a SKU uses is refused too. Every change publishes the
 * full snapshot (sub-categories included) with a growing revision, in the same transaction (outbox).
 */
@Injectable()
export class SkuCategoryService {
  private readonly store: MasterRecordStore<SkuCategoryRecord, SkuCategoryView>;

  constructor(
    private readonly categories: SkuCategoryRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    const withSubCategories = async (manager: EntityManager, category: SkuCategoryEntity | null) =>
      category && { ...category, sub_categories: await categories.subCategories(category.category_id, manager) };
    this.store = new MasterRecordStore(categories.dataSource, usage, {
      usageType: SKU_CATEGORY,
      errors: SkuCategoryException,
      find: async (manager, id) => withSubCategories(manager, await categories.findById(id, manager)),
      lock: async (manager, id) => withSubCategories(manager, await categories.findByIdForUpdate(manager, id)),
      save: (manager, { sub_categories: _rows, ...category }) => categories.save(manager, category),
      publishUpserted: (manager, category) => this.publishUpserted(manager, category),
      // Its sub-categories go with it (ON DELETE CASCADE); a SKU using one also uses the category.
      deleteAndPublish: async (manager, category) => {
        await categories.delete(manager, category.category_id);
        await events.publish(manager, CatalogSubjects.SkuCategoryDeleted, {
          category_id: category.category_id,
          revision: category.revision + 1,
        });
      },
      view: (manager, category, inUse) => this.view(manager, category, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<SkuCategoryListRow>> {
    const page = await this.categories.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(categoryId: string): Promise<SkuCategoryView> {
    return this.store.get(categoryId);
  }

  create(input: ValidSkuCategoryInput): Promise<SkuCategoryView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const categoryId = randomUUID();
    const category: SkuCategoryRecord = {
      category_id: categoryId,
      category_name: input.category_name,
      sub_categories: input.sub_categories.map((row, position) => ({
        sub_category_id: randomUUID(),
        category_id: categoryId,
        sub_category_name: row.sub_category_name,
        position,
      })),
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(category, async (manager) => {
      const { sub_categories: rows, ...row } = category;
      await this.categories.insert(manager, row);
      await this.categories.replaceSubCategories(manager, categoryId, rows);
    });
  }

  /**
   * Renames the category and sets its sub-categories: a row with a `sub_category_id` keeps it (renamed in
   * place, so SKUs follow), a row without one is new, an existing one left out is removed — refused while a SKU
   * uses it.
   */
  update(categoryId: string, input: ValidSkuCategoryInput): Promise<SkuCategoryView> {
    return this.store.change(categoryId, async (manager, category) => {
      if (category.status === 'archived') throw SkuCategoryException.archived();
      const known = new Set(category.sub_categories.map((row) => row.sub_category_id));
      const rows = input.sub_categories.map((row, position): SkuSubCategoryEntity => {
        if (row.sub_category_id !== undefined && !known.has(row.sub_category_id)) {
          throw SkuCategoryException.unknownSubCategory(position);
        }
        return {
          sub_category_id: row.sub_category_id ?? randomUUID(),
          category_id: categoryId,
          sub_category_name: row.sub_category_name,
          position,
        };
      });
      const kept = new Set(rows.map((row) => row.sub_category_id));
      const removed = category.sub_categories.filter((row) => !kept.has(row.sub_category_id));
      const used = await this.usage.inUseOf(
        manager,
        SKU_SUB_CATEGORY,
        removed.map((row) => row.sub_category_id),
      );
      const blocking = removed.find((row) => used.has(row.sub_category_id));
      if (blocking) throw SkuCategoryException.subCategoryInUse(blocking.sub_category_name);
      category.category_name = input.category_name;
      await this.categories.replaceSubCategories(manager, categoryId, rows);
      category.sub_categories = rows;
    });
  }

  archive(categoryId: string): Promise<SkuCategoryView> {
    return this.store.archive(categoryId);
  }

  reactivate(categoryId: string): Promise<SkuCategoryView> {
    return this.store.reactivate(categoryId);
  }

  delete(categoryId: string): Promise<void> {
    return this.store.delete(categoryId);
  }

  private async publishUpserted(manager: EntityManager, category: SkuCategoryRecord): Promise<void> {
    const snapshot: SkuCategorySnapshot = {
      category_id: category.category_id,
      category_name: category.category_name,
      sub_categories: category.sub_categories.map((row) => ({
        sub_category_id: row.sub_category_id,
        sub_category_name: row.sub_category_name,
      })),
      status: category.status,
      revision: category.revision,
      last_updated_time: category.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.SkuCategoryUpserted, snapshot);
  }

  private async view(manager: EntityManager, category: SkuCategoryRecord, inUse: boolean): Promise<SkuCategoryView> {
    const used = await this.usage.inUseOf(
      manager,
      SKU_SUB_CATEGORY,
      category.sub_categories.map((row) => row.sub_category_id),
    );
    return {
      category_id: category.category_id,
      category_name: category.category_name,
      sub_categories: category.sub_categories.map((row) => ({
        sub_category_id: row.sub_category_id,
        sub_category_name: row.sub_category_name,
        in_use: used.has(row.sub_category_id),
      })),
      status: category.status,
      in_use: inUse,
      created_time: category.created_time.toISOString(),
      last_updated_time: category.last_updated_time.toISOString(),
      created_by: category.created_by,
      last_updated_by: category.last_updated_by,
    };
  }
}
