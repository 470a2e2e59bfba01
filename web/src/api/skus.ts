import type {
  SkuCategoryInput,
  SkuCategoryListRow,
  SkuCategoryView,
  SkuInput,
  SkuListRow,
  SkuOptions,
  SkuView,
} from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { masterDataApi } from './master-data';

/** SKU categories with sub-categories (SPEC.md §2 /PLUSKU/sku/category; `catalog/sku-categories` API). */
export const skuCategoriesApi = masterDataApi<SkuCategoryView, SkuCategoryListRow, SkuCategoryInput>(
  'sku-categories',
  '/api/catalog/sku-categories',
  (category) => category.category_id,
);

/**
 * SKUs (SPEC.md §2 /PLUSKU/sku/list; `catalog/skus` API); the id is the SKU ID. A SKU's `price_per_uom` only
 * comes for roles with can_see_cost.
 */
export const skusApi = masterDataApi<SkuView, SkuListRow, SkuInput>('skus', '/api/catalog/skus', (sku) => sku.sku_id);

/**
 * The SKU form's and filters' choices under the SKU key: new or active categories (with sub-categories), UOMs
 * and suppliers. Revalidated with the SKU categories (a new category shows up at once).
 */
export function useSkuOptions() {
  return useSWR<SkuOptions, Error>(
    [...skuCategoriesApi.keys.all, 'options', 'sku-form'],
    async () => (await api.get<SkuOptions>('/api/catalog/sku-options')).data,
  );
}
