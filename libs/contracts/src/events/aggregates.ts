import { CatalogSubjects } from '../catalog/subjects.js';
import { IdentitySubjects } from '../identity/subjects.js';
import { InventorySubjects, StockPostingSubjects } from '../inventory/subjects.js';
import { ProcurementSubjects } from '../procurement/subjects.js';
import { CatalogUsageSubjects } from '../usage/catalog-usage.js';
import type { EventPayload, Subject } from './envelope.js';

/**
 * How a consumer orders the events of one aggregate (docs/architecture.md, "Events"):
 * - `snapshot`: the event carries the aggregate's whole state; a newer one supersedes every older one, so an
 *   older snapshot arriving late is skipped and a gap is harmless.
 * - `delta`: the event is a change to apply on top of the previous one (the ledger's movements); the consumer
 *   applies an aggregate's deltas strictly in sequence and parks one that arrives after a gap until the missing
 *   one was applied.
 */
export type EventOrdering = 'snapshot' | 'delta';

export interface AggregateDeclaration<S extends Subject> {
  /** The aggregate's id within its type (the `<service>.<entity>` of the subject), from the payload. */
  key: (data: EventPayload<S>) => string;
  ordering: EventOrdering;
}

/**
 * Every subject's aggregate, declared once: the publisher stamps each event with `aggregate` and a gap-free
 * per-aggregate `sequence` from it, and consumers order by it. A subject missing here fails to compile.
 */
/** A document action: one event per document revision. */
function activityKey(d: { document_id: string; revision: number }): string {
  return `${d.document_id}/${d.revision}`;
}

