import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class RegionException extends AppException {
  static notFound(): RegionException {
    return new RegionException(CatalogErrorCode.REGION_NOT_FOUND);
  }

  static duplicate(): RegionException {
    return new RegionException(CatalogErrorCode.REGION_DUPLICATE, {}, [
      { field: 'region_name', rule: `errors.${CatalogErrorCode.REGION_DUPLICATE}` },
    ]);
  }

  static inUse(): RegionException {
    return new RegionException(CatalogErrorCode.REGION_IN_USE);
  }

  static archived(): RegionException {
    return new RegionException(CatalogErrorCode.REGION_ARCHIVED);
  }
}
