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

/** A UOM as the SKU pages show it: its name and secondary UOM. */
export const uomLabel = (uom: { uom_name: string; secondary_uom: string }) => `${uom.uom_name} / ${uom.secondary_uom}`;
