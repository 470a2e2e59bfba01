/** Routes of the supplier pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const SUPPLIER_PATH = '/supplier/list';
export const SUPPLIER_CATEGORY_PATH = '/supplier/category';
