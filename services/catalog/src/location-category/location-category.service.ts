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
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { LocationCategoryEntity, LocationSubCategoryEntity } from './location-category.entity.js';
import { LocationCategoryException } from './location-category.exception.js';
import { LocationCategoryRepository } from './location-category.repository.js';

const CATEGORY = 'location_category';
const SUB_CATEGORY = 'location_sub_category';

/**
 * Location categories with their sub-categories. Archive and delete are refused while a location uses the
 * category; removing a sub-category a location uses is refused too. Every change publishes the full
 * snapshot (sub-categories included) with a growing revision, in the same transaction (outbox).
 */
@Injectable()
export class LocationCategoryService {
  constructor(
    private readonly categories: LocationCategoryRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<LocationCategoryListRow>> {
    const page = await this.categories.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(categoryId: string): Promise<LocationCategoryView> {
    const manager = this.categories.manager;
    const category = await this.categories.findById(categoryId, manager);
    if (!category) throw LocationCategoryException.notFound();
    return this.view(manager, category, await this.categories.subCategories(categoryId, manager));
  }

  async create(input: ValidLocationCategoryInput): Promise<LocationCategoryView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const category: LocationCategoryEntity = {
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
      const rows = input.sub_categories.map((row, position) => ({
        sub_category_id: randomUUID(),
        category_id: category.category_id,
        sub_category_name: row.sub_category_name,
        position,
      }));
      await this.categories.replaceSubCategories(manager, category.category_id, rows);
      await this.publishUpserted(manager, category, rows);
      return this.view(manager, category, rows);
    });
  }

  /**
   * Renames the category and sets its sub-categories: a row with a `sub_category_id` keeps it (renamed in
   * place, so locations follow), a row without one is new, an existing one left out is removed.
   */
  update(categoryId: string, input: ValidLocationCategoryInput): Promise<LocationCategoryView> {
    return this.change(categoryId, async (manager, category, current) => {
      if (category.status === 'archived') throw LocationCategoryException.archived();
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
      return rows;
    });
  }

  archive(categoryId: string): Promise<LocationCategoryView> {
    return this.change(categoryId, async (manager, category, current) => {
      if (await this.usage.isInUse(manager, CATEGORY, categoryId)) throw LocationCategoryException.inUse();
      category.status = 'archived';
      return current;
    });
  }

  reactivate(categoryId: string): Promise<LocationCategoryView> {
    return this.change(categoryId, (_manager, category, current) => {
      category.status = 'active';
      return Promise.resolve(current);
    });
  }

  async delete(categoryId: string): Promise<void> {
    await this.write(async (manager) => {
      const category = await this.categories.findByIdForUpdate(manager, categoryId);
      if (!category) throw LocationCategoryException.notFound();
      if (await this.usage.isInUse(manager, CATEGORY, categoryId)) throw LocationCategoryException.inUse();
      // Its sub-categories go with it (ON DELETE CASCADE); a location using one also uses the category.
      await this.categories.delete(manager, categoryId);
      await this.events.publish(manager, CatalogSubjects.LocationCategoryDeleted, {
        category_id: categoryId,
        revision: category.revision + 1,
      });
    });
  }

  /**
   * Loads and locks the category, lets `mutate` change it and return its sub-categories, bumps the revision
   * and publishes the new snapshot.
   */
  private change(
    categoryId: string,
    mutate: (
      manager: EntityManager,
      category: LocationCategoryEntity,
      current: LocationSubCategoryEntity[],
    ) => Promise<LocationSubCategoryEntity[]>,
  ): Promise<LocationCategoryView> {
    return this.write(async (manager) => {
      const category = await this.categories.findByIdForUpdate(manager, categoryId);
      if (!category) throw LocationCategoryException.notFound();
      const rows = await mutate(manager, category, await this.categories.subCategories(categoryId, manager));
      stampChange(category);
      await this.categories.save(manager, category);
      await this.publishUpserted(manager, category, rows);
      return this.view(manager, category, rows);
    });
  }

  /** A transaction whose unique-name violation becomes the translated duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.categories.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw LocationCategoryException.duplicate();
      }
      throw error;
    }
  }

  private async publishUpserted(
    manager: EntityManager,
    category: LocationCategoryEntity,
    rows: readonly LocationSubCategoryEntity[],
  ): Promise<void> {
    const snapshot: LocationCategorySnapshot = {
      category_id: category.category_id,
      category_name: category.category_name,
      sub_categories: rows.map((row) => ({
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
    category: LocationCategoryEntity,
    rows: readonly LocationSubCategoryEntity[],
  ): Promise<LocationCategoryView> {
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
      in_use: await this.usage.isInUse(manager, CATEGORY, category.category_id),
      created_time: category.created_time.toISOString(),
      last_updated_time: category.last_updated_time.toISOString(),
      created_by: category.created_by,
      last_updated_by: category.last_updated_by,
    };
  }
}
