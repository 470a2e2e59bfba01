import type { InventoryArea } from '../inventory-area.js';
import { RecipeBook } from './recipe-book.js';
import { RecipesController } from './recipes.controller.js';

/**
 * Recipes: what a PLU sold or a SKU BOM produced consumes, from the replicas of catalog's BOMs and PLUs (kept by the
 * replicas area). Used by WIP production and the sales backflush.
 */
export const recipesArea: InventoryArea = {
  controllers: [RecipesController],
  providers: [RecipeBook],
  migrations: [],
};
