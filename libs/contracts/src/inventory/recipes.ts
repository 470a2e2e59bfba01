import { z } from 'zod';

/** GET /inventory/recipes/sku-boms and /plus: a picker's search (code or name) and how many to answer. */
export const recipeSearchSchema = z
  .object({
    search: z.string().max(200).default(''),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type RecipeSearch = z.output<typeof recipeSearchSchema>;

/** One row of a recipe: quantity_per_uom of the SKU in uom_name per output_quantity, plus wastage %. */
export interface RecipeRowView {
  sku_id: string;
  quantity_per_uom: string;
  uom_name: string;
  wastage_percentage: string;
}

/** A live SKU BOM, for WIP's picker: what it makes and from what. */
export interface SkuBomOption {
  bom_id: string;
  bom_name: string;
  output_sku_id: string;
  output_quantity: string;
  output_uom_name: string;
  consume_sku_list: RecipeRowView[];
}

/** A live PLU, for the sales upload's no-match mapping picker. */
export interface PluOption {
  plu_id: string;
  plu_name: string;
  ch_display_name: string;
}
