import { Inject, Injectable } from '@nestjs/common';
import { unitKey, unitsOf } from '@scm/contracts';
import type { ListQuery, MasterStatus, SkuListRow, SkuOptions, UomConversionOption } from '@scm/contracts';
import { DATA_SOURCE, isBlankFilterValue, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SkuEntity } from './sku.entity.js';
import { SKU_LIST, SKU_LIST_BY_SUPPLIER, SKU_SUPPLIER_FILTER } from './sku.list.js';

/**
 * One of a SKU's units: 1 `uom_name` = `factor` primary units; `uom_id` is the UOM record the factor was taken
 * from (null: the primary unit, or a factor of the SKU's own). docs/units-of-measure.md.
 */
export interface SkuUomRow {
  uom_name: string;
  factor: string;
  uom_id: string | null;
}

/** A supplier's prices of a SKU per unit (dates as YYYY-MM-DD). */
export interface SkuPriceRow {
  supplier_id: string;
  uom_name: string;
  /** The unit's factor to the primary unit. */
  factor: string;
  current_price: string;
  future_price_1: string | null;
  future_price_1_date: string | null;
  future_price_2: string | null;
  future_price_2_date: string | null;
}

/** A referenced record as found (and share-locked) while a SKU changes. */
export interface SkuReference {
  id: string;
  status: MasterStatus;
  /** A sub-category's category. */
  parent_id?: string;
}

/** The names a SKU's view shows, by id. */
export interface SkuNames {
  categoryName: string;
  subCategoryName: string;
  suppliers: Map<string, string>;
}

