import { CommonErrorCode, DocumentErrorCode, ProcurementErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';

export class ReceivingOrderException extends AppException {
  static notFound(): ReceivingOrderException {
    return new ReceivingOrderException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): ReceivingOrderException {
    return new ReceivingOrderException(DocumentErrorCode.STALE_REVISION);
  }

  static nothingReceived(): ReceivingOrderException {
    return new ReceivingOrderException(ProcurementErrorCode.NOTHING_RECEIVED, {}, [
      { field: 'receiving_list', rule: `errors.${ProcurementErrorCode.NOTHING_RECEIVED}`, params: {} },
    ]);
  }

  static notReceivable(docNo: string, status: string): ReceivingOrderException {
    return new ReceivingOrderException(ProcurementErrorCode.PURCHASE_ORDER_NOT_RECEIVABLE, { doc_no: docNo, status }, [
      {
        field: 'purchase_order_id',
        rule: `errors.${ProcurementErrorCode.PURCHASE_ORDER_NOT_RECEIVABLE}`,
        params: { doc_no: docNo, status },
      },
    ]);
  }

  /** Every problem found, each on its field, the message of the first as the answer's. */
  static invalid(problems: readonly PurchaseOrderProblem[]): ReceivingOrderException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new ReceivingOrderException(first.code, first.params, fieldProblems);
  }
}

const of = (
  code: ProcurementErrorCode,
  field: string,
  params: Record<string, string | number>,
): PurchaseOrderProblem => ({ code, params, field, rule: `errors.${code}` });

export const roProblem = {
  poLineUnknown: (field: string, line: number) => of(ProcurementErrorCode.PO_LINE_UNKNOWN, field, { line }),
  overReceipt: (
    field: string,
    params: { item: string; quantity: string; uom: string; ordered: string; tolerance: string },
  ) => of(ProcurementErrorCode.OVER_RECEIPT, field, params),
  required: (field: string): PurchaseOrderProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.required,
  }),
  invalid: (field: string): PurchaseOrderProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.invalid,
  }),
};
