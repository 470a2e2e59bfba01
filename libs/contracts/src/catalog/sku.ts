import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import type { MasterStatus } from '../common/list-query.js';
import { V, decimalString, optionalText, requiredText } from '../common/schema.js';
import { sameFactor, unitKey } from '../common/units.js';

/**
 * SKU categories with sub-categories and SKUs (SPEC.md §2 /PLUSKU/sku/list, /PLUSKU/sku/category, key SKU;
 * §3 SKU). Tables: migration 1795361682141-CreateSkus.
 */

/** Record fields every master-data view carries. */
interface SkuRecordStamp {
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** Further SPEC.md §5 messages of the SKU form (validation.json). */
export const SKU_RULES = {
  /** A purchasing / receiving / counting (or the primary) unit that is not among the SKU's unit rows. */
  uomNotListed: 'validation.uom_not_listed',
  /** The primary UOM's own row converts 1:1. */
  primaryFactorOne: 'validation.primary_factor_one',
  /** The default supplier is one of the SKU's suppliers. */
  defaultSupplierNotListed: 'validation.default_supplier_not_listed',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// SKU categories

/** Most sub-categories one SKU category holds. */
export const MAX_SKU_SUB_CATEGORIES = 100;

/**
 * A SKU category with its sub-categories. A sub-category keeps its id while renamed; an existing one left out
 * of the list is removed (refused while a SKU uses it).
 */
export const skuCategoryInputSchema = z
  .object({
    category_name: requiredText(100, { noSlash: true }),
    sub_categories: z
      .array(
        z
          .object({
            sub_category_id: z.uuid({ error: V.invalid }).optional(),
            sub_category_name: requiredText(100, { noSlash: true }),
          })
          .strict(),
        { error: V.invalid },
      )
      .max(MAX_SKU_SUB_CATEGORIES, { error: V.max })
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          const name = row.sub_category_name.toLowerCase();
          if (seen.has(name)) {
            ctx.addIssue({ code: 'custom', message: V.duplicate, path: [index, 'sub_category_name'] });
          }
          seen.add(name);
        });
      })
      .optional()
      .transform((rows) => rows ?? []),
  })
  .strict();

export type SkuCategoryInput = z.input<typeof skuCategoryInputSchema>;
export type ValidSkuCategoryInput = z.output<typeof skuCategoryInputSchema>;

export interface SkuSubCategoryView {
  sub_category_id: string;
  sub_category_name: string;
  in_use: boolean;
}

export interface SkuCategoryView extends SkuRecordStamp {
  category_id: string;
  category_name: string;
  sub_categories: SkuSubCategoryView[];
}

/** A row of the SKU category list: the sub-category names joined with `, ` in their order. */
export type SkuCategoryListRow = Omit<SkuCategoryView, 'sub_categories'> & { sub_category_names: string };

export const skuCategorySnapshotSchema = z
  .object({
    category_id: z.uuid(),
    category_name: z.string(),
    sub_categories: z.array(z.object({ sub_category_id: z.uuid(), sub_category_name: z.string() }).strict()),
    status: z.enum(['new', 'active', 'archived']),
    revision: z.number().int().positive(),
    last_updated_time: z.string(),
  })
  .strict();

export const skuCategoryDeletedSchema = z
  .object({ category_id: z.uuid(), revision: z.number().int().positive() })
  .strict();

export type SkuCategorySnapshot = z.infer<typeof skuCategorySnapshotSchema>;
export type SkuCategoryDeleted = z.infer<typeof skuCategoryDeletedSchema>;

// ---------------------------------------------------------------------------------------------------------------
// SKUs

/** Most UOM rows, suppliers, alternate names and hashtags one SKU carries. */
export const MAX_SKU_UOMS = 20;
export const MAX_SKU_SUPPLIERS = 50;
export const MAX_SKU_ALTERNATE_NAMES = 20;
export const MAX_SKU_HASHTAGS = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional reference: absent, null or blank is `null`; anything else must be a uuid. */
function optionalUuid() {
  return z
    .string({ error: V.invalid })
    .trim()
    .nullable()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || UUID.test(value), { error: V.invalid });
}

