import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  ExactDecimal,
  ProcurementSubjects,
  RETURN_NOTE_MACHINE,
  StockPostingSubjects,
  exact,
  roundTo,
  sumAt,
  unitKey,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  ReturnNoteAction,
  ReturnNoteLineView,
  ReturnNoteListRow,
  ReturnNoteView,
  ReturnableLine,
  ValidReturnNoteInput,
  ValidStockPostingRequest,
} from '@scm/contracts';
import {
  AttachmentService,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
  assertEditable,
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
import type { DocumentActivitySubject, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { skuLabel } from '../purchase-order/purchase-order-pricing.js';
import type { PurchaseOrderProblem } from '../purchase-order/purchase-order.exception.js';
import { PurchaseOrderRepository } from '../purchase-order/purchase-order.repository.js';
import { ReceivingOrderRepository } from '../receiving-order/receiving-order.repository.js';
import type { ReceivingOrderLineRecord, ReceivingOrderRecord } from '../receiving-order/receiving-order.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { SkuReplicaRepository } from '../replicas/sku-replica.repository.js';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';
import { SupplierReplicaRepository } from '../replicas/supplier-replica.repository.js';
import { ReturnNoteException, rnProblem } from './return-note.exception.js';
import { ReturnNoteRepository } from './return-note.repository.js';
import type { ReturnNoteLineRecord, ReturnNoteRecord, ReturnableReceivingOrder } from './return-note.repository.js';
import { StockPostingReplicaRepository } from './stock-posting-replica.repository.js';

const MACHINE = RETURN_NOTE_MACHINE;

/** The attachment owner type of return notes (procurement.module.ts). */
export const RETURN_NOTE_ATTACHMENTS = 'return-note';

const ACTIVITY_SUBJECTS: Record<ReturnNoteAction, DocumentActivitySubject> = {
  submit: ProcurementSubjects.ReturnNoteSubmitted,
  recall: ProcurementSubjects.ReturnNoteRecalled,
  approve: ProcurementSubjects.ReturnNoteApproved,
  reject: ProcurementSubjects.ReturnNoteRejected,
};

/** What a return note may be made from (`GET return-notes/receiving-orders`). */
export interface ReturnableReceivingOrderView {
  id: string;
  doc_no: string;
  location_id: string;
  supplier_id: string;
  supplier_name: string;
  receive_time: string;
}

/** One stock line of the receiving order with what may still go back of it. */
interface LineAvailability {
  roLine: ReceivingOrderLineRecord;
  sku: SkuReplicaRow | null;
  /** Primary units in one of the line's unit. */
  factor: ExactDecimal;
  received: ExactDecimal;
  returned: ExactDecimal;
  /** The location's on hand of the SKU in the line's unit, rounded down (never promises more than there is). */
  onHand: ExactDecimal;
  /** The same in the primary unit, exact: what the per-SKU check compares with. */
  onHandPrimary: ExactDecimal;
  available: ExactDecimal;
}

/**
 * Return notes (SPEC.md §3-§5, document type GR), built with the document kit: DRAFT → PENDING APPROVAL → RECEIVED
 * / REJECTED. A note is made from a RECEIVED receiving order of the caller's locations; each line sends back part
 * of one of its stock lines, at most what was received minus what the other non-rejected notes take back, and not
 * more than the location has on hand. Approving publishes the ledger's posting request
 * (`procurement.return-note.posted`, idempotent on the note's id and revision) through the outbox with the status.
 */
@Injectable()
export class ReturnNoteService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly notes: ReturnNoteRepository,
    private readonly receipts: ReceivingOrderRepository,
    private readonly orders: PurchaseOrderRepository,
    private readonly postings: StockPostingReplicaRepository,
    private readonly actions: DocumentActions,
    private readonly suppliers: SupplierReplicaRepository,
    private readonly skus: SkuReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(RETURN_NOTE_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<ReturnNoteListRow>> {
    const page = await this.notes.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.notes.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<ReturnNoteView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  async returnableReceivingOrders(scope: LocationScope): Promise<ReturnableReceivingOrderView[]> {
    const rows: ReturnableReceivingOrder[] = await this.notes.returnableReceivingOrders(this.dataSource.manager, scope);
    return rows.map((row) => ({ ...row, receive_time: new Date(row.receive_time).toISOString() }));
  }

  /** The stock lines of a RECEIVED receiving order with received, returned, on hand and available quantities. */
  async returnableLines(receivingOrderId: string, user: AccessTokenClaims): Promise<ReturnableLine[]> {
    const manager = this.dataSource.manager;
    const ro = await findDocumentInScope(
      receivingOrderId,
      user,
      (valid) => this.receipts.find(manager, valid),
      () => ReturnNoteException.notFound(),
    );
    if (ro.status !== 'RECEIVED') throw ReturnNoteException.notReturnable(ro.doc_no, ro.status);
    const availability = await this.availability(manager, ro, null);
    return [...availability.values()].map((line) => returnableOf(line));
  }

  async create(input: ValidReturnNoteInput, user: AccessTokenClaims): Promise<ReturnNoteView> {
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const { ro, lines } = await this.prepare(manager, input, user, null);
        const actor = actorOf(user);
        const noteId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'GR', ro.location_id);
        await this.notes.insert(
          manager,
          {
            id: noteId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: ro.location_id,
            receiving_order_id: ro.id,
            supplier_id: ro.supplier_id,
            currency: ro.currency,
            exchange_rate: ro.exchange_rate,
            ...totalsOf(lines, ro.exchange_rate),
            remark: input.remark,
            created_by: actor.id,
            created_by_name: actor.name,
            submitted_by: null,
            submitted_by_name: null,
            submitted_time: null,
          },
          lines,
        );
        await recordHistory(manager, {
          document_type: 'GR',
          document_id: noteId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return noteId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidReturnNoteInput, user: AccessTokenClaims): Promise<ReturnNoteView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The receiving order fixes the note's location and supplier: another one is another note.
        if (input.receiving_order_id !== record.receiving_order_id) {
          throw ReturnNoteException.invalid([rnProblem.invalid('receiving_order_id')]);
        }
        const { ro, lines } = await this.prepare(manager, input, user, id);
        await this.notes.replaceLines(manager, id, lines);
        const saved = await this.notes.update(manager, id, record.revision, {
          ...totalsOf(lines, ro.exchange_rate),
          remark: input.remark,
          last_updated_by: user.sub,
        });
        if (!saved) throw ReturnNoteException.stale();
        await recordHistory(manager, {
          document_type: 'GR',
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

  /** submit / recall / approve / reject: the kit's checks, the history, the status and the activity event. */
  async act(
    id: string,
    action: ReturnNoteAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'return_note',
          document: {
            type: 'GR',
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
          effect: action === 'approve' ? () => this.issue(manager, record) : undefined,
        });
      }),
    );
    return this.get(id, user);
  }

  /**
   * The return's effect, in the approval's transaction: the quantities checked again under the receiving order's
   * row lock (another note may have been approved meanwhile, or stock consumed), then the posting request through
   * the outbox, revision = the RECEIVED revision, so a redelivered or replayed request posts nothing twice.
   *
   * FIFO, not the received batch: the ledger can issue named batches, but only by batch id, and procurement never
   * learns the ids of the batches its receipt created (`inventory.stock.posted` carries none). The issue therefore
   * takes the location's oldest layers, which is the received batch unless older stock of the SKU is still there.
   */
  private async issue(manager: EntityManager, record: ReturnNoteRecord): Promise<void> {
    const ro = await this.receipts.find(manager, record.receiving_order_id, true);
    if (!ro || ro.status !== 'RECEIVED') {
      throw ReturnNoteException.notReturnable(ro?.doc_no ?? record.receiving_order_id, ro?.status ?? 'unknown');
    }
    const lines = await this.notes.lines(manager, record.id);
    const availability = await this.availability(manager, ro, record.id);
    this.assertAvailable(
      lines.map((line, index) => ({
        field: `return_list.${index}.return_qty`,
        ro_line_no: line.ro_line_no,
        return_qty: line.quantity,
      })),
      availability,
    );
    const request: ValidStockPostingRequest = {
      document_type: 'GR',
      document_id: record.id,
      document_no: record.doc_no,
      revision: record.revision + 1,
      value_date: new Date().toISOString().slice(0, 10),
      allow_negative: false,
      lines: lines.map((line) => ({
        line_no: line.line_no,
        item_type: 'sku',
        item_id: line.sku_id,
        location_id: record.location_id,
        quantity: `-${roundTo(line.quantity, 3)}`,
        uom_name: line.uom_name,
      })),
    };
    await this.events.publish(manager, StockPostingSubjects.ReturnNotePosted, request);
  }

  /**
   * Checks an input against its receiving order (locked: two notes of one receipt are made one after the other)
   * and prices its lines at the receipt's prices; every problem told at once.
   */
  private async prepare(
    manager: EntityManager,
    input: ValidReturnNoteInput,
    user: AccessTokenClaims,
    self: string | null,
  ): Promise<{ ro: ReceivingOrderRecord; lines: ReturnNoteLineRecord[] }> {
    const ro = await this.receipts.find(manager, input.receiving_order_id, true);
    // Another location's receipt answers like an unknown one: ids cannot be probed.
    if (!ro || !inLocationScope(locationScopeOf(user), ro.location_id)) {
      throw ReturnNoteException.invalid([rnProblem.invalid('receiving_order_id')]);
    }
    if (ro.status !== 'RECEIVED') throw ReturnNoteException.notReturnable(ro.doc_no, ro.status);
    const availability = await this.availability(manager, ro, self);

    const problems: PurchaseOrderProblem[] = [];
    const lines: ReturnNoteLineRecord[] = [];
    input.return_list.forEach((line, index) => {
      const known = availability.get(line.ro_line_no);
      if (!known) {
        problems.push(rnProblem.roLineUnknown(`return_list.${index}.ro_line_no`, line.ro_line_no));
        return;
      }
      const price = exact(known.roLine.unit_price);
      lines.push({
        line_no: lines.length + 1,
        ro_line_no: line.ro_line_no,
        sku_id: known.roLine.sku_id,
        uom_name: known.roLine.uom_name,
        quantity: line.return_qty,
        unit_price: roundTo(price, 4),
        line_subtotal: roundTo(exact(line.return_qty).times(price), 2),
        reason: line.reason,
        remark: line.remark,
      });
    });
    if (problems.length > 0) throw ReturnNoteException.invalid(problems);
    this.assertAvailable(
      input.return_list.map((line, index) => ({ ...line, field: `return_list.${index}.return_qty` })),
      availability,
    );
    return { ro, lines };
  }

  /**
   * SPEC.md §5 "available quantity must suffice": per receiving-order line, the note's quantities together within
   * received − returned by other notes; per SKU, all its lines together within the location's on hand.
   */
  private assertAvailable(
    lines: readonly { field: string; ro_line_no: number; return_qty: string }[],
    availability: ReadonlyMap<number, LineAvailability>,
  ): void {
    const problems: PurchaseOrderProblem[] = [];
    const byLine = new Map<number, { asked: ExactDecimal; field: string }>();
    const bySku = new Map<string, { asked: ExactDecimal; field: string; line: LineAvailability }>();
    for (const line of lines) {
      const known = availability.get(line.ro_line_no);
      if (!known) continue;
      const entry = byLine.get(line.ro_line_no) ?? { asked: exact(0), field: line.field };
      entry.asked = entry.asked.plus(exact(line.return_qty));
      byLine.set(line.ro_line_no, entry);
      const sku = bySku.get(known.roLine.sku_id) ?? { asked: exact(0), field: line.field, line: known };
      sku.asked = sku.asked.plus(exact(line.return_qty).times(known.factor));
      bySku.set(known.roLine.sku_id, sku);
    }
    for (const [roLineNo, entry] of byLine) {
      const known = availability.get(roLineNo)!;
      const open = ExactDecimal.max(known.received.minus(known.returned), 0);
      if (entry.asked.greaterThan(open)) {
        problems.push(
          rnProblem.insufficient(entry.field, {
            item: skuLabel(known.sku, known.roLine.sku_id),
            available: roundTo(known.available, 3),
            asked: roundTo(entry.asked, 3),
            uom: known.roLine.uom_name,
          }),
        );
      }
    }
    if (problems.length === 0) {
      for (const entry of bySku.values()) {
        if (entry.asked.greaterThan(entry.line.onHandPrimary)) {
          problems.push(
            rnProblem.insufficient(entry.field, {
              item: skuLabel(entry.line.sku, entry.line.roLine.sku_id),
              available: roundTo(entry.line.available, 3),
              asked: roundTo(entry.asked.dividedBy(entry.line.factor), 3),
              uom: entry.line.roLine.uom_name,
            }),
          );
        }
      }
    }
    if (problems.length > 0) throw ReturnNoteException.invalid(problems);
  }

  /** Every stock line of the receiving order (received and additional, not rejected) with what may go back. */
  private async availability(
    manager: EntityManager,
    ro: ReceivingOrderRecord,
    self: string | null,
  ): Promise<Map<number, LineAvailability>> {
    const roLines = (await this.receipts.lines(manager, ro.id)).filter((line) => line.kind !== 'rejected');
    const returned = await this.notes.returnedByRoLine(manager, ro.id, self ?? undefined);
    const skus = await this.skus.findMany(
      manager,
      roLines.map((line) => line.sku_id),
    );
    const onHand = await this.postings.onHand(
      manager,
      ro.location_id,
      roLines.map((line) => line.sku_id),
    );
    const result = new Map<number, LineAvailability>();
    for (const roLine of roLines) {
      const sku = skus.get(roLine.sku_id) ?? null;
      const unit = sku?.uom_list.find((candidate) => unitKey(candidate.uom_name) === unitKey(roLine.uom_name));
      const factor = exact(unit?.factor ?? '1');
      const received = exact(roLine.quantity);
      const done = exact(returned.get(roLine.line_no) ?? '0');
      const primary = ExactDecimal.max(exact(onHand.get(roLine.sku_id) ?? '0'), 0);
      const here = primary.dividedBy(factor).toDecimalPlaces(3, ExactDecimal.ROUND_DOWN);
      const open = ExactDecimal.max(received.minus(done), 0);
      result.set(roLine.line_no, {
        roLine,
        sku,
        factor,
        received,
        returned: done,
        onHand: here,
        onHandPrimary: primary,
        available: ExactDecimal.min(open, here),
      });
    }
    return result;
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<ReturnNoteRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /** THE location-scope check of the return note: read by id, actions (locked), attachments. */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<ReturnNoteRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.notes.find(manager, valid, lock),
      () => ReturnNoteException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: ReturnNoteRecord,
    user: AccessTokenClaims,
  ): Promise<ReturnNoteView> {
    const lines = await this.notes.lines(manager, record.id);
    const ro = await this.receipts.find(manager, record.receiving_order_id);
    const po = ro?.purchase_order_id ? await this.orders.find(manager, ro.purchase_order_id) : null;
    const supplier = await this.suppliers.find(manager, record.supplier_id);
    const location = await this.locations.find(manager, record.location_id);
    const availability = ro ? await this.availability(manager, ro, record.id) : new Map<number, LineAvailability>();
    const skus = await this.skus.findMany(
      manager,
      lines.map((line) => line.sku_id),
    );
    const lineView = (line: ReturnNoteLineRecord): ReturnNoteLineView => {
      const known = availability.get(line.ro_line_no);
      return {
        ...(known
          ? returnableOf(known)
          : {
              ro_line_no: line.ro_line_no,
              sku_id: line.sku_id,
              sku_name: skus.get(line.sku_id)?.name ?? line.sku_id,
              uom_name: line.uom_name,
              received_qty: '0.000',
              returned_qty: '0.000',
              on_hand_qty: '0.000',
              available_qty: '0.000',
            }),
        line_no: line.line_no,
        return_qty: line.quantity,
        reason: line.reason,
        remark: line.remark,
        unit_price: line.unit_price,
        line_subtotal: line.line_subtotal,
      };
    };
    return {
      id: record.id,
      doc_no: record.doc_no,
      rn_no: record.doc_no,
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
      history: await readHistory(manager, 'GR', record.id),
      receiving_order_id: record.receiving_order_id,
      receiving_order_no: ro?.doc_no ?? record.receiving_order_id,
      purchase_order_no: po?.doc_no ?? null,
      supplier_id: record.supplier_id,
      supplier_name: supplier?.company_name ?? record.supplier_id,
      currency: record.currency,
      total_amount: record.total_amount,
      total_usd: record.total_usd,
      remark: record.remark,
      stock_posted: record.status === 'RECEIVED' && (await this.postings.isPosted(manager, 'GR', record.id)),
      return_list: lines.map(lineView),
    };
  }
}

function returnableOf(line: LineAvailability): ReturnableLine {
  return {
    ro_line_no: line.roLine.line_no,
    sku_id: line.roLine.sku_id,
    sku_name: line.sku?.name ?? line.roLine.sku_id,
    uom_name: line.roLine.uom_name,
    received_qty: roundTo(line.received, 3),
    returned_qty: roundTo(line.returned, 3),
    on_hand_qty: roundTo(line.onHand, 3),
    available_qty: roundTo(line.available, 3),
    unit_price: line.roLine.unit_price,
  };
}

/** The note's total at the receipt's prices, in its currency and in USD at the receipt's rate. */
function totalsOf(lines: readonly ReturnNoteLineRecord[], exchangeRate: string) {
  const total = sumAt(
    lines.map((line) => line.line_subtotal),
    2,
  );
  return { total_amount: total, total_usd: roundTo(exact(total).dividedBy(exact(exchangeRate)), 2) };
}
