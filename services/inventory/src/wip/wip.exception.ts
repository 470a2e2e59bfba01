import { DocumentErrorCode, InventoryErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';

export class WipException extends AppException {
  static notFound(): WipException {
    return new WipException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): WipException {
    return new WipException(DocumentErrorCode.STALE_REVISION);
  }

  /** Every problem found, each on its field, the message of the first as the answer's message. */
  static invalid(problems: readonly LineProblem[]): WipException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new WipException(first.code, first.params, fieldProblems);
  }
}

export const wipProblem = {
  bomUnknown: (field: string, bom: string): LineProblem => ({
    code: InventoryErrorCode.WIP_BOM_UNKNOWN,
    params: { bom },
    field,
    rule: `errors.${InventoryErrorCode.WIP_BOM_UNKNOWN}`,
  }),
  shareTooHigh: (share: string): LineProblem => ({
    code: InventoryErrorCode.WIP_BY_PRODUCT_SHARE_TOO_HIGH,
    params: { share },
    field: 'by_products',
    rule: `errors.${InventoryErrorCode.WIP_BY_PRODUCT_SHARE_TOO_HIGH}`,
  }),
  produceRequired: (field: string, item: string): LineProblem => ({
    code: InventoryErrorCode.WIP_PRODUCE_QUANTITY_REQUIRED,
    params: { item },
    field,
    rule: `errors.${InventoryErrorCode.WIP_PRODUCE_QUANTITY_REQUIRED}`,
  }),
};
