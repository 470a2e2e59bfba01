import { Injectable } from '@nestjs/common';
import { exact, roundQuantity, unitKey } from '@scm/contracts';
import type { ExactDecimal } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { ItemReplicaRepository } from '../replicas/item-replica.repository.js';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { RecipeReplicaRepository } from '../replicas/recipe-replica.repository.js';
import type { BomReplicaRow, PluReplicaRow, RecipeRow } from '../replicas/recipe-replica.repository.js';

/**
 * What is made or sold, to be turned into the SKUs it consumes:
 * - `plu`: `quantity` PLUs sold; one PLU is one output unit of its recipe (its PLU BOM, or its custom recipe);
 * - `sku_bom`: `quantity` of the BOM's output, in the BOM's output unit (a WIP's planned or actual output).
 */
export interface RecipeDemand {
  kind: 'plu' | 'sku_bom';
  id: string;
  quantity: string;
}

/**
 * Why a demand consumes nothing: the PLU is unknown to catalog or archived; it (or the SKU BOM) has no live
 * recipe; a row names a SKU inventory does not know, or a unit that SKU does not have (`sku_id`, `uom_name`); or
 * the nesting loops back on itself.
 */
export type UnresolvedReason =
  'unknown_plu' | 'inactive_plu' | 'no_active_bom' | 'unknown_sku' | 'unknown_unit' | 'cycle';

export interface UnresolvedDemand {
  index: number;
  kind: RecipeDemand['kind'];
  id: string;
  reason: UnresolvedReason;
  sku_id?: string;
  uom_name?: string;
}

export interface RecipeExplosion {
  /** Per inventorised SKU, the quantity consumed in its PRIMARY unit, summed over the demands and rounded once. */
  consumption: Map<string, string>;
  /** Per demand (same index), its own exact consumption per SKU, or null when it is unresolved. */
  byDemand: (Map<string, ExactDecimal> | null)[];
  /** Demands that consume nothing, and why: a caller posts none of them (a sale goes to its no-match list). */
  unresolved: UnresolvedDemand[];
  /**
   * SKUs a recipe consumes that are not kept in stock (not inventorised) and that no live SKU BOM produces: they
   * consume nothing, by design (e.g. tap water), and are listed so a caller can show it.
   */
  untracked: string[];
}

/** A recipe: its rows make `output_quantity` of its output. */
interface Recipe {
  rows: RecipeRow[];
  output_quantity: string;
}

/** How deep recipes may nest (a PLU, its SKU BOM, that BOM's SKU BOM, ...): deeper is taken for a loop. */
const MAX_DEPTH = 12;

class UnresolvedError extends Error {
  constructor(
    readonly reason: UnresolvedReason,
    readonly sku_id?: string,
    readonly uom_name?: string,
  ) {
    super(reason);
  }
}

/**
 * Turns PLUs sold and SKU BOM outputs into the SKUs they consume (docs/stock-ledger.md, "Recipes"), from inventory's
 * replicas of catalog's recipes — for the sales backflush and WIP production:
 *
 * - a row consumes quantity_per_uom × (1 + wastage% / 100) of its SKU per `output_quantity` of the recipe's output,
 *   converted to the SKU's primary unit by the SKU's factor for the row's unit;
 * - a consumed SKU that is NOT inventorised but produced by a live SKU BOM is expanded through that BOM, as far as it
 *   nests (its output unit converted through the output SKU's factor); one that no BOM produces is untracked;
 * - arithmetic is exact; each SKU's total is rounded once, at the end (docs/architecture.md, "Numbers and rounding").
 *
 * Facts are loaded level by level (one query per kind per level), so 500 PLUs on 3-level BOMs take a few queries.
 */
@Injectable()
export class RecipeBook {
  constructor(
    private readonly recipes: RecipeReplicaRepository,
    private readonly items: ItemReplicaRepository,
  ) {}

  /** PLUs by code, case-insensitively, keyed by the upper-cased code. */
  findPlus(manager: EntityManager, pluIds: readonly string[]): Promise<Map<string, PluReplicaRow>> {
    return this.recipes.findPlus(manager, pluIds);
  }

