import { CommonErrorCode, DocumentErrorCode, ProcurementErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';

export class ReturnNoteException extends AppException {
  static notFound(): ReturnNoteException {
    return new ReturnNoteException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): ReturnNoteException {
    return new ReturnNoteException(DocumentErrorCode.STALE_REVISION);
  }

  static notReturnable(docNo: string, status: string): ReturnNoteException {
    return new ReturnNoteException(ProcurementErrorCode.RECEIVING_ORDER_NOT_RETURNABLE, { doc_no: docNo, status }, [
      {
        field: 'receiving_order_id',
        rule: `errors.${ProcurementErrorCode.RECEIVING_ORDER_NOT_RETURNABLE}`,
        params: { doc_no: docNo, status },
      },
    ]);
  }

  /** Every problem found, each on its field, the message of the first as the answer's. */
  static invalid(problems: readonly PurchaseOrderProblem[]): ReturnNoteException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new ReturnNoteException(first.code, first.params, fieldProblems);
  }
}

const of = (
  code: ProcurementErrorCode,
  field: string,
  params: Record<string, string | number>,
): PurchaseOrderProblem => ({ code, params, field, rule: `errors.${code}` });

export const rnProblem = {
  roLineUnknown: (field: string, line: number) => of(ProcurementErrorCode.RO_LINE_UNKNOWN, field, { line }),
  /** SPEC.md §8 "Insufficient available quantity", naming the item and what may still go back. */
  insufficient: (field: string, params: { item: string; available: string; asked: string; uom: string }) =>
    of(ProcurementErrorCode.INSUFFICIENT_AVAILABLE_QUANTITY, field, params),
  invalid: (field: string): PurchaseOrderProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.invalid,
  }),
};
