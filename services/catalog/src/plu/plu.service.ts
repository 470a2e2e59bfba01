import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects, marginOf } from '@scm/contracts';
import type {
  ListQuery,
  PluBomOption,
  PluBomView,
  PluCostPreview,
  PluListRow,
  PluSnapshot,
  PluView,
  ValidPluBomOptionsQuery,
  ValidPluCostPreviewInput,
  ValidPluCustomBom,
  ValidPluInput,
} from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { BomRecipes } from '../bom/bom-recipes.js';
import { BomEntity } from '../bom/bom.entity.js';
import type { BomLine } from '../bom/bom.entity.js';
import { BomRepository } from '../bom/bom.repository.js';
import { BOM_USAGE_TYPES } from '../bom/bom.service.js';
import { ItemCategoryRepository } from '../item-category/item-category.repository.js';
import { ITEM_CATEGORY } from '../item-category/item-category.service.js';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { PluEntity } from './plu.entity.js';
import { PluException } from './plu.exception.js';
import { PluRepository } from './plu.repository.js';

/**
 * The record_usage type of a PLU: as a target (sales orders, POS records) and as a user of its category, its PLU
 * BOM, or — with a custom BOM — of the SKUs and UOMs that BOM consumes and makes.
 */
export const PLU = 'plu';

/**
 * What a PLU's cost is: its BOM's cost per output unit (a unit cost, 4 decimals, as the BOM answers it), its margin
 * against the suggested price (money, 2 decimals) and the margin % (2 decimals) — made once, here, from those
 * rounded figures, for the view, the list (and so the export) and the cost preview alike (docs/architecture.md,
 * "Numbers and rounding").
 */
interface PluCost {
  cost: string | null;
  margin: string | null;
  margin_percentage: string | null;
}

function pluCost(suggestedPrice: string | null, costPerUnit: string | null): PluCost {
  if (costPerUnit === null) return { cost: null, margin: null, margin_percentage: null };
  if (suggestedPrice === null) return { cost: costPerUnit, margin: null, margin_percentage: null };
  return { cost: costPerUnit, ...marginOf(suggestedPrice, costPerUnit) };
}

/**
 * PLUs (SPEC.md §3). A PLU sells on its active BOM: an existing PLU BOM, or a custom BOM of its own kept as a PLU
 * BOM with `custom_plu_id` (no list shows it; it goes with the PLU). The PLU records its use of its category and
 * its PLU BOM (or of what its custom BOM consumes), so those refuse archive and delete while it exists.
 */
@Injectable()
export class PluService {
  private readonly store: MasterRecordStore<PluEntity, PluView>;

  constructor(
    private readonly plus: PluRepository,
    private readonly boms: BomRepository,
    private readonly recipes: BomRecipes,
    private readonly categories: ItemCategoryRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(plus.dataSource, usage, {
      usageType: PLU,
      errors: PluException,
      find: (manager, id) => plus.findById(id, manager),
      lock: (manager, id) => plus.findByIdForUpdate(manager, id),
      save: (manager, plu) => plus.save(manager, plu),
      publishUpserted: (manager, plu) => this.publishUpserted(manager, plu),
      deleteAndPublish: async (manager, plu) => {
        await plus.delete(manager, plu.plu_id);
        if (plu.bom_type === 'custom') await boms.delete(manager, plu.bom_key);
        await events.publish(manager, CatalogSubjects.PluDeleted, { plu_id: plu.plu_id, revision: plu.revision + 1 });
      },
      view: (manager, plu, inUse) => this.view(manager, plu, inUse),
    });
  }

  /** A page of the list; with `withCost`, each row's cost and margin. */
  async list(query: ListQuery, withCost: boolean): Promise<ListPage<PluListRow>> {
    const computed = ['cost', 'margin', 'margin_percentage'];
    const columns = query.columns.filter((column) => !computed.includes(column));
    const wanted =
      columns.length > 0 ? [...new Set([...columns, 'bom_key', 'bom_output_quantity', 'suggested_price'])] : columns;
    const page = await this.plus.list({ ...query, columns: wanted });
    const manager = this.plus.dataSource.manager;
    const keys = [...new Set(page.data.map((row) => row.bom_key))];
    const lines = withCost ? await this.boms.linesOf(manager, keys) : new Map<string, BomLine[]>();
    const costs = await this.recipes.describe(
      manager,
      page.data
        .filter((row) => lines.has(row.bom_key))
        .map((row) => ({
          key: row.bom_key,
          lines: lines.get(row.bom_key) ?? [],
          output_quantity: row.bom_output_quantity,
        })),
    );
    const rows = page.data.map(({ bom_key, bom_output_quantity: _output, ...row }): PluListRow => {
      if (!withCost) return row;
      return { ...row, ...pluCost(row.suggested_price, costs.get(bom_key)?.cost_per_output_unit ?? null) };
    });
    return new ListPage(rows, page.recordsTotal);
  }

  get(pluId: string): Promise<PluView> {
    return this.store.get(pluId);
  }

