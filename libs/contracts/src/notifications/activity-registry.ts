import type { PermissionKey } from '../access/permission-keys.js';
import type { Subject } from '../events/envelope.js';
import { InventorySubjects } from '../inventory/subjects.js';
import { ProcurementSubjects } from '../procurement/subjects.js';

/**
 * What the notifications service needs to know about one activity subject (payload documentActivitySchema) to
 * log it and to address its notifications. The service subscribes to every subject listed here and has no code
 * per document: a new document's activity events are picked up by adding their entries (and nothing else).
 */
export interface ActivityMetadata {
  /** The activity log's module (SPEC.md §6 module names), also its filter value. */
  module: string;
  /** The permission key of the record: recipients may view it (or, for approval requests, approve it). */
  permissionKey: PermissionKey;
  /** The verb of the message: `messages.activity.verbs.<verb>` in the i18n catalogs. */
  verb: string;
  /** The notification's reference_type (SPEC.md §7 "Notification links": the web app maps it to a page). */
  referenceType: string;
  /** The record's page (SPEC.md §7 link table); the link is `<linkPath>?id=<document id>`. */
  linkPath: string;
  /** An approval request: addressed to the approvers whose limit covers the value, not to every viewer. */
  asksApproval: boolean;
  /**
   * The API base of the record's actions (`<actionsPath>/:id/approve|reject` with `{revision, remark}`), declared
   * for a document that takes approvals: its requests are kept in the approvals inbox (`/approval`), which calls
   * these routes, so the one permission check stays the document's own. The inbox reads nothing else per document:
   * a row exists while the document's latest event is an `asksApproval` one; any later event of the document
   * settles it, as APPROVED when its verb is `approved`, REJECTED when `rejected`, else REVERTED (recalled,
   * discarded, cancelled ...).
   */
  actionsPath?: string;
  /**
   * The same subjects for a document whose machine checks another key (the event's `permission_key`): that key's
   * module, reference type and page. A consignment release (RJ_SR) shares the stock transfer's subjects; its
   * readers and approvers are RJ_SR's, and its notifications open the RJ area's page. See `activityMetadataFor`.
   */
  byPermissionKey?: Partial<Record<PermissionKey, Pick<ActivityMetadata, 'module' | 'referenceType' | 'linkPath'>>>;
}

export type ActivityRegistry = Readonly<Record<string, ActivityMetadata>>;

const PC = {
  module: 'Petty Cash',
  permissionKey: 'PC',
  referenceType: 'PC',
  linkPath: '/procurement/petty-cash/view',
  actionsPath: '/api/procurement/petty-cash',
} as const;

/** Sales uploads are not approved: their activity informs the viewers of the location (no actionsPath). */
const SU = {
  module: 'Sales Upload',
  permissionKey: 'SU',
  referenceType: 'SU',
  linkPath: '/inventory/sales-upload/view',
} as const;

const SA = {
  module: 'Stock Adjustment',
  permissionKey: 'SA',
  referenceType: 'SA',
  linkPath: '/inventory/stock-adjustment/view',
  actionsPath: '/api/inventory/stock-adjustments',
} as const;
const ST = {
  module: 'Stock Take',
  permissionKey: 'ST',
  referenceType: 'ST',
  linkPath: '/inventory/stock-take/view',
} as const;
const SR = {
  module: 'Stock Transfer',
  permissionKey: 'SR',
  referenceType: 'SR',
  linkPath: '/inventory/stock-release/view',
  actionsPath: '/api/inventory/stock-transfers',
  // A consignment (EXTERNAL_CONSIGNMENT) is RJ_SR's: told to and approved by its holders, opened on the RJ page.
  byPermissionKey: {
    RJ_SR: {
      module: 'Consignor and Consignee Agreement',
      referenceType: 'RJ_SR',
      linkPath: '/sales-management/stock-release/view',
    },
  },
} as const;
const WIP = {
  module: 'Work In Progress',
  permissionKey: 'WIP',
  referenceType: 'WIP',
  linkPath: '/inventory/wip/view',
} as const;
const PO = {
  module: 'Purchase Order',
  permissionKey: 'PO',
  referenceType: 'PO',
  linkPath: '/procurement/purchase-order/view',
  actionsPath: '/api/procurement/purchase-orders',
} as const;

const RO = {
  module: 'Receiving Order',
  permissionKey: 'RO',
  referenceType: 'RO',
  linkPath: '/procurement/receiving-order/view',
  actionsPath: '/api/procurement/receiving-orders',
} as const;

