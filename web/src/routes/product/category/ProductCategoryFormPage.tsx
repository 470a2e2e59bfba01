import { ItemCategoryFormPage } from '../../plusku/item-category/ItemCategoryFormPage';

/** /product/category/{type} (key RJ_PRODUCT): the generic item category form of kind `product`. */
export default function ProductCategoryFormPage() {
  return <ItemCategoryFormPage kind="product" />;
}
