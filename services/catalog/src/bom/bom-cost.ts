import { Injectable } from '@nestjs/common';
import { FACTOR_SCALE, QUANTITY_SCALE, roundUnitCost, toPrimary, unitKey } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { Decimal } from './decimal.js';
import type { BomLine } from './bom.entity.js';
import { BomRepository } from './bom.repository.js';
import type { ProducingBom } from './bom.repository.js';

/** What a cost is rolled up from: a BOM's (or a PLU's custom BOM's) rows and output quantity. */
export interface CostRecipe {
  key: string;
  lines: readonly BomLine[];
  output_quantity: string;
}

/** The cost of one consume row; null parts are unknown. Unit costs at 4 decimals (docs/architecture.md, "Numbers and rounding"). */
export interface LineCost {
  factor: string | null;
  unit_cost: string | null;
  cost: string | null;
}

export interface RecipeCost {
  lines: LineCost[];
  /** Sum of the rows; null when any row's cost is unknown. */
  cost: string | null;
  /** Cost of one unit of the output UOM. */
  cost_per_output_unit: string | null;
}

/** A quantity (3 decimals) times a factor (6) is exact at 9: the one unit conversion, without rounding. */
const EXACT_SCALE = QUANTITY_SCALE + FACTOR_SCALE;
/** Every figure of the roll-up is already rounded where it is made (see CostFacts): this only writes it. */
const money = (value: Decimal | null): string | null => (value === null ? null : roundUnitCost(value));
/** A unit cost rounded once, where it is made; everything made from it uses the rounded figure. */
const unitCostOf = (value: Decimal): Decimal => new Decimal(roundUnitCost(value));

/** A producing SKU BOM with its rows, as loaded for the roll-up. */
interface Producer extends ProducingBom {
  lines: BomLine[];
}

/**
 * Rolls BOM costs up at read time (never stored, so a price change shows at once):
 *
 * - a row costs quantity_per_uom × factor(uom) × unit cost per primary UOM × (1 + wastage% / 100);
 * - a SKU's unit cost per primary UOM is its default supplier's lowest current price / factor, else the lowest
 *   over its suppliers; a SKU without prices that a live SKU BOM produces costs that BOM's cost per output
 *   primary unit (cost / (output_quantity × factor(output_uom))), recursively;
 * - a BOM's cost is the sum of its rows (unknown when one is), its cost per output unit that sum / output_quantity.
 *
 * Rounding (docs/architecture.md, "Numbers and rounding"): every unit cost, row cost and cost per output unit is a
 * unit cost at 4 decimals, rounded half-up once where it is made; what is made from it uses the rounded figure, so
 * the rows add up to the total and a PLU's cost is the cost per output unit its BOM shows.
 */
@Injectable()
export class BomCostCalculator {
  constructor(private readonly boms: BomRepository) {}

  async costs(manager: EntityManager, recipes: readonly CostRecipe[]): Promise<Map<string, RecipeCost>> {
    const facts = await this.load(
      manager,
      recipes.flatMap((recipe) => recipe.lines.map((line) => line.sku_id)),
    );
    const result = new Map<string, RecipeCost>();
    for (const recipe of recipes) {
      const lines = recipe.lines.map((line) => facts.line(line));
      const total = facts.total(recipe.lines);
      result.set(recipe.key, {
        lines: lines.map((line) => ({
          factor: line.rawFactor,
          unit_cost: money(line.unitCost),
          cost: money(line.cost),
        })),
        cost: money(total),
        cost_per_output_unit: money(total === null ? null : unitCostOf(total.div(recipe.output_quantity))),
      });
    }
    return result;
  }

  /** Prices, factors and producing BOMs of every SKU the roll-up reaches, level by level. */
  private async load(manager: EntityManager, skuIds: readonly string[]): Promise<CostFacts> {
    const direct = new Map<string, Decimal | null>();
    const factors = new Map<string, Map<string, string>>();
    const producers = new Map<string, Producer>();
    let frontier = [...new Set(skuIds)];
    while (frontier.length > 0) {
      const [prices, uoms] = await Promise.all([
        this.boms.directUnitCosts(manager, frontier),
        this.boms.factors(manager, frontier),
      ]);
      for (const sku of frontier) {
        const price = prices.get(sku);
        direct.set(sku, price ? new Decimal(price) : null);
        factors.set(sku, uoms.get(sku) ?? new Map<string, string>());
      }
      const unpriced = frontier.filter((sku) => direct.get(sku) === null);
      const producing = await this.boms.producingBoms(manager, unpriced);
      const lines = await this.boms.linesOf(
        manager,
        [...producing.values()].map((bom) => bom.bom_key),
      );
      for (const [sku, bom] of producing) producers.set(sku, { ...bom, lines: lines.get(bom.bom_key) ?? [] });
      frontier = [
        ...new Set(
          [...lines.values()].flatMap((rows) => rows.map((row) => row.sku_id)).filter((sku) => !direct.has(sku)),
        ),
      ];
    }
    return new CostFacts(direct, factors, producers);
  }
}

/** The loaded facts and the memoised roll-up over them. */
class CostFacts {
  private readonly unitCosts = new Map<string, Decimal | null>();
  private readonly visiting = new Set<string>();

  constructor(
    private readonly direct: Map<string, Decimal | null>,
    private readonly factors: Map<string, Map<string, string>>,
    private readonly producers: Map<string, Producer>,
  ) {}

  line(line: BomLine): { rawFactor: string | null; unitCost: Decimal | null; cost: Decimal | null } {
    const rawFactor = this.factors.get(line.sku_id)?.get(unitKey(line.uom_name)) ?? null;
    const factor = rawFactor === null ? null : new Decimal(rawFactor);
    const unitCost = this.unitCost(line.sku_id);
    const cost =
      factor === null || unitCost === null
        ? null
        : unitCostOf(
            new Decimal(toPrimary(line.quantity_per_uom, factor.toString(), EXACT_SCALE))
              .times(unitCost)
              .times(new Decimal(line.wastage_percentage).div(100).plus(1)),
          );
    return { rawFactor, unitCost, cost };
  }

  /** The sum of the rows' rounded costs (exact: what the rows show adds up to the total). */
  total(lines: readonly BomLine[]): Decimal | null {
    let sum = new Decimal(0);
    for (const line of lines) {
      const { cost } = this.line(line);
      if (cost === null) return null;
      sum = sum.plus(cost);
    }
    return lines.length === 0 ? null : sum;
  }

  /** Cost of one primary unit of the SKU, or null when unknown (a cycle, were one ever stored, is unknown too). */
  private unitCost(skuId: string): Decimal | null {
    if (this.unitCosts.has(skuId)) return this.unitCosts.get(skuId) ?? null;
    const direct = this.direct.get(skuId) ?? null;
    if (direct !== null) return unitCostOf(direct);
    const producer = this.producers.get(skuId);
    if (!producer || this.visiting.has(skuId)) return null;
    this.visiting.add(skuId);
    const total = this.total(producer.lines);
    this.visiting.delete(skuId);
    const outputFactor = this.factors.get(skuId)?.get(unitKey(producer.output_uom_name));
    const unit =
      total === null || outputFactor === undefined
        ? null
        : unitCostOf(total.div(new Decimal(toPrimary(producer.output_quantity, outputFactor, EXACT_SCALE))));
    this.unitCosts.set(skuId, unit);
    return unit;
  }
}
