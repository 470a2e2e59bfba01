import { CommonErrorCode, DocumentErrorCode, ProcurementErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

/** One problem of a line (or the header), with the error code its message comes from. */
export interface PurchaseOrderProblem {
  code: ProcurementErrorCode | CommonErrorCode;
  params: Record<string, string | number>;
  field: string;
  rule: string;
}

export class PurchaseOrderException extends AppException {
  static notFound(): PurchaseOrderException {
    return new PurchaseOrderException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): PurchaseOrderException {
    return new PurchaseOrderException(DocumentErrorCode.STALE_REVISION);
  }

  /** Every problem found, each on its field (`lines.<i>.<field>`), the message of the first as the answer's. */
  static invalid(problems: readonly PurchaseOrderProblem[]): PurchaseOrderException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new PurchaseOrderException(first.code, first.params, fieldProblems);
  }
}

const of = (
  code: ProcurementErrorCode,
  field: string,
  params: Record<string, string | number>,
): PurchaseOrderProblem => ({ code, params, field, rule: `errors.${code}` });

export const poProblem = {
  supplierUnknown: (supplier: string) => of(ProcurementErrorCode.SUPPLIER_UNKNOWN, 'supplier_id', { supplier }),
  locationUnknown: (location: string) => of(ProcurementErrorCode.LOCATION_UNKNOWN, 'location_id', { location }),
  noExchangeRate: (currency: string, date: string) =>
    of(ProcurementErrorCode.NO_EXCHANGE_RATE, 'currency', { currency, date }),
  skuUnknown: (field: string, item: string) => of(ProcurementErrorCode.SKU_UNKNOWN, field, { item }),
  unitUnknown: (field: string, item: string, uom: string) =>
    of(ProcurementErrorCode.UNIT_UNKNOWN, field, { item, uom }),
  unitPriceRequired: (field: string, item: string, uom: string, date: string) =>
    of(ProcurementErrorCode.UNIT_PRICE_REQUIRED, field, { item, uom, date }),
  invalid: (field: string): PurchaseOrderProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.invalid,
  }),
};