/** An optional code reference (a supplier id): absent, null or blank is `null`. */
function optionalCode() {
  return z
    .string({ error: V.invalid })
    .trim()
    .max(50, { error: V.maxLength })
    .nullable()
    .optional()
    .transform((value) => value || null);
}

/** A list of short texts, trimmed, each required, duplicates dropped (first one kept). */
function distinctTexts(itemMax: number, listMax: number) {
  return z
    .array(requiredText(itemMax), { error: V.invalid })
    .max(listMax, { error: V.max })
    .optional()
    .transform((items) => [...new Set(items ?? [])]);
}

/** An optional quantity above 0 with up to 3 decimals: absent, null or blank is `null`. */
const optionalPositiveQuantity = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
  decimalString({ scale: 3, positive: true, max: '999999999999999' }).nullable(),
);

/** A unit's name (KG, BAG): as on the UOM records, compared without regard to case (docs/units-of-measure.md). */
export const unitName = () => requiredText(50, { noSlash: true });

/**
 * One of the SKU's units by name: 1 `uom_name` = `factor` primary units (up to 6 decimals, above 0). Without a
 * factor (absent, null or blank) the UOM record linking the unit and the primary unit gives it; a factor given
 * is the SKU's own pack size (docs/units-of-measure.md, "Where a factor comes from").
 */
export const skuUomRowSchema = z
  .object({
    uom_name: unitName(),
    factor: z.preprocess(
      (value) =>
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
      decimalString({ scale: 6, positive: true, max: '999999999999' }).nullable(),
    ),
  })
  .strict();

/**
 * A SKU (SPEC.md §3). `sku_id` is the user's code (URLs, BOMs, purchase orders): no slash, unique whatever the
 * case, never changed. The UOM rows hold the primary UOM with factor 1 and the purchasing, receiving and
 * counting UOMs; the default supplier is one of the suppliers.
 */
export const skuInputSchema = z
  .object({
    sku_id: requiredText(50, { noSlash: true }),
    name: requiredText(200),
    display_name: requiredText(200),
    ch_display_name: optionalText(200),
    alternate_display_name_list: distinctTexts(200, MAX_SKU_ALTERNATE_NAMES),
    category_id: z.uuid({ error: V.required }),
    sub_category_id: optionalUuid(),
    primary_uom_name: unitName(),
    purchasing_uom_name: unitName(),
    receiving_uom_name: unitName(),
    counting_uom_name: unitName(),
    uom_list: z
      .array(skuUomRowSchema, { error: V.required })
      .min(1, { error: V.required })
      .max(MAX_SKU_UOMS, { error: V.max }),
    supplier_list: distinctTexts(50, MAX_SKU_SUPPLIERS),
    default_supplier_id: optionalCode(),
    barcode: optionalText(100),
    threshold: decimalString({ scale: 3, nonNegative: true, max: '999999999999999' }),
    is_inventorise: z.boolean({ error: V.required }),
    default_wastage_percentage: decimalString({ scale: 2, nonNegative: true, max: '99.99' }),
    max_order_qty: optionalPositiveQuantity,
    account_code: optionalText(50),
    gl_code: optionalText(50),
    hashtag_list: distinctTexts(64, MAX_SKU_HASHTAGS),
    supplier_description: optionalText(1000),
    product_brand: optionalText(200),
    packaging_detail: optionalText(500),
  })
  .strict()
  .superRefine((input, ctx) => {
    const listed = new Map<string, number>();
    input.uom_list.forEach((row, index) => {
      const key = unitKey(row.uom_name);
      if (listed.has(key)) {
        ctx.addIssue({ code: 'custom', message: V.duplicate, path: ['uom_list', index, 'uom_name'] });
      } else listed.set(key, index);
    });
    const primaryRow = listed.get(unitKey(input.primary_uom_name));
    if (primaryRow === undefined) {
      ctx.addIssue({ code: 'custom', message: SKU_RULES.uomNotListed, path: ['primary_uom_name'] });
    } else {
      const factor = input.uom_list[primaryRow].factor;
      if (factor !== null && !sameFactor(factor, 1)) {
        ctx.addIssue({ code: 'custom', message: SKU_RULES.primaryFactorOne, path: ['uom_list', primaryRow, 'factor'] });
      }
    }
    for (const field of ['purchasing_uom_name', 'receiving_uom_name', 'counting_uom_name'] as const) {
      if (!listed.has(unitKey(input[field]))) {
        ctx.addIssue({ code: 'custom', message: SKU_RULES.uomNotListed, path: [field] });
      }
    }
    if (input.default_supplier_id !== null && !input.supplier_list.includes(input.default_supplier_id)) {
      ctx.addIssue({ code: 'custom', message: SKU_RULES.defaultSupplierNotListed, path: ['default_supplier_id'] });
    }
  })
  .transform((input) => ({
    ...input,
    category_id: input.category_id.toLowerCase(),
  }));