  /** One SKU BOM or PLU BOM as kept (tombstones included). */
  getBom(manager: EntityManager, kind: 'sku_bom' | 'plu_bom', bomId: string): Promise<BomReplicaRow | null> {
    return this.recipes.findBom(manager, kind, bomId);
  }

  searchSkuBoms(manager: EntityManager, search: string, limit = 50): Promise<BomReplicaRow[]> {
    return this.recipes.searchSkuBoms(manager, search, limit);
  }

  searchPlus(manager: EntityManager, search: string, limit = 50): Promise<PluReplicaRow[]> {
    return this.recipes.searchPlus(manager, search, limit);
  }

  async explode(manager: EntityManager, demands: readonly RecipeDemand[]): Promise<RecipeExplosion> {
    const roots = await this.rootRecipes(manager, demands);
    const facts = await this.loadFacts(
      manager,
      roots.flatMap((root) => ('recipe' in root ? root.recipe.rows.map((row) => row.sku_id) : [])),
    );
    const expander = new Expander(facts);
    const unresolved: UnresolvedDemand[] = [];
    const byDemand: (Map<string, ExactDecimal> | null)[] = [];
    const total = new Map<string, ExactDecimal>();
    demands.forEach((demand, index) => {
      const root = roots[index];
      if ('reason' in root) {
        unresolved.push({ index, kind: demand.kind, id: demand.id, reason: root.reason });
        byDemand.push(null);
        return;
      }
      try {
        const own = new Map<string, ExactDecimal>();
        expander.consume(root.recipe, exact(demand.quantity).div(root.recipe.output_quantity), own, 0);
        byDemand.push(own);
        for (const [sku, quantity] of own) total.set(sku, (total.get(sku) ?? exact(0)).plus(quantity));
      } catch (error) {
        if (!(error instanceof UnresolvedError)) throw error;
        unresolved.push({
          index,
          kind: demand.kind,
          id: demand.id,
          reason: error.reason,
          ...(error.sku_id === undefined ? {} : { sku_id: error.sku_id }),
          ...(error.uom_name === undefined ? {} : { uom_name: error.uom_name }),
        });
        byDemand.push(null);
      }
    });
    const consumption = new Map<string, string>();
    for (const [sku, quantity] of [...total].sort(([a], [b]) => a.localeCompare(b))) {
      const rounded = roundQuantity(quantity);
      if (exact(rounded).gt(0)) consumption.set(sku, rounded);
    }
    return { consumption, byDemand, unresolved, untracked: [...expander.untracked].sort() };
  }

  /** Each demand's top recipe, or why it has none. */
  private async rootRecipes(
    manager: EntityManager,
    demands: readonly RecipeDemand[],
  ): Promise<({ recipe: Recipe } | { reason: UnresolvedReason })[]> {
    const plus = await this.recipes.findPlus(
      manager,
      demands.filter((d) => d.kind === 'plu').map((d) => d.id),
    );
    const pluBoms = await this.recipes.findBoms(
      manager,
      'plu_bom',
      [...plus.values()].flatMap((plu) => (plu.bom_type === 'existing' && plu.bom_id ? [plu.bom_id] : [])),
    );
    const skuBoms = await this.recipes.findBoms(
      manager,
      'sku_bom',
      demands.filter((d) => d.kind === 'sku_bom').map((d) => d.id),
    );
    const live = (bom: BomReplicaRow | undefined): Recipe | null =>
      bom && !bom.deleted && bom.status !== 'archived' && bom.consume_sku_list.length > 0 ? recipeOf(bom) : null;
    return demands.map((demand) => {
      if (demand.kind === 'sku_bom') {
        const recipe = live(skuBoms.get(demand.id));
        return recipe ? { recipe } : { reason: 'no_active_bom' };
      }
      const plu = plus.get(demand.id.trim().toUpperCase());
      if (!plu || plu.deleted) return { reason: 'unknown_plu' };
      if (plu.status === 'archived') return { reason: 'inactive_plu' };
      const recipe =
        plu.bom_type === 'custom'
          ? plu.custom_bom && plu.custom_bom.consume_sku_list.length > 0
            ? { rows: plu.custom_bom.consume_sku_list, output_quantity: plu.custom_bom.output_quantity }
            : null
          : live(plu.bom_id ? pluBoms.get(plu.bom_id) : undefined);
      return recipe ? { recipe } : { reason: 'no_active_bom' };
    });
  }

