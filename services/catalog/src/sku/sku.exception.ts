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
