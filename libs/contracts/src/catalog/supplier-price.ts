import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import { V, decimalString, requiredText } from '../common/schema.js';

/** Validation keys of the pricing rules (SPEC.md §5), translated in the `validation` namespace. */
export const PRICE_RULES = {
  future1SameAsCurrent: 'validation.future_price_1_same',
  future2SameAsFuture1: 'validation.future_price_2_same',
  future2WithoutFuture1: 'validation.future_price_2_needs_1',
  dateAfterToday: 'validation.date_after_today',
  future2DateOrder: 'validation.future_price_2_date_order',
} as const;

/** The price fields: what roles without can_see_cost never receive. */
export const PRICE_FIELDS = costFields('supplier_price', [
  'current_price',
  'future_price_1',
  'future_price_1_date',
  'future_price_2',
  'future_price_2_date',
]);

const price = decimalString({ scale: 4, nonNegative: true, max: '99999999' });

/** Blank (absent, null or '') is null; anything else is a price. */
const optionalPrice = z
  .union([z.null(), z.undefined(), z.literal(''), price])
  .transform((value) => (value === '' || value === undefined ? null : value));

const optionalDate = z
  .union([z.null(), z.undefined(), z.string({ error: V.invalid }).trim()])
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isIsoDate(value), { error: V.invalid });

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** The prices of one supplier × SKU × UOM: the current one and up to two future ones with the dates they apply. */
const priceFields = z.object({
  current_price: price,
  future_price_1: optionalPrice,
  future_price_1_date: optionalDate,
  future_price_2: optionalPrice,
  future_price_2_date: optionalDate,
});

type PriceFields = z.output<typeof priceFields>;

/**
 * SPEC.md §5's pricing rules that need no clock (the dates being after today is the server's check, on its
 * business date): a future price comes with its date, future price 1 differs from the current one, future
 * price 2 needs future price 1, differs from it and applies later.
 */
export function checkPriceRules(value: PriceFields, ctx: z.RefinementCtx): void {
  const issue = (path: keyof PriceFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.future_price_1 !== null && value.future_price_1_date === null) issue('future_price_1_date', V.required);
  if (value.future_price_1 === null && value.future_price_1_date !== null) issue('future_price_1', V.required);
  if (value.future_price_2 !== null && value.future_price_2_date === null) issue('future_price_2_date', V.required);
  if (value.future_price_2 === null && value.future_price_2_date !== null) issue('future_price_2', V.required);
  if (value.future_price_1 !== null && Number(value.future_price_1) === Number(value.current_price))
    issue('future_price_1', PRICE_RULES.future1SameAsCurrent);
  if (value.future_price_2 !== null && value.future_price_1 === null)
    issue('future_price_2', PRICE_RULES.future2WithoutFuture1);
  if (value.future_price_2 !== null && value.future_price_1 !== null) {
    if (Number(value.future_price_2) === Number(value.future_price_1))
      issue('future_price_2', PRICE_RULES.future2SameAsFuture1);
  }
  if (
    value.future_price_1_date !== null &&
    value.future_price_2_date !== null &&
    value.future_price_2_date <= value.future_price_1_date
  )
    issue('future_price_2_date', PRICE_RULES.future2DateOrder);
}

export const supplierPriceInputSchema = priceFields
  .extend({
    sku_id: requiredText(50, { noSlash: true }),
    supplier_id: requiredText(50, { noSlash: true }),
    /** One of the SKU's units by name (BAG): the price is per one of it. */
    uom_name: requiredText(50, { noSlash: true }),
  })
  .strict()
  .superRefine(checkPriceRules);

export type SupplierPriceInput = z.input<typeof supplierPriceInputSchema>;
export type ValidSupplierPriceInput = z.output<typeof supplierPriceInputSchema>;

/** One row of the pricing list; the price fields are absent for roles without can_see_cost. */
export interface SupplierPriceView {
  sku_id: string;
  sku_name: string;
  supplier_id: string;
  supplier_name: string;
  /** The SKU's unit the price is per (BAG). */
  uom_name: string;
  /** 1 `uom_name` = `factor` `primary_uom_name` (numeric(18,6) as text). */
  factor: string;
  primary_uom_name: string;
  current_price?: string;
  future_price_1?: string | null;
  future_price_1_date?: string | null;
  future_price_2?: string | null;
  future_price_2_date?: string | null;
  is_default_supplier: boolean;
  sku_status: string;
  last_updated_time: string;
  last_updated_by: string | null;
}

/** A price change an upload would make: `before` is null for a new row. */
export interface SupplierPriceChange {
  row: number;
  sku_id: string;
  supplier_id: string;
  uom_name: string;
  before: Record<(typeof PRICE_FIELDS)[number], string | null> | null;
  after: Record<(typeof PRICE_FIELDS)[number], string | null>;
}

/** What an uploaded price file would change (preview) or changed (apply). */
export interface SupplierPriceUploadResult {
  changes: SupplierPriceChange[];
  unchanged: number;
  applied: boolean;
}