export type SkuInput = z.input<typeof skuInputSchema>;
/** A SKU input after validation: trimmed texts, decimals as strings, lists without duplicates. */
export type ValidSkuInput = z.output<typeof skuInputSchema>;

/** One of a SKU's units: 1 `uom_name` = `factor` of the SKU's primary unit. */
export interface SkuUomView {
  uom_name: string;
  /** Units of the SKU's primary unit in one of this unit (numeric(18,6) as text); "1.000000" for the primary. */
  factor: string;
  /** The UOM record the factor comes from; null for the primary unit and for a factor of the SKU's own. */
  uom_id: string | null;
}

export interface SkuSupplierView {
  supplier_id: string;
  company_name: string;
}

/** A supplier's current price of the SKU per one of its units (numeric(18,4) as text). */
export interface SkuPriceView {
  supplier_id: string;
  company_name: string;
  uom_name: string;
  /** The unit's factor to the primary unit. */
  factor: string;
  current_price: string;
  /** The same price per primary unit (current_price ÷ factor, 4 decimals, half-up: libs/contracts units.ts). */
  price_per_primary_uom: string;
}

/** Cost fields (removed for roles without can_see_cost by the one serializer, see costFields). */
export const SKU_COST_FIELDS = costFields('sku', ['price_per_uom', 'current_price', 'price_per_primary_uom']);

export interface SkuView extends SkuRecordStamp {
  sku_id: string;
  name: string;
  display_name: string;
  ch_display_name: string;
  alternate_display_name_list: string[];
  category_id: string;
  category_name: string;
  sub_category_id: string | null;
  sub_category_name: string | null;
  primary_uom_name: string;
  purchasing_uom_name: string;
  receiving_uom_name: string;
  counting_uom_name: string;
  uom_list: SkuUomView[];
  supplier_list: SkuSupplierView[];
  default_supplier_id: string | null;
  default_supplier_name: string;
  barcode: string;
  threshold: string;
  is_inventorise: boolean;
  default_wastage_percentage: string;
  max_order_qty: string | null;
  account_code: string;
  gl_code: string;
  hashtag_list: string[];
  supplier_description: string;
  product_brand: string;
  packaging_detail: string;
  /** Current prices per supplier and UOM: only for roles with can_see_cost. */
  price_per_uom?: SkuPriceView[];
}

