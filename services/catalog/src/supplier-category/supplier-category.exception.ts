import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class SupplierCategoryException extends AppException {
  static notFound(): SupplierCategoryException {
    return new SupplierCategoryException(CatalogErrorCode.SUPPLIER_CATEGORY_NOT_FOUND);
  }

  static duplicate(): SupplierCategoryException {
    return new SupplierCategoryException(CatalogErrorCode.SUPPLIER_CATEGORY_DUPLICATE, {}, [
      { field: 'category_name', rule: `errors.${CatalogErrorCode.SUPPLIER_CATEGORY_DUPLICATE}` },
    ]);
  }

  static inUse(): SupplierCategoryException {
    return new SupplierCategoryException(CatalogErrorCode.SUPPLIER_CATEGORY_IN_USE);
  }

  static archived(): SupplierCategoryException {
    return new SupplierCategoryException(CatalogErrorCode.SUPPLIER_CATEGORY_ARCHIVED);
  }
}
