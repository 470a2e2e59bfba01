import { PRODUCT_OVERVIEW_PAGE } from '../product-pages';
import { ProductFormRoute } from '../ProductForm';

/** /product/overview/{type} (key RJ_PRODUCT): view, new/create, edit and clone (`?id=`) of a product. */
export default function ProductOverviewFormPage() {
  return <ProductFormRoute page={PRODUCT_OVERVIEW_PAGE} />;
}
