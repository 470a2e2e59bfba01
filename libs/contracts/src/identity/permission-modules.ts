import type { PermissionKey } from '../access/permission-keys.js';

/**
 * The modules of SPEC.md §6 as the role form groups them: each group lists the keys whose view / edit /
 * approval a role sets. Titles are `roles:modules.<id>` and `roles:keys.<KEY>` in libs/i18n.
 */
export interface PermissionModule {
  id: string;
  keys: readonly PermissionKey[];
}

export const PERMISSION_MODULES: readonly PermissionModule[] = [
  { id: 'dashboard', keys: ['DASHBOARD'] },
  { id: 'approval', keys: ['APPROVAL'] },
  { id: 'storeOrdering', keys: ['OR'] },
  { id: 'salesOrder', keys: ['SO'] },
  { id: 'procurement', keys: ['PO', 'RO', 'GR', 'PC'] },
  { id: 'inventory', keys: ['INVENTORY_OVERVIEW', 'ST', 'SA', 'WIP', 'SR', 'SU', 'SI', 'DO'] },
  { id: 'pluSku', keys: ['PRODUCT', 'SKU', 'SKU_BOM', 'PLU', 'PLU_BOM', 'UOM'] },
  { id: 'supplierManagement', keys: ['SUPPLIER', 'SUPPLIER_PRICING', 'DEFAULT_SUPPLIER'] },
  { id: 'location', keys: ['LOCATION'] },
  { id: 'userManagement', keys: ['USER', 'USER_ROLE'] },
  { id: 'notificationCenter', keys: ['NOTIFICATION'] },
  { id: 'report', keys: ['REPORT'] },
  { id: 'setting', keys: ['SETTING'] },
  { id: 'productManagement', keys: ['RJ_PRODUCT'] },
  { id: 'contactManagement', keys: ['RJ_CUSTOMER', 'RJ_SUPPLIER'] },
  { id: 'salesManagement', keys: ['RJ_SALES', 'RJ_QUOTATION', 'RJ_SR'] },
];
