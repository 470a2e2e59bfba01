import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class LocationException extends AppException {
  static notFound(): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_NOT_FOUND);
  }

  static duplicate(): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_DUPLICATE, {}, [
      { field: 'location_id', rule: `errors.${CatalogErrorCode.LOCATION_DUPLICATE}` },
    ]);
  }

  static inUse(): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_IN_USE);
  }

  static archived(): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_ARCHIVED);
  }

  static idChanged(): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_ID_CHANGED, {}, [
      { field: 'location_id', rule: `errors.${CatalogErrorCode.LOCATION_ID_CHANGED}` },
    ]);
  }

  /** The chosen category, sub-category or region is missing or archived: named on its field. */
  static referenceInvalid(field: 'category_id' | 'sub_category_id' | 'region_id'): LocationException {
    return new LocationException(CatalogErrorCode.LOCATION_REFERENCE_INVALID, {}, [
      { field, rule: `errors.${CatalogErrorCode.LOCATION_REFERENCE_INVALID}` },
    ]);
  }
}