const GR = {
  module: 'Return Note',
  permissionKey: 'GR',
  referenceType: 'GR',
  linkPath: '/procurement/return-note/view',
  actionsPath: '/api/procurement/return-notes',
} as const;

/** Delivery orders are not approved: their activity informs the viewers of the locations (no actionsPath). */
const DO = {
  module: 'Delivery Order',
  permissionKey: 'DO',
  referenceType: 'DO',
  linkPath: '/delivery-order/view',
} as const;

const OR = {
  module: 'Store Ordering',
  permissionKey: 'OR',
  referenceType: 'OR',
  linkPath: '/store-ordering/view',
} as const;

/** Every activity subject the notifications service logs and notifies, with its metadata. */
export const ACTIVITY_SUBJECTS = {
  [InventorySubjects.StockAdjustmentSubmitted]: { ...SA, verb: 'submitted', asksApproval: true },
  [InventorySubjects.StockAdjustmentRecalled]: { ...SA, verb: 'recalled', asksApproval: false },
  [InventorySubjects.StockAdjustmentApproved]: { ...SA, verb: 'approved', asksApproval: false },
  [InventorySubjects.StockAdjustmentRejected]: { ...SA, verb: 'rejected', asksApproval: false },
  [InventorySubjects.StockAdjustmentDiscarded]: { ...SA, verb: 'discarded', asksApproval: false },
  // A stock take is not approved itself: its submission makes an adjustment, whose own `submitted` asks approval.
  [InventorySubjects.StockTakeSubmitted]: { ...ST, verb: 'submitted', asksApproval: false },
  [InventorySubjects.StockTakeCompleted]: { ...ST, verb: 'completed', asksApproval: false },
  [InventorySubjects.StockTakeRecountRequested]: { ...ST, verb: 'recount_requested', asksApproval: false },
  [InventorySubjects.SalesUploadMatchRequired]: { ...SU, verb: 'match_required', asksApproval: false },
  [InventorySubjects.SalesUploadPosted]: { ...SU, verb: 'posted', asksApproval: false },
  [InventorySubjects.SalesUploadReverted]: { ...SU, verb: 'reverted', asksApproval: false },
  [InventorySubjects.SalesUploadDiscarded]: { ...SU, verb: 'discarded', asksApproval: false },
  [InventorySubjects.StockTransferSubmitted]: { ...SR, verb: 'submitted', asksApproval: true },
  [InventorySubjects.StockTransferRecalled]: { ...SR, verb: 'recalled', asksApproval: false },
  [InventorySubjects.StockTransferApproved]: { ...SR, verb: 'approved', asksApproval: false },
  [InventorySubjects.StockTransferRejected]: { ...SR, verb: 'rejected', asksApproval: false },
  [InventorySubjects.StockTransferReturned]: { ...SR, verb: 'returned', asksApproval: false },
  [InventorySubjects.StockTransferReceived]: { ...SR, verb: 'received', asksApproval: false },
  [InventorySubjects.StockTransferPartiallyReceived]: { ...SR, verb: 'partially_received', asksApproval: false },
  [InventorySubjects.StockTransferDenied]: { ...SR, verb: 'denied', asksApproval: false },
  [InventorySubjects.DeliveryOrderCreated]: { ...DO, verb: 'created', asksApproval: false },
  [InventorySubjects.DeliveryOrderDelivered]: { ...DO, verb: 'delivered', asksApproval: false },
  [InventorySubjects.DeliveryOrderUndelivered]: { ...DO, verb: 'undelivered', asksApproval: false },
  [InventorySubjects.DeliveryOrderRedelivered]: { ...DO, verb: 'redelivered', asksApproval: false },
  [InventorySubjects.StockTransferCancelled]: { ...SR, verb: 'cancelled', asksApproval: false },
  [InventorySubjects.StockTransferSplit]: { ...SR, verb: 'split', asksApproval: false },
  [InventorySubjects.StockTransferSettled]: { ...SR, verb: 'settled', asksApproval: false },
  // A WIP is not approved itself: posting it is the production; its discrepancy's adjustment asks approval.
  [InventorySubjects.WipPosted]: { ...WIP, verb: 'posted', asksApproval: false },
  [InventorySubjects.WipDiscarded]: { ...WIP, verb: 'discarded', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderSubmitted]: { ...PO, verb: 'submitted', asksApproval: true },
  [ProcurementSubjects.PurchaseOrderRecalled]: { ...PO, verb: 'recalled', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderApproved]: { ...PO, verb: 'approved', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderRejected]: { ...PO, verb: 'rejected', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderResent]: { ...PO, verb: 'resent', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderCancelled]: { ...PO, verb: 'cancelled', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderClosed]: { ...PO, verb: 'closed', asksApproval: false },
  [ProcurementSubjects.ReceivingOrderSubmitted]: { ...RO, verb: 'submitted', asksApproval: true },
  [ProcurementSubjects.ReceivingOrderRecalled]: { ...RO, verb: 'recalled', asksApproval: false },
  [ProcurementSubjects.ReceivingOrderApproved]: { ...RO, verb: 'approved', asksApproval: false },
  [ProcurementSubjects.ReceivingOrderRejected]: { ...RO, verb: 'rejected', asksApproval: false },
  [ProcurementSubjects.ReceivingOrderReceived]: { ...RO, verb: 'received', asksApproval: false },
  [ProcurementSubjects.ReceivingOrderCancelled]: { ...RO, verb: 'cancelled', asksApproval: false },
  [ProcurementSubjects.ReturnNoteSubmitted]: { ...GR, verb: 'submitted', asksApproval: true },
  [ProcurementSubjects.ReturnNoteRecalled]: { ...GR, verb: 'recalled', asksApproval: false },
  // Approving a return note is the return: the goods are received back by the supplier.
  [ProcurementSubjects.ReturnNoteApproved]: { ...GR, verb: 'approved', asksApproval: false },
  [ProcurementSubjects.ReturnNoteRejected]: { ...GR, verb: 'rejected', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderConfirmedBySupplier]: { ...PO, verb: 'confirmed_by_supplier', asksApproval: false },
  [ProcurementSubjects.PurchaseOrderCancelledBySupplier]: { ...PO, verb: 'cancelled_by_supplier', asksApproval: false },
  [ProcurementSubjects.PettyCashSubmitted]: { ...PC, verb: 'submitted', asksApproval: true },
  [ProcurementSubjects.PettyCashRecalled]: { ...PC, verb: 'recalled', asksApproval: false },
  [ProcurementSubjects.PettyCashApproved]: { ...PC, verb: 'approved', asksApproval: false },
  [ProcurementSubjects.PettyCashRejected]: { ...PC, verb: 'rejected', asksApproval: false },
  [ProcurementSubjects.PettyCashSigned]: { ...PC, verb: 'signed', asksApproval: false },
  [ProcurementSubjects.PettyCashRefunded]: { ...PC, verb: 'refunded', asksApproval: false },
  // Nobody approves a store order (its POs are approved): its submission is news, not a request.
  [ProcurementSubjects.StoreOrderSubmitted]: { ...OR, verb: 'submitted', asksApproval: false },
  [ProcurementSubjects.StoreOrderCancelled]: { ...OR, verb: 'cancelled', asksApproval: false },
} as const satisfies Partial<Record<Subject, ActivityMetadata>>;

