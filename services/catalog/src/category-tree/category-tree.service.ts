import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  ListQuery,
  LocationCategorySnapshot,
  LocationCategoryView,
  SkuCategorySnapshot,
  SkuCategoryView,
  ValidLocationCategoryInput,
  ValidSkuCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import type { CategoryTreeEntity, SubCategoryEntity } from './category-tree.entity.js';
import { CategoryTreeErrors } from './category-tree.exception.js';
import { CATEGORY_TREE_KINDS } from './category-tree.kinds.js';
import type { CategoryTreeKind } from './category-tree.kinds.js';
import { CategoryTreeRepository } from './category-tree.repository.js';
import type { CategoryTreeListRow } from './category-tree.repository.js';

/** Either kind's view, input and snapshot (the two contracts are the same shape). */
export type CategoryTreeView = LocationCategoryView | SkuCategoryView;
export type ValidCategoryTreeInput = ValidLocationCategoryInput | ValidSkuCategoryInput;
type CategoryTreeSnapshot = LocationCategorySnapshot | SkuCategorySnapshot;

/** A category with its sub-categories (in the user's order): what its snapshot and view show. */
type CategoryTreeRecord = CategoryTreeEntity & { sub_categories: SubCategoryEntity[] };
type CategoryTreeStore = MasterRecordStore<CategoryTreeRecord, CategoryTreeView>;

/**
 * Categories with their sub-categories, of every kind (location, SKU). Archive and delete are refused while a
 * record (a location, a SKU) uses the category; removing a sub-category a record uses is refused too. Every
 * change publishes the full snapshot (sub-categories included) with a growing revision, in the same transaction
 * (outbox), on the kind's own subjects.
 */
@Injectable()
export class CategoryTreeService {
  private readonly kinds = new Map<CategoryTreeKind, { store: CategoryTreeStore; errors: CategoryTreeErrors }>();

  constructor(
    private readonly categories: CategoryTreeRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    for (const kind of CATEGORY_TREE_KINDS) {
      const errors = new CategoryTreeErrors(kind);
      this.kinds.set(kind, { store: this.storeOf(kind, errors), errors });
    }
  }

  private storeOf(kind: CategoryTreeKind, errors: CategoryTreeErrors): CategoryTreeStore {
    const { categories, events } = this;
    const withSubCategories = async (manager: EntityManager, category: CategoryTreeEntity | null) =>
      category && { ...category, sub_categories: await categories.subCategories(kind, category.category_id, manager) };
    return new MasterRecordStore(categories.dataSource, this.usage, {
      usageType: kind.usageType,
      errors,
      find: async (manager, id) => withSubCategories(manager, await categories.findById(kind, id, manager)),
      lock: async (manager, id) => withSubCategories(manager, await categories.findByIdForUpdate(manager, kind, id)),
      save: (manager, { sub_categories: _rows, ...category }) => categories.save(manager, kind, category),
      publishUpserted: (manager, category) => this.publishUpserted(manager, kind, category),
      // Its sub-categories go with it (ON DELETE CASCADE); a record using one also uses the category.
      deleteAndPublish: async (manager, category) => {
        await categories.delete(manager, kind, category.category_id);
        await events.publish(manager, kind.subjects.deleted, {
          category_id: category.category_id,
          revision: category.revision + 1,
        });
      },
      view: (manager, category, inUse) => this.view(manager, kind, category, inUse),
    });
  }

  /** The kind's store and errors (every kind of `CATEGORY_TREE_KINDS` has them). */
  private of(kind: CategoryTreeKind): { store: CategoryTreeStore; errors: CategoryTreeErrors } {
    const found = this.kinds.get(kind);
    if (!found) throw new Error(`${kind.label} categories are not one of CATEGORY_TREE_KINDS`);
    return found;
  }

  async list(kind: CategoryTreeKind, query: ListQuery): Promise<ListPage<CategoryTreeListRow>> {
    const page = await this.categories.list(kind, query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(kind: CategoryTreeKind, categoryId: string): Promise<CategoryTreeView> {
    return this.of(kind).store.get(categoryId);
  }

  create(kind: CategoryTreeKind, input: ValidCategoryTreeInput): Promise<CategoryTreeView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const categoryId = randomUUID();
    const category: CategoryTreeRecord = {
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
    return this.of(kind).store.create(category, async (manager) => {
      const { sub_categories: rows, ...row } = category;
      await this.categories.insert(manager, kind, row);
      await this.categories.replaceSubCategories(manager, kind, categoryId, rows);
    });
  }

  /**
   * Renames the category and sets its sub-categories: a row with a `sub_category_id` keeps it (renamed in
   * place, so the records using it follow), a row without one is new, an existing one left out is removed —
   * refused while a record uses it.
   */
  update(kind: CategoryTreeKind, categoryId: string, input: ValidCategoryTreeInput): Promise<CategoryTreeView> {
    const { store, errors } = this.of(kind);
    return store.change(categoryId, async (manager, category) => {
      if (category.status === 'archived') throw errors.archived();
      const current = category.sub_categories;
      const known = new Set(current.map((row) => row.sub_category_id));
      const rows = input.sub_categories.map((row, position): SubCategoryEntity => {
        if (row.sub_category_id !== undefined && !known.has(row.sub_category_id)) {
          throw errors.unknownSubCategory(position);
        }
        return {
          sub_category_id: row.sub_category_id ?? randomUUID(),
          category_id: categoryId,
          sub_category_name: row.sub_category_name,
          position,
        };
      });
      const kept = new Set(rows.map((row) => row.sub_category_id));
      const removed = current.filter((row) => !kept.has(row.sub_category_id));
      const used = await this.usage.inUseOf(
        manager,
        kind.subUsageType,
        removed.map((row) => row.sub_category_id),
      );
      const blocking = removed.find((row) => used.has(row.sub_category_id));
      if (blocking) throw errors.subCategoryInUse(blocking.sub_category_name);
      category.category_name = input.category_name;
      await this.categories.replaceSubCategories(manager, kind, categoryId, rows);
      category.sub_categories = rows;
    });
  }

  archive(kind: CategoryTreeKind, categoryId: string): Promise<CategoryTreeView> {
    return this.of(kind).store.archive(categoryId);
  }

  reactivate(kind: CategoryTreeKind, categoryId: string): Promise<CategoryTreeView> {
    return this.of(kind).store.reactivate(categoryId);
  }

  delete(kind: CategoryTreeKind, categoryId: string): Promise<void> {
    return this.of(kind).store.delete(categoryId);
  }

  private async publishUpserted(
    manager: EntityManager,
    kind: CategoryTreeKind,
    category: CategoryTreeRecord,
  ): Promise<void> {
    const snapshot: CategoryTreeSnapshot = {
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
    await this.events.publish(manager, kind.subjects.upserted, snapshot);
  }

  private async view(
    manager: EntityManager,
    kind: CategoryTreeKind,
    category: CategoryTreeRecord,
    inUse: boolean,
  ): Promise<CategoryTreeView> {
    const rows = category.sub_categories;
    const used = await this.usage.inUseOf(
      manager,
      kind.subUsageType,
      rows.map((row) => row.sub_category_id),
    );
    return {
      category_id: category.category_id,
      category_name: category.category_name,
      sub_categories: rows.map((row) => ({
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
