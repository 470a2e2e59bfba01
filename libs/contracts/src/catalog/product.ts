import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import type { PermissionKey } from '../access/permission-keys.js';
import type { MasterStatus } from '../common/list-query.js';
import { V, decimalString, optionalText, requiredText } from '../common/schema.js';
import { CURRENCIES } from './settings.js';
import type { Currency } from './settings.js';

/**
 * Products (SPEC.md §3 Product), one master reached from two pages: /PLUSKU/product-management (key PRODUCT) and
 * the RJ area's /product/overview (key RJ_PRODUCT). Either key grants the API's view / edit (any-of), without
 * SPEC.md §5's "PRODUCT with edit is always allowed" leniency, which is the route guard's rule, not a grant.
 *
 * Pricing (decided here, shown on the form):
 * - `default_cost` and `retail_price_native` are in the product's `native_currency`.
 * - `retail_price_usd` = retail_price_native / the exchange rate of the native currency in effect on the day the
 *   product is saved (settings: units of the currency per 1 USD; USD is 1). The rate and its effective date are
 *   kept with the product (`exchange_rate`, `exchange_rate_date`), so the USD figures are the ones of that day
 *   until the product is saved again.
 * - `mark_up` (%) is derived, never entered: (retail_price_native − default_cost) / default_cost × 100; null
 *   while the cost is 0. It is a cost figure, hidden like the cost.
 * - `tax` is a GST rate (%) among the settings' options (default: the settings' default rate).
 * - `retail_with_tax_usd` = retail_price_usd × (1 + tax / 100). `discount` (%) is the standard discount a sale
 *   may give; it does not change the list figures.
 * All figures round half away from zero to 2 decimals, in exact decimal arithmetic (`productPricing`).
 */

/** The keys of the two product pages; the API accepts either. */
export const PRODUCT_PERMISSION_KEYS = ['PRODUCT', 'RJ_PRODUCT'] as const satisfies readonly PermissionKey[];

/** SPEC.md §9 stock types. */
export const STOCK_TYPES = ['Inventory', 'Consignment', 'External Consignment'] as const;
export type StockType = (typeof STOCK_TYPES)[number];

/** SPEC.md §9 declaration types of an import / export permit. */
export const DECLARATION_TYPES = ['GST', 'TIB', 'MES'] as const;
export type DeclarationType = (typeof DECLARATION_TYPES)[number];

/** SPEC.md §9 shipping couriers. */
export const SHIPPING_METHODS = [
  'FedEx',
  'DHL',
  'DHL Express',
  'UPS',
  'USPS',
  'Malca-Amit',
  'Ferrari Logistics',
  "Brink's",
] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Attachment owner types of a product (catalog's attachments API); the owner id is the product's `product_id`. */
export const PRODUCT_IMAGE_OWNER_TYPE = 'product-image';
export const PRODUCT_DOCUMENT_OWNER_TYPE = 'product-document';
/** Most images / documents one product holds ("Files exceed max count"). */
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_MAX_DOCUMENTS = 10;
/** Product images are jpeg, jpg or png only (SPEC.md §5); documents also pdf. */
export const PRODUCT_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;

/** Cost fields (removed for roles without can_see_cost by the one serializer, see costFields). */
export const PRODUCT_COST_FIELDS = costFields('product', ['default_cost', 'mark_up']);

/** Most hashtags one product carries. */
export const MAX_PRODUCT_HASHTAGS = 50;

/** Message of a ship-out date before the arrival date. */
export const SHIPOUT_BEFORE_ARRIVAL_MESSAGE = 'validation.shipout_before_arrival';

/** An optional decimal: blank, null or absent is null; anything else as `decimalString`. */
function optionalDecimal(options: Parameters<typeof decimalString>[0]) {
  return z
    .preprocess((value) => (value === '' || value === null ? undefined : value), decimalString(options).optional())
    .transform((value) => value ?? null);
}

/** An optional calendar date `YYYY-MM-DD`: blank and null are none. */
const optionalDate = z
  .union([z.literal(''), z.iso.date({ error: V.invalid })], { error: V.invalid })
  .nullish()
  .transform((value) => value || null);

/** An optional choice: `''` (nothing chosen) and null are none. */
function optionalChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.literal(''), z.enum(values, { error: V.invalid })], { error: V.invalid })
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * A product as entered. `product_code` is the user's code: it appears in URLs (no slash), unique in any case,
 * and never changes. `default_cost` is optional: a user who cannot see cost never sends it, and the server keeps
 * the stored cost (0 for a new product) whatever such a user sends.
 */
