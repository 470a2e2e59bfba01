import { z } from 'zod';
import { costFields } from '../common/cost-fields.js';
import type { MasterStatus } from '../common/list-query.js';
import { V, decimalString, optionalText, requiredText } from '../common/schema.js';
import { bomConsumeRowSnapshotSchema, bomRecipeFields } from './bom.js';
import type { BomConsumeRowView } from './bom.js';

/**
 * A PLU (SPEC.md §3, §2 /PLUSKU/plu/list, key PLU): an item sold, on its active BOM — either an existing PLU BOM
 * (`bom_type: 'existing'`, `bom_id`) or a custom BOM defined on the PLU itself (`bom_type: 'custom'`,
 * `custom_bom`), kept as a PLU BOM the PLU owns and no BOM list shows. Cost follows from the BOM.
 */
export const PLU_BOM_TYPES = ['existing', 'custom'] as const;
export type PluBomType = (typeof PLU_BOM_TYPES)[number];

/** The recipe of a PLU's custom BOM: what it consumes and how much it makes. */
export const pluCustomBomSchema = z.object(bomRecipeFields).strict();

export type PluCustomBomInput = z.input<typeof pluCustomBomSchema>;
export type ValidPluCustomBom = z.output<typeof pluCustomBomSchema>;

/** A form may keep the recipe of the other choice around: only the chosen BOM type's part counts. */
function dropUnusedBom(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const input = raw as Record<string, unknown>;
  if (input.bom_type === 'existing') return { ...input, custom_bom: null };
  if (input.bom_type === 'custom') return { ...input, bom_id: null };
  return raw;
}

const pluFieldsSchema = z
  .object({
    plu_id: requiredText(50, { noSlash: true }),
    plu_name: requiredText(200),
    ch_display_name: optionalText(200),
    suggested_price: decimalString({ scale: 2, nonNegative: true, max: '9999999999' }),
    barcode: optionalText(100),
    category_id: z.uuid({ error: V.required }).transform((id) => id.toLowerCase()),
    bom_type: z.enum(PLU_BOM_TYPES, { error: V.required }),
    /** The PLU BOM's code when `bom_type` is `existing`. */
    bom_id: z
      .string({ error: V.invalid })
      .trim()
      .max(50, { error: V.maxLength })
      .nullish()
      .transform((value) => value || null),
    /** The recipe when `bom_type` is `custom`. */
    custom_bom: pluCustomBomSchema.nullish().transform((bom) => bom ?? null),
  })
  .strict();

/**
 * A PLU's input: with `bom_type: 'existing'`, `bom_id` names the PLU BOM (any `custom_bom` is ignored); with
 * `'custom'`, `custom_bom` is the recipe (any `bom_id` is ignored).
 */
export const pluInputSchema = z.preprocess(
  dropUnusedBom,
  pluFieldsSchema
    .superRefine((input, ctx) => {
      if (input.bom_type === 'existing' && input.bom_id === null) {
        ctx.addIssue({ code: 'custom', message: V.required, path: ['bom_id'] });
      }
      if (input.bom_type === 'custom' && input.custom_bom === null) {
        ctx.addIssue({ code: 'custom', message: V.required, path: ['custom_bom'] });
      }
    })
    .transform((input) => ({
      ...input,
      bom_id: input.bom_type === 'existing' ? input.bom_id : null,
      custom_bom: input.bom_type === 'custom' ? input.custom_bom : null,
    })),
);

export type PluInput = z.input<typeof pluFieldsSchema>;
export type ValidPluInput = z.output<typeof pluInputSchema>;

/** Fields removed for roles without can_see_cost (with the BOM's own, see BOM_COST_FIELDS). */
export const PLU_COST_FIELDS = costFields('plu', [
  'cost',
  'margin',
  'margin_percentage',
  'cost_per_output_unit',
  'unit_cost',
]);

/** The PLU's active BOM as answered: the existing PLU BOM or its custom one, with its rows. */
export interface PluBomView {
  bom_id: string;
  bom_name: string;
  output_quantity: string;
  output_uom_name: string;
  status: MasterStatus;
  consume_sku_list: BomConsumeRowView[];
  cost?: string | null;
  cost_per_output_unit?: string | null;
}

