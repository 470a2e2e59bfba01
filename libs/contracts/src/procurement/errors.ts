/** Errors of procurement's documents (messages: libs/i18n errors.json, SPEC.md §5). */
export enum ProcurementErrorCode {
  /** 400: the supplier is unknown to procurement's replica, deleted or archived. */
  SUPPLIER_UNKNOWN = 'PROCUREMENT_SUPPLIER_UNKNOWN',
  /** 400: the location is unknown, deleted or archived. */
  LOCATION_UNKNOWN = 'PROCUREMENT_LOCATION_UNKNOWN',
  /** 400: a line names a SKU that is unknown, deleted or archived. */
  SKU_UNKNOWN = 'PROCUREMENT_SKU_UNKNOWN',
  /** 400: the purchasing unit is not one of the SKU's units. */
  UNIT_UNKNOWN = 'PROCUREMENT_UNIT_UNKNOWN',
  /** 400: no unit price given and the supplier has no price of the SKU in that unit on the purchase date. */
  UNIT_PRICE_REQUIRED = 'PROCUREMENT_UNIT_PRICE_REQUIRED',
  /** 400: no exchange rate of the currency is in effect on the purchase date. */
  NO_EXCHANGE_RATE = 'PROCUREMENT_NO_EXCHANGE_RATE',
  /** 400: the PO cannot be received against (another location's, or not in a receivable status). */
  PURCHASE_ORDER_NOT_RECEIVABLE = 'PROCUREMENT_PURCHASE_ORDER_NOT_RECEIVABLE',
  /** 400: a receiving line names no line of the PO. */
  PO_LINE_UNKNOWN = 'PROCUREMENT_PO_LINE_UNKNOWN',
  /** 400: more than ordered (beyond the tolerance) arrives and the user lacks the RO approval right. */
  OVER_RECEIPT = 'PROCUREMENT_OVER_RECEIPT',
  /** 400: nothing is received: the receiving and additional lists are both empty. */
  NOTHING_RECEIVED = 'PROCUREMENT_NOTHING_RECEIVED',
  /** 400: a petty cash claim is submitted unsigned, or its cash signed for without a signature (SPEC.md §5). */
  SIGNATURE_REQUIRED = 'PROCUREMENT_SIGNATURE_REQUIRED',
  /** 400: a petty cash claim with no receipt in either list. */
  NO_RECEIPTS = 'PROCUREMENT_NO_RECEIPTS',
  /** 400: a return note names a receiving order that is not RECEIVED (or of another location). */
  RECEIVING_ORDER_NOT_RETURNABLE = 'PROCUREMENT_RECEIVING_ORDER_NOT_RETURNABLE',
  /** 400: a return line names no stock line of the receiving order. */
  RO_LINE_UNKNOWN = 'PROCUREMENT_RO_LINE_UNKNOWN',
  /** 400: more would go back than received − already returned, or than the location has on hand. */
  INSUFFICIENT_AVAILABLE_QUANTITY = 'PROCUREMENT_INSUFFICIENT_AVAILABLE_QUANTITY',
  /** 400: a store order's lines have problems (each told on its line): SPEC.md §5 "One or more items not filled up properly". */
  STORE_ORDER_ITEMS_INVALID = 'PROCUREMENT_STORE_ORDER_ITEMS_INVALID',
  /** 400: a store order line from a supplier names none, and the SKU has no default supplier for the location. */
  STORE_ORDER_SUPPLIER_REQUIRED = 'PROCUREMENT_STORE_ORDER_SUPPLIER_REQUIRED',
  /** 400: internal lines, but no central kitchen is set (Settings), or the outlet is the central kitchen itself. */
  CENTRAL_KITCHEN_NOT_SET = 'PROCUREMENT_CENTRAL_KITCHEN_NOT_SET',
  CENTRAL_KITCHEN_SELF = 'PROCUREMENT_CENTRAL_KITCHEN_SELF',
  /**
   * 410: the supplier's link is unknown, tampered with, expired, already used or replaced by a newer one, or its PO
   * no longer awaits the supplier: one answer for all, so the page tells nothing else.
   */
  SUPPLIER_LINK_INVALID = 'PROCUREMENT_SUPPLIER_LINK_INVALID',
}