  create(input: ValidPluInput): Promise<PluView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const plu: PluEntity = {
      ...this.fields(input),
      plu_id: input.plu_id,
      bom_type: input.bom_type,
      bom_key: randomUUID(),
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(plu, async (manager) => {
      if (await this.plus.findById(input.plu_id, manager)) throw PluException.duplicate();
      await this.checkCategory(manager, plu.category_id);
      const lines = await this.attachBom(manager, plu, input, null);
      await this.plus.insert(manager, plu);
      await this.recordUsage(manager, plu, input, lines);
    });
  }

  /** Edits everything but the code; switching between an existing and a custom BOM keeps or drops the custom one. */
  update(pluId: string, input: ValidPluInput): Promise<PluView> {
    if (input.plu_id !== pluId) return Promise.reject(PluException.idChanged());
    return this.store.change(pluId, async (manager, plu) => {
      if (plu.status === 'archived') throw PluException.archived();
      const before = { type: plu.bom_type, key: plu.bom_key };
      Object.assign(plu, this.fields(input));
      await this.checkCategory(manager, plu.category_id);
      const lines = await this.attachBom(manager, plu, input, before.type === 'custom' ? before.key : null);
      plu.bom_type = input.bom_type;
      if (before.type === 'custom' && plu.bom_key !== before.key) {
        // The PLU moves off its custom BOM first (the row refers to it), then the custom BOM goes.
        await this.plus.save(manager, plu);
        await this.boms.delete(manager, before.key);
      }
      await this.recordUsage(manager, plu, input, lines);
    });
  }

  archive(pluId: string): Promise<PluView> {
    return this.store.archive(pluId);
  }

  /** Back to active: its category and (existing) PLU BOM must still be usable. */
  reactivate(pluId: string): Promise<PluView> {
    return this.store.reactivate(pluId, async (manager, plu) => {
      await this.checkCategory(manager, plu.category_id);
      if (plu.bom_type === 'existing') {
        const bom = await this.boms.findByKey(manager, plu.bom_key);
        const reference = bom ? await this.plus.lockPluBom(manager, bom.bom_id) : null;
        if (!reference || reference.status === 'archived') throw PluException.referenceInvalid(['bom_id']);
      }
    });
  }

  delete(pluId: string): Promise<void> {
    return this.store.delete(pluId);
  }

  /**
   * The cost and margin of a PLU being written, before it is saved: its BOM — the existing PLU BOM named, or the
   * recipe on the form — rolled up by the same code as a saved PLU's view and list, so the figures match once saved.
   */
  costPreview(input: ValidPluCostPreviewInput): Promise<PluCostPreview> {
    return this.plus.dataSource.transaction(async (manager) => {
      let lines: BomLine[];
      let output_quantity: string;
      if (input.bom_type === 'existing') {
        const reference = input.bom_id ? await this.plus.lockPluBom(manager, input.bom_id) : null;
        const bom = reference ? await this.boms.findByKey(manager, reference.bom_key) : null;
        if (!bom || bom.status === 'archived') throw PluException.referenceInvalid(['bom_id']);
        lines = await this.boms.lines(manager, bom.bom_key);
        output_quantity = bom.output_quantity;
      } else {
        const recipe = input.custom_bom as ValidPluCustomBom;
        const field = 'custom_bom.consume_sku_list';
        ({ lines } = await this.recipes.resolveLines(manager, recipe.consume_sku_list, field));
        output_quantity = recipe.output_quantity;
      }
      const described = await this.recipes.describe(manager, [{ key: 'preview', lines, output_quantity }]);
      const recipe = described.get('preview');
      return {
        bom: {
          output_quantity,
          consume_sku_list: recipe?.consume_sku_list ?? [],
          cost: recipe?.cost ?? null,
          cost_per_output_unit: recipe?.cost_per_output_unit ?? null,
        },
        ...pluCost(input.suggested_price, recipe?.cost_per_output_unit ?? null),
      };
    });
  }

  bomOptions(query: ValidPluBomOptionsQuery): Promise<PluBomOption[]> {
    return this.plus.bomOptions(this.plus.dataSource.manager, query);
  }

  private fields(input: ValidPluInput) {
    return {
      plu_name: input.plu_name,
      ch_display_name: input.ch_display_name,
      suggested_price: input.suggested_price,
      barcode: input.barcode,
      category_id: input.category_id,
    };
  }

  private async checkCategory(manager: EntityManager, categoryId: string): Promise<void> {
    if (!(await this.categories.lockUsable(manager, 'plu', categoryId))) {
      throw PluException.referenceInvalid(['category_id']);
    }
  }

