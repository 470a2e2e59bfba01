/** The RJ supplier pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const RJ_SUPPLIER_PATH = '/contact-management/supplier/list';
