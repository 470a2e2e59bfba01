import { DocumentErrorCode, InventoryErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';

export class StockTransferException extends AppException {
  static notFound(): StockTransferException {
    return new StockTransferException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): StockTransferException {
    return new StockTransferException(DocumentErrorCode.STALE_REVISION);
  }

  static sameLocation(): StockTransferException {
    return new StockTransferException(InventoryErrorCode.TRANSFER_SAME_LOCATION, {}, [
      { field: 'to_location_id', rule: `errors.${InventoryErrorCode.TRANSFER_SAME_LOCATION}` },
    ]);
  }

  /** Every problem found, each on its field, the message of the first as the answer's message. */
  static invalid(problems: readonly LineProblem[]): StockTransferException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new StockTransferException(first.code, first.params, fieldProblems);
  }
}

export const receiptMismatch = (
  field: string,
  params: { item: string; sum: string; target: string; uom: string },
): LineProblem => ({
  code: InventoryErrorCode.TRANSFER_RECEIPT_MISMATCH,
  params,
  field,
  rule: `errors.${InventoryErrorCode.TRANSFER_RECEIPT_MISMATCH}`,
});
