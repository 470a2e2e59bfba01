import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class CustomerException extends AppException {
  static notFound(): CustomerException {
    return new CustomerException(CatalogErrorCode.CUSTOMER_NOT_FOUND);
  }

  static duplicate(): CustomerException {
    return new CustomerException(CatalogErrorCode.CUSTOMER_DUPLICATE, {}, [
      { field: 'customer_code', rule: `errors.${CatalogErrorCode.CUSTOMER_DUPLICATE}` },
    ]);
  }

  static inUse(): CustomerException {
    return new CustomerException(CatalogErrorCode.CUSTOMER_IN_USE);
  }

  static archived(): CustomerException {
    return new CustomerException(CatalogErrorCode.CUSTOMER_ARCHIVED);
  }

  static idChanged(): CustomerException {
    return new CustomerException(CatalogErrorCode.CUSTOMER_ID_CHANGED, {}, [
      { field: 'customer_code', rule: `errors.${CatalogErrorCode.CUSTOMER_ID_CHANGED}` },
    ]);
  }
}