  /**
   * Puts the PLU on its BOM: an existing PLU BOM (not archived), or its custom BOM, written (or rewritten, when it
   * had one: `customKey`) from the recipe. Answers the custom BOM's rows (none for an existing BOM).
   */
  private async attachBom(
    manager: EntityManager,
    plu: PluEntity,
    input: ValidPluInput,
    customKey: string | null,
  ): Promise<BomLine[]> {
    if (input.bom_type === 'existing') {
      const bom = input.bom_id ? await this.plus.lockPluBom(manager, input.bom_id) : null;
      if (!bom || bom.status === 'archived') throw PluException.referenceInvalid(['bom_id']);
      plu.bom_key = bom.bom_key;
      return [];
    }
    const recipe = input.custom_bom as ValidPluCustomBom;
    const { lines } = await this.recipes.resolveLines(manager, recipe.consume_sku_list, 'custom_bom.consume_sku_list');
    const outputUnit = await this.recipes.unitUsable(manager, recipe.output_uom_name);
    if (outputUnit === null) throw PluException.referenceInvalid(['custom_bom.output_uom_name']);
    const existing = customKey ? await this.boms.findByKey(manager, customKey) : null;
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const custom: BomEntity = existing ?? {
      bom_key: randomUUID(),
      bom_kind: 'plu_bom',
      bom_id: plu.plu_id,
      custom_plu_id: plu.plu_id,
      bom_name: plu.plu_name,
      output_sku_id: null,
      output_quantity: recipe.output_quantity,
      output_uom_name: outputUnit,
      category_id: null,
      owner_type: 'text',
      owner: '',
      hashtag_list: [],
      status: 'active',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    if (existing) {
      Object.assign(existing, {
        bom_name: plu.plu_name,
        output_quantity: recipe.output_quantity,
        output_uom_name: outputUnit,
        revision: existing.revision + 1,
        last_updated_time: now,
        last_updated_by: actor,
      });
      await this.boms.save(manager, existing);
    } else await this.boms.insert(manager, custom);
    await this.boms.replaceLines(manager, custom.bom_key, lines);
    plu.bom_key = custom.bom_key;
    return lines;
  }

  private async recordUsage(
    manager: EntityManager,
    plu: PluEntity,
    input: ValidPluInput,
    lines: readonly BomLine[],
  ): Promise<void> {
    const others: [string, string][] = [[ITEM_CATEGORY, plu.category_id]];
    if (input.bom_type === 'existing') {
      const bom = await this.boms.findByKey(manager, plu.bom_key);
      if (bom) others.push([BOM_USAGE_TYPES.plu_bom, bom.bom_id]);
    }
    await this.recipes.recordUsage(manager, PLU, plu.plu_id, { lines, others });
  }

  private async publishUpserted(manager: EntityManager, plu: PluEntity): Promise<void> {
    const bom = await this.boms.findByKey(manager, plu.bom_key);
    const lines = await this.boms.lines(manager, plu.bom_key);
    const snapshot: PluSnapshot = {
      plu_id: plu.plu_id,
      plu_name: plu.plu_name,
      ch_display_name: plu.ch_display_name,
      suggested_price: plu.suggested_price,
      barcode: plu.barcode,
      category_id: plu.category_id,
      bom_type: plu.bom_type,
      bom_id: plu.bom_type === 'existing' ? (bom?.bom_id ?? null) : null,
      custom_bom:
        plu.bom_type === 'custom' && bom
          ? {
              consume_sku_list: lines.map((line) => ({ ...line })),
              output_quantity: bom.output_quantity,
              output_uom_name: bom.output_uom_name,
            }
          : null,
      status: plu.status,
      revision: plu.revision,
      last_updated_time: plu.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.PluUpserted, snapshot);
  }

  private async view(manager: EntityManager, plu: PluEntity, inUse: boolean): Promise<PluView> {
    const bom = await this.boms.findByKey(manager, plu.bom_key);
    const lines = await this.boms.lines(manager, plu.bom_key);
    const output_quantity = bom?.output_quantity ?? '1';
    const [described, categoryName] = await Promise.all([
      this.recipes.describe(manager, [{ key: plu.bom_key, lines, output_quantity }]),
      this.categories.nameOf(manager, plu.category_id),
    ]);
    const recipe = described.get(plu.bom_key);
    const bomView: PluBomView = {
      bom_id: bom?.bom_id ?? '',
      bom_name: bom?.bom_name ?? '',
      output_quantity,
      output_uom_name: bom?.output_uom_name ?? '',
      status: bom?.status ?? 'archived',
      consume_sku_list: recipe?.consume_sku_list ?? [],
      cost: recipe?.cost ?? null,
      cost_per_output_unit: recipe?.cost_per_output_unit ?? null,
    };
    return {
      plu_id: plu.plu_id,
      plu_name: plu.plu_name,
      ch_display_name: plu.ch_display_name,
      suggested_price: plu.suggested_price,
      barcode: plu.barcode,
      category_id: plu.category_id,
      category_name: categoryName,
      bom_type: plu.bom_type,
      bom_id: plu.bom_type === 'existing' ? bomView.bom_id : null,
      bom: bomView,
      ...pluCost(plu.suggested_price, recipe?.cost_per_output_unit ?? null),
      status: plu.status,
      in_use: inUse,
      created_time: plu.created_time.toISOString(),
      last_updated_time: plu.last_updated_time.toISOString(),
      created_by: plu.created_by,
      last_updated_by: plu.last_updated_by,
    };
  }
}
