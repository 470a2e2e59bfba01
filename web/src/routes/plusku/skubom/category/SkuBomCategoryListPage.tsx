import { ItemCategoryListPage } from '../../item-category/ItemCategoryListPage';

export default function SkuBomCategoryListPage() {
  return <ItemCategoryListPage kind="sku_bom" />;
}
