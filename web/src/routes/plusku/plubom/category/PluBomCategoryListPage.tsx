import { ItemCategoryListPage } from '../../item-category/ItemCategoryListPage';

export default function PluBomCategoryListPage() {
  return <ItemCategoryListPage kind="plu_bom" />;
}