/** A row of the SKU list (`POST /api/catalog/skus/list`). */
export interface SkuListRow extends SkuRecordStamp {
  sku_id: string;
  name: string;
  display_name: string;
  ch_display_name: string;
  alternate_display_name_list: string[];
  category_id: string;
  category_name: string;
  sub_category_id: string | null;
  sub_category_name: string | null;
  primary_uom_name: string;
  barcode: string;
  threshold: string;
  is_inventorise: boolean;
  default_wastage_percentage: string;
  max_order_qty: string | null;
  account_code: string;
  gl_code: string;
  hashtag_list: string[];
  /** The suppliers' company names joined with `, `. */
  supplier_names: string;
  default_supplier_id: string | null;
  default_supplier_name: string | null;
  product_brand: string;
}

/** A new or active UOM record as a conversion: 1 `secondary_uom` = `uom_per_primary` `uom_name`. */
export interface UomConversionOption {
  uom_id: string;
  uom_name: string;
  secondary_uom: string;
  uom_per_primary: string;
}

/**
 * The choices of the SKU form and list filters (`GET /api/catalog/sku-options`, key SKU): new or active
 * categories with their sub-categories, the units (every name of a new or active UOM record, sorted) with the
 * records converting them, and suppliers, so a SKU editor needs no UOM or SUPPLIER key.
 */
export interface SkuOptions {
  categories: {
    category_id: string;
    category_name: string;
    sub_categories: { sub_category_id: string; sub_category_name: string }[];
  }[];
  units: string[];
  uoms: UomConversionOption[];
  suppliers: { supplier_id: string; company_name: string }[];
}

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();

/** A supplier's prices of the SKU per UOM: current and up to two future ones with their dates (YYYY-MM-DD). */
export const skuSupplierPriceSchema = z
  .object({
    uom_name: z.string(),
    current_price: z.string(),
    future_price_1: z.string().nullable(),
    future_price_1_date: z.string().nullable(),
    future_price_2: z.string().nullable(),
    future_price_2_date: z.string().nullable(),
  })
  .strict();

/**
 * The whole SKU aggregate in one ordered stream: fields, units with their factors, suppliers with their prices, the
 * default supplier and the per-location default suppliers. Units are names with their factor to the primary unit,
 * so a consumer (the ledger) converts without a UOM record; other references are ids (names follow from their own
 * snapshots); `revision` grows with every change of any part, supplier prices included.
 */
export const skuSnapshotSchema = z
  .object({
    sku_id: z.string(),
    name: z.string(),
    display_name: z.string(),
    ch_display_name: z.string(),
    alternate_display_name_list: z.array(z.string()),
    category_id: z.uuid(),
    sub_category_id: z.uuid().nullable(),
    primary_uom_name: z.string(),
    purchasing_uom_name: z.string(),
    receiving_uom_name: z.string(),
    counting_uom_name: z.string(),
    /** Every unit by name with its factor to the primary unit (the primary's is 1) and the record it came from. */
    uom_list: z.array(z.object({ uom_name: z.string(), factor: z.string(), uom_id: z.uuid().nullable() }).strict()),
    supplier_list: z.array(z.object({ supplier_id: z.string(), prices: z.array(skuSupplierPriceSchema) }).strict()),
    default_supplier_id: z.string().nullable(),
    location_supplier_list: z.array(z.object({ location_id: z.string(), supplier_id: z.string() }).strict()),
    barcode: z.string(),
    threshold: z.string(),
    is_inventorise: z.boolean(),
    default_wastage_percentage: z.string(),
    max_order_qty: z.string().nullable(),
    account_code: z.string(),
    gl_code: z.string(),
    hashtag_list: z.array(z.string()),
    supplier_description: z.string(),
    product_brand: z.string(),
    packaging_detail: z.string(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const skuDeletedSchema = z.object({ sku_id: z.string(), revision }).strict();

export type SkuSnapshot = z.infer<typeof skuSnapshotSchema>;
export type SkuDeleted = z.infer<typeof skuDeletedSchema>;
export type SkuSupplierPrice = z.infer<typeof skuSupplierPriceSchema>;
