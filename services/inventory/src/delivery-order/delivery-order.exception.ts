import { DocumentErrorCode, InventoryErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { FieldProblem } from '@scm/platform';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';

export class DeliveryOrderException extends AppException {
  static notFound(): DeliveryOrderException {
    return new DeliveryOrderException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): DeliveryOrderException {
    return new DeliveryOrderException(DocumentErrorCode.STALE_REVISION);
  }

  /** SPEC.md §8 signError: "Please sign to confirm the items are delivered." */
  static signatureRequired(): DeliveryOrderException {
    return new DeliveryOrderException(InventoryErrorCode.DELIVERY_SIGNATURE_REQUIRED, {}, [
      { field: 'signature', rule: `errors.${InventoryErrorCode.DELIVERY_SIGNATURE_REQUIRED}`, params: {} },
    ]);
  }

  /** The stock release is not one released from the DO's source location. */
  static releaseInvalid(params: { sr_no: string; location: string }): DeliveryOrderException {
    return new DeliveryOrderException(InventoryErrorCode.DELIVERY_RELEASE_INVALID, params, [
      { field: 'stock_release_id', rule: `errors.${InventoryErrorCode.DELIVERY_RELEASE_INVALID}`, params },
    ]);
  }

  /** Every problem found, each on its field, the message of the first as the answer's message. */
  static invalid(problems: readonly LineProblem[]): DeliveryOrderException {
    const [first] = problems;
    const fieldProblems: FieldProblem[] = problems.map((problem) => ({
      field: problem.field,
      rule: problem.rule,
      params: problem.params,
    }));
    return new DeliveryOrderException(first.code, first.params, fieldProblems);
  }
}
