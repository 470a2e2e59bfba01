import { ItemCategoryFormPage } from '../../item-category/ItemCategoryFormPage';

export default function PluCategoryFormPage() {
  return <ItemCategoryFormPage kind="plu" />;
}
