import { CommonErrorCode, DocumentErrorCode, InventoryErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';

/** One problem of a line (or the header), with the error code its message comes from. */
export interface LineProblem {
  code: InventoryErrorCode | CommonErrorCode;
  params: Record<string, string | number>;
  field: string;
  rule: string;
}

export class StockAdjustmentException extends AppException {
  static notFound(): StockAdjustmentException {
    return new StockAdjustmentException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): StockAdjustmentException {
    return new StockAdjustmentException(DocumentErrorCode.STALE_REVISION);
  }

  /**
   * Every problem found, each on its field (`lines.<i>.<field>`), the message of the first as the answer's message
   * (SPEC.md §5: "A positive adjustment needs a unit price", "Please select a batch", ...).
   */
  static invalid(problems: readonly LineProblem[]): StockAdjustmentException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new StockAdjustmentException(first.code, first.params, fieldProblems);
  }
}

export const problem = {
  itemUnknown: (field: string, item: string): LineProblem => ({
    code: InventoryErrorCode.ITEM_UNKNOWN,
    params: { item },
    field,
    rule: `errors.${InventoryErrorCode.ITEM_UNKNOWN}`,
  }),
  notInventorised: (field: string, item: string): LineProblem => ({
    code: InventoryErrorCode.ITEM_NOT_INVENTORISED,
    params: { item },
    field,
    rule: `errors.${InventoryErrorCode.ITEM_NOT_INVENTORISED}`,
  }),
  unitUnknown: (field: string, item: string, uom: string): LineProblem => ({
    code: InventoryErrorCode.UNIT_UNKNOWN,
    params: { item, uom },
    field,
    rule: `errors.${InventoryErrorCode.UNIT_UNKNOWN}`,
  }),
  locationUnknown: (location: string): LineProblem => ({
    code: InventoryErrorCode.LOCATION_UNKNOWN,
    params: { location },
    field: 'location_id',
    rule: `errors.${InventoryErrorCode.LOCATION_UNKNOWN}`,
  }),
  invalid: (field: string): LineProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.invalid,
  }),
  /** Beyond what the column holds (numeric(18,3) quantities, numeric(18,4) costs, numeric(24,7) values). */
  tooLarge: (field: string, max: string): LineProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: { max },
    field,
    rule: V.max,
  }),
  duplicate: (field: string): LineProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.duplicate,
  }),
  unitPriceRequired: (field: string, item: string): LineProblem => ({
    code: InventoryErrorCode.UNIT_PRICE_REQUIRED,
    params: { item },
    field,
    rule: `errors.${InventoryErrorCode.UNIT_PRICE_REQUIRED}`,
  }),
  batchRequired: (field: string, item: string): LineProblem => ({
    code: InventoryErrorCode.BATCH_REQUIRED,
    params: { item },
    field,
    rule: `errors.${InventoryErrorCode.BATCH_REQUIRED}`,
  }),
  batchSumMismatch: (field: string, item: string, sum: string, target: string): LineProblem => ({
    code: InventoryErrorCode.BATCH_SUM_MISMATCH,
    params: { item, sum, target },
    field,
    rule: `errors.${InventoryErrorCode.BATCH_SUM_MISMATCH}`,
  }),
  batchInvalid: (field: string, item: string, location: string): LineProblem => ({
    code: InventoryErrorCode.BATCH_INVALID,
    params: { item, location },
    field,
    rule: `errors.${InventoryErrorCode.BATCH_INVALID}`,
  }),
};
