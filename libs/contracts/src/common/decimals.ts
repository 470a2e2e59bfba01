import DecimalJs from 'decimal.js';
import type { Decimal as DecimalClassType } from 'decimal.js';
import { QUANTITY_SCALE } from './units.js';

/**
 * ONE ROUNDING RULE (docs/architecture.md, "Numbers and rounding"). Every figure the product stores or answers has
 * a kind, and each kind one scale (the database's numeric(18, scale)):
 *
 * | kind              | scale | e.g.                                                                   |
 * | ----------------- | ----- | ---------------------------------------------------------------------- |
 * | money             | 2     | a selling price, a margin, a document total, a product's retail price  |
 * | unit cost         | 4     | a supplier price per unit, a cost per primary unit, a BOM row's cost   |
 * | quantity          | 3     | a stock quantity, a BOM row's quantity per unit, an output quantity    |
 * | factor            | 6     | primary units in one unit (units.ts)                                   |
 * | percentage        | 2     | wastage, margin %, mark-up, tax                                        |
 *
 * Arithmetic is exact (decimal.js, never a JS float); a figure is rounded ONCE, on the server, when it is made, half
 * away from zero (0.00005 → 0.0001, -0.005 → -0.01) — PostgreSQL's own rounding when a numeric is cast to a scale,
 * so a figure computed here and one stored by SQL agree. A figure made from others is made from their ROUNDED
 * values, the ones answered: a BOM's total is the sum of its rows' rounded costs, a PLU's cost its BOM's rounded cost
 * per output unit, its margin the price minus that cost. What a user adds up on screen is what the server answers,
 * and the view, the list and the export show the same digits. The web app formats, it never rounds or recomputes.
 */

/** decimal.js's ES module exports only a default (the class); its typings describe a CommonJS module. */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalClassType;
const D = DecimalClass.clone({ precision: 60, rounding: DecimalClass.ROUND_HALF_UP });
type Dec = DecimalClassType;

/** Decimals of money: prices that customers pay, margins, totals (numeric(18,2)). */
export const MONEY_SCALE = 2;
/** Decimals of a unit cost: supplier prices, costs per unit, a BOM row's cost (numeric(18,4)). */
export const UNIT_COST_SCALE = 4;
/** Decimals of a percentage: wastage, margin %, mark-up, tax (numeric(5,2) / numeric(18,2)). */
export const PERCENT_SCALE = 2;
/** How every figure is rounded: half away from zero, once. */
export const ROUNDING_MODE = 'half-up' as const;

/** A decimal as text ("1.5"), a number (only for literals: never the result of float arithmetic) or a decimal. */
export type RoundInput = string | number | Dec;

function parse(value: RoundInput): Dec {
  if (typeof value === 'string' && value.trim() === '') throw new RangeError('not a number: ""');
  const parsed = new D(value);
  if (!parsed.isFinite()) throw new RangeError(`not a finite number: ${String(value)}`);
  return parsed;
}

/**
 * The product's one exact decimal (decimal.js at 60 digits, rounding half away from zero), for arithmetic on
 * quantities, costs and values that must never touch a JS float: `exact('1.5').times('0.3333')`. Round the result
 * once, with `roundTo` or one of the round* functions, when it becomes a figure that is stored or answered.
 */
export type ExactDecimal = Dec;
export const ExactDecimal = D;
export const exact = (value: RoundInput): ExactDecimal => parse(value);

/** Decimals of a ledger value: a quantity (3 decimals) times a unit cost (4) is exact at 7 (docs/stock-ledger.md). */
export const LEDGER_VALUE_SCALE = 7;

/** `value` rounded half away from zero to `scale` decimals, as fixed text ("1.50", "-0.0001"). */
export function roundTo(value: RoundInput, scale: number): string {
  const fixed = parse(value).toDecimalPlaces(scale, D.ROUND_HALF_UP).toFixed(scale);
  return /^-0(\.0+)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** Money at 2 decimals: `5.1753` → `5.18`. */
export const roundMoney = (value: RoundInput): string => roundTo(value, MONEY_SCALE);
/** A unit cost at 4 decimals: `1.72475` → `1.7248`. */
export const roundUnitCost = (value: RoundInput): string => roundTo(value, UNIT_COST_SCALE);
/** A quantity at 3 decimals: `0.0125` → `0.013`. */
export const roundQuantity = (value: RoundInput): string => roundTo(value, QUANTITY_SCALE);
/** A percentage at 2 decimals: `12.345` → `12.35`. */
export const roundPercent = (value: RoundInput): string => roundTo(value, PERCENT_SCALE);

/** The sum of already rounded figures (exact: no rounding needed), at `scale`. */
export function sumAt(values: readonly RoundInput[], scale: number): string {
  return roundTo(
    values.reduce<Dec>((sum, value) => sum.plus(parse(value)), new D(0)),
    scale,
  );
}

/**
 * A selling price against a cost: margin = price − cost (money, 2 decimals) and margin % = margin / price × 100
 * (2 decimals, from the exact difference; null when the price is 0). Both from the figures as answered.
 */
export function marginOf(price: RoundInput, cost: RoundInput): { margin: string; margin_percentage: string | null } {
  const p = parse(price);
  const difference = p.minus(parse(cost));
  return {
    margin: roundMoney(difference),
    margin_percentage: p.isZero() ? null : roundPercent(difference.div(p).times(100)),
  };
}
