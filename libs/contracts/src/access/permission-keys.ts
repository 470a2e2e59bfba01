/**
 * Every permission key a role can hold (SPEC.md §2, §6; docs/architecture.md, "Services and what they own"). The
 * RJ_ keys belong to the restricted high-value-goods area.
 */
export const PERMISSION_KEYS = [
  'DASHBOARD',
  'APPROVAL',
  'OR',
  'SO',
  'PO',
  'RO',
  'GR',
  'PC',
  'INVENTORY_OVERVIEW',
  'ST',
  'SA',
  'WIP',
  'SR',
  'SU',
  'DO',
  'SI',
  'PRODUCT',
  'SKU',
  'SKU_BOM',
  'PLU',
  'PLU_BOM',
  'UOM',
  'SUPPLIER',
  'SUPPLIER_PRICING',
  'DEFAULT_SUPPLIER',
  'LOCATION',
  'USER',
  'USER_ROLE',
  'NOTIFICATION',
  'REPORT',
  'SETTING',
  'RJ_PRODUCT',
  'RJ_CUSTOMER',
  'RJ_SUPPLIER',
  'RJ_SALES',
  'RJ_QUOTATION',
  'RJ_SR',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** The role whose name gives the error-log button and the /fifo menu (SPEC.md §6). */
export const DIRECTOR_ROLE_NAME = 'director';
