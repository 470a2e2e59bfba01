import type { ItemCategoryKind, PermissionKey } from '@scm/contracts';

/**
 * Where each kind's category pages live, what they are called (an id of the `routes` namespace) and the key of the
 * page (the product pages live under /product, key RJ_PRODUCT).
 */
export interface ItemCategoryPageConfig {
  path: string;
  routeId: string;
  permissionKey: PermissionKey;
}

export const ITEM_CATEGORY_PAGES: Record<ItemCategoryKind, ItemCategoryPageConfig> = {
  sku_bom: {
    path: '/PLUSKU/skubom/category',
    routeId: 'skuBomCategory',
    permissionKey: 'SKU_BOM',
  },
  plu: { path: '/PLUSKU/plu/category', routeId: 'pluCategory', permissionKey: 'PLU' },
  plu_bom: {
    path: '/PLUSKU/plubom/category',
    routeId: 'pluBomCategory',
    permissionKey: 'PLU_BOM',
  },
  product: { path: '/product/category', routeId: 'productCategory', permissionKey: 'RJ_PRODUCT' },
};