  /** The SKUs the recipes reach, and the producing BOMs of the non-inventorised ones, level by level. */
  private async loadFacts(manager: EntityManager, skuIds: readonly string[]): Promise<RecipeFacts> {
    const facts: RecipeFacts = { items: new Map(), producers: new Map() };
    let frontier = [...new Set(skuIds)];
    for (let level = 0; frontier.length > 0 && level < MAX_DEPTH; level++) {
      const items = await this.items.findMany(
        manager,
        frontier.map((id) => ({ item_type: 'sku' as const, item_id: id })),
      );
      for (const id of frontier) {
        const item = items.get(`sku:${id}`);
        facts.items.set(id, item && !item.deleted ? item : null);
      }
      const unstocked = frontier.filter((id) => facts.items.get(id)?.is_inventorise === false);
      const producers = await this.recipes.producingBoms(manager, unstocked);
      for (const [sku, bom] of producers) facts.producers.set(sku, bom);
      frontier = [
        ...new Set([...producers.values()].flatMap((bom) => bom.consume_sku_list.map((row) => row.sku_id))),
      ].filter((id) => !facts.items.has(id));
    }
    return facts;
  }
}

interface RecipeFacts {
  /** Every SKU reached, or null when inventory does not know it (or it was deleted). */
  items: Map<string, ItemReplicaRow | null>;
  /** The producing SKU BOM of each non-inventorised SKU that has one. */
  producers: Map<string, BomReplicaRow>;
}

/** The pure part of the explosion, over loaded facts. */
class Expander {
  readonly untracked = new Set<string>();

  constructor(private readonly facts: RecipeFacts) {}

  /** Adds to `into` what `times` runs of the recipe's rows consume. */
  consume(recipe: Recipe, times: ExactDecimal, into: Map<string, ExactDecimal>, depth: number): void {
    if (depth > MAX_DEPTH) throw new UnresolvedError('cycle');
    for (const row of recipe.rows) {
      const item = this.facts.items.get(row.sku_id);
      if (!item) throw new UnresolvedError('unknown_sku', row.sku_id);
      const primary = exact(row.quantity_per_uom)
        .times(times)
        .times(
          exact(row.wastage_percentage || '0')
            .div(100)
            .plus(1),
        )
        .times(factorOf(item, row.uom_name, row.sku_id));
      this.consumeSku(item, primary, into, depth);
    }
  }

  private consumeSku(
    item: ItemReplicaRow,
    primary: ExactDecimal,
    into: Map<string, ExactDecimal>,
    depth: number,
  ): void {
    if (item.is_inventorise) {
      into.set(item.item_id, (into.get(item.item_id) ?? exact(0)).plus(primary));
      return;
    }
    const producer = this.facts.producers.get(item.item_id);
    if (!producer) {
      this.untracked.add(item.item_id);
      return;
    }
    // The BOM makes output_quantity of its output unit: that many × the unit's factor primary units.
    const madePrimary = exact(producer.output_quantity).times(factorOf(item, producer.output_uom_name, item.item_id));
    this.consume(recipeOf(producer), primary.div(madePrimary), into, depth + 1);
  }
}

function recipeOf(bom: BomReplicaRow): Recipe {
  return { rows: bom.consume_sku_list, output_quantity: bom.output_quantity };
}

/** Primary units in one `uom_name` of the item. */
function factorOf(item: ItemReplicaRow, uomName: string, skuId: string): ExactDecimal {
  const key = unitKey(uomName);
  if (unitKey(item.primary_uom_name) === key) return exact(1);
  const unit = item.uom_list.find((candidate) => unitKey(candidate.uom_name) === key);
  if (!unit) throw new UnresolvedError('unknown_unit', skuId, uomName);
  return exact(unit.factor);
}