export interface PluView {
  plu_id: string;
  plu_name: string;
  ch_display_name: string;
  suggested_price: string;
  barcode: string;
  category_id: string;
  category_name: string;
  bom_type: PluBomType;
  /** The existing PLU BOM's code; null for a custom BOM. */
  bom_id: string | null;
  bom: PluBomView;
  /** Cost of one output unit of the BOM (one PLU sold); null when unknown. Only with can_see_cost. */
  cost?: string | null;
  /** suggested_price − cost. Only with can_see_cost. */
  margin?: string | null;
  /** margin / suggested_price × 100 (2 decimals); null when the price is 0 or the cost unknown. */
  margin_percentage?: string | null;
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

/** A row of the PLU list: the PLU with its BOM's code and name, cost and margin (can_see_cost). */
export type PluListRow = Omit<PluView, 'bom'> & { bom_name: string };

/** A PLU BOM a PLU can be put on (the PLU form's choices, under the PLU key). */
export interface PluBomOption {
  bom_id: string;
  bom_name: string;
  output_quantity: string;
  output_uom_name: string;
  status: MasterStatus;
}

export const pluBomOptionsQuerySchema = z
  .object({
    search_str: z.string().max(200).optional().default(''),
    /** The PLU's current BOM, answered whatever the search and status. */
    bom_ids: z.array(z.string().max(50)).max(10).optional().default([]),
    limit: z.number().int().min(1).max(100).optional().default(20),
  })
  .strict();

export type PluBomOptionsQuery = z.input<typeof pluBomOptionsQuerySchema>;
export type ValidPluBomOptionsQuery = z.output<typeof pluBomOptionsQuerySchema>;

const masterStatus = z.enum(['new', 'active', 'archived']);
const revision = z.number().int().positive();

/** The full PLU with its active BOM: the existing BOM's code, or the custom recipe itself. */
export const pluSnapshotSchema = z
  .object({
    plu_id: z.string(),
    plu_name: z.string(),
    ch_display_name: z.string(),
    suggested_price: z.string(),
    barcode: z.string(),
    category_id: z.uuid(),
    bom_type: z.enum(PLU_BOM_TYPES),
    bom_id: z.string().nullable(),
    custom_bom: z
      .object({
        consume_sku_list: z.array(bomConsumeRowSnapshotSchema),
        output_quantity: z.string(),
        output_uom_name: z.string(),
      })
      .strict()
      .nullable(),
    status: masterStatus,
    revision,
    last_updated_time: z.string(),
  })
  .strict();

export const pluDeletedSchema = z.object({ plu_id: z.string(), revision }).strict();

export type PluSnapshot = z.infer<typeof pluSnapshotSchema>;
export type PluDeleted = z.infer<typeof pluDeletedSchema>;

/**
 * POST /catalog/plus/cost-preview: what a PLU being written would cost, before it is saved — its BOM (an existing
 * PLU BOM, or the custom recipe on the form) rolled up by the same server code as a saved PLU's view and list, with
 * the margin against the suggested price when one is given (docs/architecture.md, "Numbers and rounding"). Its
 * figures carry the names of PLU_COST_FIELDS / BOM_COST_FIELDS, so roles without can_see_cost receive none.
 */
export const pluCostPreviewSchema = z.preprocess(
  dropUnusedBom,
  z
    .object({
      suggested_price: z.preprocess(
        (value) =>
          value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
        decimalString({ scale: 2, nonNegative: true, max: '9999999999' }).nullable(),
      ),
      bom_type: z.enum(PLU_BOM_TYPES, { error: V.required }),
      bom_id: z
        .string({ error: V.invalid })
        .trim()
        .max(50, { error: V.maxLength })
        .nullish()
        .transform((value) => value || null),
      custom_bom: pluCustomBomSchema.nullish().transform((bom) => bom ?? null),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (input.bom_type === 'existing' && input.bom_id === null) {
        ctx.addIssue({ code: 'custom', message: V.required, path: ['bom_id'] });
      }
      if (input.bom_type === 'custom' && input.custom_bom === null) {
        ctx.addIssue({ code: 'custom', message: V.required, path: ['custom_bom'] });
      }
    }),
);

/** What the form sends (the preprocessed schema's own input type is `unknown`). */
export interface PluCostPreviewInput {
  suggested_price?: string | number | null;
  bom_type: PluBomType;
  bom_id?: string | null;
  custom_bom?: PluCustomBomInput | null;
}
export type ValidPluCostPreviewInput = z.output<typeof pluCostPreviewSchema>;

/** The preview's answer: the rows with their costs, the BOM's total and cost per output unit, the PLU's margin. */
export interface PluCostPreview {
  bom: {
    output_quantity: string;
    consume_sku_list: BomConsumeRowView[];
    cost?: string | null;
    cost_per_output_unit?: string | null;
  };
  cost?: string | null;
  margin?: string | null;
  margin_percentage?: string | null;
}
