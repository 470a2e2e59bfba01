import { PRODUCT_OVERVIEW_PAGE } from '../product-pages';
import { ProductList } from '../ProductList';

/** /product/overview (SPEC.md §2, key RJ_PRODUCT): the same product master as the RJ area sees it. */
export default function ProductOverviewListPage() {
  return <ProductList page={PRODUCT_OVERVIEW_PAGE} />;
}
