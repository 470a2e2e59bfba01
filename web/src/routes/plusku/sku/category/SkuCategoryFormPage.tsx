import { CategoryTreeFormPage } from '../../../category-tree/CategoryTreeFormPage';

/** /PLUSKU/sku/category/{type}: view, new/create, edit and clone (`?id=`) of a SKU category. */
export default function SkuCategoryFormPage() {
  return <CategoryTreeFormPage kind="sku" />;
}
