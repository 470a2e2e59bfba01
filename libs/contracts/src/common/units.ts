import DecimalJs from 'decimal.js';
import type { Decimal as DecimalClassType } from 'decimal.js';

/**
 * Units of measure: the one conversion every context uses (docs/units-of-measure.md).
 *
 * A SKU names its units by their real names (KG, BAG, PCS, CARTON). Each unit carries its **factor**: how many of
 * the SKU's primary unit one of it holds ("1 BAG = 25 KG" is factor 25 on the BAG row of a SKU whose primary unit
 * is KG; the primary unit's own factor is 1). Stock is kept in the primary unit.
 *
 * Scales (the database's): a quantity is numeric(18,3), a factor numeric(18,6). Arithmetic is exact (decimal.js,
 * never a JS float) and the result is rounded ONCE, to the stated scale, half away from zero (ROUND_HALF_UP on
 * the magnitude: 0.0005 → 0.001, -0.0005 → -0.001). Catalog uses it for BOM roll-ups and prices per unit; the
 * ledger, procurement, production and sales upload use it for every document line.
 */

/** decimal.js's ES module exports only a default (the class); its typings describe a CommonJS module. */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalClassType;
const D = DecimalClass.clone({ precision: 60, rounding: DecimalClass.ROUND_HALF_UP });
type Dec = DecimalClassType;

/** Decimals of a stored quantity (numeric(18,3)), in whatever unit. */
export const QUANTITY_SCALE = 3;
/** Decimals of a stored factor (numeric(18,6)): primary units in one unit. */
export const FACTOR_SCALE = 6;
/** How every conversion rounds: half away from zero, once, at the end. */
export const UNIT_ROUNDING = 'half-up' as const;

/** A decimal as text ("25", "0.5") or a number; anything else (NaN, ±Infinity, "") is refused. */
export type DecimalInput = string | number;

function dec(value: DecimalInput, what: string): Dec {
  if (typeof value === 'string' && value.trim() === '') throw new RangeError(`${what}: not a number`);
  let parsed: Dec;
  try {
    parsed = new D(value);
  } catch {
    throw new RangeError(`${what}: not a number (${String(value)})`);
  }
  if (!parsed.isFinite()) throw new RangeError(`${what}: not a finite number (${String(value)})`);
  return parsed;
}

function positiveFactor(factor: DecimalInput): Dec {
  const parsed = dec(factor, 'factor');
  if (!parsed.isPositive() || parsed.isZero()) throw new RangeError(`factor: must be above 0 (${String(factor)})`);
  return parsed;
}

const fixed = (value: Dec, scale: number): string => value.toDecimalPlaces(scale, D.ROUND_HALF_UP).toFixed(scale);

/**
 * `quantity` of a unit whose factor is `factor`, in the primary unit: quantity × factor, rounded to `scale`
 * (default QUANTITY_SCALE). 2 BAG at 25 → "50.000" KG.
 */
export function toPrimary(quantity: DecimalInput, factor: DecimalInput, scale: number = QUANTITY_SCALE): string {
  return fixed(dec(quantity, 'quantity').times(positiveFactor(factor)), scale);
}

/**
 * `quantity` of the primary unit, in a unit whose factor is `factor`: quantity ÷ factor, rounded to `scale`
 * (default QUANTITY_SCALE). 60 KG in BAG at 25 → "2.400".
 */
export function fromPrimary(quantity: DecimalInput, factor: DecimalInput, scale: number = QUANTITY_SCALE): string {
  return fixed(dec(quantity, 'quantity').div(positiveFactor(factor)), scale);
}

/** `quantity` of one unit (factor `fromFactor`) in another of the same SKU (factor `toFactor`), rounded once. */
export function convertUnits(
  quantity: DecimalInput,
  fromFactor: DecimalInput,
  toFactor: DecimalInput,
  scale: number = QUANTITY_SCALE,
): string {
  return fixed(dec(quantity, 'quantity').times(positiveFactor(fromFactor)).div(positiveFactor(toFactor)), scale);
}

