import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  PURCHASE_ORDER_MACHINE,
  ProcurementSubjects,
  RECEIVING_ORDER_MACHINE,
  StockPostingSubjects,
  exact,
  hasPermission,
  listQuerySchema,
  roundTo,
  sumAt,
  unitKey,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderListRow,
  PurchaseOrderReceipt,
  PurchaseOrderStatus,
  ReceivableLine,
  ReceivingOrderAction,
  ReceivingOrderLineView,
  ReceivingOrderListRow,
  ReceivingOrderView,
  ReceivingSettings,
  ValidStockPostingRequest,
  ValidReceivingOrderInput,
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
  inLocationScope,
  inTransaction,
  locationScopeOf,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  retryOnConflict,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { skuLabel } from '../purchase-order/purchase-order-pricing.js';
import { poProblem } from '../purchase-order/purchase-order.exception.js';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';
import { PurchaseOrderRepository } from '../purchase-order/purchase-order.repository.js';
import type { PurchaseOrderLineRecord, PurchaseOrderRecord } from '../purchase-order/purchase-order.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { RatesReplicaRepository } from '../replicas/rates-replica.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import { ReceivingOrderException, roProblem } from './receiving-order.exception.js';
import { ReceivingOrderRepository } from './receiving-order.repository.js';
import type { ReceivingOrderLineRecord, ReceivingOrderRecord } from './receiving-order.repository.js';

const MACHINE = RECEIVING_ORDER_MACHINE;

/** The attachment owner type of receiving orders (procurement.module.ts). */
export const RECEIVING_ORDER_ATTACHMENTS = 'receiving-order';

/** PO statuses goods may arrive against (the PO machine's receivePart / receiveAll `from`). */
const RECEIVABLE_PO: readonly PurchaseOrderStatus[] = [
  'PENDING SUPPLIER',
  'CONFIRMED BY SUPPLIER',
  'PARTIALLY RECEIVED',
];

export type ReceivingOrderUserAction = Extract<
  ReceivingOrderAction,
  'submit' | 'recall' | 'approve' | 'reject' | 'receive' | 'cancel'
>;

/** The activity event of each action (a recall too: it withdraws the approval request the submit made). */
const ACTIVITY_SUBJECTS = {
  submit: ProcurementSubjects.ReceivingOrderSubmitted,
  recall: ProcurementSubjects.ReceivingOrderRecalled,
  approve: ProcurementSubjects.ReceivingOrderApproved,
  reject: ProcurementSubjects.ReceivingOrderRejected,
  receive: ProcurementSubjects.ReceivingOrderReceived,
  cancel: ProcurementSubjects.ReceivingOrderCancelled,
} as const;

function live(record: { deleted: boolean; status: string } | null): boolean {
  return !!record && !record.deleted && record.status !== 'archived';
}

/** The receive date of a receive time: the ledger's value_date and the exchange rate's date. */
function valueDateOf(receiveTime: string | Date): string {
  return new Date(receiveTime).toISOString().slice(0, 10);
}

/** What an input becomes once checked against the PO and the replicas. */
interface PreparedReceivingOrder {
  purchase_order: PurchaseOrderRecord | null;
  supplier_id: string;
  stock_type: 'inventory' | 'consignment';
  currency: string;
  exchange_rate: string;
  subtotal_amount: string;
  total_amount: string;
  total_usd: string;
  lines: ReceivingOrderLineRecord[];
}

/**
 * Receiving orders (SPEC.md §3-§5, issue 12), built with the document kit: DRAFT → PENDING APPROVAL → APPROVED →
 * RECEIVED / REJECTED. Receiving publishes the ledger's posting request (`procurement.receiving-order.posted`,
 * idempotent on the RO's id and revision) through the outbox and moves the PO to PARTIALLY RECEIVED or RECEIVED by
 * the PO machine's system actions, all in one transaction.
 */
