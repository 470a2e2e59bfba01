import { CatalogErrorCode } from '@scm/contracts';
import type { BomKind } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

export class BomException extends AppException {
  static notFound(): BomException {
    return new BomException(CatalogErrorCode.BOM_NOT_FOUND);
  }

  static duplicate(): BomException {
    return new BomException(CatalogErrorCode.BOM_DUPLICATE, {}, [
      { field: 'bom_id', rule: `errors.${CatalogErrorCode.BOM_DUPLICATE}` },
    ]);
  }

  static inUse(kind: BomKind): BomException {
    return new BomException(kind === 'sku_bom' ? CatalogErrorCode.SKU_BOM_IN_USE : CatalogErrorCode.PLU_BOM_IN_USE);
  }

  static archived(): BomException {
    return new BomException(CatalogErrorCode.BOM_ARCHIVED);
  }

  static idChanged(): BomException {
    return new BomException(CatalogErrorCode.BOM_ID_CHANGED, {}, [
      { field: 'bom_id', rule: `errors.${CatalogErrorCode.BOM_ID_CHANGED}` },
    ]);
  }

  /** Chosen records that are missing or archived, each named on its field. */
  static referenceInvalid(fields: string[]): BomException {
    return new BomException(
      CatalogErrorCode.BOM_REFERENCE_INVALID,
      {},
      fields.map((field) => ({ field, rule: `errors.${CatalogErrorCode.BOM_REFERENCE_INVALID}` })),
    );
  }

  /** UOMs that are not among their SKU's UOMs, each named on its field. */
  static uomNotOfSku(fields: string[]): BomException {
    return new BomException(
      CatalogErrorCode.BOM_UOM_NOT_OF_SKU,
      {},
      fields.map((field) => ({ field, rule: `errors.${CatalogErrorCode.BOM_UOM_NOT_OF_SKU}` })),
    );
  }

  /** The row's SKU leads back to the BOM's own output: `path` reads BOM → SKU → BOM → ... → SKU. */
  static cycle(field: string, path: string): BomException {
    const problem: FieldProblem = { field, rule: `errors.${CatalogErrorCode.BOM_CYCLE}`, params: { path } };
    return new BomException(CatalogErrorCode.BOM_CYCLE, { path }, [problem]);
  }

  /** The errors of one kind, as MasterRecordStore wants them. */
  static of(kind: BomKind) {
    return {
      notFound: () => BomException.notFound(),
      duplicate: () => BomException.duplicate(),
      inUse: () => BomException.inUse(kind),
    };
  }
}
