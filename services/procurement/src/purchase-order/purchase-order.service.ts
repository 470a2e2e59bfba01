import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { PURCHASE_ORDER_MACHINE, ProcurementSubjects, exact } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderAction,
  PurchaseOrderListRow,
  PurchaseOrderView,
  ValidPurchaseOrderInput,
} from '@scm/contracts';
import {
  AttachmentService,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
  announceDocumentUsage,
  assertEditable,
  assertLocationsInScope,
  assertRevision,
  availableActionsFor,
  findDocumentInScope,
  inTransaction,
  locationScopeOf,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  retryOnConflict,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import { ReceivingOrderService } from '../receiving-order/receiving-order.service.js';
import { SupplierConfirmationService } from '../supplier-confirmation/supplier-confirmation.service.js';
import { PurchaseOrderPricer } from './purchase-order-pricing.js';
import type { PricedPurchaseOrder, PurchaseOrderLineInput } from './purchase-order-pricing.js';
import { PurchaseOrderException, poProblem } from './purchase-order.exception.js';
import { PurchaseOrderRepository } from './purchase-order.repository.js';
import type { PurchaseOrderLineRecord, PurchaseOrderRecord } from './purchase-order.repository.js';

const MACHINE = PURCHASE_ORDER_MACHINE;

/** The attachment owner type of purchase orders (procurement.module.ts). */
export const PURCHASE_ORDER_ATTACHMENTS = 'purchase-order';

/** The user actions with a route (the system's — the supplier's answer, receipts — have none). */
export type PurchaseOrderUserAction = Extract<
  PurchaseOrderAction,
  'submit' | 'recall' | 'approve' | 'reject' | 'resend' | 'cancel' | 'close'
>;

/** The activity event of each action (a recall too: it withdraws the approval request the submit made). */
const ACTIVITY_SUBJECTS = {
  submit: ProcurementSubjects.PurchaseOrderSubmitted,
  recall: ProcurementSubjects.PurchaseOrderRecalled,
  approve: ProcurementSubjects.PurchaseOrderApproved,
  reject: ProcurementSubjects.PurchaseOrderRejected,
  resend: ProcurementSubjects.PurchaseOrderResent,
  cancel: ProcurementSubjects.PurchaseOrderCancelled,
  close: ProcurementSubjects.PurchaseOrderClosed,
} as const;

/**
 * Purchase orders (SPEC.md §3-§5, issue 12), built with the document kit exactly as the stock adjustment is:
 * DRAFT → PENDING APPROVAL → PENDING SUPPLIER (approve, within the approver's limit in USD) / REJECTED; cancel
 * and close end in CLOSED. Every action runs the kit's checks and writes its history; every edit and action
 * names the revision it was made on.
 */
@Injectable()
export class PurchaseOrderService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly orders: PurchaseOrderRepository,
    private readonly pricer: PurchaseOrderPricer,
    private readonly actions: DocumentActions,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
    private readonly supplierConfirmation: SupplierConfirmationService,
    private readonly receiving: ReceivingOrderService,
  ) {}

  onModuleInit(): void {
    // The document page's files: refused exactly as the PO itself is (another location's is not found).
    this.attachments.guardOwner(PURCHASE_ORDER_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<PurchaseOrderListRow>> {
    const page = await this.orders.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<PurchaseOrderView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** A new DRAFT, numbered in its location's PO series, priced from the replicas. */
  async create(input: ValidPurchaseOrderInput, user: AccessTokenClaims): Promise<PurchaseOrderView> {
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, (manager) => this.createDraft(manager, input, user)),
    );
    return this.get(id, user);
  }

  /**
   * THE way a PO comes into being, in the caller's transaction: scope check, pricing, number, row, usage and
   * history. A store order's submission calls it once per supplier (`storeOrder` links the PO back to it), so its
   * POs are numbered and priced exactly as one typed by a buyer. Answers the new PO's id.
   */
  async createDraft(
    manager: EntityManager,
    input: ValidPurchaseOrderInput,
    user: AccessTokenClaims,
    storeOrder: { id: string; doc_no: string } | null = null,
  ): Promise<string> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    const priced = await this.pricer.price(manager, input, linesOf(input));
    const actor = actorOf(user);
    const orderId = randomUUID();
    // Taken late: creations at one location queue from here to their commit.
    const docNo = await nextDocumentNumber(manager, 'PO', input.location_id);
    await this.orders.insert(
      manager,
      {
        id: orderId,
        doc_no: docNo,
        status: 'DRAFT',
        revision: 1,
        location_id: input.location_id,
        ...headerOf(input, priced),
        store_order_id: storeOrder?.id ?? null,
        store_order_no: storeOrder?.doc_no ?? null,
        created_by: actor.id,
        created_by_name: actor.name,
        submitted_by: null,
        submitted_by_name: null,
        submitted_time: null,
      },
      priced.lines,
    );
    await this.announceUsage(manager, orderId, 1, input, priced.lines);
    await recordHistory(manager, {
      document_type: 'PO',
      document_id: orderId,
      action: 'create',
      from_status: null,
      to_status: 'DRAFT',
      remark: storeOrder ? storeOrder.doc_no : null,
      actor,
    });
    return orderId;
  }

  /** Replaces a DRAFT's header and lines; the edit must be made on the current revision. */
  async update(id: string, input: ValidPurchaseOrderInput, user: AccessTokenClaims): Promise<PurchaseOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the location: a PO does not move; cancel it and make one at the other.
        if (input.location_id !== record.location_id) {
          throw PurchaseOrderException.invalid([poProblem.invalid('location_id')]);
        }
        const lines = user.cost
          ? linesOf(input)
          : keepHiddenPrices(linesOf(input), await this.orders.lines(manager, id));
        const priced = await this.pricer.price(manager, input, lines);
        await this.orders.replaceLines(manager, id, priced.lines);
        const saved = await this.orders.update(manager, id, record.revision, {
          ...headerOf(input, priced),
          last_updated_by: user.sub,
        });
        if (!saved) throw PurchaseOrderException.stale();
        await this.announceUsage(manager, id, record.revision + 1, input, priced.lines);
        await recordHistory(manager, {
          document_type: 'PO',
          document_id: id,
          action: 'update',
          from_status: record.status,
          to_status: record.status,
          actor: actorOf(user),
        });
      }),
    );
    return this.get(id, user);
  }

  /** The supplier, location and SKUs of this revision are in use: catalog refuses to archive or delete them. */
  private announceUsage(
    manager: EntityManager,
    id: string,
    revision: number,
    input: ValidPurchaseOrderInput,
    lines: ReadonlyArray<{ sku_id: string }>,
  ): Promise<void> {
    return announceDocumentUsage(this.events, manager, {
      service: 'procurement',
      used_by_type: 'purchase_order',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: input.location_id },
        { target_type: 'supplier', target_id: input.supplier_id },
        ...lines.map((line) => ({ target_type: 'sku' as const, target_id: line.sku_id })),
      ],
    });
  }

  /**
   * submit / recall / approve / reject / resend / cancel / close: the kit's checks (machine, permission,
   * revision, remark, approval limit on total_usd, no self-approval), the history line, the status, and the
   * activity event in the same transaction (the outbox).
   */
  async act(
    id: string,
    action: PurchaseOrderUserAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    const mail = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        const transition = await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'purchase_order',
          document: {
            type: 'PO',
            id,
            doc_no: record.doc_no,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
            value_usd: record.total_usd,
          },
          action,
          input,
          user,
          subject: ACTIVITY_SUBJECTS[action],
        });
        // Approving (to PENDING SUPPLIER) and resending issue the supplier's one-time link in this transaction.
        return transition.to === 'PENDING SUPPLIER' ? this.supplierConfirmation.issueLink(manager, id) : null;
      }),
    );
    // Mailed once committed: a rolled back approval sends nothing.
    await this.supplierConfirmation.sendMail(mail);
    return this.get(id, user);
  }

  /** The header locked for the action; another location's answers as not found. */
  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<PurchaseOrderRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /**
   * THE location-scope check of the purchase order: its read by id, its actions (locked) and its attachments
   * (the guard registered in onModuleInit) all go through it.
   */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<PurchaseOrderRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.orders.find(manager, valid, lock),
      () => PurchaseOrderException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: PurchaseOrderRecord,
    user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    const lines = await this.orders.lines(manager, record.id);
    const supplier = await this.suppliers.find(manager, record.supplier_id);
    const location = await this.locations.find(manager, record.location_id);
    const skus = new Map<string, SkuReplicaRow | null>();
    for (const skuId of new Set(lines.map((line) => line.sku_id))) {
      skus.set(skuId, await this.skus.find(manager, skuId));
    }
    // Ordered, received and open per line: the receiving page's own computation, not a second one.
    const progress = await this.receiving.receiptProgress(manager, record.id, lines);
    const available = await this.orders.supplierAvailable(manager, record.id);
    const minimum = exact(record.minimum_order_value);
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.location_id,
      location_name: location?.location_name ?? record.location_id,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: new Date(record.created_time).toISOString(),
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: record.submitted_time ? new Date(record.submitted_time).toISOString() : null,
      last_updated_time: new Date(record.last_updated_time).toISOString(),
      available_actions: availableActionsFor(MACHINE, record.status, user),
      history: await readHistory(manager, 'PO', record.id),
      store_order_id: record.store_order_id,
      store_order_no: record.store_order_no,
      supplier_id: record.supplier_id,
      supplier_name: supplier?.company_name ?? record.supplier_id,
      purchase_date: record.purchase_date,
      delivery_time: new Date(record.delivery_time).toISOString(),
      order_type: record.order_type,
      stock_type: record.stock_type,
      currency: record.currency,
      exchange_rate: record.exchange_rate,
      gst_price_type: record.gst_price_type,
      gst_rate: record.gst_rate,
      subtotal_amount: record.subtotal_amount,
      gst_amount: record.gst_amount,
      total_amount: record.total_amount,
      total_usd: record.total_usd,
      minimum_order_value: record.minimum_order_value,
      below_minimum_order_value: minimum.isPositive() && exact(record.subtotal_amount).lessThan(minimum),
      internal_remark: record.internal_remark,
      external_remark: record.external_remark,
      lines: lines.map((line) => ({
        line_no: line.line_no,
        sku_id: line.sku_id,
        sku_name: skus.get(line.sku_id)?.name ?? line.sku_id,
        uom_name: line.uom_name,
        uom_list: skus.get(line.sku_id)?.uom_list ?? [{ uom_name: line.uom_name, factor: '1' }],
        quantity: line.quantity,
        unit_price: line.unit_price,
        line_subtotal: line.line_subtotal,
        remark: line.remark,
        supplier_available_quantity: available.get(line.line_no) ?? null,
        received_qty: progress.get(line.line_no)!.received_qty,
        open_qty: progress.get(line.line_no)!.open_qty,
      })),
      receiving_orders: await this.receiving.receiptsOf(manager, record.id),
    };
  }
}