@Injectable()
export class ReceivingOrderService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly receipts: ReceivingOrderRepository,
    private readonly orders: PurchaseOrderRepository,
    private readonly actions: DocumentActions,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly rates: RatesReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(RECEIVING_ORDER_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<ReceivingOrderListRow>> {
    const page = await this.receipts.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.receipts.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<ReceivingOrderView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** The lines of a PO still to receive: ordered, received by RECEIVED receiving orders, open (never below 0). */
  async receivableLines(purchaseOrderId: string, user: AccessTokenClaims): Promise<ReceivableLine[]> {
    const manager = this.dataSource.manager;
    const po = await findDocumentInScope(
      purchaseOrderId,
      user,
      (valid) => this.orders.find(manager, valid),
      () => ReceivingOrderException.notFound(),
    );
    const lines = await this.orders.lines(manager, po.id);
    const progress = await this.receiptProgress(manager, po.id, lines);
    const skus = await this.skus.findMany(
      manager,
      lines.map((line) => line.sku_id),
    );
    return lines.map((line) => ({
      po_line_no: line.line_no,
      sku_id: line.sku_id,
      sku_name: skus.get(line.sku_id)?.name ?? line.sku_id,
      uom_name: line.uom_name,
      ...progress.get(line.line_no)!,
      unit_price: line.unit_price,
    }));
  }

  /**
   * THE receipt progress of a PO's lines, in each line's unit: ordered, received by the PO's RECEIVED receiving
   * orders, and open (never below 0). The receivable lines above and the PO's own view both read it.
   */
  async receiptProgress(
    manager: EntityManager,
    purchaseOrderId: string,
    lines: readonly Pick<PurchaseOrderLineRecord, 'line_no' | 'quantity'>[],
  ): Promise<Map<number, { ordered_qty: string; received_qty: string; open_qty: string }>> {
    const received = await this.receipts.receivedByPoLine(manager, purchaseOrderId);
    return new Map(
      lines.map((line) => {
        const done = exact(received.get(line.line_no) ?? '0');
        const open = exact(line.quantity).minus(done);
        return [
          line.line_no,
          {
            ordered_qty: roundTo(line.quantity, 3),
            received_qty: roundTo(done, 3),
            open_qty: roundTo(open.isNegative() ? 0 : open, 3),
          },
        ];
      }),
    );
  }

  /**
   * The POs goods may arrive against (sent, confirmed or partly received) at the caller's locations, newest first:
   * what the receiving page offers, read under RO so a receiving clerk needs no PO right.
   */
  async receivablePurchaseOrders(scope: LocationScope): Promise<PurchaseOrderListRow[]> {
    const query = listQuerySchema.parse({ limit: 500, other_params: { status: [...RECEIVABLE_PO] } });
    return (await this.orders.list(query, scope)).data;
  }

  /** The receiving orders made against a PO, oldest first (the PO page links to them). */
  receiptsOf(manager: EntityManager, purchaseOrderId: string): Promise<PurchaseOrderReceipt[]> {
    return this.receipts.byPurchaseOrder(manager, purchaseOrderId);
  }

  async settings(): Promise<ReceivingSettings> {
    const tolerance = await this.receipts.overReceiptTolerance(this.dataSource.manager);
    return { over_receipt_tolerance_percent: roundTo(tolerance, 2) };
  }

  async updateSettings(input: ReceivingSettings): Promise<ReceivingSettings> {
    await inTransaction(this.dataSource, (manager) =>
      this.receipts.setOverReceiptTolerance(manager, input.over_receipt_tolerance_percent),
    );
    return this.settings();
  }

  async create(input: ValidReceivingOrderInput, user: AccessTokenClaims): Promise<ReceivingOrderView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const prepared = await this.prepare(manager, input, user, null);
        const actor = actorOf(user);
        const receiptId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'RO', input.location_id);
        await this.receipts.insert(
          manager,
          {
            id: receiptId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            ...headerOf(input, prepared),
            created_by: actor.id,
            created_by_name: actor.name,
            submitted_by: null,
            submitted_by_name: null,
            submitted_time: null,
          },
          prepared.lines,
        );
        await this.announceUsage(manager, receiptId, 1, input.location_id, prepared);
        await recordHistory(manager, {
          document_type: 'RO',
          document_id: receiptId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return receiptId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidReceivingOrderInput, user: AccessTokenClaims): Promise<ReceivingOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        if (input.location_id !== record.location_id) {
          throw ReceivingOrderException.invalid([roProblem.invalid('location_id')]);
        }
        const prepared = await this.prepare(manager, input, user, id);
        await this.receipts.replaceLines(manager, id, prepared.lines);
        const saved = await this.receipts.update(manager, id, record.revision, {
          ...headerOf(input, prepared),
          last_updated_by: user.sub,
        });
        if (!saved) throw ReceivingOrderException.stale();
        await this.announceUsage(manager, id, record.revision + 1, record.location_id, prepared);
        await recordHistory(manager, {
          document_type: 'RO',
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
    locationId: string,
    prepared: PreparedReceivingOrder,
  ): Promise<void> {
    return announceDocumentUsage(this.events, manager, {
      service: 'procurement',
      used_by_type: 'receiving_order',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: locationId },
        { target_type: 'supplier', target_id: prepared.supplier_id },
        ...prepared.lines.map((line) => ({ target_type: 'sku' as const, target_id: line.sku_id })),
      ],
    });
  }

  /**
   * submit / recall / approve / reject / receive / cancel: the kit's checks, the history, the status and the
   * activity event in one transaction; `receive` also posts the stock and moves the PO.
   */
  async act(
    id: string,
    action: ReceivingOrderUserAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'receiving_order',
          document: {
            type: 'RO',
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
          effect: action === 'receive' ? () => this.receive(manager, record, user) : undefined,
        });
      }),
    );
    return this.get(id, user);
  }

  /**
   * The receipt's effects, in the action's transaction: the PO locked and checked again (still receivable, no
   * over-receipt beyond what the receiver may take), the posting request through the outbox (revision = the
   * RECEIVED revision: a replay posts nothing twice), the PO's status by its machine's system action.
   */
  private async receive(manager: EntityManager, record: ReceivingOrderRecord, user: AccessTokenClaims): Promise<void> {
    const lines = await this.receipts.lines(manager, record.id);
    let po: PurchaseOrderRecord | null = null;
    let poLines: PurchaseOrderLineRecord[] = [];
    let received = new Map<number, string>();
    if (record.purchase_order_id) {
      po = await this.orders.find(manager, record.purchase_order_id, true);
      if (!po || po.location_id !== record.location_id) {
        throw ReceivingOrderException.notReceivable(record.purchase_order_id, 'unknown');
      }
      if (!RECEIVABLE_PO.includes(po.status)) throw ReceivingOrderException.notReceivable(po.doc_no, po.status);
      poLines = await this.orders.lines(manager, po.id);
      received = await this.receipts.receivedByPoLine(manager, po.id, record.id);
      await this.assertNoOverReceipt(manager, lines, poLines, received, user);
    }

    const posted = postingLinesOf(lines, record);
    const request: ValidStockPostingRequest = {
      document_type: 'RO',
      document_id: record.id,
      document_no: record.doc_no,
      revision: record.revision + 1,
      value_date: valueDateOf(record.receive_time),
      allow_negative: false,
      lines: posted,
    };
    await this.events.publish(manager, StockPostingSubjects.ReceivingOrderPosted, request);

    if (po) {
      const after = new Map(received);
      for (const line of lines) {
        if (line.kind !== 'receive' || line.po_line_no === null) continue;
        after.set(
          line.po_line_no,
          exact(after.get(line.po_line_no) ?? '0')
            .plus(exact(line.po_quantity ?? '0'))
            .toString(),
        );
      }
      const complete = poLines.every((line) => !exact(after.get(line.line_no) ?? '0').lessThan(exact(line.quantity)));
      const poAction = complete ? 'receiveAll' : 'receivePart';
      const transition = await this.actions.system(manager, {
        machine: PURCHASE_ORDER_MACHINE,
        document: { type: 'PO', id: po.id, status: po.status },
        action: poAction,
        actor: actorOf(user),
        remark: record.doc_no,
      });
      const saved = await this.orders.update(manager, po.id, po.revision, {
        status: transition.to as PurchaseOrderStatus,
        last_updated_by: user.sub,
      });
      if (!saved) throw ReceivingOrderException.stale();
    }
  }

  /**
   * More than ordered (beyond procurement's tolerance, in percent) may arrive only for a user with the RO approval
   * right: counted per PO line, in its unit, with what RECEIVED receiving orders already took.
   */
  private async assertNoOverReceipt(
    manager: EntityManager,
    lines: readonly ReceivingOrderLineRecord[],
    poLines: readonly PurchaseOrderLineRecord[],
    received: ReadonlyMap<number, string>,
    user: AccessTokenClaims,
  ): Promise<void> {
    if (hasPermission(user.perms, 'RO', 'approval')) return;
    const tolerance = await this.receipts.overReceiptTolerance(manager);
    const factor = exact(tolerance).plus(100).dividedBy(100);
    const incoming = new Map<number, { quantity: ExactSum; index: number }>();
    lines.forEach((line, index) => {
      if (line.kind !== 'receive' || line.po_line_no === null) return;
      const entry = incoming.get(line.po_line_no) ?? { quantity: exact('0'), index };
      entry.quantity = entry.quantity.plus(exact(line.po_quantity ?? '0'));
      incoming.set(line.po_line_no, entry);
    });
    const problems: PurchaseOrderProblem[] = [];
    const skus = await this.skus.findMany(
      manager,
      poLines.map((line) => line.sku_id),
    );
    for (const [poLineNo, entry] of incoming) {
      const poLine = poLines.find((line) => line.line_no === poLineNo);
      if (!poLine) continue;
      const total = exact(received.get(poLineNo) ?? '0').plus(entry.quantity);
      if (total.greaterThan(exact(poLine.quantity).times(factor))) {
        problems.push(
          roProblem.overReceipt(`receiving_list.${entry.index}.receive_qty`, {
            item: skuLabel(skus.get(poLine.sku_id) ?? null, poLine.sku_id),
            quantity: roundTo(total, 3),
            uom: poLine.uom_name,
            ordered: roundTo(poLine.quantity, 3),
            tolerance: roundTo(tolerance, 2),
          }),
        );
      }
    }
    if (problems.length > 0) throw ReceivingOrderException.invalid(problems);
  }

  /** Checks an input against its PO and the replicas and prices its lines; every problem told at once. */
  private async prepare(
    manager: EntityManager,
    input: ValidReceivingOrderInput,
    user: AccessTokenClaims,
    self: string | null,
  ): Promise<PreparedReceivingOrder> {
    const problems: PurchaseOrderProblem[] = [];
    const location = await this.locations.find(manager, input.location_id);
    if (!live(location)) problems.push(poProblem.locationUnknown(input.location_id));
    let po: PurchaseOrderRecord | null = null;
    let poLines: PurchaseOrderLineRecord[] = [];
    if (input.purchase_order_id) {
      po = await this.orders.find(manager, input.purchase_order_id);
      if (!po || po.location_id !== input.location_id || !inLocationScope(locationScopeOf(user), po.location_id)) {
        throw ReceivingOrderException.invalid([roProblem.invalid('purchase_order_id')]);
      }
      if (!RECEIVABLE_PO.includes(po.status)) throw ReceivingOrderException.notReceivable(po.doc_no, po.status);
      poLines = await this.orders.lines(manager, po.id);
    } else {
      if (!input.supplier_id) problems.push(roProblem.required('supplier_id'));
      if (!input.currency) problems.push(roProblem.required('currency'));
      if (input.receiving_list.length > 0) problems.push(roProblem.invalid('receiving_list'));
    }
    const supplierId = po?.supplier_id ?? input.supplier_id ?? '';
    if (!po && supplierId && !live(await this.suppliers.find(manager, supplierId))) {
      problems.push(poProblem.supplierUnknown(supplierId));
    }
    const currency = po?.currency ?? input.currency ?? '';
    const date = valueDateOf(input.receive_time);
    const rate = currency ? await this.rates.rateOn(manager, currency, date) : null;
    if (currency && rate === null) problems.push(poProblem.noExchangeRate(currency, date));

    const skuIds = [
      ...poLines.map((line) => line.sku_id),
      ...input.additional_list.map((line) => line.sku_id),
      ...input.rejected_list.map((line) => line.sku_id),
    ];
    const skus = await this.skus.findMany(manager, skuIds);
    const unitOf = (sku: SkuReplicaRow | null | undefined, name: string) =>
      sku?.uom_list.find((unit) => unitKey(unit.uom_name) === unitKey(name));

    const lines: ReceivingOrderLineRecord[] = [];
    let lineNo = 0;
    input.receiving_list.forEach((line, index) => {
      const poLine = poLines.find((candidate) => candidate.line_no === line.po_line_no);
      if (!poLine) {
        if (po) problems.push(roProblem.poLineUnknown(`receiving_list.${index}.po_line_no`, line.po_line_no));
        return;
      }
      const sku = skus.get(poLine.sku_id);
      const poUnit = unitOf(sku, poLine.uom_name) ?? { uom_name: poLine.uom_name, factor: '1' };
      const unit = unitOf(sku, line.uom_name ?? poLine.uom_name);
      if (!unit) {
        problems.push(
          poProblem.unitUnknown(
            `receiving_list.${index}.uom_name`,
            skuLabel(sku ?? null, poLine.sku_id),
            line.uom_name ?? '',
          ),
        );
        return;
      }
      const ratio = exact(unit.factor).dividedBy(exact(poUnit.factor));
      const poQuantity = exact(line.receive_qty).times(ratio);
      lines.push({
        line_no: ++lineNo,
        kind: 'receive',
        po_line_no: poLine.line_no,
        sku_id: poLine.sku_id,
        uom_name: unit.uom_name,
        quantity: line.receive_qty,
        po_quantity: roundTo(poQuantity, 3),
        unit_price: roundTo(exact(poLine.unit_price).times(ratio), 4),
        line_subtotal: roundTo(poQuantity.times(exact(poLine.unit_price)), 2),
        reason: null,
        remark: line.remark,
      });
    });
    input.additional_list.forEach((line, index) => {
      const sku = skus.get(line.sku_id);
      if (!live(sku ?? null)) {
        problems.push(poProblem.skuUnknown(`additional_list.${index}.sku_id`, skuLabel(sku ?? null, line.sku_id)));
        return;
      }
      const unit = unitOf(sku, line.uom_name);
      if (!unit) {
        problems.push(
          poProblem.unitUnknown(`additional_list.${index}.uom_name`, skuLabel(sku!, line.sku_id), line.uom_name),
        );
        return;
      }
      lines.push({
        line_no: ++lineNo,
        kind: 'additional',
        po_line_no: null,
        sku_id: line.sku_id,
        uom_name: unit.uom_name,
        quantity: line.receive_qty,
        po_quantity: null,
        unit_price: line.unit_price,
        line_subtotal: roundTo(exact(line.receive_qty).times(exact(line.unit_price)), 2),
        reason: null,
        remark: line.remark,
      });
    });
    input.rejected_list.forEach((line, index) => {
      const sku = skus.get(line.sku_id);
      if (!sku) {
        problems.push(poProblem.skuUnknown(`rejected_list.${index}.sku_id`, line.sku_id));
        return;
      }
      const unit = unitOf(sku, line.uom_name);
      if (!unit) {
        problems.push(
          poProblem.unitUnknown(`rejected_list.${index}.uom_name`, skuLabel(sku, line.sku_id), line.uom_name),
        );
        return;
      }
      if (line.po_line_no && po && !poLines.some((candidate) => candidate.line_no === line.po_line_no)) {
        problems.push(roProblem.poLineUnknown(`rejected_list.${index}.po_line_no`, line.po_line_no));
        return;
      }
      lines.push({
        line_no: ++lineNo,
        kind: 'rejected',
        po_line_no: line.po_line_no ?? null,
        sku_id: line.sku_id,
        uom_name: unit.uom_name,
        quantity: line.reject_qty,
        po_quantity: null,
        unit_price: '0',
        line_subtotal: '0',
        reason: line.reason,
        remark: line.remark,
      });
    });
    if (problems.length > 0) throw ReceivingOrderException.invalid(problems);
    if (!lines.some((line) => line.kind !== 'rejected')) throw ReceivingOrderException.nothingReceived();
    if (po) {
      const received = await this.receipts.receivedByPoLine(manager, po.id, self ?? undefined);
      await this.assertNoOverReceipt(manager, lines, poLines, received, user);
    }
    const subtotal = exact(
      sumAt(
        lines.map((line) => line.line_subtotal),
        2,
      ),
    );
    const total = subtotal.plus(exact(input.tax_amount)).plus(exact(input.shipping_amount));
    return {
      purchase_order: po,
      supplier_id: supplierId,
      stock_type: po?.stock_type ?? input.stock_type ?? 'inventory',
      currency,
      exchange_rate: rate!,
      subtotal_amount: roundTo(subtotal, 2),
      total_amount: roundTo(total, 2),
      total_usd: roundTo(total.dividedBy(exact(rate!)), 2),
      lines,
    };
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<ReceivingOrderRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /** THE location-scope check of the receiving order: read by id, actions (locked), attachments. */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<ReceivingOrderRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.receipts.find(manager, valid, lock),
      () => ReceivingOrderException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: ReceivingOrderRecord,
    user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    const lines = await this.receipts.lines(manager, record.id);
    const supplier = await this.suppliers.find(manager, record.supplier_id);
    const location = await this.locations.find(manager, record.location_id);
    const po = record.purchase_order_id ? await this.orders.find(manager, record.purchase_order_id) : null;
    const poLines = po ? await this.orders.lines(manager, po.id) : [];
    const received = po ? await this.receipts.receivedByPoLine(manager, po.id, record.id) : new Map<number, string>();
    const skus = await this.skus.findMany(
      manager,
      lines.map((line) => line.sku_id),
    );
    const lineView = (line: ReceivingOrderLineRecord): ReceivingOrderLineView => {
      const poLine =
        line.kind === 'receive' ? poLines.find((candidate) => candidate.line_no === line.po_line_no) : undefined;
      const done = poLine ? exact(received.get(poLine.line_no) ?? '0') : null;
      return {
        line_no: line.line_no,
        kind: line.kind,
        po_line_no: line.po_line_no,
        sku_id: line.sku_id,
        sku_name: skus.get(line.sku_id)?.name ?? line.sku_id,
        uom_name: line.uom_name,
        quantity: line.quantity,
        po_uom_name: poLine?.uom_name ?? null,
        ordered_qty: poLine ? roundTo(poLine.quantity, 3) : null,
        received_qty: done ? roundTo(done, 3) : null,
        po_quantity: line.po_quantity,
        variance:
          poLine && done ? roundTo(done.plus(exact(line.po_quantity ?? '0')).minus(exact(poLine.quantity)), 3) : null,
        reason: line.reason,
        ...(line.kind !== 'rejected' && { unit_price: line.unit_price, line_subtotal: line.line_subtotal }),
        remark: line.remark,
      };
    };
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
      history: await readHistory(manager, 'RO', record.id),
      purchase_order_id: record.purchase_order_id,
      purchase_order_no: po?.doc_no ?? null,
      supplier_id: record.supplier_id,
      supplier_name: supplier?.company_name ?? record.supplier_id,
      delivery_order_no: record.delivery_order_no,
      receive_time: new Date(record.receive_time).toISOString(),
      stock_type: record.stock_type,
      currency: record.currency,
      exchange_rate: record.exchange_rate,
      is_gms: record.is_gms,
      subtotal_amount: record.subtotal_amount,
      tax_amount: record.tax_amount,
      shipping_amount: record.shipping_amount,
      total_amount: record.total_amount,
      total_usd: record.total_usd,
      remark: record.remark,
      receiving_list: lines.filter((line) => line.kind === 'receive').map(lineView),
      additional_list: lines.filter((line) => line.kind === 'additional').map(lineView),
      rejected_list: lines.filter((line) => line.kind === 'rejected').map(lineView),
    };
  }
}

