import type { BomKind, PermissionKey } from '@scm/contracts';

/** Where each kind's BOM pages live, what they are called (an id of the `routes` namespace) and their key. */
export interface BomPageConfig {
  path: string;
  routeId: string;
  permissionKey: PermissionKey;
}

export const BOM_PAGES: Record<BomKind, BomPageConfig> = {
  sku_bom: { path: '/PLUSKU/skubom/list', routeId: 'skuBom', permissionKey: 'SKU_BOM' },
  plu_bom: { path: '/PLUSKU/plubom/list', routeId: 'pluBom', permissionKey: 'PLU_BOM' },
};

/** A unit as every picker offers it: by its real name (BAG), docs/units-of-measure.md. */
export const uomLabel = (uom: { uom_name: string }) => uom.uom_name;
