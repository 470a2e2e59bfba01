import { z } from 'zod';
import { V, decimalString, requiredText } from '../common/schema.js';

/** The one-time link's token as the supplier's page sends it back (base64url of 32 random bytes). */
const tokenSchema = z.string({ error: V.required }).trim().min(1, { error: V.required }).max(200, { error: V.max });

/** `GET procurement/supplier-confirmation?token=` */
export const supplierLinkQuerySchema = z.object({ token: tokenSchema }).strict();

/** `POST procurement/supplier-confirmation/confirm`: optionally a changed delivery time and per-line quantities. */
export const supplierConfirmSchema = z
  .object({
    token: tokenSchema,
    delivery_time: z.iso.datetime({ offset: true, error: V.invalid }).nullable().optional(),
    lines: z
      .array(
        z
          .object({
            line_id: z.number({ error: V.required }).int().positive(),
            available_quantity: decimalString({ scale: 3, nonNegative: true, max: '999999999999999' }),
          })
          .strict(),
      )
      .max(500)
      .optional(),
  })
  .strict();
export type SupplierConfirmInput = z.input<typeof supplierConfirmSchema>;
export type ValidSupplierConfirmInput = z.output<typeof supplierConfirmSchema>;

/** `POST procurement/supplier-confirmation/decline`: the supplier's reason is required. */
export const supplierDeclineSchema = z.object({ token: tokenSchema, reason: requiredText(1000) }).strict();
export type SupplierDeclineInput = z.input<typeof supplierDeclineSchema>;
export type ValidSupplierDeclineInput = z.output<typeof supplierDeclineSchema>;

/** A PO line as the supplier sees it; `line_id` is the line's number on the PO. */
export interface SupplierPurchaseOrderLine {
  line_id: number;
  sku_name: string;
  quantity: string;
  uom_name: string;
  /** Per `uom_name`, in the PO's currency. */
  price_each: string;
  /** quantity × price_each. */
  amount: string;
}

/**
 * The amounts carry names of their own, not the PO's cost fields (PURCHASE_ORDER_COST_FIELDS): the platform strips
 * those from every answer to a caller without can_see_cost, and the supplier is no signed-in caller at all — its
 * own prices are no secret to it.
 *
 * The purchase order as its supplier may see it through the mailed link: nothing internal (no internal remark,
 * no history, no user ids or names, no ids of the system's records beyond the PO's number).
 */
export interface SupplierPurchaseOrderView {
  doc_no: string;
  supplier_name: string;
  location_name: string;
  location_address: string;
  purchase_date: string;
  delivery_time: string;
  currency: string;
  gst_price_type: 'inclusive' | 'exclusive';
  gst_rate: string;
  order_subtotal: string;
  order_gst: string;
  order_total: string;
  external_remark: string;
  lines: SupplierPurchaseOrderLine[];
  /** When the link stops working. */
  link_expires_at: string;
}

/** The answer of confirm / decline. */
export interface SupplierDecisionResult {
  doc_no: string;
  status: 'CONFIRMED BY SUPPLIER' | 'CANCELLED BY SUPPLIER';
}
