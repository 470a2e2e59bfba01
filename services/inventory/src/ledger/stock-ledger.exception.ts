import { CommonErrorCode, InventoryErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

/** The ledger's refusals, each naming what the user needs to correct the document. */
export class StockLedgerException extends AppException {
  /** "Insufficient available quantity": the item and location by name, quantities in the primary unit. */
  static insufficientStock(params: {
    item: string;
    location: string;
    available: string;
    asked: string;
    uom: string;
  }): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.INSUFFICIENT_STOCK, params);
  }

  static periodLocked(lockDate: string, valueDate: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.PERIOD_LOCKED, { lock_date: lockDate, value_date: valueDate });
  }

  static itemUnknown(item: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.ITEM_UNKNOWN, { item });
  }

  static itemNotInventorised(item: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.ITEM_NOT_INVENTORISED, { item });
  }

  static unitUnknown(uom: string, item: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.UNIT_UNKNOWN, { uom, item });
  }

  static locationUnknown(location: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.LOCATION_UNKNOWN, { location });
  }

  static batchInvalid(item: string, location: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.BATCH_INVALID, { item, location });
  }

  static batchSumMismatch(item: string, sum: string, target: string): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.BATCH_SUM_MISMATCH, { item, sum, target });
  }

  /** A transfer line's arrival asks more than the line still has in transit (quantities in the primary unit). */
  static transitShort(params: {
    item: string;
    document: string;
    line: number;
    available: string;
    asked: string;
    uom: string;
  }): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.TRANSIT_SHORT, params);
  }

  static postingConflict(): StockLedgerException {
    return new StockLedgerException(InventoryErrorCode.POSTING_CONFLICT);
  }

  /** A line the schema accepts but the ledger cannot post (a receipt without a cost), named on its field. */
  static invalidLine(field: string, rule: string): StockLedgerException {
    return new StockLedgerException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field, rule }]);
  }

  /** The settings were changed by someone else since they were read. */
  static settingsStale(): StockLedgerException {
    return new StockLedgerException(CommonErrorCode.CONFLICT);
  }
}
