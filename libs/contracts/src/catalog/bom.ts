import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import type { PermissionKey } from '../access/permission-keys.js';
import type { MasterStatus } from '../common/list-query.js';
import { V, decimalString, optionalText, requiredText } from '../common/schema.js';

/**
 * Bills of materials (SPEC.md §3 "BOM (SKU and PLU)", §2 /PLUSKU/skubom and /PLUSKU/plubom). A SKU BOM produces
 * an output SKU from the SKUs it consumes; a PLU BOM is the recipe of a PLU. Both kinds share one table: codes are
 * unique per kind. A PLU may also carry a custom BOM of its own (see plu.ts), stored as a PLU BOM that no list shows.
 *
 * Cost is never stored: it is rolled up at read time from the consumed SKUs' current supplier prices (or, for a SKU
 * without prices that an active SKU BOM produces, from that BOM), and answered only to roles with can_see_cost.
 */
export const BOM_KINDS = ['sku_bom', 'plu_bom'] as const;
export type BomKind = (typeof BOM_KINDS)[number];

/** The path segment of each kind under `/api/catalog/`. */
export const BOM_API_PATHS: Record<BomKind, string> = { sku_bom: 'sku-boms', plu_bom: 'plu-boms' };

export const BOM_PERMISSIONS: Record<BomKind, PermissionKey> = { sku_bom: 'SKU_BOM', plu_bom: 'PLU_BOM' };

/** Who owns a BOM: free text (a kitchen, a chef) or one of the locations. */
export const BOM_OWNER_TYPES = ['text', 'location'] as const;
export type BomOwnerType = (typeof BOM_OWNER_TYPES)[number];

/** Most consume rows and hashtags one BOM carries. */
export const MAX_BOM_LINES = 200;
export const MAX_BOM_HASHTAGS = 50;

/** Largest quantity (3 decimals) a BOM row or output accepts. */
const MAX_QUANTITY = '999999999';

/** Form messages of BOMs beyond SPEC.md §5's common ones (validation.json). */
export const BOM_RULES = {
  /** A SKU BOM that lists its own output SKU among what it consumes. */
  consumesOwnOutput: 'validation.bom_consumes_own_output',
} as const;

/** An optional wastage percentage 0 ≤ x < 100 (2 decimals); blank or absent means "the SKU's default". */
const optionalWastage = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
  decimalString({ scale: 2, nonNegative: true, max: '99.99' }).nullable(),
);

/** One row of a consume list: so much of a SKU per output, in one of that SKU's units (by name), with a wastage. */
export const bomConsumeRowSchema = z
  .object({
    sku_id: requiredText(50),
    quantity_per_uom: decimalString({ scale: 3, positive: true, max: MAX_QUANTITY }),
    uom_name: requiredText(50, { noSlash: true }),
    wastage_percentage: optionalWastage,
  })
  .strict();

export type BomConsumeRowInput = z.input<typeof bomConsumeRowSchema>;
export type ValidBomConsumeRow = z.output<typeof bomConsumeRowSchema>;

/** A consume list: at least one row, a SKU at most once (SPEC.md §5: a SKU already in a list cannot be added again). */
export const bomConsumeListSchema = z
  .array(bomConsumeRowSchema, { error: V.required })
  .min(1, { error: V.required })
  .max(MAX_BOM_LINES, { error: V.max })
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = row.sku_id.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: V.duplicate, path: [index, 'sku_id'] });
      seen.add(key);
    });
  });

/** The part of a BOM a PLU's custom BOM also has: what it consumes and what it makes. */
export const bomRecipeFields = {
  consume_sku_list: bomConsumeListSchema,
  output_quantity: decimalString({ scale: 3, positive: true, max: MAX_QUANTITY }),
  /** A SKU BOM: one of the output SKU's units; a PLU BOM: any unit (a name on a UOM record). */
  output_uom_name: requiredText(50, { noSlash: true }),
};

