/** Routes of the SKU pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const SKU_PATH = '/PLUSKU/sku/list';
export const SKU_CATEGORY_PATH = '/PLUSKU/sku/category';