export const productInputSchema = z
  .object({
    product_code: requiredText(50, { noSlash: true }),
    product_name: requiredText(200),
    alt_name: optionalText(200),
    brand: optionalText(100),
    width: optionalDecimal({ scale: 2, nonNegative: true, max: '999999' }),
    height: optionalDecimal({ scale: 2, nonNegative: true, max: '999999' }),
    diameter: optionalDecimal({ scale: 2, nonNegative: true, max: '999999' }),
    weight_grams: optionalDecimal({ scale: 3, nonNegative: true, max: '99999999' }),
    time_period: optionalText(100),
    country_origin: optionalText(100),
    hashtag_list: z
      .array(requiredText(64), { error: V.invalid })
      .max(MAX_PRODUCT_HASHTAGS, { error: V.max })
      .optional()
      .transform((tags) => [...new Set(tags ?? [])]),
    description: optionalText(5000),
    native_currency: z.enum(CURRENCIES, { error: V.required }),
    default_cost: decimalString({ scale: 2, nonNegative: true, max: '9999999999' }).optional(),
    retail_price_native: decimalString({ scale: 2, nonNegative: true, max: '9999999999' }),
    discount: decimalString({ scale: 2, nonNegative: true, max: '100' })
      .optional()
      .transform((value) => value ?? '0.00'),
    /** A GST rate (%) among the settings' options; absent: the settings' default. */
    tax: decimalString({ scale: 2, nonNegative: true, max: '100' }).optional(),
    remarks: optionalText(2000),
    supplier_description: optionalText(2000),
    stock_type: z.enum(STOCK_TYPES, { error: V.required }),
    category_id: z.uuid({ error: V.required }),
    permit_no: optionalText(50),
    arrival_date: optionalDate,
    shipout_date: optionalDate,
    declaration_type: optionalChoice(DECLARATION_TYPES),
    shipping_method: optionalChoice(SHIPPING_METHODS),
    gross_margin_scheme: z
      .boolean({ error: V.invalid })
      .optional()
      .transform((value) => value ?? false),
    total_tax: optionalDecimal({ scale: 2, nonNegative: true, max: '9999999999' }),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.arrival_date && input.shipout_date && input.shipout_date < input.arrival_date) {
      ctx.addIssue({ code: 'custom', message: SHIPOUT_BEFORE_ARRIVAL_MESSAGE, path: ['shipout_date'] });
    }
  });

export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProductInput = z.output<typeof productInputSchema>;

/** Which image is the cover (one of the product's images). */
export const productCoverInputSchema = z.object({ image_id: z.uuid({ error: V.required }) }).strict();
export type ProductCoverInput = z.input<typeof productCoverInputSchema>;
export type ValidProductCoverInput = z.output<typeof productCoverInputSchema>;

/** The derived figures, as `productPricing` computes them. */
export interface ProductPricing {
  retail_price_usd: string;
  retail_with_tax_usd: string;
  /** Null while the cost is 0 (no mark-up on nothing). */
  mark_up: string | null;
}