const bomFields = {
  bom_id: requiredText(50, { noSlash: true }),
  bom_name: requiredText(200),
  ...bomRecipeFields,
  category_id: z.uuid({ error: V.required }).transform((id) => id.toLowerCase()),
  owner_type: z
    .enum(BOM_OWNER_TYPES, { error: V.invalid })
    .optional()
    .transform((type) => type ?? 'text'),
  /** Free text, or the location id when `owner_type` is `location`. */
  owner: optionalText(200),
  hashtag_list: z
    .array(requiredText(64), { error: V.invalid })
    .max(MAX_BOM_HASHTAGS, { error: V.max })
    .optional()
    .transform((tags) => [...new Set(tags ?? [])]),
};

/** A location owner must be named. */
function ownerNamed(input: { owner_type: BomOwnerType; owner: string }, ctx: z.RefinementCtx) {
  if (input.owner_type === 'location' && input.owner === '') {
    ctx.addIssue({ code: 'custom', message: V.required, path: ['owner'] });
  }
}

/** A SKU BOM: `output_sku_id` is the SKU it produces; `output_uom_name` must be one of that SKU's units. */
export const skuBomInputSchema = z
  .object({ ...bomFields, output_sku_id: requiredText(50) })
  .strict()
  .superRefine((input, ctx) => {
    ownerNamed(input, ctx);
    input.consume_sku_list.forEach((row, index) => {
      if (row.sku_id.toLowerCase() === input.output_sku_id.toLowerCase()) {
        ctx.addIssue({
          code: 'custom',
          message: BOM_RULES.consumesOwnOutput,
          path: ['consume_sku_list', index, 'sku_id'],
        });
      }
    });
  });

/** A PLU BOM: the recipe PLUs are sold on; its output UOM is any UOM (a portion, a cup ...). */
export const pluBomInputSchema = z
  .object(bomFields)
  .strict()
  .superRefine((input, ctx) => ownerNamed(input, ctx));

export type SkuBomInput = z.input<typeof skuBomInputSchema>;
export type ValidSkuBomInput = z.output<typeof skuBomInputSchema>;
export type PluBomInput = z.input<typeof pluBomInputSchema>;
export type ValidPluBomInput = z.output<typeof pluBomInputSchema>;
/** Either kind's form values (the SKU BOM's has `output_sku_id`). */
export type BomInput = PluBomInput & { output_sku_id?: string };
export type ValidBomInput = ValidPluBomInput & { output_sku_id?: string };

/**
 * Fields removed for roles without can_see_cost, on the BOM and on each consume row (docs/architecture.md,
 * "Access rules").
 */
export const BOM_COST_FIELDS = costFields('bom', ['cost', 'cost_per_output_unit', 'unit_cost']);

/** A consume row as answered: names resolved; costs (4 decimals, null when unknown) only with can_see_cost. */
export interface BomConsumeRowView {
  sku_id: string;
  sku_name: string;
  quantity_per_uom: string;
  /** One of the SKU's units (BAG). */
  uom_name: string;
  /** Units of the SKU's primary unit in one `uom_name`; null when the unit is no longer one of the SKU's. */
  factor: string | null;
  /** The SKU's primary unit (KG): quantity_per_uom × factor of it is consumed. */
  primary_uom_name: string;
  wastage_percentage: string;
  /** Current cost of one primary unit of the SKU. */
  unit_cost?: string | null;
  /** quantity × factor × unit cost × (1 + wastage / 100). */
  cost?: string | null;
}

