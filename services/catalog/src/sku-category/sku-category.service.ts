/**
 * SKU categories are one kind of `../category-tree/` (the one implementation of categories with sub-categories).
 * This keeps the record_usage target types a SKU writes where the SKU feature imports them from.
 */
export { SKU_CATEGORY, SKU_SUB_CATEGORY } from '../category-tree/category-tree.kinds.js';
