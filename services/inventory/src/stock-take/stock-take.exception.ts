import { DocumentErrorCode, InventoryErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';

export class StockTakeException extends AppException {
  static notFound(): StockTakeException {
    return new StockTakeException(DocumentErrorCode.NOT_FOUND);
  }

  static stale(): StockTakeException {
    return new StockTakeException(DocumentErrorCode.STALE_REVISION);
  }

  /** SPEC.md §5: "select SKU(s) or Product(s) before creating a stock take". */
  static noItems(): StockTakeException {
    return new StockTakeException(InventoryErrorCode.STOCK_TAKE_NO_ITEMS, {}, [
      { field: 'items', rule: `errors.${InventoryErrorCode.STOCK_TAKE_NO_ITEMS}` },
    ]);
  }

  /** SPEC.md §5: "Count the discrepancy before submitting", naming each uncounted line. */
  static uncounted(lineIndexes: readonly number[]): StockTakeException {
    const params = { count: lineIndexes.length };
    return new StockTakeException(
      InventoryErrorCode.STOCK_TAKE_UNCOUNTED,
      params,
      lineIndexes.map((index) => ({
        field: `lines.${index}.counted_quantity`,
        rule: `errors.${InventoryErrorCode.STOCK_TAKE_UNCOUNTED}`,
        params,
      })),
    );
  }

  /** Every problem on its field; the first one's message is the answer's. */
  static invalid(problems: readonly LineProblem[]): StockTakeException {
    const [first] = problems;
    return new StockTakeException(
      first.code,
      first.params,
      problems.map((problem) => ({ field: problem.field, rule: problem.rule, params: problem.params })),
    );
  }
}
