import { ITEM_CATEGORY_API_PATHS, ITEM_CATEGORY_KINDS } from '@scm/contracts';
import type { ItemCategoryInput, ItemCategoryKind, ItemCategoryView } from '@scm/contracts';
import { masterDataApi } from './master-data';
import type { MasterDataApi } from './master-data';

export type ItemCategoriesApi = MasterDataApi<ItemCategoryView, ItemCategoryView, ItemCategoryInput>;

const apis = Object.fromEntries(
  ITEM_CATEGORY_KINDS.map((kind) => [
    kind,
    masterDataApi<ItemCategoryView, ItemCategoryView, ItemCategoryInput>(
      `item-categories:${kind}`,
      `/api/catalog/item-categories/${ITEM_CATEGORY_API_PATHS[kind]}`,
      (category) => category.category_id,
    ),
  ]),
) as Record<ItemCategoryKind, ItemCategoriesApi>;

/**
 * The categories of one kind (SKU BOM, PLU, PLU BOM, product): `itemCategoriesApi('product').useOptions(
 * 'category_name')` gives a form's select its new or active categories.
 */
export function itemCategoriesApi(kind: ItemCategoryKind): ItemCategoriesApi {
  return apis[kind];
}