type ExactSum = ReturnType<typeof exact>;

function headerOf(input: ValidReceivingOrderInput, prepared: PreparedReceivingOrder) {
  return {
    purchase_order_id: prepared.purchase_order?.id ?? null,
    supplier_id: prepared.supplier_id,
    delivery_order_no: input.delivery_order_no,
    receive_time: input.receive_time,
    stock_type: prepared.stock_type,
    currency: prepared.currency,
    exchange_rate: prepared.exchange_rate,
    is_gms: input.is_gms,
    subtotal_amount: prepared.subtotal_amount,
    tax_amount: roundTo(input.tax_amount, 2),
    shipping_amount: roundTo(input.shipping_amount, 2),
    total_amount: prepared.total_amount,
    total_usd: prepared.total_usd,
    remark: input.remark,
  };
}

/**
 * The stock-in lines of the posting request: each received and additional line at its price in the native
 * currency plus its share of the shipping (apportioned by the lines' values), per one unit of its unit, converted
 * to USD at the receipt's rate, 4 decimals — exact decimals throughout. Tax is not a cost of the stock (GST is
 * claimed back); rejected quantities are not taken in.
 */
export function postingLinesOf(
  lines: readonly ReceivingOrderLineRecord[],
  header: Pick<ReceivingOrderRecord, 'location_id' | 'shipping_amount' | 'exchange_rate'>,
): ValidStockPostingRequest['lines'] {
  const stock = lines.filter((line) => line.kind !== 'rejected');
  const value = stock.reduce((sum, line) => sum.plus(exact(line.line_subtotal)), exact('0'));
  const shipping = exact(header.shipping_amount);
  const rate = exact(header.exchange_rate);
  return stock.map((line) => {
    const share = value.isZero() ? exact('0') : shipping.times(exact(line.line_subtotal)).dividedBy(value);
    const unitCost = exact(line.line_subtotal).plus(share).dividedBy(exact(line.quantity)).dividedBy(rate);
    return {
      line_no: line.line_no,
      item_type: 'sku',
      item_id: line.sku_id,
      location_id: header.location_id,
      quantity: line.quantity,
      uom_name: line.uom_name,
      unit_cost: roundTo(unitCost, 4),
    };
  });
}
