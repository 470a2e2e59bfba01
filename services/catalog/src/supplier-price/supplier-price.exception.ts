import { CatalogErrorCode, CommonErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

export class SupplierPriceException extends AppException {
  static notFound(): SupplierPriceException {
    return new SupplierPriceException(CatalogErrorCode.SUPPLIER_PRICE_NOT_FOUND);
  }

  /** The supplier is not on the SKU's supplier list: add it to the SKU first. */
  static supplierNotListed(): SupplierPriceException {
    return new SupplierPriceException(CatalogErrorCode.SUPPLIER_PRICE_SUPPLIER_NOT_LISTED, {}, [
      { field: 'supplier_id', rule: `errors.${CatalogErrorCode.SUPPLIER_PRICE_SUPPLIER_NOT_LISTED}` },
    ]);
  }

  /** The UOM is not one of the SKU's UOMs. */
  static uomNotListed(): SupplierPriceException {
    return new SupplierPriceException(CatalogErrorCode.SUPPLIER_PRICE_UOM_NOT_LISTED, {}, [
      { field: 'uom_name', rule: `errors.${CatalogErrorCode.SUPPLIER_PRICE_UOM_NOT_LISTED}` },
    ]);
  }

  /** A future price's date is today or earlier (SPEC.md §5: future prices apply later). */
  static dateNotAfterToday(field: 'future_price_1_date' | 'future_price_2_date'): SupplierPriceException {
    return new SupplierPriceException(CommonErrorCode.VALIDATION_FAILED, {}, [
      { field, rule: 'validation.date_after_today' },
    ]);
  }

  /** An uploaded price file that changes nothing (SPEC.md §8 "No changes detected"). */
  static noChanges(): SupplierPriceException {
    return new SupplierPriceException(CatalogErrorCode.SUPPLIER_PRICE_NO_CHANGES);
  }

  /**
   * An uploaded price file with invalid rows: nothing is applied. Each problem names its row and column as
   * its field, `rows.<row>.<column>` (row numbers as the spreadsheet shows them).
   */
  static uploadInvalid(problems: FieldProblem[]): SupplierPriceException {
    return new SupplierPriceException(CatalogErrorCode.SUPPLIER_PRICE_UPLOAD_INVALID, {}, problems);
  }
}
