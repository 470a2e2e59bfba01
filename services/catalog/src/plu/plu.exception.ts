import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class PluException extends AppException {
  static notFound(): PluException {
    return new PluException(CatalogErrorCode.PLU_NOT_FOUND);
  }

  static duplicate(): PluException {
    return new PluException(CatalogErrorCode.PLU_DUPLICATE, {}, [
      { field: 'plu_id', rule: `errors.${CatalogErrorCode.PLU_DUPLICATE}` },
    ]);
  }

  static inUse(): PluException {
    return new PluException(CatalogErrorCode.PLU_IN_USE);
  }

  static archived(): PluException {
    return new PluException(CatalogErrorCode.PLU_ARCHIVED);
  }

  static idChanged(): PluException {
    return new PluException(CatalogErrorCode.PLU_ID_CHANGED, {}, [
      { field: 'plu_id', rule: `errors.${CatalogErrorCode.PLU_ID_CHANGED}` },
    ]);
  }

  /** The chosen category or PLU BOM is missing or archived: named on its field. */
  static referenceInvalid(fields: string[]): PluException {
    return new PluException(
      CatalogErrorCode.PLU_REFERENCE_INVALID,
      {},
      fields.map((field) => ({ field, rule: `errors.${CatalogErrorCode.PLU_REFERENCE_INVALID}` })),
    );
  }
}
