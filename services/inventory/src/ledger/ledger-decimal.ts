import DecimalJs from 'decimal.js';

/**
 * decimal.js for the ledger's arithmetic (never JS floats). Its ES module exports only a default (the class),
 * while its typings describe a CommonJS module whose default import is the module object: take the class from
 * either. Quantities have 3 decimals and unit costs 4, so their products and sums are exact well within 60 digits.
 */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalJs.Decimal;

export const Decimal = DecimalClass.clone({ precision: 60, rounding: DecimalClass.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof DecimalJs.Decimal>;

/** Scales of the ledger's columns: numeric(18,3), numeric(18,4), numeric(24,7). */
export const QUANTITY_DECIMALS = 3;
export const UNIT_COST_DECIMALS = 4;
export const VALUE_DECIMALS = 7;

export const dec = (value: string | number | Decimal): Decimal => new Decimal(value);
export const quantityText = (value: Decimal): string => fixed(value, QUANTITY_DECIMALS);
export const unitCostText = (value: Decimal): string => fixed(value, UNIT_COST_DECIMALS);
export const valueText = (value: Decimal): string => fixed(value, VALUE_DECIMALS);

/** Fixed text at `scale`, half away from zero, never "-0.000". */
function fixed(value: Decimal, scale: number): string {
  const text = value.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

// Beware: decimal.js's isPositive() is true for 0 (it reads the sign); compare with greaterThan(0) instead.
