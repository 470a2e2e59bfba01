import { CategoryTreeListPage } from '../../category-tree/CategoryTreeListPage';

/** /location/category (SPEC.md §2, key LOCATION): location categories and their sub-categories. */
export default function LocationCategoryListPage() {
  return <CategoryTreeListPage kind="location" />;
}