/**
 * A price per unit (factor `factor`) as a price per primary unit: price ÷ factor, rounded to `scale` (the caller's
 * unit-cost scale). $50 per BAG at 25 → $2 per KG.
 */
export function pricePerPrimary(price: DecimalInput, factor: DecimalInput, scale: number): string {
  return fixed(dec(price, 'price').div(positiveFactor(factor)), scale);
}

/** A price per primary unit as a price per unit (factor `factor`): price × factor, rounded to `scale`. */
export function pricePerUnit(pricePerPrimaryUnit: DecimalInput, factor: DecimalInput, scale: number): string {
  return fixed(dec(pricePerPrimaryUnit, 'price').times(positiveFactor(factor)), scale);
}

/**
 * The factor of the other end of a UOM record read backwards: a record "1 BAG = 25 KG" gives KG the factor 1/25
 * on a SKU whose primary unit is BAG. `null` when 1 ÷ factor has more than FACTOR_SCALE decimals (1/3): such a
 * factor is never guessed, the SKU must state its own.
 */
export function inverseFactor(factor: DecimalInput): string | null {
  const inverse = new D(1).div(positiveFactor(factor));
  return inverse.decimalPlaces() <= FACTOR_SCALE ? inverse.toFixed(FACTOR_SCALE) : null;
}

/** Whether two factors are the same number ("25", "25.000000"). */
export function sameFactor(a: DecimalInput, b: DecimalInput): boolean {
  return dec(a, 'factor').equals(dec(b, 'factor'));
}

/** A factor as stored: numeric(18,6) text ("25" → "25.000000"), rounded half-up if it has more decimals. */
export function factorText(factor: DecimalInput): string {
  return fixed(positiveFactor(factor), FACTOR_SCALE);
}

/** A factor as people read it: no trailing zeros ("25.000000" → "25", "0.040000" → "0.04"). */
export function plainFactor(factor: DecimalInput): string {
  return dec(factor, 'factor').toFixed();
}

/** Unit names compare without regard to case or surrounding blanks ("bag" is BAG). */
export function unitKey(name: string): string {
  return name.trim().toUpperCase();
}

/**
 * The units the UOM records name, on either side: one spelling per name (the first record's, by name order),
 * sorted. docs/units-of-measure.md, "A unit is a name".
 */
export function unitsOf(records: readonly { uom_name: string; secondary_uom: string }[]): string[] {
  const units = new Map<string, string>();
  for (const record of records) {
    for (const name of [record.uom_name.trim(), record.secondary_uom.trim()]) {
      if (!units.has(unitKey(name))) units.set(unitKey(name), name);
    }
  }
  return [...units.values()].sort((a, b) => unitKey(a).localeCompare(unitKey(b)));
}

/** A UOM record as a conversion: 1 `secondary_uom` = `uom_per_primary` `uom_name`. */
export interface UnitConversionRecord {
  uom_id: string;
  uom_name: string;
  secondary_uom: string;
  uom_per_primary: string;
}

/**
 * The factor of `unit` on a SKU whose primary unit is `primary`, from the one record linking the two
 * (docs/units-of-measure.md, "Where a factor comes from"): a record "1 unit = k primary" gives k; one read
 * backwards, "1 primary = k unit", gives 1 ÷ k when exact at 6 decimals. A record read forwards wins. Never
 * through a third unit (no chains): null when no record links the two.
 */
export function conversionFactor(
  records: readonly UnitConversionRecord[],
  unit: string,
  primary: string,
): { factor: string; uom_id: string } | null {
  const [u, p] = [unitKey(unit), unitKey(primary)];
  if (u === p) return null;
  const forward = records.find((record) => unitKey(record.uom_name) === p && unitKey(record.secondary_uom) === u);
  if (forward) return { factor: factorText(forward.uom_per_primary), uom_id: forward.uom_id };
  for (const record of records) {
    if (unitKey(record.uom_name) !== u || unitKey(record.secondary_uom) !== p) continue;
    const inverse = inverseFactor(record.uom_per_primary);
    if (inverse !== null) return { factor: inverse, uom_id: record.uom_id };
  }
  return null;
}
