import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class SkuException extends AppException {
  static notFound(): SkuException {
    return new SkuException(CatalogErrorCode.SKU_NOT_FOUND);
  }

  static duplicate(): SkuException {
    return new SkuException(CatalogErrorCode.SKU_DUPLICATE, {}, [
      { field: 'sku_id', rule: `errors.${CatalogErrorCode.SKU_DUPLICATE}` },
    ]);
  }

  static inUse(): SkuException {
    return new SkuException(CatalogErrorCode.SKU_IN_USE);
  }

  static archived(): SkuException {
    return new SkuException(CatalogErrorCode.SKU_ARCHIVED);
  }

  static idChanged(): SkuException {
    return new SkuException(CatalogErrorCode.SKU_ID_CHANGED, {}, [
      { field: 'sku_id', rule: `errors.${CatalogErrorCode.SKU_ID_CHANGED}` },
    ]);
  }

  /** A UOM row removed while BOMs (`boms`, their codes) use the SKU in that UOM; said on the UOM list. */
  static uomInUse(uom: string, boms: string): SkuException {
    const params = { uom, boms };
    return new SkuException(CatalogErrorCode.SKU_UOM_IN_USE, params, [
      { field: 'uom_list', rule: `errors.${CatalogErrorCode.SKU_UOM_IN_USE}`, params },
    ]);
  }

  /** A unit no new or active UOM record names, said on its field (`uom_list.1.uom_name`). */
  static unitUnknown(field: string, unit: string): SkuException {
    const params = { unit };
    return new SkuException(CatalogErrorCode.SKU_UNIT_UNKNOWN, params, [
      { field, rule: `errors.${CatalogErrorCode.SKU_UNIT_UNKNOWN}`, params },
    ]);
  }

  /** A unit row without a factor that no UOM record links to the primary unit (`uom_list.1.factor`). */
  static unitNoConversion(field: string, unit: string, primary: string): SkuException {
    const params = { unit, primary };
    return new SkuException(CatalogErrorCode.SKU_UNIT_NO_CONVERSION, params, [
      { field, rule: `errors.${CatalogErrorCode.SKU_UNIT_NO_CONVERSION}`, params },
    ]);
  }

  /**
   * Chosen references that are missing or archived, each named on its field (`category_id`, `sub_category_id`,
   * `uom_list.2.uom_id`, `supplier_list.0` ...).
   */
  static referencesInvalid(fields: readonly string[]): SkuException {
    return new SkuException(
      CatalogErrorCode.SKU_REFERENCE_INVALID,
      {},
      fields.map((field) => ({ field, rule: `errors.${CatalogErrorCode.SKU_REFERENCE_INVALID}` })),
    );
  }
}
