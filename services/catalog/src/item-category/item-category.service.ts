import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects, ITEM_CATEGORY_KINDS } from '@scm/contracts';
import type {
  ItemCategoryKind,
  ItemCategorySnapshot,
  ItemCategoryView,
  ListQuery,
  ValidItemCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { ItemCategoryEntity } from './item-category.entity.js';
import { ItemCategoryException } from './item-category.exception.js';
import { ItemCategoryRepository } from './item-category.repository.js';

/**
 * The record_usage target type of an item category, whatever its kind: a SKU BOM, PLU, PLU BOM or product
 * records its use with `usage.add(manager, ITEM_CATEGORY, category_id, <its type>, <its id>)`.
 */
export const ITEM_CATEGORY = 'item_category';

/**
 * The simple categories of SKU BOMs, PLUs, PLU BOMs and products (see `ITEM_CATEGORY_KINDS` in contracts for how
 * a feature uses one kind). Names are unique per kind; archive and delete are refused while a record uses the
 * category. Every change publishes `catalog.item-category.upserted` / `.deleted` with the kind.
 */
@Injectable()
export class ItemCategoryService {
  private readonly stores: Record<ItemCategoryKind, MasterRecordStore<ItemCategoryEntity, ItemCategoryView>>;

  constructor(
    private readonly categories: ItemCategoryRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    const store = (kind: ItemCategoryKind) =>
      new MasterRecordStore<ItemCategoryEntity, ItemCategoryView>(categories.dataSource, usage, {
        usageType: ITEM_CATEGORY,
        errors: ItemCategoryException,
        find: (manager, id) => categories.findById(kind, id, manager),
        lock: (manager, id) => categories.findByIdForUpdate(manager, kind, id),
        save: (manager, category) => categories.save(manager, category),
        publishUpserted: (manager, category) => this.publishUpserted(manager, category),
        deleteAndPublish: async (manager, category) => {
          await categories.delete(manager, category.category_id);
          await events.publish(manager, CatalogSubjects.ItemCategoryDeleted, {
            category_id: category.category_id,
            kind: category.kind,
            revision: category.revision + 1,
          });
        },
        view: (_manager, category, inUse) => Promise.resolve(this.view(category, inUse)),
      });
    this.stores = Object.fromEntries(ITEM_CATEGORY_KINDS.map((kind) => [kind, store(kind)])) as typeof this.stores;
  }

  async list(kind: ItemCategoryKind, query: ListQuery): Promise<ListPage<ItemCategoryView>> {
    const page = await this.categories.list(kind, query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(kind: ItemCategoryKind, categoryId: string): Promise<ItemCategoryView> {
    return this.stores[kind].get(categoryId);
  }

  create(kind: ItemCategoryKind, input: ValidItemCategoryInput): Promise<ItemCategoryView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const category: ItemCategoryEntity = {
      category_id: randomUUID(),
      kind,
      category_name: input.category_name,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.stores[kind].create(category, (manager) => this.categories.insert(manager, category));
  }

  /** A rename: records refer to the id, so they follow. */
  update(kind: ItemCategoryKind, categoryId: string, input: ValidItemCategoryInput): Promise<ItemCategoryView> {
    return this.stores[kind].change(categoryId, (_manager, category) => {
      if (category.status === 'archived') throw ItemCategoryException.archived();
      category.category_name = input.category_name;
    });
  }

  archive(kind: ItemCategoryKind, categoryId: string): Promise<ItemCategoryView> {
    return this.stores[kind].archive(categoryId);
  }

  reactivate(kind: ItemCategoryKind, categoryId: string): Promise<ItemCategoryView> {
    return this.stores[kind].reactivate(categoryId);
  }

  delete(kind: ItemCategoryKind, categoryId: string): Promise<void> {
    return this.stores[kind].delete(categoryId);
  }

  private async publishUpserted(manager: EntityManager, category: ItemCategoryEntity): Promise<void> {
    const snapshot: ItemCategorySnapshot = {
      category_id: category.category_id,
      kind: category.kind,
      category_name: category.category_name,
      status: category.status,
      revision: category.revision,
      last_updated_time: category.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.ItemCategoryUpserted, snapshot);
  }

  private view(category: ItemCategoryEntity, inUse: boolean): ItemCategoryView {
    return {
      category_id: category.category_id,
      kind: category.kind,
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
