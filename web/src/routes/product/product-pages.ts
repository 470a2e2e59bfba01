import type { PermissionKey } from '@scm/contracts';

/**
 * The two routes of the one product master (SPEC.md §2): /PLUSKU/product-management under PRODUCT and the RJ
 * area's /product/overview under RJ_PRODUCT. Same list and form, their own path, key and title.
 */
export interface ProductPage {
  path: string;
  permissionKey: PermissionKey;
  /** Route id: its title in the `routes` namespace and its description in `products:product.descriptions`. */
  routeId: 'productManagement' | 'productOverview';
}

export const PRODUCT_MANAGEMENT_PAGE: ProductPage = {
  path: '/PLUSKU/product-management',
  permissionKey: 'PRODUCT',
  routeId: 'productManagement',
};

export const PRODUCT_OVERVIEW_PAGE: ProductPage = {
  path: '/product/overview',
  permissionKey: 'RJ_PRODUCT',
  routeId: 'productOverview',
};

/**
 * The key as the page checks it: a one-key list, so SPEC.md §5's "PRODUCT with edit is always allowed" (a route
 * guard leniency the API does not share) does not offer Save and Create buttons the server would refuse.
 */
export const pageKeys = (page: ProductPage): readonly PermissionKey[] => [page.permissionKey];