/** The modules the activity log may be filtered by (those of the registry, and SYSTEM). */
export function activityModules(registry: ActivityRegistry = ACTIVITY_SUBJECTS): string[] {
  return [...new Set(activityEntries(registry).map((entry) => entry.module)), 'SYSTEM'];
}

/** Every entry of the registry, and each one's variants for another key (`byPermissionKey`) as entries of their own. */
export function activityEntries(registry: ActivityRegistry = ACTIVITY_SUBJECTS): ActivityMetadata[] {
  return Object.values(registry).flatMap((entry) => [
    entry,
    ...Object.entries(entry.byPermissionKey ?? {}).map(([key, variant]) => ({
      ...entry,
      ...variant,
      permissionKey: key as PermissionKey,
    })),
  ]);
}

/**
 * A subject's metadata for one event: as registered, or, when the event names a key the entry declares in
 * `byPermissionKey`, that key with its module, reference type and page. A key the entry does not declare changes
 * nothing (an event cannot widen who reads it).
 */
export function activityMetadataFor(meta: ActivityMetadata, data: { permission_key?: string }): ActivityMetadata {
  const key = data.permission_key as PermissionKey | undefined;
  const variant = key === undefined || key === meta.permissionKey ? undefined : meta.byPermissionKey?.[key];
  return variant ? { ...meta, ...variant, permissionKey: key! } : meta;
}
