import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class LocationCategoryException extends AppException {
  static notFound(): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_CATEGORY_NOT_FOUND);
  }

  static duplicate(): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_CATEGORY_DUPLICATE, {}, [
      { field: 'category_name', rule: `errors.${CatalogErrorCode.LOCATION_CATEGORY_DUPLICATE}` },
    ]);
  }

  static inUse(): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_CATEGORY_IN_USE);
  }

  static archived(): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_CATEGORY_ARCHIVED);
  }

  /** A sub-category a location uses was left out of the list. */
  static subCategoryInUse(name: string): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_SUB_CATEGORY_IN_USE, { name });
  }

  /** A `sub_category_id` that is not one of this category's. */
  static unknownSubCategory(index: number): LocationCategoryException {
    return new LocationCategoryException(CatalogErrorCode.LOCATION_CATEGORY_NOT_FOUND, {}, [
      { field: `sub_categories.${index}.sub_category_id`, rule: 'validation.invalid' },
    ]);
  }
}
