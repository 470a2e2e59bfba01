import { PRODUCT_MANAGEMENT_PAGE } from '../product-pages';
import { ProductList } from '../ProductList';

/** /PLUSKU/product-management (SPEC.md §2, key PRODUCT). */
export default function ProductManagementListPage() {
  return <ProductList page={PRODUCT_MANAGEMENT_PAGE} />;
}
