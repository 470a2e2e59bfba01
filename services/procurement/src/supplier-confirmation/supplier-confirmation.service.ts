import { Inject, Injectable } from '@nestjs/common';
import { CommonErrorCode, PURCHASE_ORDER_MACHINE, ProcurementErrorCode, ProcurementSubjects } from '@scm/contracts';
import type {
  SupplierDecisionResult,
  SupplierPurchaseOrderView,
  ValidSupplierConfirmInput,
  ValidSupplierDeclineInput,
} from '@scm/contracts';
import {
  AppException,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  createLogger,
  inTransaction,
  retryOnConflict,
} from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PurchaseOrderRepository } from '../purchase-order/purchase-order.repository.js';
import type { PurchaseOrderRecord } from '../purchase-order/purchase-order.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import { SupplierLinkRepository } from './supplier-link.repository.js';
import type { SupplierDecision } from './supplier-link.repository.js';
import { SupplierMailer } from './supplier-mail.js';
import type { SupplierMail } from './supplier-mail.js';

const MACHINE = PURCHASE_ORDER_MACHINE;
const logger = createLogger('supplier-confirmation');

/** The history's and the activity's actor of the supplier's answer: nobody signed in. */
const SUPPLIER_ACTOR = { id: null, name: 'Supplier' } as const;

/** One answer for an unknown, tampered, expired, used or replaced link, and for a PO no longer awaiting. */
function linkInvalid(): AppException {
  return new AppException(ProcurementErrorCode.SUPPLIER_LINK_INVALID);
}

interface PurchaseOrderSummary {
  record: PurchaseOrderRecord;
  supplier_name: string;
  contact_email: string;
  location_name: string;
  location_address: string;
  lines: SupplierPurchaseOrderView['lines'];
}

/**
 * The supplier's side of the purchase order (issue 12, "Supplier confirmation page"): approving or resending a
 * PO issues a one-time link (SupplierLinkRepository) and mails it after the commit; through it, without signing
 * in, the supplier sees the PO (nothing internal) and confirms it — optionally with another delivery time and the
 * quantities it can deliver — or declines it with a reason. The answer is PURCHASE_ORDER_MACHINE's system action
 * (history actor "Supplier"), consumes the link in the same transaction and publishes the activity event that
 * notifies the buyer.
 */
