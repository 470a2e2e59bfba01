import { CatalogErrorCode, locationCategoryInputSchema, skuCategoryInputSchema } from '@scm/contracts';
import type {
  LocationCategoryInput,
  LocationCategoryListRow,
  LocationCategoryView,
  PermissionKey,
  ValidLocationCategoryInput,
} from '@scm/contracts';
import type { masterDataApi } from '../../api/master-data';
import { locationCategoriesApi } from '../../api/locations';
import { skuCategoriesApi } from '../../api/skus';
import { LOCATION_CATEGORY_PATH } from '../location/paths';
import { SKU_CATEGORY_PATH } from '../plusku/sku/paths';

/** The kinds of category with sub-categories: location categories and SKU categories. */
export type CategoryTreeKind = 'location' | 'sku';

/** The two kinds' contracts are the same shape (see `CategoryTreeKind` in services/catalog). */
export type CategoryTreeInput = LocationCategoryInput;
export type ValidCategoryTreeInput = ValidLocationCategoryInput;
export type CategoryTreeView = LocationCategoryView;
export type CategoryTreeListRow = LocationCategoryListRow;

/** What differs between the kinds' list and form pages. */
export interface CategoryTreePageConfig {
  /** The list's route (route-tree.ts); each form is `${path}/{type}?id=`. */
  path: string;
  /** Its title: an id of the `routes` namespace. */
  routeId: string;
  permissionKey: PermissionKey;
  /** The namespace whose `category.*` and `fields.*` keys the pages show (each kind words its own help). */
  ns: string;
  /** Prefix of the list's test ids (`<prefix>-list`, `<prefix>-create`). */
  testId: string;
  calls: ReturnType<typeof masterDataApi<CategoryTreeView, CategoryTreeListRow, CategoryTreeInput>>;
  inputSchema: typeof locationCategoryInputSchema;
  /** The duplicate-name error code, shown on the name field. */
  duplicateCode: CatalogErrorCode;
}

export const CATEGORY_TREE_PAGES: Record<CategoryTreeKind, CategoryTreePageConfig> = {
  location: {
    path: LOCATION_CATEGORY_PATH,
    routeId: 'locationCategory',
    permissionKey: 'LOCATION',
    ns: 'locations',
    testId: 'location-category',
    calls: locationCategoriesApi,
    inputSchema: locationCategoryInputSchema,
    duplicateCode: CatalogErrorCode.LOCATION_CATEGORY_DUPLICATE,
  },
  sku: {
    path: SKU_CATEGORY_PATH,
    routeId: 'skuCategory',
    permissionKey: 'SKU',
    ns: 'sku',
    testId: 'sku-category',
    calls: skuCategoriesApi,
    inputSchema: skuCategoryInputSchema,
    duplicateCode: CatalogErrorCode.SKU_CATEGORY_DUPLICATE,
  },
};
