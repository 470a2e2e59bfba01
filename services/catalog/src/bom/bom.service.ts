import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BOM_KINDS, CatalogSubjects, unitKey } from '@scm/contracts';
import type {
  BomCostPreview,
  BomFormOptions,
  BomKind,
  BomListRow,
  BomSkuOption,
  BomSnapshot,
  BomView,
  ListQuery,
  ValidBomCostPreviewInput,
  ValidBomInput,
  ValidBomSkuOptionsQuery,
} from '@scm/contracts';
import { EventPublisher, ListPage, assertLocationsInScope, currentContext } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { ItemCategoryRepository } from '../item-category/item-category.repository.js';
import { ITEM_CATEGORY } from '../item-category/item-category.service.js';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { BomRecipes } from './bom-recipes.js';
import { BomEntity } from './bom.entity.js';
import type { BomLine } from './bom.entity.js';
import { BomException } from './bom.exception.js';
import { BomRepository } from './bom.repository.js';

/**
 * The record_usage type of each kind, as a target (a PLU records its use of a PLU BOM; WIP later a SKU BOM's) and
 * as a user (a BOM records its use of SKUs, UOMs, its category and owner location).
 */
export const BOM_USAGE_TYPES: Record<BomKind, string> = { sku_bom: 'sku_bom', plu_bom: 'plu_bom' };

const SUBJECTS = {
  sku_bom: { upserted: CatalogSubjects.SkuBomUpserted, deleted: CatalogSubjects.SkuBomDeleted },
  plu_bom: { upserted: CatalogSubjects.PluBomUpserted, deleted: CatalogSubjects.PluBomDeleted },
} as const;

/**
 * SKU BOMs and PLU BOMs (SPEC.md §3). Codes are unique per kind and never change. A BOM records its use of what it
 * consumes and produces, its UOMs, category and owner location, so those refuse archive and delete. A SKU BOM may
 * not consume its own output, directly or through other live SKU BOMs. Costs are rolled up at read time.
 */
@Injectable()
export class BomService {
  private readonly stores: Record<BomKind, MasterRecordStore<BomEntity, BomView>>;

  constructor(
    private readonly boms: BomRepository,
    private readonly recipes: BomRecipes,
    private readonly categories: ItemCategoryRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    const store = (kind: BomKind) =>
      new MasterRecordStore<BomEntity, BomView>(boms.dataSource, usage, {
        usageType: BOM_USAGE_TYPES[kind],
        errors: BomException.of(kind),
        find: (manager, id) => boms.findById(kind, id, manager),
        lock: (manager, id) => boms.findByIdForUpdate(manager, kind, id),
        save: (manager, bom) => boms.save(manager, bom),
        publishUpserted: (manager, bom) => this.publishUpserted(manager, bom),
        deleteAndPublish: async (manager, bom) => {
          await boms.delete(manager, bom.bom_key);
          await events.publish(manager, SUBJECTS[kind].deleted, {
            bom_kind: kind,
            bom_id: bom.bom_id,
            revision: bom.revision + 1,
          });
        },
        view: (manager, bom, inUse) => this.view(manager, bom, inUse),
        // A BOM owned by a location is read and changed only by users of that location
        // (docs/architecture.md, "Access rules").
        locationOf: (bom) => ownerLocation(bom),
      });
    this.stores = Object.fromEntries(BOM_KINDS.map((kind) => [kind, store(kind)])) as typeof this.stores;
  }

  /** A page of the list; with `withCost`, each row's cost and cost per output unit. */
  async list(kind: BomKind, query: ListQuery, withCost: boolean, scope: LocationScope): Promise<ListPage<BomListRow>> {
    const columns = query.columns.filter((column) => column !== 'cost' && column !== 'cost_per_output_unit');
    const wanted = columns.length > 0 ? [...new Set([...columns, 'bom_key', 'output_quantity'])] : columns;
    const page = await this.boms.list(kind, { ...query, columns: wanted }, scope);
    const manager = this.boms.dataSource.manager;
    const lines = withCost
      ? await this.boms.linesOf(
          manager,
          page.data.map((row) => row.bom_key),
        )
      : new Map<string, BomLine[]>();
    const costs = await this.recipes.describe(
      manager,
      page.data
        .filter((row) => lines.has(row.bom_key))
        .map((row) => ({
          key: row.bom_key,
          lines: lines.get(row.bom_key) ?? [],
          output_quantity: row.output_quantity,
        })),
    );
    const rows = page.data.map(({ bom_key, ...row }): BomListRow => {
      const cost = costs.get(bom_key);
      return withCost
        ? { ...row, cost: cost?.cost ?? null, cost_per_output_unit: cost?.cost_per_output_unit ?? null }
        : row;
    });
    return new ListPage(rows, page.recordsTotal);
  }

