import DecimalJs from 'decimal.js';

/**
 * decimal.js for cost arithmetic (never JS floats). Its ES module exports only a default (the class), while its
 * typings describe a CommonJS module whose default import is the module object: take the class from either.
 */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalJs.Decimal;

/** 40 significant digits, half-up: unit costs divide prices by UOM factors. */
export const Decimal = DecimalClass.clone({ precision: 40, rounding: DecimalClass.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof DecimalJs.Decimal>;
