import DecimalJs from 'decimal.js';

/**
 * decimal.js for quantities and values (never JS floats). Its ES module exports only a default (the class), while
 * its typings describe a CommonJS module: take the class from either.
 */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalJs.Decimal;

export const Decimal = DecimalClass.clone({ precision: 60, rounding: DecimalClass.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof DecimalJs.Decimal>;

export const dec = (value: string | number | Decimal): Decimal => new Decimal(value);

/** A figure at `scale` decimals, half away from zero, without a negative zero. */
export function fixed(value: Decimal, scale: number): string {
  const text = value.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** Values are kept at 7 decimals (quantity 3 × unit cost 4) like the ledger's. */
export const VALUE_SCALE = 7;