/** The header fields of the input and its pricing, as stored. */
function headerOf(input: ValidPurchaseOrderInput, priced: PricedPurchaseOrder) {
  return {
    supplier_id: input.supplier_id,
    purchase_date: input.purchase_date,
    delivery_time: input.delivery_time,
    order_type: input.order_type,
    stock_type: input.stock_type,
    currency: input.currency,
    exchange_rate: priced.exchange_rate,
    gst_price_type: priced.gst_price_type,
    gst_rate: priced.gst_rate,
    subtotal_amount: priced.subtotal_amount,
    gst_amount: priced.gst_amount,
    total_amount: priced.total_amount,
    total_usd: priced.total_usd,
    minimum_order_value: priced.minimum_order_value,
    internal_remark: input.internal_remark,
    external_remark: input.external_remark,
  };
}

/** The body's lines, numbered in their order. */
function linesOf(input: ValidPurchaseOrderInput): PurchaseOrderLineInput[] {
  return input.lines.map((line, index) => ({
    line_no: index + 1,
    sku_id: line.sku_id,
    uom_name: line.uom_name,
    quantity: line.quantity,
    unit_price: line.unit_price,
    remark: line.remark,
  }));
}

/**
 * A caller without can_see_cost never received the lines' unit prices (the answers leave cost fields out), so the
 * draft it sends back has none: each line keeps the price stored for the same SKU and unit, instead of taking the
 * supplier's price afresh.
 */
function keepHiddenPrices(
  lines: PurchaseOrderLineInput[],
  stored: readonly PurchaseOrderLineRecord[],
): PurchaseOrderLineInput[] {
  const prices = new Map(stored.map((line) => [`${line.sku_id}:${line.uom_name}`, line.unit_price]));
  return lines.map((line) =>
    line.unit_price !== null ? line : { ...line, unit_price: prices.get(`${line.sku_id}:${line.uom_name}`) ?? null },
  );
}