/** A product as the API answers (cost fields absent for roles without can_see_cost). */
export interface ProductView extends ProductPricing {
  /** Internal id: the owner id of its images and documents. */
  product_id: string;
  product_code: string;
  product_name: string;
  alt_name: string;
  /** alt_name, or the product name where there is none (SPEC.md §5). */
  display_name: string;
  brand: string;
  width: string | null;
  height: string | null;
  diameter: string | null;
  weight_grams: string | null;
  time_period: string;
  country_origin: string;
  hashtag_list: string[];
  description: string;
  native_currency: Currency;
  default_cost?: string;
  retail_price_native: string;
  /** Units of the native currency per 1 USD used for the USD figures, and the date that rate took effect. */
  exchange_rate: string;
  exchange_rate_date: string | null;
  discount: string;
  tax: string;
  remarks: string;
  supplier_description: string;
  stock_type: StockType;
  category_id: string;
  category_name: string;
  permit_no: string;
  arrival_date: string | null;
  shipout_date: string | null;
  declaration_type: DeclarationType | null;
  shipping_method: ShippingMethod | null;
  gross_margin_scheme: boolean;
  total_tax: string | null;
  /** Image ids in upload order; the cover is one of them (null without images). */
  image_ids: string[];
  cover_image_id: string | null;
  document_ids: string[];
  last_printed_date: string | null;
  is_printed: boolean;
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** A row of the product list: the view without the attachment id lists (the cover stays, for the thumbnail). */
export type ProductListRow = Omit<ProductView, 'image_ids' | 'document_ids' | 'mark_up'> & {
  mark_up?: string | null;
  image_count: number;
};

/** What the product form needs from settings: today's rate of each currency and the GST options. */
export interface ProductPricingContext {
  date: string;
  rates: { currency: Currency; rate: string | null; effective_date: string | null }[];
  gst_rates: string[];
  default_gst_rate: string;
}

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();
const decimalOrNull = z.string().nullable();

/** The full snapshot replicas receive: cost included (services, not browsers), images and cover included. */
export const productSnapshotSchema = z
  .object({
    product_id: z.uuid(),
    product_code: z.string(),
    product_name: z.string(),
    alt_name: z.string(),
    brand: z.string(),
    width: decimalOrNull,
    height: decimalOrNull,
    diameter: decimalOrNull,
    weight_grams: decimalOrNull,
    time_period: z.string(),
    country_origin: z.string(),
    hashtag_list: z.array(z.string()),
    description: z.string(),
    native_currency: z.enum(CURRENCIES),
    default_cost: z.string(),
    retail_price_native: z.string(),
    exchange_rate: z.string(),
    exchange_rate_date: z.string().nullable(),
    retail_price_usd: z.string(),
    mark_up: decimalOrNull,
    discount: z.string(),
    tax: z.string(),
    retail_with_tax_usd: z.string(),
    remarks: z.string(),
    supplier_description: z.string(),
    stock_type: z.enum(STOCK_TYPES),
    category_id: z.uuid(),
    permit_no: z.string(),
    arrival_date: z.string().nullable(),
    shipout_date: z.string().nullable(),
    declaration_type: z.enum(DECLARATION_TYPES).nullable(),
    shipping_method: z.enum(SHIPPING_METHODS).nullable(),
    gross_margin_scheme: z.boolean(),
    total_tax: decimalOrNull,
    image_ids: z.array(z.uuid()),
    cover_image_id: z.uuid().nullable(),
    document_ids: z.array(z.uuid()),
    last_printed_date: z.string().nullable(),
    is_printed: z.boolean(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const productDeletedSchema = z.object({ product_id: z.uuid(), product_code: z.string(), revision }).strict();

export type ProductSnapshot = z.infer<typeof productSnapshotSchema>;
export type ProductDeleted = z.infer<typeof productDeletedSchema>;

// Exact decimal arithmetic on scaled integers (no JS floats), shared by the server and the form's live figures.

/** `12.5` at scale 2 → 1250n. */
function toUnits(value: string, scale: number): bigint {
  const negative = value.trim().startsWith('-');
  const [whole = '0', fraction = ''] = value.trim().replace(/^-/, '').split('.');
  const units = BigInt((whole || '0') + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -units : units;
}

/** 1250n at scale 2 → `12.50`. */
function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** n / d rounded half away from zero. */
function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const quotient = (a * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

/** Whether `value` is a plain decimal the arithmetic can read. */
export function isDecimalText(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}

/**
 * The derived figures of a product (see the pricing notes at the top): `rate` is units of the native currency per
 * 1 USD (1 for USD), `tax` a percentage. Amounts are decimal strings; answers have 2 decimals.
 */
export function productPricing(input: {
  retail_price_native: string;
  default_cost: string;
  tax: string;
  rate: string;
}): ProductPricing {
  const native = toUnits(input.retail_price_native, 2);
  const rate = toUnits(input.rate, 6);
  const usd = rate > 0n ? divideRounded(native * 1_000_000n, rate) : 0n;
  const withTax = divideRounded(usd * (10_000n + toUnits(input.tax, 2)), 10_000n);
  const cost = toUnits(input.default_cost, 2);
  const markUp = cost > 0n ? divideRounded((native - cost) * 10_000n, cost) : null;
  return {
    retail_price_usd: fromUnits(usd, 2),
    retail_with_tax_usd: fromUnits(withTax, 2),
    mark_up: markUp === null ? null : fromUnits(markUp, 2),
  };
}