@Injectable()
export class SkuRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** The list; a supplier filter joins that supplier's SKU rows (see SKU_LIST_BY_SUPPLIER). */
  list(query: ListQuery): Promise<ListResult<SkuListRow>> {
    const bySupplier = !isBlankFilterValue(query.other_params?.[SKU_SUPPLIER_FILTER]);
    return runListQuery<SkuListRow>(this.dataSource.manager, bySupplier ? SKU_LIST_BY_SUPPLIER : SKU_LIST, query);
  }

  findById(skuId: string, manager: EntityManager = this.dataSource.manager): Promise<SkuEntity | null> {
    return manager.getRepository(SkuEntity).findOneBy({ sku_id: skuId });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, skuId: string): Promise<SkuEntity | null> {
    return manager
      .getRepository(SkuEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.sku_id = :skuId', { skuId })
      .getOne();
  }

  /** Whether a SKU with this code exists, whatever the case. */
  async codeTaken(manager: EntityManager, skuId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM sku WHERE lower(sku_id) = lower($1)`, [skuId]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, sku: SkuEntity): Promise<void> {
    await manager.getRepository(SkuEntity).insert(sku);
  }

  async save(manager: EntityManager, sku: SkuEntity): Promise<void> {
    await manager.getRepository(SkuEntity).save(sku);
  }

  /** Deletes the SKU; its UOM rows, suppliers, prices and per-location suppliers go with it (ON DELETE CASCADE). */
  async delete(manager: EntityManager, skuId: string): Promise<void> {
    await manager.getRepository(SkuEntity).delete({ sku_id: skuId });
  }

  async uoms(manager: EntityManager, skuId: string): Promise<SkuUomRow[]> {
    return manager.query(
      `SELECT uom_name, factor::text AS factor, uom_id::text AS uom_id FROM sku_uom
        WHERE sku_id = $1 ORDER BY position, uom_name`,
      [skuId],
    );
  }

  async suppliers(manager: EntityManager, skuId: string): Promise<string[]> {
    const rows: { supplier_id: string }[] = await manager.query(
      `SELECT supplier_id FROM sku_supplier WHERE sku_id = $1 ORDER BY position, supplier_id`,
      [skuId],
    );
    return rows.map((row) => row.supplier_id);
  }

  /**
   * Makes the SKU's unit rows exactly `rows` (in that order): a removed row goes with its prices (ON DELETE
   * CASCADE), a kept one takes its new factor and record. Names are the canonical spellings (unitKey equal).
   */
  async replaceUoms(manager: EntityManager, skuId: string, rows: readonly SkuUomRow[]): Promise<void> {
    await manager.query(`DELETE FROM sku_uom WHERE sku_id = $1 AND NOT (uom_name = ANY($2::text[]))`, [
      skuId,
      rows.map((row) => row.uom_name),
    ]);
    for (const [position, row] of rows.entries()) {
      await manager.query(
        `INSERT INTO sku_uom (sku_id, uom_name, factor, uom_id, position) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (sku_id, uom_name)
         DO UPDATE SET factor = EXCLUDED.factor, uom_id = EXCLUDED.uom_id, position = EXCLUDED.position`,
        [skuId, row.uom_name, row.factor, row.uom_id, position],
      );
    }
  }

  /**
   * The new or active UOM records naming any of `units` (either side), share-locked until the transaction ends:
   * the conversions a SKU takes its factors from (a concurrent archive waits, then sees the usage).
   */
  async conversions(manager: EntityManager, units: readonly string[]): Promise<UomConversionOption[]> {
    const keys = [...new Set(units.map(unitKey))];
    return manager.query(
      `SELECT uom_id::text AS uom_id, uom_name, secondary_uom, uom_per_primary::text AS uom_per_primary FROM uom
        WHERE status <> 'archived' AND (upper(btrim(uom_name)) = ANY($1::text[]) OR upper(btrim(secondary_uom)) = ANY($1::text[]))
        ORDER BY uom_id FOR SHARE`,
      [keys],
    );
  }

  /**
   * Makes the SKU's suppliers exactly `supplierIds` (in that order): a removed supplier goes with its prices and
   * per-location default rows (ON DELETE CASCADE).
   */
  async replaceSuppliers(manager: EntityManager, skuId: string, supplierIds: readonly string[]): Promise<void> {
    await manager.query(`DELETE FROM sku_supplier WHERE sku_id = $1 AND NOT (supplier_id = ANY($2::text[]))`, [
      skuId,
      supplierIds,
    ]);
    for (const [position, supplierId] of supplierIds.entries()) {
      await manager.query(
        `INSERT INTO sku_supplier (sku_id, supplier_id, position) VALUES ($1, $2, $3)
         ON CONFLICT (sku_id, supplier_id) DO UPDATE SET position = EXCLUDED.position`,
        [skuId, supplierId, position],
      );
    }
  }

  /** The SKU's supplier prices, by supplier and UOM in the SKU's order. */
  async prices(manager: EntityManager, skuId: string): Promise<SkuPriceRow[]> {
    return manager.query(
      `SELECT p.supplier_id, p.uom_name, su.factor::text AS factor, p.current_price, p.future_price_1,
              to_char(p.future_price_1_date, 'YYYY-MM-DD') AS future_price_1_date, p.future_price_2,
              to_char(p.future_price_2_date, 'YYYY-MM-DD') AS future_price_2_date
         FROM supplier_price p
         JOIN sku_supplier ss ON ss.sku_id = p.sku_id AND ss.supplier_id = p.supplier_id
         JOIN sku_uom su ON su.sku_id = p.sku_id AND su.uom_name = p.uom_name
        WHERE p.sku_id = $1
        ORDER BY ss.position, su.position`,
      [skuId],
    );
  }

  /** Locations that buy the SKU from another supplier than its default. */
  async locationSuppliers(
    manager: EntityManager,
    skuId: string,
  ): Promise<{ location_id: string; supplier_id: string }[]> {
    return manager.query(
      `SELECT location_id, supplier_id FROM sku_location_supplier WHERE sku_id = $1 ORDER BY location_id`,
      [skuId],
    );
  }

  /**
   * The category, sub-category and suppliers a SKU refers to, share-locked until the transaction ends: a
   * concurrent archive or delete of one of them waits, then sees this SKU's usage.
   */
  async lockReferences(
    manager: EntityManager,
    refs: {
      categoryId: string;
      subCategoryId: string | null;
      supplierIds: readonly string[];
    },
  ): Promise<{
    category: SkuReference | null;
    subCategory: SkuReference | null;
    suppliers: Map<string, SkuReference>;
  }> {
    const [category] = await manager.query<SkuReference[]>(
      `SELECT category_id::text AS id, status FROM sku_category WHERE category_id = $1 FOR SHARE`,
      [refs.categoryId],
    );
    let subCategory: SkuReference | null = null;
    if (refs.subCategoryId) {
      const [row] = await manager.query<SkuReference[]>(
        `SELECT s.sub_category_id::text AS id, c.status, s.category_id::text AS parent_id
           FROM sku_sub_category s JOIN sku_category c ON c.category_id = s.category_id
          WHERE s.sub_category_id = $1 FOR SHARE OF s`,
        [refs.subCategoryId],
      );
      subCategory = row ?? null;
    }
    const suppliers: SkuReference[] = await manager.query(
      `SELECT supplier_id AS id, status FROM supplier WHERE supplier_id = ANY($1::text[]) ORDER BY supplier_id FOR SHARE`,
      [refs.supplierIds],
    );
    return {
      category: category ?? null,
      subCategory,
      suppliers: new Map(suppliers.map((row) => [row.id, row])),
    };
  }

  /** The names of a SKU's category, sub-category and suppliers. */
  async names(
    manager: EntityManager,
    refs: {
      categoryId: string;
      subCategoryId: string | null;
      supplierIds: readonly string[];
    },
  ): Promise<SkuNames> {
    const [category] = await manager.query<{ name: string }[]>(
      `SELECT category_name AS name FROM sku_category WHERE category_id = $1`,
      [refs.categoryId],
    );
    const [subCategory] = refs.subCategoryId
      ? await manager.query<{ name: string }[]>(
          `SELECT sub_category_name AS name FROM sku_sub_category WHERE sub_category_id = $1`,
          [refs.subCategoryId],
        )
      : [];
    const suppliers: { supplier_id: string; company_name: string }[] = await manager.query(
      `SELECT supplier_id, company_name FROM supplier WHERE supplier_id = ANY($1::text[])`,
      [refs.supplierIds],
    );
    return {
      categoryName: category?.name ?? '',
      subCategoryName: subCategory?.name ?? '',
      suppliers: new Map(suppliers.map((row) => [row.supplier_id, row.company_name])),
    };
  }

  /** New or active categories (with their sub-categories), UOMs and suppliers, by name: the form's choices. */
  async options(): Promise<SkuOptions> {
    const manager = this.dataSource.manager;
    const categories: { category_id: string; category_name: string }[] = await manager.query(
      `SELECT category_id::text AS category_id, category_name FROM sku_category
        WHERE status IN ('new', 'active') ORDER BY lower(category_name), category_id`,
    );
    const subCategories: { category_id: string; sub_category_id: string; sub_category_name: string }[] =
      await manager.query(
        `SELECT s.category_id::text AS category_id, s.sub_category_id::text AS sub_category_id, s.sub_category_name
           FROM sku_sub_category s JOIN sku_category c ON c.category_id = s.category_id
          WHERE c.status IN ('new', 'active') ORDER BY s.category_id, s.position`,
      );
    const uoms: SkuOptions['uoms'] = await manager.query(
      `SELECT uom_id::text AS uom_id, uom_name, secondary_uom, uom_per_primary::text AS uom_per_primary FROM uom
        WHERE status IN ('new', 'active') ORDER BY lower(uom_name), lower(secondary_uom), uom_id`,
    );
    const suppliers: SkuOptions['suppliers'] = await manager.query(
      `SELECT supplier_id, company_name FROM supplier
        WHERE status IN ('new', 'active') ORDER BY lower(company_name), supplier_id`,
    );
    return {
      categories: categories.map((category) => ({
        ...category,
        sub_categories: subCategories
          .filter((row) => row.category_id === category.category_id)
          .map((row) => ({ sub_category_id: row.sub_category_id, sub_category_name: row.sub_category_name })),
      })),
      units: unitsOf(uoms),
      uoms,
      suppliers,
    };
  }
}
