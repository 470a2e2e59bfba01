import { CategoryTreeFormPage } from '../../category-tree/CategoryTreeFormPage';

/** /location/category/{type}: view, new/create, edit and clone (`?id=`) of a location category. */
export default function LocationCategoryFormPage() {
  return <CategoryTreeFormPage kind="location" />;
}
