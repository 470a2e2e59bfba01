import { ItemCategoryListPage } from '../../plusku/item-category/ItemCategoryListPage';

/** /product/category (SPEC.md §2, key RJ_PRODUCT): the generic item category list of kind `product`. */
export default function ProductCategoryListPage() {
  return <ItemCategoryListPage kind="product" />;
}
