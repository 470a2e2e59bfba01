import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class SupplierException extends AppException {
  static notFound(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_NOT_FOUND);
  }

  static duplicate(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_DUPLICATE, {}, [
      { field: 'supplier_id', rule: `errors.${CatalogErrorCode.SUPPLIER_DUPLICATE}` },
    ]);
  }

  static inUse(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_IN_USE);
  }

  static archived(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_ARCHIVED);
  }

  static idChanged(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_ID_CHANGED, {}, [
      { field: 'supplier_id', rule: `errors.${CatalogErrorCode.SUPPLIER_ID_CHANGED}` },
    ]);
  }

  /** The chosen category is missing or archived: named on its field. */
  static categoryInvalid(): SupplierException {
    return new SupplierException(CatalogErrorCode.SUPPLIER_REFERENCE_INVALID, {}, [
      { field: 'category_id', rule: `errors.${CatalogErrorCode.SUPPLIER_REFERENCE_INVALID}` },
    ]);
  }
}
