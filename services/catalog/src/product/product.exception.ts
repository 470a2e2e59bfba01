import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class ProductException extends AppException {
  static notFound(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_NOT_FOUND);
  }

  static duplicate(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_DUPLICATE, {}, [
      { field: 'product_code', rule: `errors.${CatalogErrorCode.PRODUCT_DUPLICATE}` },
    ]);
  }

  /** "Product is in use, cannot be deleted or archived" (SPEC.md §8). */
  static inUse(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_IN_USE);
  }

  static archived(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_ARCHIVED);
  }

  static idChanged(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_ID_CHANGED, {}, [
      { field: 'product_code', rule: `errors.${CatalogErrorCode.PRODUCT_ID_CHANGED}` },
    ]);
  }

  /** The chosen category is missing, of another kind, or archived: named on its field. */
  static categoryInvalid(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_REFERENCE_INVALID, {}, [
      { field: 'category_id', rule: `errors.${CatalogErrorCode.PRODUCT_REFERENCE_INVALID}` },
    ]);
  }

  /** The native currency has no rate in effect today: the USD prices cannot be derived. */
  static noExchangeRate(currency: string): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_NO_EXCHANGE_RATE, { currency }, [
      { field: 'native_currency', rule: `errors.${CatalogErrorCode.PRODUCT_NO_EXCHANGE_RATE}`, params: { currency } },
    ]);
  }

  static taxRateInvalid(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_TAX_RATE_INVALID, {}, [
      { field: 'tax', rule: `errors.${CatalogErrorCode.PRODUCT_TAX_RATE_INVALID}` },
    ]);
  }

  static imageNotFound(): ProductException {
    return new ProductException(CatalogErrorCode.PRODUCT_IMAGE_NOT_FOUND, {}, [
      { field: 'image_id', rule: `errors.${CatalogErrorCode.PRODUCT_IMAGE_NOT_FOUND}` },
    ]);
  }
}
