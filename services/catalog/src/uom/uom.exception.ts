import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class UomException extends AppException {
  static notFound(): UomException {
    return new UomException(CatalogErrorCode.UOM_NOT_FOUND);
  }

  static duplicate(): UomException {
    return new UomException(CatalogErrorCode.UOM_DUPLICATE, {}, [
      { field: 'uom_name', rule: `errors.${CatalogErrorCode.UOM_DUPLICATE}` },
    ]);
  }

  static inUse(): UomException {
    return new UomException(CatalogErrorCode.UOM_IN_USE);
  }

  static archived(): UomException {
    return new UomException(CatalogErrorCode.UOM_ARCHIVED);
  }
}
