import { ItemCategoryListPage } from '../../item-category/ItemCategoryListPage';

export default function PluCategoryListPage() {
  return <ItemCategoryListPage kind="plu" />;
}
