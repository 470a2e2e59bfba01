import { ItemCategoryFormPage } from '../../item-category/ItemCategoryFormPage';

export default function SkuBomCategoryFormPage() {
  return <ItemCategoryFormPage kind="sku_bom" />;
}
