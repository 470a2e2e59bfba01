import { z } from 'zod';
import { STOCK_ITEM_TYPES, stockPostedSchema, stockPostingRequestSchema } from './posting.js';
import { InventorySubjects, StockPostingSubjects } from './subjects.js';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** An activity of a document (who did which action, from which status to which), for notifications. */
export const documentActivitySchema = z
  .object({
    document_type: z.string(),
    document_id: z.string(),
    doc_no: z.string(),
    location_id: z.string(),
    action: z.string(),
    from_status: z.string().nullable(),
    to_status: z.string(),
    actor_id: z.string().nullable(),
    actor_name: z.string(),
    remark: z.string().nullable(),
    revision: z.number().int().positive(),
    /** The value approval is bounded by (USD, exact text), on a submit; absent when the producer has none. */
    value_usd: decimal.nullable().optional(),
    /**
     * The key the document's machine checks (the kit sends it): who is told and who approves follow it when the
     * subject's registry entry declares it (a consignment release: RJ_SR on the stock transfer's subjects).
     */
    permission_key: z.string().optional(),
  })
  .strict();
export type DocumentActivity = z.infer<typeof documentActivitySchema>;

const rejectedLineSchema = z
  .object({
    line_no: z.number().int().positive(),
    item_type: z.enum(STOCK_ITEM_TYPES),
    item_id: z.string().min(1),
    uom_name: z.string().min(1),
    /** Positive: how much was rejected / is missing (becomes a negative adjustment line). */
    quantity: decimal,
    reason: z.string().min(1),
  })
  .strict();

/** A transfer received with rejected lines at `location_id` (the producer comes with the transfer issue). */
export const transferReceivedWithRejectsSchema = z
  .object({
    transfer_id: z.string().min(1),
    transfer_no: z.string().min(1),
    location_id: z.string().min(1),
    value_date: z.string(),
    lines: z.array(rejectedLineSchema).min(1),
  })
  .strict();
export type TransferReceivedWithRejects = z.infer<typeof transferReceivedWithRejectsSchema>;

/**
 * A posted WIP whose actual consumption differs from the expected one (what its posting issued): per ingredient,
 * the signed change of stock the adjustment makes, in the SKU's primary unit — negative when more was used than
 * issued (it leaves, oldest batches first), positive when less was used (it stays, at `unit_cost`, the FIFO cost
 * it was issued at).
 */
export const wipDiscrepancyFoundSchema = z
  .object({
    wip_id: z.string().min(1),
    wip_no: z.string().min(1),
    location_id: z.string().min(1),
    value_date: z.string(),
    lines: z
      .array(
        z
          .object({
            line_no: z.number().int().positive(),
            item_type: z.enum(STOCK_ITEM_TYPES),
            item_id: z.string().min(1),
            uom_name: z.string().min(1),
            quantity: decimal,
            /** Cost of one unit for a positive difference. */
            unit_cost: decimal.optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
export type WipDiscrepancyFound = z.infer<typeof wipDiscrepancyFoundSchema>;

/** A POS key's creation or revocation, as the activity log tells it: never the key itself, only its prefix. */
export const epointKeyChangedSchema = z
  .object({
    key_id: z.uuid(),
    location_id: z.string().min(1),
    location_name: z.string(),
    label: z.string(),
    key_prefix: z.string(),
  })
  .strict();
export type EpointKeyChanged = z.infer<typeof epointKeyChangedSchema>;

export const INVENTORY_EVENT_SCHEMAS = {
  [InventorySubjects.EpointKeyCreated]: epointKeyChangedSchema,
  [InventorySubjects.EpointKeyRevoked]: epointKeyChangedSchema,
  [InventorySubjects.StockPosted]: stockPostedSchema,
  [InventorySubjects.TransferReceivedWithRejects]: transferReceivedWithRejectsSchema,
  [InventorySubjects.WipDiscrepancyFound]: wipDiscrepancyFoundSchema,
  [InventorySubjects.StockAdjustmentSubmitted]: documentActivitySchema,
  [InventorySubjects.StockAdjustmentRecalled]: documentActivitySchema,
  [InventorySubjects.StockAdjustmentApproved]: documentActivitySchema,
  [InventorySubjects.StockAdjustmentRejected]: documentActivitySchema,
  [InventorySubjects.StockAdjustmentDiscarded]: documentActivitySchema,
  [InventorySubjects.StockTakeSubmitted]: documentActivitySchema,
  [InventorySubjects.StockTakeCompleted]: documentActivitySchema,
  [InventorySubjects.StockTakeRecountRequested]: documentActivitySchema,
  [InventorySubjects.SalesUploadMatchRequired]: documentActivitySchema,
  [InventorySubjects.SalesUploadPosted]: documentActivitySchema,
  [InventorySubjects.SalesUploadReverted]: documentActivitySchema,
  [InventorySubjects.SalesUploadDiscarded]: documentActivitySchema,
  [InventorySubjects.StockTransferSubmitted]: documentActivitySchema,
  [InventorySubjects.StockTransferRecalled]: documentActivitySchema,
  [InventorySubjects.StockTransferApproved]: documentActivitySchema,
  [InventorySubjects.StockTransferRejected]: documentActivitySchema,
  [InventorySubjects.StockTransferReturned]: documentActivitySchema,
  [InventorySubjects.StockTransferReceived]: documentActivitySchema,
  [InventorySubjects.StockTransferPartiallyReceived]: documentActivitySchema,
  [InventorySubjects.StockTransferDenied]: documentActivitySchema,
  [InventorySubjects.DeliveryOrderCreated]: documentActivitySchema,
  [InventorySubjects.DeliveryOrderDelivered]: documentActivitySchema,
  [InventorySubjects.DeliveryOrderUndelivered]: documentActivitySchema,
  [InventorySubjects.DeliveryOrderRedelivered]: documentActivitySchema,
  [InventorySubjects.StockTransferCancelled]: documentActivitySchema,
  [InventorySubjects.StockTransferSplit]: documentActivitySchema,
  [InventorySubjects.StockTransferSettled]: documentActivitySchema,
  [InventorySubjects.WipPosted]: documentActivitySchema,
  [InventorySubjects.WipDiscarded]: documentActivitySchema,
  [StockPostingSubjects.ReceivingOrderPosted]: stockPostingRequestSchema,
  [StockPostingSubjects.ReturnNotePosted]: stockPostingRequestSchema,
} as const;
