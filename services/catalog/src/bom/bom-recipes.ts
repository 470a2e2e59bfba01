import { Injectable } from '@nestjs/common';
import { unitKey } from '@scm/contracts';
import type { BomConsumeRowView, ValidBomConsumeRow } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { BomCostCalculator } from './bom-cost.js';
import type { CostRecipe } from './bom-cost.js';
import type { BomLine } from './bom.entity.js';
import { BomException } from './bom.exception.js';
import { BomRepository } from './bom.repository.js';
import type { SkuReference } from './bom.repository.js';

/** record_usage target types of what a BOM refers to (their owners' usage types). */
export const SKU_TARGET = 'sku';
export const LOCATION_TARGET = 'location';
/**
 * A SKU in one of its units (`<sku_id>/<uom_name>`), used by a consume row or a SKU BOM's output: the SKU refuses
 * to drop that unit row while it is used (SkuService). Units are names, so a BOM uses no UOM record.
 */
export const SKU_UOM_TARGET = 'sku_uom';

/** What a BOM (or a PLU with its custom BOM) refers to, recorded as its usage. */
export interface BomReferences {
  lines: readonly BomLine[];
  output_sku_id?: string | null;
  output_uom_name?: string | null;
  /** Other targets, e.g. `['item_category', id]`, `['plu_bom', code]`. */
  others?: readonly (readonly [string, string])[];
  owner_location_id?: string | null;
}

/**
 * The consume-list rules shared by SKU BOMs, PLU BOMs and a PLU's custom BOM: each SKU exists and is not archived,
 * each row's UOM is one of that SKU's UOMs, a blank wastage takes the SKU's default; and the usage a recipe
 * records (consumed SKUs, the output SKU, every UOM and the other references), so those refuse archive and delete.
 */
@Injectable()
export class BomRecipes {
  constructor(
    private readonly boms: BomRepository,
    private readonly usage: RecordUsageRepository,
    private readonly calculator: BomCostCalculator,
  ) {}

  /**
   * The rows as stored (SKU ids as the SKU has them, wastage filled in), with `extra` SKUs (the output) locked
   * alongside; each unit spelled as the SKU spells it. Field errors name `${field}.<row>.sku_id` / `.uom_name`.
   */
  async resolveLines(
    manager: EntityManager,
    rows: readonly ValidBomConsumeRow[],
    field: string,
    extra: readonly string[] = [],
  ): Promise<{ lines: BomLine[]; skus: Map<string, SkuReference> }> {
    const skus = await this.boms.lockSkus(manager, [...rows.map((row) => row.sku_id), ...extra]);
    const missing: string[] = [];
    const foreignUoms: string[] = [];
    const lines = rows.map((row, index): BomLine => {
      const sku = skus.get(row.sku_id.toLowerCase());
      if (!sku || sku.status === 'archived') {
        missing.push(`${field}.${index}.sku_id`);
        return {
          sku_id: row.sku_id,
          quantity_per_uom: row.quantity_per_uom,
          uom_name: row.uom_name,
          wastage_percentage: '0',
        };
      }
      const unit = sku.uoms.get(unitKey(row.uom_name));
      if (!unit) foreignUoms.push(`${field}.${index}.uom_name`);
      return {
        sku_id: sku.sku_id,
        quantity_per_uom: row.quantity_per_uom,
        uom_name: unit?.uom_name ?? row.uom_name,
        wastage_percentage: row.wastage_percentage ?? sku.default_wastage_percentage,
      };
    });
    if (missing.length > 0) throw BomException.referenceInvalid(missing);
    if (foreignUoms.length > 0) throw BomException.uomNotOfSku(foreignUoms);
    return { lines, skus };
  }

  /** The unit as a new or active UOM record spells it (those records share-locked), or null: none names it. */
  unitUsable(manager: EntityManager, unit: string): Promise<string | null> {
    return this.boms.lockUnit(manager, unit);
  }

  /** The location exists and is not archived (share-locked). */
  async locationUsable(manager: EntityManager, locationId: string): Promise<boolean> {
    const status = await this.boms.lockLocation(manager, locationId);
    return status !== null && status !== 'archived';
  }

  /** Replaces what `usedByType`/`usedById` records as used with `references`. */
  async recordUsage(
    manager: EntityManager,
    usedByType: string,
    usedById: string,
    references: BomReferences,
  ): Promise<void> {
    await this.usage.removeAllBy(manager, usedByType, usedById);
    const targets = new Map<string, [string, string]>();
    const add = (type: string, id: string | null | undefined) => {
      if (id) targets.set(`${type}\u0000${id}`, [type, id]);
    };
    for (const line of references.lines) {
      add(SKU_TARGET, line.sku_id);
      add(SKU_UOM_TARGET, `${line.sku_id}/${line.uom_name}`);
    }
    add(SKU_TARGET, references.output_sku_id);
    if (references.output_sku_id && references.output_uom_name) {
      add(SKU_UOM_TARGET, `${references.output_sku_id}/${references.output_uom_name}`);
    }
    add(LOCATION_TARGET, references.owner_location_id);
    for (const [type, id] of references.others ?? []) add(type, id);
    for (const [type, id] of targets.values()) await this.usage.add(manager, type, id, usedByType, usedById);
  }

  /**
   * The rows as answered (SKU name, unit, factor, the SKU's primary unit) with the costs rolled up, for several recipes at once. Costs
   * are always computed here; the controller removes them for roles without can_see_cost.
   */
  async describe(
    manager: EntityManager,
    recipes: readonly CostRecipe[],
  ): Promise<
    Map<string, { consume_sku_list: BomConsumeRowView[]; cost: string | null; cost_per_output_unit: string | null }>
  > {
    const lines = recipes.flatMap((recipe) => recipe.lines);
    const skuIds = [...new Set(lines.map((line) => line.sku_id))];
    const [skuNames, primaryUnits, costs] = await Promise.all([
      this.boms.skuNames(manager, skuIds),
      this.boms.primaryUnits(manager, skuIds),
      this.calculator.costs(manager, recipes),
    ]);
    return new Map(
      recipes.map((recipe) => {
        const cost = costs.get(recipe.key);
        return [
          recipe.key,
          {
            consume_sku_list: recipe.lines.map((line, index) => ({
              sku_id: line.sku_id,
              sku_name: skuNames.get(line.sku_id) ?? '',
              quantity_per_uom: line.quantity_per_uom,
              uom_name: line.uom_name,
              factor: cost?.lines[index]?.factor ?? null,
              primary_uom_name: primaryUnits.get(line.sku_id) ?? '',
              wastage_percentage: line.wastage_percentage,
              unit_cost: cost?.lines[index]?.unit_cost ?? null,
              cost: cost?.lines[index]?.cost ?? null,
            })),
            cost: cost?.cost ?? null,
            cost_per_output_unit: cost?.cost_per_output_unit ?? null,
          },
        ];
      }),
    );
  }
}
