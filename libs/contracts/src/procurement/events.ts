import { documentActivitySchema } from '../inventory/events.js';
import { storeOrderTransferRequestedSchema } from './store-order.js';
import { ProcurementSubjects } from './subjects.js';

export const PROCUREMENT_EVENT_SCHEMAS = {
  [ProcurementSubjects.PurchaseOrderSubmitted]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderRecalled]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderApproved]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderRejected]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderResent]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderCancelled]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderClosed]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderConfirmedBySupplier]: documentActivitySchema,
  [ProcurementSubjects.PurchaseOrderCancelledBySupplier]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderSubmitted]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderRecalled]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderApproved]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderRejected]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderReceived]: documentActivitySchema,
  [ProcurementSubjects.ReceivingOrderCancelled]: documentActivitySchema,
  [ProcurementSubjects.PettyCashSubmitted]: documentActivitySchema,
  [ProcurementSubjects.PettyCashRecalled]: documentActivitySchema,
  [ProcurementSubjects.PettyCashApproved]: documentActivitySchema,
  [ProcurementSubjects.PettyCashRejected]: documentActivitySchema,
  [ProcurementSubjects.PettyCashSigned]: documentActivitySchema,
  [ProcurementSubjects.PettyCashRefunded]: documentActivitySchema,
  [ProcurementSubjects.ReturnNoteSubmitted]: documentActivitySchema,
  [ProcurementSubjects.ReturnNoteRecalled]: documentActivitySchema,
  [ProcurementSubjects.ReturnNoteApproved]: documentActivitySchema,
  [ProcurementSubjects.ReturnNoteRejected]: documentActivitySchema,
  [ProcurementSubjects.StoreOrderSubmitted]: documentActivitySchema,
  [ProcurementSubjects.StoreOrderCancelled]: documentActivitySchema,
  [ProcurementSubjects.StoreOrderTransferRequested]: storeOrderTransferRequestedSchema,
} as const;
