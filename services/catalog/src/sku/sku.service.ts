import { Injectable } from '@nestjs/common';
import { CatalogSubjects, pricePerPrimary, unitKey } from '@scm/contracts';
import type { ListQuery, SkuListRow, SkuOptions, SkuSnapshot, SkuView, ValidSkuInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { SKU_CATEGORY, SKU_SUB_CATEGORY } from '../category-tree/category-tree.kinds.js';
import { SUPPLIER } from '../supplier/supplier.service.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { SkuEntity } from './sku.entity.js';
import { SkuException } from './sku.exception.js';
import { SkuRepository } from './sku.repository.js';
import type { SkuUomRow } from './sku.repository.js';
import { resolveUnits } from './sku-units.js';

/** Decimals of a price per unit (supplier_price is numeric(18,4)). */
const PRICE_SCALE = 4;

/**
 * The record_usage type of a SKU: as a user (of its category, sub-category, UOMs and suppliers) and as a target.
 * BOMs, PLUs and purchase orders record their use of a SKU with `usage.add(manager, SKU, sku_id, ...)` (in
 * catalog) or through their events (other services); archive and delete already honour it.
 */
export const SKU = 'sku';

/** The record_usage type of a UOM (UomService checks it). */
const UOM = 'uom';

/**
 * The record_usage type of a SKU in one of its units, `<sku_id>/<uom_name>`: a BOM's consume row or output
 * (catalog's BomRecipes records it). The SKU refuses to drop a unit row while it is used.
 */
export const SKU_UOM = 'sku_uom';

/** How many users a refusal names at most. */
const NAMED_USERS = 5;

/** A SKU with its UOM rows and suppliers (in the user's order): what a change works on. */
export type SkuRecord = SkuEntity & { uom_list: SkuUomRow[]; supplier_list: string[] };

interface Reference {
  type: string;
  id: string;
}

/**
 * What a SKU uses, as record_usage targets: its category, sub-category, every UOM record a unit takes its factor
 * from, and every supplier.
 */
function referencesOf(sku: SkuRecord): Reference[] {
  return [
    { type: SKU_CATEGORY, id: sku.category_id },
    ...(sku.sub_category_id ? [{ type: SKU_SUB_CATEGORY, id: sku.sub_category_id }] : []),
    ...sku.uom_list.flatMap((row) => (row.uom_id ? [{ type: UOM, id: row.uom_id }] : [])),
    ...sku.supplier_list.map((supplierId) => ({ type: SUPPLIER, id: supplierId })),
  ];
}

const sameReference = (a: Reference) => (b: Reference) => a.type === b.type && a.id === b.id;

/**
 * SKUs (SPEC.md §3). A SKU records its use of its category, sub-category, UOMs and suppliers (record_usage), so
 * those refuse archive and delete while it exists; a change moves the usage, a delete removes it. The SKU
 * itself refuses archive and delete while something uses it (usage type `sku`).
 *
 * The SKU is one aggregate: its UOM rows, suppliers, supplier prices and per-location suppliers change under the
 * SKU's row lock, stamp the SKU's revision and republish the whole snapshot (`catalog.sku.upserted`), so one
 * ordered stream carries everything a replica needs. Features that change a part of it from their own pages
 * (supplier pricing, default suppliers) go through `changePrices`.
 */
@Injectable()
export class SkuService {
  private readonly store: MasterRecordStore<SkuRecord, SkuView>;

  constructor(
    private readonly skus: SkuRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    const withChildren = async (manager: EntityManager, sku: SkuEntity | null): Promise<SkuRecord | null> =>
      sku && {
        ...sku,
        uom_list: await skus.uoms(manager, sku.sku_id),
        supplier_list: await skus.suppliers(manager, sku.sku_id),
      };
    this.store = new MasterRecordStore(skus.dataSource, usage, {
      usageType: SKU,
      errors: SkuException,
      find: async (manager, id) => withChildren(manager, await skus.findById(id, manager)),
      lock: async (manager, id) => withChildren(manager, await skus.findByIdForUpdate(manager, id)),
      save: (manager, sku) => skus.save(manager, entityOf(sku)),
      publishUpserted: (manager, sku) => this.publishUpserted(manager, sku),
      deleteAndPublish: async (manager, sku) => {
        await skus.delete(manager, sku.sku_id);
        await events.publish(manager, CatalogSubjects.SkuDeleted, { sku_id: sku.sku_id, revision: sku.revision + 1 });
      },
      view: (manager, sku, inUse) => this.view(manager, sku, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<SkuListRow>> {
    const page = await this.skus.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  /** The form's choices: new or active categories (with sub-categories), UOMs and suppliers. */
  options(): Promise<SkuOptions> {
    return this.skus.options();
  }

  get(skuId: string): Promise<SkuView> {
    return this.store.get(skuId);
  }

  async create(input: ValidSkuInput): Promise<SkuView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const sku: SkuRecord = {
      ...this.fields(input),
      sku_id: input.sku_id,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    const view = await this.store.create(sku, async (manager) => {
      if (await this.skus.codeTaken(manager, sku.sku_id)) throw SkuException.duplicate();
      Object.assign(sku, await this.resolveUnits(manager, input, []));
      await this.checkReferences(manager, sku);
      await this.skus.insert(manager, entityOf(sku));
      await this.skus.replaceUoms(manager, sku.sku_id, sku.uom_list);
      await this.skus.replaceSuppliers(manager, sku.sku_id, sku.supplier_list);
      for (const target of referencesOf(sku)) {
        await this.usage.add(manager, target.type, target.id, SKU, sku.sku_id);
      }
    });
    return view;
  }

  /**
   * Edits everything but the code. A UOM row or supplier left out goes with its prices; the usage of the old
   * references moves to the new ones.
   */
  async update(skuId: string, input: ValidSkuInput): Promise<SkuView> {
    if (input.sku_id !== skuId) throw SkuException.idChanged();
    const view = await this.store.change(skuId, async (manager, sku) => {
      if (sku.status === 'archived') throw SkuException.archived();
      const before = referencesOf(sku);
      const removedUoms = sku.uom_list.filter(
        (row) => !input.uom_list.some((next) => unitKey(next.uom_name) === unitKey(row.uom_name)),
      );
      await this.refuseRemovingUsedUoms(manager, sku, removedUoms);
      const units = await this.resolveUnits(manager, input, sku.uom_list);
      Object.assign(sku, this.fields(input), units);
      await this.checkReferences(manager, sku);
      await this.skus.replaceUoms(manager, skuId, sku.uom_list);
      await this.skus.replaceSuppliers(manager, skuId, sku.supplier_list);
      const after = referencesOf(sku);
      for (const old of before.filter((target) => !after.some(sameReference(target)))) {
        await this.usage.remove(manager, old.type, old.id, SKU, skuId);
      }
      for (const target of after.filter((next) => !before.some(sameReference(next)))) {
        await this.usage.add(manager, target.type, target.id, SKU, skuId);
      }
    });
    return view;
  }

  /** Archive: refused while a BOM, PLU, purchase order ... uses the SKU. */
  archive(skuId: string): Promise<SkuView> {
    return this.store.archive(skuId);
  }

  /** Back to active: its category, UOMs and suppliers must still be usable. */
  async reactivate(skuId: string): Promise<SkuView> {
    const view = await this.store.reactivate(skuId, (manager, sku) => this.checkReferences(manager, sku));
    return view;
  }

  /** Delete: refused while in use; its UOM rows, suppliers and prices go with it, and so does its usage. */
  delete(skuId: string): Promise<void> {
    return this.store.delete(skuId);
  }

  /**
   * For the features that edit a part of the SKU aggregate on their own pages (supplier pricing: `supplier_price`
   * rows; default suppliers: `sku.default_supplier_id` and `sku_location_supplier` rows).
   *
   * Locks the SKU row (concurrent changes of the same SKU apply one after the other), runs `mutate` in the same
   * transaction (it writes its rows with `manager`; it may also change fields of `sku`, which is saved after it),
   * then stamps the SKU's revision, saves it and republishes the full snapshot — prices and per-location
   * suppliers read back from the database — as `catalog.sku.upserted`. Joins an enclosing unit of work (an Excel
   * price upload applying every row at once). A throw in `mutate` rolls everything back; a missing SKU is the SKU
   * not-found error. Answers the SKU's full view, prices included (the one cost serializer removes them for a
   * role without can_see_cost).
   *
   * Example (supplier pricing):
   *   await skuService.changePrices(skuId, async (manager, sku) => {
   *     if (sku.status === 'archived') throw ...;
   *     await manager.query(`INSERT INTO supplier_price ... ON CONFLICT ... DO UPDATE ...`, [...]);
   *   });
   */
  changePrices(skuId: string, mutate: (manager: EntityManager, sku: SkuRecord) => Promise<void>): Promise<SkuView> {
    return this.store.change(skuId, (manager, sku) => mutate(manager, sku));
  }

  /** A unit row may go only while no BOM uses the SKU in that unit (the SKU's row lock orders it with BOM changes). */
  private async refuseRemovingUsedUoms(
    manager: EntityManager,
    sku: SkuRecord,
    removed: readonly SkuUomRow[],
  ): Promise<void> {
    const targets = removed.map((row) => `${sku.sku_id}/${row.uom_name}`);
    const users = await this.usage.usersOf(manager, SKU_UOM, targets);
    if (users.length === 0) return;
    const target = users[0].target_id;
    const unit = target.slice(sku.sku_id.length + 1);
    const ids = [...new Set(users.filter((user) => user.target_id === target).map((user) => user.used_by_id))];
    const named = ids.slice(0, NAMED_USERS).join(', ') + (ids.length > NAMED_USERS ? ', …' : '');
    throw SkuException.uomInUse(unit, named);
  }

  /**
   * The SKU's units by their real names with their factors, from the UOM records naming them (share-locked);
   * `kept` are the rows the SKU had (their names stay valid without a record). docs/units-of-measure.md.
   */
  private async resolveUnits(manager: EntityManager, input: ValidSkuInput, kept: readonly SkuUomRow[]) {
    const records = await this.skus.conversions(
      manager,
      input.uom_list.map((row) => row.uom_name),
    );
    return resolveUnits(input, records, kept);
  }

  private fields(input: ValidSkuInput) {
    return {
      name: input.name,
      display_name: input.display_name,
      ch_display_name: input.ch_display_name,
      alternate_display_name_list: input.alternate_display_name_list,
      category_id: input.category_id,
      sub_category_id: input.sub_category_id,
      // Resolved by resolveUnits in the transaction (canonical names, factors from the records).
      primary_uom_name: input.primary_uom_name,
      purchasing_uom_name: input.purchasing_uom_name,
      receiving_uom_name: input.receiving_uom_name,
      counting_uom_name: input.counting_uom_name,
      uom_list: input.uom_list.map((row) => ({ uom_name: row.uom_name, factor: row.factor ?? '1', uom_id: null })),
      supplier_list: [...input.supplier_list],
      default_supplier_id: input.default_supplier_id,
      barcode: input.barcode,
      threshold: input.threshold,
      is_inventorise: input.is_inventorise,
      default_wastage_percentage: input.default_wastage_percentage,
      max_order_qty: input.max_order_qty,
      account_code: input.account_code,
      gl_code: input.gl_code,
      hashtag_list: input.hashtag_list,
      supplier_description: input.supplier_description,
      product_brand: input.product_brand,
      packaging_detail: input.packaging_detail,
    };
  }

  /**
   * The category exists and is not archived, the sub-category is the category's and every supplier is new or
   * active; each bad one is named on its field. (Units are checked by resolveUnits.)
   */
  private async checkReferences(manager: EntityManager, sku: SkuRecord): Promise<void> {
    const found = await this.skus.lockReferences(manager, {
      categoryId: sku.category_id,
      subCategoryId: sku.sub_category_id,
      supplierIds: sku.supplier_list,
    });
    const usable = (reference: { status: string } | null | undefined) =>
      reference !== null && reference !== undefined && reference.status !== 'archived';
    const invalid: string[] = [];
    if (!usable(found.category)) invalid.push('category_id');
    if (sku.sub_category_id && (!found.subCategory || found.subCategory.parent_id !== sku.category_id)) {
      invalid.push('sub_category_id');
    }
    sku.supplier_list.forEach((supplierId, index) => {
      if (!usable(found.suppliers.get(supplierId))) invalid.push(`supplier_list.${index}`);
    });
    if (invalid.length > 0) throw SkuException.referencesInvalid(invalid);
  }

  private async publishUpserted(manager: EntityManager, sku: SkuRecord): Promise<void> {
    const prices = await this.skus.prices(manager, sku.sku_id);
    const snapshot: SkuSnapshot = {
      sku_id: sku.sku_id,
      ...this.snapshotFields(sku),
      uom_list: sku.uom_list.map((row) => ({ uom_name: row.uom_name, factor: row.factor, uom_id: row.uom_id })),
      supplier_list: sku.supplier_list.map((supplierId) => ({
        supplier_id: supplierId,
        prices: prices
          .filter((price) => price.supplier_id === supplierId)
          .map((price) => ({
            uom_name: price.uom_name,
            current_price: price.current_price,
            future_price_1: price.future_price_1,
            future_price_1_date: price.future_price_1_date,
            future_price_2: price.future_price_2,
            future_price_2_date: price.future_price_2_date,
          })),
      })),
      location_supplier_list: await this.skus.locationSuppliers(manager, sku.sku_id),
      status: sku.status,
      revision: sku.revision,
      last_updated_time: sku.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.SkuUpserted, snapshot);
  }

  private snapshotFields(sku: SkuRecord) {
    return {
      name: sku.name,
      display_name: sku.display_name,
      ch_display_name: sku.ch_display_name,
      alternate_display_name_list: [...sku.alternate_display_name_list],
      category_id: sku.category_id,
      sub_category_id: sku.sub_category_id,
      primary_uom_name: sku.primary_uom_name,
      purchasing_uom_name: sku.purchasing_uom_name,
      receiving_uom_name: sku.receiving_uom_name,
      counting_uom_name: sku.counting_uom_name,
      default_supplier_id: sku.default_supplier_id,
      barcode: sku.barcode,
      threshold: sku.threshold,
      is_inventorise: sku.is_inventorise,
      default_wastage_percentage: sku.default_wastage_percentage,
      max_order_qty: sku.max_order_qty,
      account_code: sku.account_code,
      gl_code: sku.gl_code,
      hashtag_list: [...sku.hashtag_list],
      supplier_description: sku.supplier_description,
      product_brand: sku.product_brand,
      packaging_detail: sku.packaging_detail,
    };
  }

  /** The full view, names and prices included (the callers strip the prices for roles without can_see_cost). */
  private async view(manager: EntityManager, sku: SkuRecord, inUse: boolean): Promise<SkuView> {
    const names = await this.skus.names(manager, {
      categoryId: sku.category_id,
      subCategoryId: sku.sub_category_id,
      supplierIds: sku.supplier_list,
    });
    const supplierName = (supplierId: string) => names.suppliers.get(supplierId) ?? '';
    const prices = await this.skus.prices(manager, sku.sku_id);
    return {
      sku_id: sku.sku_id,
      ...this.snapshotFields(sku),
      category_name: names.categoryName,
      sub_category_name: sku.sub_category_id ? names.subCategoryName : null,
      uom_list: sku.uom_list.map((row) => ({ uom_name: row.uom_name, factor: row.factor, uom_id: row.uom_id })),
      supplier_list: sku.supplier_list.map((supplierId) => ({
        supplier_id: supplierId,
        company_name: supplierName(supplierId),
      })),
      default_supplier_name: sku.default_supplier_id ? supplierName(sku.default_supplier_id) : '',
      price_per_uom: prices.map((price) => ({
        supplier_id: price.supplier_id,
        company_name: supplierName(price.supplier_id),
        uom_name: price.uom_name,
        factor: price.factor,
        current_price: price.current_price,
        price_per_primary_uom: pricePerPrimary(price.current_price, price.factor, PRICE_SCALE),
      })),
      status: sku.status,
      in_use: inUse,
      created_time: sku.created_time.toISOString(),
      last_updated_time: sku.last_updated_time.toISOString(),
      created_by: sku.created_by,
      last_updated_by: sku.last_updated_by,
    };
  }
}

/** The `sku` row of a record (its child lists live in their own tables). */
function entityOf({ uom_list: _uoms, supplier_list: _suppliers, ...sku }: SkuRecord): SkuEntity {
  return sku;
}
