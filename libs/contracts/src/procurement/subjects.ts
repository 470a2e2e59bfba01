/** Subjects procurement publishes: `<service>.<entity>.<past-tense verb>`. */
export const ProcurementSubjects = {
  // Activity of the purchase order, for notifications and the activity log (documentActivitySchema).
  PurchaseOrderSubmitted: 'procurement.purchase-order.submitted',
  // A submitted PO taken back to DRAFT: it no longer waits for an approval (the approvals inbox settles it).
  PurchaseOrderRecalled: 'procurement.purchase-order.recalled',
  PurchaseOrderApproved: 'procurement.purchase-order.approved',
  PurchaseOrderRejected: 'procurement.purchase-order.rejected',
  PurchaseOrderResent: 'procurement.purchase-order.resent',
  PurchaseOrderCancelled: 'procurement.purchase-order.cancelled',
  PurchaseOrderClosed: 'procurement.purchase-order.closed',
  // The supplier's answer through the mailed link (actor: the supplier, actor_id null).
  PurchaseOrderConfirmedBySupplier: 'procurement.purchase-order.confirmed-by-supplier',
  PurchaseOrderCancelledBySupplier: 'procurement.purchase-order.cancelled-by-supplier',
  // Activity of the receiving order (documentActivitySchema).
  ReceivingOrderSubmitted: 'procurement.receiving-order.submitted',
  ReceivingOrderRecalled: 'procurement.receiving-order.recalled',
  ReceivingOrderApproved: 'procurement.receiving-order.approved',
  ReceivingOrderRejected: 'procurement.receiving-order.rejected',
  ReceivingOrderReceived: 'procurement.receiving-order.received',
  ReceivingOrderCancelled: 'procurement.receiving-order.cancelled',
  // Activity of petty cash (documentActivitySchema).
  PettyCashSubmitted: 'procurement.petty-cash.submitted',
  PettyCashRecalled: 'procurement.petty-cash.recalled',
  PettyCashApproved: 'procurement.petty-cash.approved',
  PettyCashRejected: 'procurement.petty-cash.rejected',
  PettyCashSigned: 'procurement.petty-cash.signed',
  PettyCashRefunded: 'procurement.petty-cash.refunded',
  // Activity of the return note (documentActivitySchema); approving it is the return (RECEIVED).
  ReturnNoteSubmitted: 'procurement.return-note.submitted',
  ReturnNoteRecalled: 'procurement.return-note.recalled',
  ReturnNoteApproved: 'procurement.return-note.approved',
  ReturnNoteRejected: 'procurement.return-note.rejected',
  // Activity of the store order (documentActivitySchema).
  StoreOrderSubmitted: 'procurement.store-order.submitted',
  StoreOrderCancelled: 'procurement.store-order.cancelled',
  // A submitted store order's internal lines, for the central kitchen's transfer (storeOrderTransferRequestedSchema).
  StoreOrderTransferRequested: 'procurement.store-order.transfer-requested',
} as const;
