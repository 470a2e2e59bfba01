import { ItemCategoryFormPage } from '../../item-category/ItemCategoryFormPage';

export default function PluBomCategoryFormPage() {
  return <ItemCategoryFormPage kind="plu_bom" />;
}