export interface BomView {
  bom_kind: BomKind;
  bom_id: string;
  bom_name: string;
  /** SKU BOM: the SKU produced; null for a PLU BOM. */
  output_sku_id: string | null;
  output_sku_name: string | null;
  output_quantity: string;
  output_uom_name: string;
  category_id: string | null;
  category_name: string;
  owner_type: BomOwnerType;
  owner: string;
  /** The location's name for a location owner, else the text. */
  owner_name: string;
  hashtag_list: string[];
  consume_sku_list: BomConsumeRowView[];
  /** Sum of the rows' costs; null when a row's cost is unknown. Only with can_see_cost. */
  cost?: string | null;
  /** Cost of one `output_uom` of output. Only with can_see_cost. */
  cost_per_output_unit?: string | null;
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** A row of a BOM list: the BOM without its consume rows, with their count and its cost (can_see_cost). */
export type BomListRow = Omit<BomView, 'consume_sku_list'> & { consume_count: number };

/** A SKU a BOM can consume (the BOM form's picker), with the UOMs it is counted in. */
export interface BomSkuOption {
  sku_id: string;
  name: string;
  display_name: string;
  ch_display_name: string;
  status: MasterStatus;
  primary_uom_name: string;
  default_wastage_percentage: string;
  /** The SKU's units: 1 `uom_name` = `factor` primary units. */
  uom_list: { uom_name: string; factor: string }[];
  /** Current cost of one primary unit (as a BOM row rolls it up), for the form's live cost; only with can_see_cost. */
  unit_cost?: string | null;
}

/** The other choices of the BOM and PLU forms (any unit for a PLU BOM's output, locations as owners). */
export interface BomFormOptions {
  /** Every unit name of a new or active UOM record, sorted. */
  units: string[];
  locations: { location_id: string; location_name: string }[];
}

export const bomSkuOptionsQuerySchema = z
  .object({
    search_str: z.string().max(200).optional().default(''),
    /** The SKUs of an existing BOM's rows, answered whatever the search. */
    sku_ids: z.array(z.string().max(50)).max(MAX_BOM_LINES).optional().default([]),
    limit: z.number().int().min(1).max(100).optional().default(20),
  })
  .strict();

export type BomSkuOptionsQuery = z.input<typeof bomSkuOptionsQuerySchema>;
export type ValidBomSkuOptionsQuery = z.output<typeof bomSkuOptionsQuerySchema>;

/**
 * POST /catalog/bom-options/cost-preview: what a recipe being written on a BOM form costs (a SKU BOM, a PLU BOM or a
 * PLU's custom BOM), rolled up by the server's one computation, so the form shows the digits the saved BOM will
 * (docs/architecture.md, "Numbers and rounding"). The figures take BOM_COST_FIELDS' names: roles without
 * can_see_cost receive none.
 */
export const bomCostPreviewSchema = z
  .object({ consume_sku_list: bomConsumeListSchema, output_quantity: bomRecipeFields.output_quantity })
  .strict();

export type BomCostPreviewInput = z.input<typeof bomCostPreviewSchema>;
export type ValidBomCostPreviewInput = z.output<typeof bomCostPreviewSchema>;

/** The preview's answer: each row with its unit cost and cost, the total and the cost per output unit. */
export interface BomCostPreview {
  consume_sku_list: BomConsumeRowView[];
  cost?: string | null;
  cost_per_output_unit?: string | null;
}

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();

export const bomConsumeRowSnapshotSchema = z
  .object({ sku_id: z.string(), quantity_per_uom: z.string(), uom_name: z.string(), wastage_percentage: z.string() })
  .strict();

/** The full BOM (without cost: costs are derived from prices, which have their own events). */
export const bomSnapshotSchema = z
  .object({
    bom_kind: z.enum(BOM_KINDS),
    bom_id: z.string(),
    bom_name: z.string(),
    output_sku_id: z.string().nullable(),
    output_quantity: z.string(),
    output_uom_name: z.string(),
    category_id: z.uuid(),
    owner_type: z.enum(BOM_OWNER_TYPES),
    owner: z.string(),
    hashtag_list: z.array(z.string()),
    consume_sku_list: z.array(bomConsumeRowSnapshotSchema),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const bomDeletedSchema = z.object({ bom_kind: z.enum(BOM_KINDS), bom_id: z.string(), revision }).strict();

export type BomSnapshot = z.infer<typeof bomSnapshotSchema>;
export type BomDeleted = z.infer<typeof bomDeletedSchema>;
export type BomConsumeRowSnapshot = z.infer<typeof bomConsumeRowSnapshotSchema>;
