/** Errors of the stock ledger and the inventory documents (messages: libs/i18n errors.json, SPEC.md §5, §8). */
export enum InventoryErrorCode {
  /** 409 "Insufficient available quantity": names the item, location, available and asked (primary unit). */
  INSUFFICIENT_STOCK = 'INVENTORY_INSUFFICIENT_STOCK',
  /** 409: a posting dated on or before the period lock date of Settings. */
  PERIOD_LOCKED = 'INVENTORY_PERIOD_LOCKED',
  /** 400: more POS lines in one call than a batch may hold (sales upload, issue 14). */
  SALES_UPLOAD_TOO_MANY_LINES = 'INVENTORY_SALES_UPLOAD_TOO_MANY_LINES',
  /** 400: a no-match line mapped to a PLU that is unknown or has no active BOM (names the PLU). */
  SALES_UPLOAD_PLU_NOT_POSTABLE = 'INVENTORY_SALES_UPLOAD_PLU_NOT_POSTABLE',
  /** 400: a sales upload posted while lines of its no-match list are neither mapped nor ignored. */
  SALES_UPLOAD_UNMATCHED = 'INVENTORY_SALES_UPLOAD_UNMATCHED',
  /** 404: the sales upload has no such line. */
  SALES_UPLOAD_LINE_NOT_FOUND = 'INVENTORY_SALES_UPLOAD_LINE_NOT_FOUND',
  /** 400: a line names a SKU or product the ledger does not know (or that is archived / deleted). */
  ITEM_UNKNOWN = 'INVENTORY_ITEM_UNKNOWN',
  /** 400: the SKU is not inventorised (is_inventorise = false): no stock is kept of it. */
  ITEM_NOT_INVENTORISED = 'INVENTORY_ITEM_NOT_INVENTORISED',
  /** 400: the unit is not one of the item's units. */
  UNIT_UNKNOWN = 'INVENTORY_UNIT_UNKNOWN',
  /** 400: the location is unknown or archived. */
  LOCATION_UNKNOWN = 'INVENTORY_LOCATION_UNKNOWN',
  /** 400: a named batch is not of the line's item and location, or holds less than asked. */
  BATCH_INVALID = 'INVENTORY_BATCH_INVALID',
  /** 400 "A stock adjustment needs a batch selected before submit". */
  BATCH_REQUIRED = 'INVENTORY_BATCH_REQUIRED',
  /** 400 "The sum of batch quantities must equal the target quantity". */
  BATCH_SUM_MISMATCH = 'INVENTORY_BATCH_SUM_MISMATCH',
  /** 400 "A positive adjustment needs a unit price". */
  UNIT_PRICE_REQUIRED = 'INVENTORY_UNIT_PRICE_REQUIRED',
  /** 400 "Count the discrepancy before submitting". */
  STOCK_TAKE_UNCOUNTED = 'INVENTORY_STOCK_TAKE_UNCOUNTED',
  /** 400 "Select SKU(s) or Product(s) before creating a stock take". */
  STOCK_TAKE_NO_ITEMS = 'INVENTORY_STOCK_TAKE_NO_ITEMS',
  /** 400 "Select items of the same location" (back orders). */
  BACK_ORDER_LOCATIONS_DIFFER = 'INVENTORY_BACK_ORDER_LOCATIONS_DIFFER',
  /** 400: a WIP names a SKU BOM inventory does not know, or one archived or without an output SKU. */
  WIP_BOM_UNKNOWN = 'INVENTORY_WIP_BOM_UNKNOWN',
  /** 400: a WIP's by-products take 100% or more of the ingredients' value together (the outputs need some). */
  WIP_BY_PRODUCT_SHARE_TOO_HIGH = 'INVENTORY_WIP_BY_PRODUCT_SHARE_TOO_HIGH',
  /** 400: a WIP is posted before every output's produce quantity is recorded. */
  WIP_PRODUCE_QUANTITY_REQUIRED = 'INVENTORY_WIP_PRODUCE_QUANTITY_REQUIRED',
  /** 409: the same document revision was posted before with different lines (a bug of the caller). */
  POSTING_CONFLICT = 'INVENTORY_POSTING_CONFLICT',
  /** 409: a transfer line's arrival asks more than that line still has in transit (names item and document). */
  TRANSIT_SHORT = 'INVENTORY_TRANSIT_SHORT',
  /** 400: a transfer from a location to itself. */
  TRANSFER_SAME_LOCATION = 'INVENTORY_TRANSFER_SAME_LOCATION',
  /** 400: a received line's received and rejected quantities do not add up to its release quantity. */
  TRANSFER_RECEIPT_MISMATCH = 'INVENTORY_TRANSFER_RECEIPT_MISMATCH',
  /** 401: the POS key of an AutoSync call (issue 14) is missing, unknown or revoked. */
  EPOINT_KEY_INVALID = 'INVENTORY_EPOINT_KEY_INVALID',
  /** 400: a pushed e-point record names another location than its POS key's. */
  EPOINT_OTHER_LOCATION = 'INVENTORY_EPOINT_OTHER_LOCATION',
  /** 400 SPEC.md §8 signError: a delivery order confirmed delivered without the receiver's signature. */
  DELIVERY_SIGNATURE_REQUIRED = 'INVENTORY_DELIVERY_SIGNATURE_REQUIRED',
  /** 400: the stock release a delivery order is made from is of another source location, or not released yet. */
  DELIVERY_RELEASE_INVALID = 'INVENTORY_DELIVERY_RELEASE_INVALID',
  /** 400: a release names a customer inventory does not know (catalog's customers, RJ_CUSTOMER), or one archived. */
  TRANSFER_CUSTOMER_UNKNOWN = 'INVENTORY_TRANSFER_CUSTOMER_UNKNOWN',
  /** 400: a release's split parts do not add up to a line's release quantity. */
  RELEASE_SPLIT_MISMATCH = 'INVENTORY_RELEASE_SPLIT_MISMATCH',
  /** 400: a consignment settlement asks more of a line than is still consigned out. */
  CONSIGNMENT_SETTLEMENT_EXCEEDS = 'INVENTORY_CONSIGNMENT_SETTLEMENT_EXCEEDS',
  /** 409: a consignment already (partly) settled cannot be split or cancelled. */
  RELEASE_ALREADY_SETTLED = 'INVENTORY_RELEASE_ALREADY_SETTLED',
}
