import { DocumentErrorCode, ProcurementErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

export class StoreOrderException extends AppException {
  static notFound(): StoreOrderException {
    return new StoreOrderException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): StoreOrderException {
    return new StoreOrderException(DocumentErrorCode.STALE_REVISION);
  }

  static locationUnknown(location: string, field = 'location_id'): StoreOrderException {
    return new StoreOrderException(ProcurementErrorCode.LOCATION_UNKNOWN, { location }, [
      { field, rule: `errors.${ProcurementErrorCode.LOCATION_UNKNOWN}`, params: { location } },
    ]);
  }

  /**
   * SPEC.md §5: a store-order draft with invalid items is refused whole: "One or more items not filled up properly"
   * as the answer's message, and each problem on its line's field.
   */
  static itemsInvalid(problems: readonly FieldProblem[]): StoreOrderException {
    return new StoreOrderException(ProcurementErrorCode.STORE_ORDER_ITEMS_INVALID, {}, [...problems]);
  }
}

const of = (code: ProcurementErrorCode, field: string, params: Record<string, string | number>): FieldProblem => ({
  field,
  rule: `errors.${code}`,
  params,
});

/** The problems a store order's line may have, each on its field (`lines.<i>.<field>`). */
export const storeOrderProblem = {
  skuUnknown: (index: number, item: string) => of(ProcurementErrorCode.SKU_UNKNOWN, `lines.${index}.sku_id`, { item }),
  unitUnknown: (index: number, item: string, uom: string) =>
    of(ProcurementErrorCode.UNIT_UNKNOWN, `lines.${index}.uom_name`, { item, uom }),
  supplierUnknown: (index: number, supplier: string) =>
    of(ProcurementErrorCode.SUPPLIER_UNKNOWN, `lines.${index}.supplier_id`, { supplier }),
  supplierRequired: (index: number, item: string) =>
    of(ProcurementErrorCode.STORE_ORDER_SUPPLIER_REQUIRED, `lines.${index}.supplier_id`, { item }),
  centralKitchenNotSet: (index: number) =>
    of(ProcurementErrorCode.CENTRAL_KITCHEN_NOT_SET, `lines.${index}.source`, {}),
  centralKitchenSelf: (index: number) => of(ProcurementErrorCode.CENTRAL_KITCHEN_SELF, `lines.${index}.source`, {}),
  duplicate: (index: number): FieldProblem => ({ field: `lines.${index}.sku_id`, rule: V.duplicate, params: {} }),
  /** A problem the PO's pricing found (e.g. no supplier price), moved onto the store order's line. */
  moved: (index: number, problem: FieldProblem): FieldProblem => ({
    ...problem,
    field: `lines.${index}.${problem.field.split('.').pop() ?? 'sku_id'}`,
  }),
};
