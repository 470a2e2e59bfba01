import { PRODUCT_MANAGEMENT_PAGE } from '../product-pages';
import { ProductFormRoute } from '../ProductForm';

/** /PLUSKU/product-management/{type} (key PRODUCT): view, new/create, edit and clone (`?id=`) of a product. */
export default function ProductManagementFormPage() {
  return <ProductFormRoute page={PRODUCT_MANAGEMENT_PAGE} />;
}
