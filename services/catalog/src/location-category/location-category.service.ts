import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type {
  ListQuery,
  LocationCategoryListRow,
  LocationCategorySnapshot,
  LocationCategoryView,
  ValidLocationCategoryInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { LocationCategoryEntity, LocationSubCategoryEntity } from './location-category.entity.js';
import { LocationCategoryException } from './location-category.exception.js';
import { LocationCategoryRepository } from './location-category.repository.js';

const CATEGORY = 'location_category';
const SUB_CATEGORY = 'location_sub_category';

/** A category with its sub-categories (in the user's order): what its snapshot and view show. */
type LocationCategoryRecord = LocationCategoryEntity & { sub_categories: LocationSubCategoryEntity[] };

/**
 * Location categories with their sub-categories. Archive and delete are refused while a location uses the
 * category; removing a sub-category a location uses is refused too. Every change publishes the full
 * snapshot (sub-categories included) with a growing revision, in the same transaction (outbox).
 */
@Injectable()
export class LocationCategoryService {
  private readonly store: MasterRecordStore<LocationCategoryRecord, LocationCategoryView>;

  constructor(
    private readonly categories: LocationCategoryRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    const withSubCategories = async (manager: EntityManager, category: LocationCategoryEntity | null) =>
      category && { ...category, sub_categories: await categories.subCategories(category.category_id, manager) };
    this.store = new MasterRecordStore(categories.dataSource, usage, {
      usageType: CATEGORY,
      errors: LocationCategoryException,
      find: async (manager, id) => withSubCategories(manager, await categories.findById(id, manager)),
      lock: async (manager, id) => withSubCategories(manager, await categories.findByIdForUpdate(manager, id)),
      save: (manager, { sub_categories: _rows, ...category }) => categories.save(manager, category),
      publishUpserted: (manager, category) => this.publishUpserted(manager, category),
      // Its sub-categories go with it (ON DELETE CASCADE); a location using one also uses the category.
      deleteAndPublish: async (manager, category) => {
        await categories.delete(manager, category.category_id);
        await events.publish(manager, CatalogSubjects.LocationCategoryDeleted, {
          category_id: category.category_id,
          revision: category.revision + 1,
        });
      },
      view: (manager, category, inUse) => this.view(manager, category, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<LocationCategoryListRow>> {
    const page = await this.categories.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(categoryId: string): Promise<LocationCategoryView> {
    return this.store.get(categoryId);
  }

  create(input: ValidLocationCategoryInput): Promise<LocationCategoryView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const categoryId = randomUUID();
    const category: LocationCategoryRecord = {
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
   * place, so locations follow), a row without one is new, an existing one left out is removed.
   */
  update(categoryId: string, input: ValidLocationCategoryInput): Promise<LocationCategoryView> {
    return this.store.change(categoryId, async (manager, category) => {
      if (category.status === 'archived') throw LocationCategoryException.archived();
      const current = category.sub_categories;
      const known = new Map(current.map((row) => [row.sub_category_id, row]));
      const rows = input.sub_categories.map((row, position): LocationSubCategoryEntity => {
        if (row.sub_category_id !== undefined && !known.has(row.sub_category_id)) {
          throw LocationCategoryException.unknownSubCategory(position);
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
        SUB_CATEGORY,
        removed.map((row) => row.sub_category_id),
      );
      const blocking = removed.find((row) => used.has(row.sub_category_id));
      if (blocking) throw LocationCategoryException.subCategoryInUse(blocking.sub_category_name);
      category.category_name = input.category_name;
      await this.categories.replaceSubCategories(manager, categoryId, rows);
      category.sub_categories = rows;
    });
  }

  archive(categoryId: string): Promise<LocationCategoryView> {
    return this.store.archive(categoryId);
  }

  reactivate(categoryId: string): Promise<LocationCategoryView> {
    return this.store.reactivate(categoryId);
  }

  delete(categoryId: string): Promise<void> {
    return this.store.delete(categoryId);
  }

  private async publishUpserted(manager: EntityManager, category: LocationCategoryRecord): Promise<void> {
    const snapshot: LocationCategorySnapshot = {
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
    await this.events.publish(manager, CatalogSubjects.LocationCategoryUpserted, snapshot);
  }

  private async view(
    manager: EntityManager,
    category: LocationCategoryRecord,
    inUse: boolean,
  ): Promise<LocationCategoryView> {
    const rows = category.sub_categories;
    const used = await this.usage.inUseOf(
      manager,
      SUB_CATEGORY,
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
