import { CommonErrorCode, DocumentErrorCode, ProcurementErrorCode, V } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';

export class PettyCashException extends AppException {
  static notFound(): PettyCashException {
    return new PettyCashException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): PettyCashException {
    return new PettyCashException(DocumentErrorCode.STALE_REVISION);
  }

  /** SPEC.md §5: signing is required before submitting (and before the cash is signed for). */
  static signatureRequired(field: 'applicant_signature' | 'signature'): PettyCashException {
    return new PettyCashException(ProcurementErrorCode.SIGNATURE_REQUIRED, {}, [
      { field, rule: `errors.${ProcurementErrorCode.SIGNATURE_REQUIRED}`, params: {} },
    ]);
  }

  static noReceipts(): PettyCashException {
    return new PettyCashException(ProcurementErrorCode.NO_RECEIPTS, {}, [
      { field: 'business_list', rule: `errors.${ProcurementErrorCode.NO_RECEIPTS}`, params: {} },
    ]);
  }

  /** Every problem found, each on its field, the message of the first as the answer's. */
  static invalid(problems: readonly PurchaseOrderProblem[]): PettyCashException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new PettyCashException(first.code, first.params, fieldProblems);
  }
}

export const pcProblem = {
  invalid: (field: string): PurchaseOrderProblem => ({
    code: CommonErrorCode.VALIDATION_FAILED,
    params: {},
    field,
    rule: V.invalid,
  }),
};