export const EVENT_AGGREGATES: { [S in Subject]: AggregateDeclaration<S> } = {
  [CatalogSubjects.UomUpserted]: { key: (d) => d.uom_id, ordering: 'snapshot' },
  [CatalogSubjects.UomDeleted]: { key: (d) => d.uom_id, ordering: 'snapshot' },
  [CatalogSubjects.RegionUpserted]: { key: (d) => d.region_id, ordering: 'snapshot' },
  [CatalogSubjects.RegionDeleted]: { key: (d) => d.region_id, ordering: 'snapshot' },
  [CatalogSubjects.LocationCategoryUpserted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.LocationCategoryDeleted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.LocationUpserted]: { key: (d) => d.location_id, ordering: 'snapshot' },
  [CatalogSubjects.LocationDeleted]: { key: (d) => d.location_id, ordering: 'snapshot' },
  // One company settings record.
  [CatalogSubjects.SettingsUpdated]: { key: () => 'company', ordering: 'snapshot' },
  [CatalogSubjects.ExchangeRateUpserted]: { key: (d) => d.exchange_rate_id, ordering: 'snapshot' },
  [CatalogSubjects.ExchangeRateDeleted]: { key: (d) => d.exchange_rate_id, ordering: 'snapshot' },
  [CatalogSubjects.SupplierCategoryUpserted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.SupplierCategoryDeleted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.SupplierUpserted]: { key: (d) => d.supplier_id, ordering: 'snapshot' },
  [CatalogSubjects.SupplierDeleted]: { key: (d) => d.supplier_id, ordering: 'snapshot' },
  [CatalogSubjects.CustomerUpserted]: { key: (d) => d.customer_code, ordering: 'snapshot' },
  [CatalogSubjects.CustomerDeleted]: { key: (d) => d.customer_code, ordering: 'snapshot' },
  [CatalogSubjects.SkuCategoryUpserted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.SkuCategoryDeleted]: { key: (d) => d.category_id, ordering: 'snapshot' },
  [CatalogSubjects.SkuUpserted]: { key: (d) => d.sku_id, ordering: 'snapshot' },
  [CatalogSubjects.SkuDeleted]: { key: (d) => d.sku_id, ordering: 'snapshot' },
  [CatalogSubjects.ItemCategoryUpserted]: { key: (d) => `${d.kind}/${d.category_id}`, ordering: 'snapshot' },
  [CatalogSubjects.ItemCategoryDeleted]: { key: (d) => `${d.kind}/${d.category_id}`, ordering: 'snapshot' },
  [CatalogSubjects.SkuBomUpserted]: { key: (d) => d.bom_id, ordering: 'snapshot' },
  [CatalogSubjects.SkuBomDeleted]: { key: (d) => d.bom_id, ordering: 'snapshot' },
  [CatalogSubjects.PluBomUpserted]: { key: (d) => d.bom_id, ordering: 'snapshot' },
  [CatalogSubjects.PluBomDeleted]: { key: (d) => d.bom_id, ordering: 'snapshot' },
  [CatalogSubjects.PluUpserted]: { key: (d) => d.plu_id, ordering: 'snapshot' },
  [CatalogSubjects.PluDeleted]: { key: (d) => d.plu_id, ordering: 'snapshot' },
  [CatalogSubjects.ProductUpserted]: { key: (d) => d.product_id, ordering: 'snapshot' },
  [CatalogSubjects.ProductDeleted]: { key: (d) => d.product_id, ordering: 'snapshot' },
  // One end per job.
  [CatalogSubjects.ImportFinished]: { key: (d) => d.job_id, ordering: 'snapshot' },
  [CatalogSubjects.ImportFailed]: { key: (d) => d.job_id, ordering: 'snapshot' },
  [IdentitySubjects.UserInvited]: { key: (d) => d.user_id, ordering: 'snapshot' },
  [IdentitySubjects.UserActivated]: { key: (d) => d.user_id, ordering: 'snapshot' },
  [IdentitySubjects.UserDeactivated]: { key: (d) => d.user_id, ordering: 'snapshot' },
  [IdentitySubjects.UserUpdated]: { key: (d) => d.user_id, ordering: 'snapshot' },
  [IdentitySubjects.RoleUpserted]: { key: (d) => d.role_id, ordering: 'snapshot' },
  [IdentitySubjects.RoleDeleted]: { key: (d) => d.role_id, ordering: 'snapshot' },
  // Each sign-in, failed attempt and denial report is its own one-event aggregate.
  [IdentitySubjects.SignedIn]: { key: (d) => d.session_id, ordering: 'snapshot' },
  [IdentitySubjects.SignInFailed]: { key: (d) => d.attempt_id, ordering: 'snapshot' },
  [IdentitySubjects.AccessDenied]: { key: (d) => d.report_id, ordering: 'snapshot' },
  [CatalogUsageSubjects.procurement]: { key: (d) => `${d.used_by_type}/${d.used_by_id}`, ordering: 'snapshot' },
  [CatalogUsageSubjects.inventory]: { key: (d) => `${d.used_by_type}/${d.used_by_id}`, ordering: 'snapshot' },
  [CatalogUsageSubjects.sales]: { key: (d) => `${d.used_by_type}/${d.used_by_id}`, ordering: 'snapshot' },
  // Each posting, each automatic-adjustment trigger and each document action happens once: its own aggregate.
  [InventorySubjects.StockPosted]: {
    key: (d) => `${d.document_type}/${d.document_id}/${d.revision}`,
    ordering: 'snapshot',
  },
  [InventorySubjects.TransferReceivedWithRejects]: { key: (d) => d.transfer_id, ordering: 'snapshot' },
  [InventorySubjects.WipDiscrepancyFound]: { key: (d) => d.wip_id, ordering: 'snapshot' },
  // A key is created once and revoked at most once: each its own aggregate.
  [InventorySubjects.EpointKeyCreated]: { key: (d) => `${d.key_id}/created`, ordering: 'snapshot' },
  [InventorySubjects.EpointKeyRevoked]: { key: (d) => `${d.key_id}/revoked`, ordering: 'snapshot' },
  [InventorySubjects.StockAdjustmentSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockAdjustmentRecalled]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockAdjustmentApproved]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockAdjustmentRejected]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockAdjustmentDiscarded]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTakeSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTakeCompleted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTakeRecountRequested]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.SalesUploadMatchRequired]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.SalesUploadPosted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.SalesUploadReverted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.SalesUploadDiscarded]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferRecalled]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferApproved]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferRejected]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferReturned]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferReceived]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferPartiallyReceived]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferDenied]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.DeliveryOrderCreated]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.DeliveryOrderDelivered]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.DeliveryOrderUndelivered]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.DeliveryOrderRedelivered]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferCancelled]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferSplit]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.StockTransferSettled]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.WipPosted]: { key: activityKey, ordering: 'snapshot' },
  [InventorySubjects.WipDiscarded]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderRecalled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderApproved]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderRejected]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderResent]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderCancelled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderClosed]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderRecalled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderApproved]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderRejected]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderReceived]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReceivingOrderCancelled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashRecalled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashApproved]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashRejected]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashSigned]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PettyCashRefunded]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReturnNoteSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReturnNoteRecalled]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReturnNoteApproved]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.ReturnNoteRejected]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.StoreOrderSubmitted]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.StoreOrderCancelled]: { key: activityKey, ordering: 'snapshot' },
  // A store order is submitted once: its transfer request is its own aggregate.
  [ProcurementSubjects.StoreOrderTransferRequested]: { key: (d) => d.store_order_id, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderConfirmedBySupplier]: { key: activityKey, ordering: 'snapshot' },
  [ProcurementSubjects.PurchaseOrderCancelledBySupplier]: { key: activityKey, ordering: 'snapshot' },
  [StockPostingSubjects.ReceivingOrderPosted]: { key: (d) => `${d.document_id}/${d.revision}`, ordering: 'snapshot' },
  [StockPostingSubjects.ReturnNotePosted]: { key: (d) => `${d.document_id}/${d.revision}`, ordering: 'snapshot' },
};

/** `<service>.<entity>` of a subject: the aggregate type its events belong to. */
export function aggregateTypeOf(subject: string): string {
  return subject.split('.').slice(0, 2).join('.');
}

/** The aggregate an event belongs to, `<service>.<entity>:<key>` (e.g. `catalog.sku:SKU-001`). */
export function aggregateOf<S extends Subject>(subject: S, data: EventPayload<S>): string {
  return `${aggregateTypeOf(subject)}:${EVENT_AGGREGATES[subject].key(data)}`;
}

export function orderingOf(subject: Subject): EventOrdering {
  return EVENT_AGGREGATES[subject].ordering;
}

/**
 * The subjects a consumer of `subjects` must receive to see every delta of their aggregates in sequence: a
 * delta aggregate's sequence counts all its subjects, so a consumer handling one of them also takes the others
 * (and only advances its position past those it does not handle).
 */
export function subjectsToReceive(
  subjects: readonly Subject[],
  ordering: (subject: Subject) => EventOrdering = orderingOf,
): Subject[] {
  const deltaTypes = new Set(subjects.filter((s) => ordering(s) === 'delta').map(aggregateTypeOf));
  const all = Object.keys(EVENT_AGGREGATES) as Subject[];
  const siblings = all.filter((s) => ordering(s) === 'delta' && deltaTypes.has(aggregateTypeOf(s)));
  return [...new Set([...subjects, ...siblings])];
}
