import { defineDocumentMachine } from '../documents/kit.js';

/** SPEC.md §4: a purchase order's statuses. */
export const PURCHASE_ORDER_STATUSES = [
  'DRAFT',
  'PENDING APPROVAL',
  'PENDING SUPPLIER',
  'REJECTED',
  'CONFIRMED BY SUPPLIER',
  'CANCELLED BY SUPPLIER',
  'PARTIALLY RECEIVED',
  'RECEIVED',
  'CLOSED',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Statuses in which goods may arrive against the PO: sent (the supplier may deliver without confirming first). */
const RECEIVABLE: PurchaseOrderStatus[] = ['PENDING SUPPLIER', 'CONFIRMED BY SUPPLIER', 'PARTIALLY RECEIVED'];

/**
 * The purchase order's machine (SPEC.md §4, issue 12). Approving sends the PO to the supplier (PENDING SUPPLIER),
 * bounded by the approver's approval_limit in USD: above it the PO stays PENDING APPROVAL for a role whose limit
 * covers it. The supplier's answer (through the signed link) and the receipts are the system's actions.
 * SPEC.md §4 has no CANCELLED status: cancelling an order before anything was received, and closing the open
 * remainder of a partly received one, both end in CLOSED (the history tells which, with its remark).
 */
export const PURCHASE_ORDER_MACHINE = defineDocumentMachine({
  type: 'PO',
  permissionKey: 'PO',
  statuses: PURCHASE_ORDER_STATUSES,
  initial: 'DRAFT',
  editableIn: ['DRAFT'],
  final: ['REJECTED', 'CANCELLED BY SUPPLIER', 'RECEIVED', 'CLOSED'],
  actions: {
    submit: { from: ['DRAFT'], to: 'PENDING APPROVAL', check: 'edit' },
    recall: { from: ['PENDING APPROVAL'], to: 'DRAFT', check: 'edit' },
    approve: { from: ['PENDING APPROVAL'], to: 'PENDING SUPPLIER', check: 'approval', approval: true },
    reject: { from: ['PENDING APPROVAL'], to: 'REJECTED', check: 'approval', remarkRequired: true, confirm: true },
    /** Sends the supplier a fresh link (the earlier one stops working). */
    resend: { from: ['PENDING SUPPLIER'], to: 'PENDING SUPPLIER', check: 'edit' },
    supplierConfirm: { from: ['PENDING SUPPLIER'], to: 'CONFIRMED BY SUPPLIER', check: 'edit', system: true },
    supplierDecline: { from: ['PENDING SUPPLIER'], to: 'CANCELLED BY SUPPLIER', check: 'edit', system: true },
    receivePart: { from: RECEIVABLE, to: 'PARTIALLY RECEIVED', check: 'edit', system: true },
    receiveAll: { from: RECEIVABLE, to: 'RECEIVED', check: 'edit', system: true },
    cancel: {
      from: ['DRAFT', 'PENDING APPROVAL', 'PENDING SUPPLIER', 'CONFIRMED BY SUPPLIER'],
      to: 'CLOSED',
      check: 'edit',
      remarkRequired: true,
      confirm: true,
    },
    close: { from: ['PARTIALLY RECEIVED'], to: 'CLOSED', check: 'edit', confirm: true },
  },
});
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_MACHINE.actions;

/** SPEC.md §3: a PO's order types and stock types. */
export const PURCHASE_ORDER_TYPES = ['Staff Meal', 'Business Order', 'Internal', 'External'] as const;
export type PurchaseOrderType = (typeof PURCHASE_ORDER_TYPES)[number];
export const PURCHASE_STOCK_TYPES = ['inventory', 'consignment'] as const;
export type PurchaseStockType = (typeof PURCHASE_STOCK_TYPES)[number];
