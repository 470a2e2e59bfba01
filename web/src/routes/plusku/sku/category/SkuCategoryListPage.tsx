import { CategoryTreeListPage } from '../../../category-tree/CategoryTreeListPage';

/** /PLUSKU/sku/category (SPEC.md §2, key SKU): SKU categories and their sub-categories. */
export default function SkuCategoryListPage() {
  return <CategoryTreeListPage kind="sku" />;
}
