import { ITEM_CATEGORY_PERMISSIONS } from '@scm/contracts';
import type { ItemCategoryKind, PermissionKey } from '@scm/contracts';

/** Where each kind's category pages live and what they are called (an id of the `routes` namespace). */
export interface ItemCategoryPageConfig {
  path: string;
  routeId: string;
  permissionKey: PermissionKey;
}

export const ITEM_CATEGORY_PAGES: Record<ItemCategoryKind, ItemCategoryPageConfig> = {
  sku_bom: {
    path: '/PLUSKU/skubom/category',
    routeId: 'skuBomCategory',
    permissionKey: ITEM_CATEGORY_PERMISSIONS.sku_bom,
  },
  plu: { path: '/PLUSKU/plu/category', routeId: 'pluCategory', permissionKey: ITEM_CATEGORY_PERMISSIONS.plu },
  plu_bom: {
    path: '/PLUSKU/plubom/category',
    routeId: 'pluBomCategory',
    permissionKey: ITEM_CATEGORY_PERMISSIONS.plu_bom,
  },
  product: { path: '/product/category', routeId: 'productCategory', permissionKey: ITEM_CATEGORY_PERMISSIONS.product },
};
