/** Subjects inventory publishes: `<service>.<entity>.<past-tense verb>`. */
export const InventorySubjects = {
  /** One posting's effect on the ledger (stockPostedSchema). */
  StockPosted: 'inventory.stock.posted',
  /** A transfer received with rejected lines: the stock-adjustment handler makes the adjustment (SPEC.md §4). */
  TransferReceivedWithRejects: 'inventory.transfer.received-with-rejects',
  /** A WIP whose produced quantity differs from the expected one: the handler makes the adjustment. */
  WipDiscrepancyFound: 'inventory.wip.discrepancy-found',
  // Activity of inventory's documents, for notifications and the activity log (documentActivitySchema).
  StockAdjustmentSubmitted: 'inventory.stock-adjustment.submitted',
  // A submitted adjustment taken back to DRAFT: it no longer waits for an approval (the approvals inbox settles it).
  StockAdjustmentRecalled: 'inventory.stock-adjustment.recalled',
  StockAdjustmentApproved: 'inventory.stock-adjustment.approved',
  StockAdjustmentRejected: 'inventory.stock-adjustment.rejected',
  StockAdjustmentDiscarded: 'inventory.stock-adjustment.discarded',
  StockTakeSubmitted: 'inventory.stock-take.submitted',
  StockTakeCompleted: 'inventory.stock-take.completed',
  StockTakeRecountRequested: 'inventory.stock-take.recount-requested',
  // The sales upload's activity (documentActivitySchema): waiting for its no-match list, posted, reverted, discarded.
  SalesUploadMatchRequired: 'inventory.sales-upload.match-required',
  SalesUploadPosted: 'inventory.sales-upload.posted',
  SalesUploadReverted: 'inventory.sales-upload.reverted',
  SalesUploadDiscarded: 'inventory.sales-upload.discarded',
  // The stock transfer's activity (documentActivitySchema); a recall and a return withdraw / end it like any verb.
  StockTransferSubmitted: 'inventory.stock-transfer.submitted',
  StockTransferRecalled: 'inventory.stock-transfer.recalled',
  StockTransferApproved: 'inventory.stock-transfer.approved',
  StockTransferRejected: 'inventory.stock-transfer.rejected',
  StockTransferReturned: 'inventory.stock-transfer.returned',
  StockTransferReceived: 'inventory.stock-transfer.received',
  StockTransferPartiallyReceived: 'inventory.stock-transfer.partially-received',
  StockTransferDenied: 'inventory.stock-transfer.denied',
  // The delivery order's activity (documentActivitySchema): made, signed for, not delivered, delivered again.
  DeliveryOrderCreated: 'inventory.delivery-order.created',
  DeliveryOrderDelivered: 'inventory.delivery-order.delivered',
  DeliveryOrderUndelivered: 'inventory.delivery-order.undelivered',
  DeliveryOrderRedelivered: 'inventory.delivery-order.redelivered',
  // A release's own verbs: cancelled (what left returns), split into deliveries, a consignment settled in part.
  StockTransferCancelled: 'inventory.stock-transfer.cancelled',
  StockTransferSplit: 'inventory.stock-transfer.split',
  StockTransferSettled: 'inventory.stock-transfer.settled',
  // WIP production's activity (documentActivitySchema): posted (the outputs are in stock) or discarded.
  WipPosted: 'inventory.wip.posted',
  WipDiscarded: 'inventory.wip.discarded',
  // A POS key created or revoked in Settings › POS keys (epointKeyChangedSchema): for the activity log.
  EpointKeyCreated: 'inventory.epoint-key.created',
  EpointKeyRevoked: 'inventory.epoint-key.revoked',
} as const;

/**
 * Posting requests other services send the ledger (stockPostingRequestSchema): inventory consumes every one of
 * them with the same handler, which calls the one posting function. The producers come with their issues.
 */
export const StockPostingSubjects = {
  ReceivingOrderPosted: 'procurement.receiving-order.posted',
  ReturnNotePosted: 'procurement.return-note.posted',
} as const;
