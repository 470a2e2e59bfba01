import { Get, Inject, Query } from '@nestjs/common';
import { recipeSearchSchema } from '@scm/contracts';
import type { PluOption, RecipeSearch, SkuBomOption } from '@scm/contracts';
import { DATA_SOURCE, Permission, ServiceController, ZodValidationPipe } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { RecipeBook } from './recipe-book.js';

/** Pickers over inventory's copy of catalog's recipes (live ones only). */
@ServiceController('inventory/recipes', 'inventory: recipes')
export class RecipesController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly recipes: RecipeBook,
  ) {}

  /** SKU BOMs producing a SKU, for a WIP's outputs. */
  @Get('sku-boms')
  @Permission('WIP', 'view')
  async skuBoms(@Query(new ZodValidationPipe(recipeSearchSchema)) query: RecipeSearch): Promise<SkuBomOption[]> {
    const boms = await this.recipes.searchSkuBoms(this.dataSource.manager, query.search, query.limit);
    return boms.map((bom) => ({
      bom_id: bom.bom_id,
      bom_name: bom.bom_name,
      output_sku_id: bom.output_sku_id ?? '',
      output_quantity: bom.output_quantity,
      output_uom_name: bom.output_uom_name,
      consume_sku_list: bom.consume_sku_list,
    }));
  }

  /** PLUs, for mapping a sold code that matched none. */
  @Get('plus')
  @Permission('SU', 'view')
  async plus(@Query(new ZodValidationPipe(recipeSearchSchema)) query: RecipeSearch): Promise<PluOption[]> {
    const plus = await this.recipes.searchPlus(this.dataSource.manager, query.search, query.limit);
    return plus.map((plu) => ({ plu_id: plu.plu_id, plu_name: plu.plu_name, ch_display_name: plu.ch_display_name }));
  }
}