@Injectable()
export class SupplierConfirmationService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly links: SupplierLinkRepository,
    private readonly mailer: SupplierMailer,
    private readonly orders: PurchaseOrderRepository,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly actions: DocumentActions,
    private readonly events: EventPublisher,
  ) {}

  /**
   * In the transaction that moves the PO to (or keeps it in) PENDING SUPPLIER: a fresh link, the earlier ones
   * void; answers the mail to send once that transaction committed (null when the supplier has no e-mail).
   */
  async issueLink(manager: EntityManager, poId: string): Promise<SupplierMail | null> {
    const token = await this.links.issue(manager, poId);
    const summary = await this.summary(manager, poId);
    if (!summary) return null;
    if (!summary.contact_email) {
      logger.warn({ po_id: poId }, 'the supplier has no contact e-mail: the link is issued, no mail is sent');
      return null;
    }
    return {
      to: summary.contact_email,
      token,
      doc_no: summary.record.doc_no,
      supplier: summary.supplier_name,
      location: summary.location_name,
      address: summary.location_address,
      delivery_time: new Date(summary.record.delivery_time).toISOString(),
      purchase_date: summary.record.purchase_date,
      currency: summary.record.currency,
      subtotal: summary.record.subtotal_amount,
      gst: summary.record.gst_amount,
      gst_price_type: summary.record.gst_price_type,
      total: summary.record.total_amount,
      external_remark: summary.record.external_remark,
      lines: summary.lines.map((line) => ({
        sku_name: line.sku_name,
        quantity: line.quantity,
        uom_name: line.uom_name,
        unit_price: line.price_each,
        line_subtotal: line.amount,
      })),
    };
  }

  /** After the commit: enqueues the mail (the job retries; a failed send never undoes the approval). */
  async sendMail(mail: SupplierMail | null): Promise<void> {
    if (mail) await this.mailer.send(mail);
  }

  async view(token: string): Promise<SupplierPurchaseOrderView> {
    const manager = this.dataSource.manager;
    const link = await this.links.find(manager, token);
    if (!link) throw linkInvalid();
    const summary = await this.summary(manager, link.po_id);
    if (!summary || summary.record.status !== 'PENDING SUPPLIER') throw linkInvalid();
    const { record } = summary;
    return {
      doc_no: record.doc_no,
      supplier_name: summary.supplier_name,
      location_name: summary.location_name,
      location_address: summary.location_address,
      purchase_date: record.purchase_date,
      delivery_time: new Date(record.delivery_time).toISOString(),
      currency: record.currency,
      gst_price_type: record.gst_price_type,
      gst_rate: record.gst_rate,
      order_subtotal: record.subtotal_amount,
      order_gst: record.gst_amount,
      order_total: record.total_amount,
      external_remark: record.external_remark,
      lines: summary.lines,
      link_expires_at: new Date(link.expires_at).toISOString(),
    };
  }

  confirm(input: ValidSupplierConfirmInput): Promise<SupplierDecisionResult> {
    return this.decide(input.token, 'confirmed', async (manager, record) => {
      const notes: string[] = [];
      const deliveryTime = input.delivery_time ?? null;
      const changedDelivery =
        deliveryTime !== null && new Date(deliveryTime).getTime() !== new Date(record.delivery_time).getTime();
      if (changedDelivery) notes.push(`Delivery time: ${new Date(deliveryTime).toISOString()}`);
      const lines = input.lines ?? [];
      if (lines.length > 0) {
        const known = new Map((await this.orders.lines(manager, record.id)).map((line) => [line.line_no, line]));
        const unknown = lines.findIndex((line) => !known.has(line.line_id));
        if (unknown >= 0 || new Set(lines.map((line) => line.line_id)).size !== lines.length) {
          throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [
            { field: `lines.${Math.max(unknown, 0)}.line_id`, rule: 'validation.invalid', params: {} },
          ]);
        }
        await manager.query(
          `UPDATE purchase_order_line AS l SET supplier_available_quantity = v.quantity
             FROM unnest($2::int[], $3::numeric[]) AS v(line_no, quantity)
            WHERE l.purchase_order_id = $1 AND l.line_no = v.line_no`,
          [record.id, lines.map((line) => line.line_id), lines.map((line) => line.available_quantity)],
        );
        for (const line of lines) {
          const ordered = known.get(line.line_id)!;
          notes.push(
            `Line ${line.line_id}: ${line.available_quantity} of ${ordered.quantity} ${ordered.uom_name} available`,
          );
        }
      }
      return {
        action: 'supplierConfirm',
        remark: notes.length > 0 ? notes.join('; ') : null,
        fields: changedDelivery ? { delivery_time: deliveryTime } : {},
      };
    });
  }

  decline(input: ValidSupplierDeclineInput): Promise<SupplierDecisionResult> {
    return this.decide(input.token, 'declined', () =>
      Promise.resolve({ action: 'supplierDecline', remark: input.reason, fields: {} }),
    );
  }

  /**
   * The link is consumed first (one UPDATE ... RETURNING), then the PO locked and moved by the machine's system
   * action; any refusal rolls the whole transaction back, so a refused answer changes nothing.
   */
  private async decide(
    token: string,
    decision: SupplierDecision,
    effect: (
      manager: EntityManager,
      record: PurchaseOrderRecord,
    ) => Promise<{
      action: 'supplierConfirm' | 'supplierDecline';
      remark: string | null;
      fields: { delivery_time?: string };
    }>,
  ): Promise<SupplierDecisionResult> {
    return retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const poId = await this.links.consume(manager, token, decision);
        if (!poId) throw linkInvalid();
        const record = await this.orders.find(manager, poId, true);
        if (!record || record.status !== 'PENDING SUPPLIER') throw linkInvalid();
        const { action, remark, fields } = await effect(manager, record);
        const transition = await this.actions.system(manager, {
          machine: MACHINE,
          document: { type: 'PO', id: record.id, status: record.status },
          action,
          actor: SUPPLIER_ACTOR,
          remark,
        });
        const status = transition.to as SupplierDecisionResult['status'];
        const saved = await this.orders.update(manager, record.id, record.revision, {
          status,
          ...fields,
          last_updated_by: null,
        });
        if (!saved) throw linkInvalid();
        await this.events.publish(
          manager,
          action === 'supplierConfirm'
            ? ProcurementSubjects.PurchaseOrderConfirmedBySupplier
            : ProcurementSubjects.PurchaseOrderCancelledBySupplier,
          {
            document_type: MACHINE.type,
            document_id: record.id,
            doc_no: record.doc_no,
            location_id: record.location_id,
            action,
            from_status: transition.from,
            to_status: transition.to,
            actor_id: null,
            actor_name: SUPPLIER_ACTOR.name,
            remark,
            revision: record.revision + 1,
          },
        );
        return { doc_no: record.doc_no, status };
      }),
    );
  }

  /** The PO with what the supplier may see of it, from the replicas. */
  private async summary(manager: EntityManager, poId: string): Promise<PurchaseOrderSummary | null> {
    const record = await this.orders.find(manager, poId);
    if (!record) return null;
    const supplier = await this.suppliers.find(manager, record.supplier_id);
    const [location] = await manager.query<
      { location_name: string | null; address: string | null; postal_code: string | null }[]
    >(`SELECT location_name, address, postal_code FROM location_replica WHERE location_id = $1`, [record.location_id]);
    const lines = await this.orders.lines(manager, poId);
    const names = new Map<string, string>();
    for (const skuId of new Set(lines.map((line) => line.sku_id))) {
      names.set(skuId, (await this.skus.find(manager, skuId))?.name ?? skuId);
    }
    return {
      record,
      supplier_name: supplier?.company_name ?? record.supplier_id,
      contact_email: supplier?.contact_email ?? '',
      location_name: location?.location_name ?? record.location_id,
      location_address: [location?.address, location?.postal_code].filter(Boolean).join(' '),
      lines: lines.map((line) => ({
        line_id: line.line_no,
        sku_name: names.get(line.sku_id) ?? line.sku_id,
        quantity: line.quantity,
        uom_name: line.uom_name,
        price_each: line.unit_price,
        amount: line.line_subtotal,
      })),
    };
  }
}