  get(kind: BomKind, bomId: string, scope: LocationScope): Promise<BomView> {
    return this.stores[kind].in(scope).get(bomId);
  }

  create(kind: BomKind, input: ValidBomInput, scope: LocationScope): Promise<BomView> {
    assertOwnerInScope(scope, input);
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const bom: BomEntity = {
      bom_key: randomUUID(),
      bom_kind: kind,
      bom_id: input.bom_id,
      custom_plu_id: null,
      ...this.fields(kind, input),
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.stores[kind].in(scope).create(bom, async (manager) => {
      if (await this.boms.findById(kind, input.bom_id, manager)) throw BomException.duplicate();
      const lines = await this.check(manager, bom, input);
      await this.boms.insert(manager, bom);
      await this.boms.replaceLines(manager, bom.bom_key, lines);
      await this.recordUsage(manager, bom, lines);
    });
  }

  /** Edits everything but the code; what the BOM uses is recorded afresh. */
  update(kind: BomKind, bomId: string, input: ValidBomInput, scope: LocationScope): Promise<BomView> {
    if (input.bom_id !== bomId) return Promise.reject(BomException.idChanged());
    assertOwnerInScope(scope, input);
    return this.stores[kind].in(scope).change(bomId, async (manager, bom) => {
      if (bom.status === 'archived') throw BomException.archived();
      Object.assign(bom, this.fields(kind, input));
      const lines = await this.check(manager, bom, input);
      await this.boms.replaceLines(manager, bom.bom_key, lines);
      await this.recordUsage(manager, bom, lines);
    });
  }

  archive(kind: BomKind, bomId: string, scope: LocationScope): Promise<BomView> {
    return this.stores[kind].in(scope).archive(bomId);
  }

  /** Back to active: its category must still be usable and, for a SKU BOM, no cycle may have formed meanwhile. */
  reactivate(kind: BomKind, bomId: string, scope: LocationScope): Promise<BomView> {
    return this.stores[kind].in(scope).reactivate(bomId, async (manager, bom) => {
      if (bom.category_id && !(await this.categories.lockUsable(manager, kind, bom.category_id))) {
        throw BomException.referenceInvalid(['category_id']);
      }
      if (kind === 'sku_bom' && bom.output_sku_id) {
        await this.checkNoCycle(manager, bom, await this.boms.lines(manager, bom.bom_key));
      }
    });
  }

  delete(kind: BomKind, bomId: string, scope: LocationScope): Promise<void> {
    return this.stores[kind].in(scope).delete(bomId);
  }

  /** The picker's SKUs; with `withCost`, each one's current unit cost (one primary unit, no wastage). */
  /**
   * What a recipe being written costs, before it is saved: its rows resolved as a save would (wastage defaulted,
   * units as the SKU spells them) and rolled up by the same code as a saved BOM's view and list.
   */
  costPreview(input: ValidBomCostPreviewInput): Promise<BomCostPreview> {
    return this.boms.dataSource.transaction(async (manager) => {
      const { lines } = await this.recipes.resolveLines(manager, input.consume_sku_list, 'consume_sku_list');
      const described = await this.recipes.describe(manager, [
        { key: 'preview', lines, output_quantity: input.output_quantity },
      ]);
      const recipe = described.get('preview');
      return {
        consume_sku_list: recipe?.consume_sku_list ?? [],
        cost: recipe?.cost ?? null,
        cost_per_output_unit: recipe?.cost_per_output_unit ?? null,
      };
    });
  }

  async skuOptions(query: ValidBomSkuOptionsQuery, withCost: boolean): Promise<BomSkuOption[]> {
    const manager = this.boms.dataSource.manager;
    const skus = await this.boms.skuOptions(manager, query);
    if (!withCost) return skus;
    const costs = await this.recipes.describe(
      manager,
      skus.map((sku) => ({
        key: sku.sku_id,
        lines: [{ sku_id: sku.sku_id, quantity_per_uom: '1', uom_name: sku.primary_uom_name, wastage_percentage: '0' }],
        output_quantity: '1',
      })),
    );
    return skus.map((sku) => ({ ...sku, unit_cost: costs.get(sku.sku_id)?.cost ?? null }));
  }

  formOptions(scope: LocationScope): Promise<BomFormOptions> {
    return this.boms.formOptions(this.boms.dataSource.manager, scope);
  }

  private fields(kind: BomKind, input: ValidBomInput) {
    return {
      bom_name: input.bom_name,
      output_sku_id: kind === 'sku_bom' ? (input.output_sku_id ?? null) : null,
      output_quantity: input.output_quantity,
      output_uom_name: input.output_uom_name,
      category_id: input.category_id,
      owner_type: input.owner_type,
      owner: input.owner,
      hashtag_list: input.hashtag_list,
    };
  }

  /**
   * Every rule that needs the database: the consumed SKUs and their UOMs, the output SKU and UOM, the category of
   * the BOM's kind, the owner location, and (SKU BOM) no cycle. Answers the rows as they are to be stored.
   */
  private async check(manager: EntityManager, bom: BomEntity, input: ValidBomInput): Promise<BomLine[]> {
    const kind = bom.bom_kind;
    const output = kind === 'sku_bom' ? bom.output_sku_id : null;
    const { lines, skus } = await this.recipes.resolveLines(
      manager,
      input.consume_sku_list,
      'consume_sku_list',
      output ? [output] : [],
    );
    const invalid: string[] = [];
    if (output) {
      const sku = skus.get(output.toLowerCase());
      if (!sku || sku.status === 'archived') invalid.push('output_sku_id');
      else {
        bom.output_sku_id = sku.sku_id;
        const unit = sku.uoms.get(unitKey(bom.output_uom_name));
        if (!unit) throw BomException.uomNotOfSku(['output_uom_name']);
        bom.output_uom_name = unit.uom_name;
      }
    } else {
      const unit = await this.recipes.unitUsable(manager, bom.output_uom_name);
      if (unit === null) invalid.push('output_uom_name');
      else bom.output_uom_name = unit;
    }
    if (!bom.category_id || !(await this.categories.lockUsable(manager, kind, bom.category_id))) {
      invalid.push('category_id');
    }
    if (bom.owner_type === 'location' && !(await this.recipes.locationUsable(manager, bom.owner)))
      invalid.push('owner');
    if (invalid.length > 0) throw BomException.referenceInvalid(invalid);
    if (kind === 'sku_bom') await this.checkNoCycle(manager, bom, lines);
    return lines;
  }

  /**
   * A SKU BOM may not consume its output SKU, directly or through the live SKU BOMs producing what it consumes:
   * a breadth-first walk from each consumed SKU down the production graph must never reach the output. The
   * refusal names the row and the path (this BOM → SKU → BOM → ... → output SKU).
   */
  private async checkNoCycle(manager: EntityManager, bom: BomEntity, lines: readonly BomLine[]): Promise<void> {
    const output = bom.output_sku_id;
    if (!output) return;
    await this.boms.lockProductionGraph(manager);
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const field = (row: number) => `consume_sku_list.${row}.sku_id`;
    const direct = lines.findIndex((line) => same(line.sku_id, output));
    if (direct >= 0) throw BomException.cycle(field(direct), `${bom.bom_id} → ${output}`);

    /** How each reached SKU was reached: from which row, and the path to it. */
    const reached = new Map<string, { row: number; path: string[] }>();
    lines.forEach((line, row) => reached.set(line.sku_id, { row, path: [bom.bom_id, line.sku_id] }));
    let frontier = lines.map((line) => line.sku_id);
    while (frontier.length > 0) {
      const edges = await this.boms.productionEdges(manager, frontier, bom.bom_key);
      const next: string[] = [];
      for (const edge of edges) {
        const from = reached.get(edge.output_sku_id);
        if (!from) continue;
        const path = [...from.path, edge.bom_id, edge.sku_id];
        if (same(edge.sku_id, output)) throw BomException.cycle(field(from.row), path.join(' → '));
        if (!reached.has(edge.sku_id)) {
          reached.set(edge.sku_id, { row: from.row, path });
          next.push(edge.sku_id);
        }
      }
      frontier = next;
    }
  }

  private async recordUsage(manager: EntityManager, bom: BomEntity, lines: readonly BomLine[]): Promise<void> {
    await this.recipes.recordUsage(manager, BOM_USAGE_TYPES[bom.bom_kind], bom.bom_id, {
      lines,
      output_sku_id: bom.output_sku_id,
      output_uom_name: bom.output_uom_name,
      owner_location_id: bom.owner_type === 'location' ? bom.owner : null,
      others: bom.category_id ? [[ITEM_CATEGORY, bom.category_id]] : [],
    });
  }

  private async publishUpserted(manager: EntityManager, bom: BomEntity): Promise<void> {
    const lines = await this.boms.lines(manager, bom.bom_key);
    const snapshot: BomSnapshot = {
      bom_kind: bom.bom_kind,
      bom_id: bom.bom_id,
      bom_name: bom.bom_name,
      output_sku_id: bom.output_sku_id,
      output_quantity: bom.output_quantity,
      output_uom_name: bom.output_uom_name,
      category_id: bom.category_id ?? '',
      owner_type: bom.owner_type,
      owner: bom.owner,
      hashtag_list: [...bom.hashtag_list],
      consume_sku_list: lines.map((line) => ({ ...line })),
      status: bom.status,
      revision: bom.revision,
      last_updated_time: bom.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, SUBJECTS[bom.bom_kind].upserted, snapshot);
  }

  private async view(manager: EntityManager, bom: BomEntity, inUse: boolean): Promise<BomView> {
    const lines = await this.boms.lines(manager, bom.bom_key);
    const described = await this.recipes.describe(manager, [
      { key: bom.bom_key, lines, output_quantity: bom.output_quantity },
    ]);
    const recipe = described.get(bom.bom_key);
    const [outputSkuNames, categoryName, ownerName] = await Promise.all([
      bom.output_sku_id ? this.boms.skuNames(manager, [bom.output_sku_id]) : Promise.resolve(new Map<string, string>()),
      bom.category_id ? this.categories.nameOf(manager, bom.category_id) : Promise.resolve(''),
      bom.owner_type === 'location' ? this.boms.locationName(manager, bom.owner) : Promise.resolve(null),
    ]);
    return {
      bom_kind: bom.bom_kind,
      bom_id: bom.bom_id,
      bom_name: bom.bom_name,
      output_sku_id: bom.output_sku_id,
      output_sku_name: bom.output_sku_id ? (outputSkuNames.get(bom.output_sku_id) ?? '') : null,
      output_quantity: bom.output_quantity,
      output_uom_name: bom.output_uom_name,
      category_id: bom.category_id,
      category_name: categoryName,
      owner_type: bom.owner_type,
      owner: bom.owner,
      owner_name: ownerName ?? bom.owner,
      hashtag_list: [...bom.hashtag_list],
      consume_sku_list: recipe?.consume_sku_list ?? [],
      cost: recipe?.cost ?? null,
      cost_per_output_unit: recipe?.cost_per_output_unit ?? null,
      status: bom.status,
      in_use: inUse,
      created_time: bom.created_time.toISOString(),
      last_updated_time: bom.last_updated_time.toISOString(),
      created_by: bom.created_by,
      last_updated_by: bom.last_updated_by,
    };
  }
}

/** The location a BOM belongs to: its owner when the owner is a location, else none (everyone's). */
function ownerLocation(bom: { owner_type: string; owner: string }): string | null {
  return bom.owner_type === 'location' ? bom.owner : null;
}

/** A BOM is given only to one of the caller's locations (403 on `owner` otherwise, whether it exists or not). */
function assertOwnerInScope(scope: LocationScope, input: ValidBomInput): void {
  const locationId = ownerLocation(input);
  if (locationId !== null) assertLocationsInScope(scope, [{ field: 'owner', locationId }]);
}
