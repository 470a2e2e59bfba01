import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  InventorySubjects,
  LEDGER_VALUE_SCALE,
  STOCK_TRANSFER_MACHINE,
  STOCK_TRANSFER_RECEIVER_ACTIONS,
  V,
  CommonErrorCode,
  ExactDecimal,
  exact,
  fromPrimary,
  roundTo,
  toPrimary,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PostedMovement,
  StockTransferAction,
  StockTransferLineView,
  StockTransferListRow,
  StockTransferView,
  StoreOrderTransferRequested,
  TransferDestination,
  TransferTracking,
  ValidStockTransferInput,
  ValidStockTransferReceipt,
} from '@scm/contracts';
import {
  AttachmentService,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
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
  ruleOf,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostingActor } from '../ledger/stock-ledger.js';
import { StockLedger } from '../ledger/stock-ledger.js';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import {
  MAX_QUANTITY,
  fits,
  isCalendarDate,
  isLiveItem,
  itemLabel,
  unitOf,
} from '../stock-adjustment/adjustment-lines.js';
import { problem } from '../stock-adjustment/stock-adjustment.exception.js';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';
import { StockTransferException, receiptMismatch } from './stock-transfer.exception.js';
import { StockTransferRepository } from './stock-transfer.repository.js';
import type { NewTransfer, TransferLineRecord, TransferRecord } from './stock-transfer.repository.js';

const MACHINE = STOCK_TRANSFER_MACHINE;
const SYSTEM: PostingActor = { id: null, name: 'System' };

/** The attachment owner type of stock transfers (inventory.module.ts). */
export const STOCK_TRANSFER_ATTACHMENTS = 'stock-transfer';

const ACTIVITY_SUBJECTS = {
  submit: InventorySubjects.StockTransferSubmitted,
  recall: InventorySubjects.StockTransferRecalled,
  approve: InventorySubjects.StockTransferApproved,
  reject: InventorySubjects.StockTransferRejected,
  return: InventorySubjects.StockTransferReturned,
  receive: InventorySubjects.StockTransferReceived,
  receive_partially: InventorySubjects.StockTransferPartiallyReceived,
  deny: InventorySubjects.StockTransferDenied,
} as const;

/** The actions of `POST :id/<action>` with the kit's body (the receipt has its own route and body). */
export type PlainTransferAction = Exclude<StockTransferAction, 'receive' | 'receive_partially'>;

/** A line whose item and unit are known. */
interface CheckedLine extends TransferLineRecord {
  item: ItemReplicaRow;
  factor: string;
}

/** Today (UTC): the value date of a receipt, a return and a denial — when the goods actually moved. */
const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Stock transfers (SPEC.md §3, §4; docs/stock-ledger.md "In transit"): DRAFT → PENDING APPROVAL → (approve)
 * IN TRANSIT: the lines leave the source at FIFO cost into the ledger's in-transit, in the approval's own
 * transaction → the destination receives them (RECEIVED, or PARTIALLY RECEIVED when some are rejected: all of it
 * arrives and the rejected part becomes the automatic adjustment there) or denies them (DENIED: all back to the
 * source at the same costs); before that the sender may take them back (RETURN). Each ledger leg is one posting
 * at the revision the action makes, so a retried action posts once.
 */
@Injectable()
export class StockTransferService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly transfers: StockTransferRepository,
    private readonly actions: DocumentActions,
    private readonly ledger: StockLedger,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(STOCK_TRANSFER_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<StockTransferListRow>> {
    const page = await this.transfers.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.transfers.statusCounts(query, scope);
  }

  /**
   * Where a transfer from `fromLocationId` may go: every active location, names included. A sender must be able
   * to address the kitchen or another outlet it does not hold (the catalog's location list keeps to the caller's
   * locations); only the caller's own source is asked about, and nothing but the directory is answered.
   */
  destinations(fromLocationId: string, user: AccessTokenClaims): Promise<TransferDestination[]> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: fromLocationId }]);
    return this.transfers.destinations(fromLocationId);
  }

  async get(id: string, user: AccessTokenClaims): Promise<StockTransferView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** A new DRAFT at the caller's (source) location, numbered in its SR series. */
  async create(input: ValidStockTransferInput, user: AccessTokenClaims): Promise<StockTransferView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: input.from_location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const checked = await this.check(manager, input, linesOf(input));
        const actor = actorOf(user);
        const transferId = randomUUID();
        await this.transfers.insert(
          manager,
          {
            ...headerOf(input),
            id: transferId,
            doc_no: await nextDocumentNumber(manager, 'SR', input.from_location_id),
            status: 'DRAFT',
            revision: 1,
            source: 'manual',
            source_id: null,
            source_no: null,
            transfer_value: await this.estimate(manager, input.from_location_id, checked),
            created_by: actor.id,
            created_by_name: actor.name,
            submitted_by: null,
            submitted_by_name: null,
          },
          records(checked),
        );
        await recordHistory(manager, {
          document_type: 'SR',
          document_id: transferId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return transferId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidStockTransferInput, user: AccessTokenClaims): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the source: a transfer does not move; make one at the other location.
        if (input.from_location_id !== record.from_location_id) {
          throw StockTransferException.invalid([problem.invalid('from_location_id')]);
        }
        const checked = await this.check(manager, input, linesOf(input));
        await this.transfers.replaceLines(manager, id, records(checked));
        const { from_location_id: _from, ...header } = headerOf(input);
        const saved = await this.transfers.update(manager, id, record.revision, {
          ...header,
          transfer_value: await this.estimate(manager, record.from_location_id, checked),
          last_updated_by: user.sub,
        });
        if (!saved) throw StockTransferException.stale();
        await recordHistory(manager, {
          document_type: 'SR',
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

  /**
   * submit / recall / approve / reject (the source's), return (the sender takes the goods back) and deny (the
   * destination refuses them all), through the kit's one action runner. Approve posts the dispatch leg, return and
   * deny the way back, in this same transaction: a refusal there leaves the transfer, its history and the ledger as
   * they were.
   */
  async act(
    id: string,
    action: PlainTransferAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        ruleOf(MACHINE, record.status, action);
        assertRevision(record.revision, input.revision);
        const stored = await this.transfers.lines(manager, id);
        const deciding = action === 'submit' || action === 'approve';
        const lines = deciding ? await this.check(manager, record, stored) : stored;
        const value = deciding
          ? await this.estimate(manager, record.from_location_id, lines as CheckedLine[])
          : record.transfer_value;
        const actor = actorOf(user);
        await this.actions.apply(manager, {
          machine: MACHINE,
          document: documentOf(record, action, value),
          action,
          input,
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS[action],
          fields: action === 'submit' ? { transfer_value: value } : undefined,
          effect: async () => {
            if (action === 'approve') return this.dispatch(manager, record, lines, actor);
            if (action === 'return' || action === 'deny') {
              const postingId = await this.arrive(manager, record, lines, record.from_location_id, actor);
              return {
                arrival_posting_id: postingId,
                ...(action === 'deny' && {
                  received_by: actor.id,
                  received_by_name: actor.name,
                  received_time: new Date(),
                }),
              };
            }
            return undefined;
          },
        });
      }),
    );
    return this.get(id, user);
  }

  /**
   * The destination's receipt: per line, received + rejected = release quantity. Everything arrives at the
   * destination at its in-transit costs; a receipt with rejects is PARTIALLY RECEIVED and publishes
   * `inventory.transfer.received-with-rejects`, whose handler makes the adjustment writing them off there.
   */
  async receive(id: string, input: ValidStockTransferReceipt, user: AccessTokenClaims): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        ruleOf(MACHINE, record.status, 'receive');
        assertRevision(record.revision, input.revision);
        const lines = await this.transfers.lines(manager, id);
        const items = await this.items.findMany(manager, lines);
        const receipt = checkedReceipt(lines, input, items);
        const partial = receipt.some((line) => exact(line.rejected_quantity).greaterThan(0));
        const action = partial ? 'receive_partially' : 'receive';
        const actor = actorOf(user);
        const valueDate = today();
        await this.actions.apply(manager, {
          machine: MACHINE,
          document: documentOf(record, action, record.transfer_value),
          action,
          input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS[action],
          effect: async () => {
            const postingId = await this.arrive(manager, record, lines, record.to_location_id, actor, valueDate);
            const movements = await manager.query<PostedMovement[]>(
              `SELECT line_no, quantity::text AS quantity, cost_value::text AS cost_value FROM stock_movement
                WHERE posting_id = $1 AND document_type = 'SR' ORDER BY seq`,
              [postingId],
            );
            await this.transfers.setLines(
              manager,
              id,
              receipt.map((line) => {
                const factor = unitFactor(items.get(itemKey(line.item_type, line.item_id)), line.uom_name);
                return {
                  line_no: line.line_no,
                  received_quantity: line.received_quantity,
                  rejected_quantity: line.rejected_quantity,
                  reject_reason: line.reject_reason,
                  rejected_value: rejectedValue(
                    movements.filter((m) => m.line_no === line.line_no),
                    exact(toPrimary(line.rejected_quantity, factor)),
                  ),
                };
              }),
            );
            return {
              received_by: actor.id,
              received_by_name: actor.name,
              received_time: new Date(),
              arrival_posting_id: postingId,
            };
          },
        });
        const rejected = receipt.filter((line) => exact(line.rejected_quantity).greaterThan(0));
        if (rejected.length > 0) {
          await this.events.publish(manager, InventorySubjects.TransferReceivedWithRejects, {
            transfer_id: id,
            transfer_no: record.doc_no,
            location_id: record.to_location_id,
            value_date: valueDate,
            lines: rejected.map((line) => ({
              line_no: line.line_no,
              item_type: line.item_type,
              item_id: line.item_id,
              uom_name: line.uom_name,
              quantity: line.rejected_quantity,
              reason: line.reject_reason ?? 'OTHERS',
            })),
          });
        }
      }),
    );
    return this.get(id, user);
  }

  /** The dispatch leg: every line out of the source at FIFO cost into transit; the values that left, by line. */
  private async dispatch(
    manager: EntityManager,
    record: TransferRecord,
    lines: readonly TransferLineRecord[],
    actor: PostingActor,
  ): Promise<Record<string, unknown>> {
    const posted = await this.ledger.post(
      manager,
      {
        document_type: 'SR',
        document_id: record.id,
        document_no: record.doc_no,
        // The revision the approval makes: an approval retried after a lost answer is the same posting.
        revision: record.revision + 1,
        value_date: record.release_date,
        lines: lines.map((line) => ({
          line_no: line.line_no,
          item_type: line.item_type,
          item_id: line.item_id,
          location_id: record.from_location_id,
          quantity: exact(line.release_quantity).negated().toFixed(),
          uom_name: line.uom_name,
          transit: 'dispatch' as const,
        })),
      },
      actor,
    );
    const values = valuesByLine(posted.movements, true);
    await this.transfers.setLines(
      manager,
      record.id,
      lines.map((line) => ({ line_no: line.line_no, line_value: values.get(line.line_no) ?? '0' })),
    );
    const total = [...values.values()].reduce((sum, v) => sum.plus(v), exact(0));
    return { transfer_value: roundTo(total, LEDGER_VALUE_SCALE), dispatch_posting_id: posted.posting_id };
  }

  /**
   * A store order's internal lines (procurement.store-order.transfer-requested) as a DRAFT transfer from the
   * central kitchen to the outlet, exactly once per store order (the unique source index; a redelivery or a copy
   * under a new event id makes nothing). Lines are kept as ordered: the kitchen checks them when it submits.
   */
  async createFromStoreOrder(manager: EntityManager, data: StoreOrderTransferRequested): Promise<void> {
    const header: NewTransfer = {
      id: randomUUID(),
      doc_no: '',
      status: 'DRAFT',
      revision: 1,
      from_location_id: data.from_location_id,
      to_location_id: data.to_location_id,
      urgency: 'MEDIUM',
      release_date: isCalendarDate(data.delivery_time.slice(0, 10)) ? data.delivery_time.slice(0, 10) : today(),
      contact: '',
      remark: data.remark,
      source: 'store_order',
      source_id: data.store_order_id,
      source_no: data.store_order_no,
      transfer_value: '0',
      created_by: SYSTEM.id,
      created_by_name: SYSTEM.name,
      submitted_by: null,
      submitted_by_name: null,
    };
    const existing = await manager.query<{ id: string }[]>(
      `SELECT id FROM stock_transfer WHERE source = 'store_order' AND source_id = $1`,
      [data.store_order_id],
    );
    if (existing.length > 0) return;
    header.doc_no = await nextDocumentNumber(manager, 'SR', data.from_location_id);
    const inserted = await this.transfers.insert(
      manager,
      header,
      data.lines.map((line, index) => ({
        line_no: index + 1,
        item_type: line.item_type,
        item_id: line.item_id,
        uom_name: line.uom_name,
        release_quantity: line.quantity,
        received_quantity: null,
        rejected_quantity: null,
        reject_reason: null,
        line_value: null,
        rejected_value: null,
        remark: line.remark,
      })),
    );
    if (!inserted) return;
    await recordHistory(manager, {
      document_type: 'SR',
      document_id: header.id,
      action: 'create',
      from_status: null,
      to_status: 'DRAFT',
      actor: SYSTEM,
      remark: data.store_order_no,
    });
  }

  /** Every line's whole release quantity out of transit at `locationId` (the destination, or back at the source). */
  private async arrive(
    manager: EntityManager,
    record: TransferRecord,
    lines: readonly TransferLineRecord[],
    locationId: string,
    actor: PostingActor,
    valueDate = today(),
  ): Promise<string> {
    const posted = await this.ledger.post(
      manager,
      {
        document_type: 'SR',
        document_id: record.id,
        document_no: record.doc_no,
        revision: record.revision + 1,
        value_date: valueDate < record.release_date ? record.release_date : valueDate,
        lines: lines.map((line) => ({
          line_no: line.line_no,
          item_type: line.item_type,
          item_id: line.item_id,
          location_id: locationId,
          quantity: line.release_quantity,
          uom_name: line.uom_name,
          transit: 'arrive' as const,
        })),
      },
      actor,
    );
    return posted.posting_id;
  }

  /** The checks of a transfer's locations and lines (known, inventorised items; one of their units). */
  private async check(
    manager: EntityManager,
    header: { from_location_id: string; to_location_id: string },
    lines: readonly TransferLineRecord[],
  ): Promise<CheckedLine[]> {
    if (header.from_location_id === header.to_location_id) throw StockTransferException.sameLocation();
    const problems: LineProblem[] = [];
    const locations = await this.locations.findMany(manager, [header.from_location_id, header.to_location_id]);
    for (const [field, locationId] of [
      ['from_location_id', header.from_location_id],
      ['to_location_id', header.to_location_id],
    ] as const) {
      const location = locations.get(locationId);
      if (!location || location.deleted || location.status === 'archived') {
        problems.push({ ...problem.locationUnknown(location?.location_name || locationId), field });
      }
    }
    const items = await this.items.findMany(manager, lines);
    const checked: CheckedLine[] = [];
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const at = `lines.${index}`;
      const item = items.get(itemKey(line.item_type, line.item_id));
      if (!isLiveItem(item)) return void problems.push(problem.itemUnknown(`${at}.item_id`, line.item_id));
      const label = itemLabel(item);
      if (!item.is_inventorise) return void problems.push(problem.notInventorised(`${at}.item_id`, label));
      const unit = unitOf(item, line.uom_name);
      if (!unit) return void problems.push(problem.unitUnknown(`${at}.uom_name`, label, line.uom_name));
      if (!fits(line.release_quantity, MAX_QUANTITY)) {
        return void problems.push(problem.tooLarge(`${at}.release_quantity`, MAX_QUANTITY));
      }
      // One line per item: the receipt and the in-transit layers are per line.
      const key = itemKey(line.item_type, line.item_id);
      if (seen.has(key)) return void problems.push(problem.duplicate(`${at}.item_id`));
      seen.add(key);
      checked.push({ ...line, uom_name: unit.uom_name, item, factor: unit.factor });
    });
    if (problems.length > 0) throw StockTransferException.invalid(problems);
    return checked;
  }

  /** Before dispatch: the lines at the source's average cost (what approval is bounded by), USD. */
  private async estimate(manager: EntityManager, locationId: string, lines: readonly CheckedLine[]): Promise<string> {
    const balances = await this.transfers.balances(manager, locationId, lines);
    const total = lines.reduce((sum, line) => {
      const balance = balances.get(itemKey(line.item_type, line.item_id));
      if (!balance || exact(balance.on_hand).isZero()) return sum;
      const average = exact(balance.stock_value).div(exact(balance.on_hand));
      return sum.plus(exact(toPrimary(line.release_quantity, line.factor)).times(average));
    }, exact(0));
    return roundTo(total, LEDGER_VALUE_SCALE);
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<TransferRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /**
   * THE location-scope check of the transfer (read by id, actions, attachments): it belongs to both its
   * locations, so it is in scope when the caller holds either; a missing one or one of two foreign locations
   * answers as not found. Which side an action may be taken at is the kit's check (`sideOf`).
   */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<TransferRecord & { location_id: string }> {
    const scope = locationScopeOf(user);
    return findDocumentInScope(
      id,
      user,
      async (valid) => {
        const record = await this.transfers.find(manager, valid, lock);
        if (!record) return null;
        const held = inLocationScope(scope, record.from_location_id) ? record.from_location_id : record.to_location_id;
        return { ...record, location_id: held };
      },
      () => StockTransferException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: TransferRecord,
    user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    const lines = await this.transfers.lines(manager, record.id);
    const items = await this.items.findMany(manager, lines);
    const locations = await this.locations.findMany(manager, [record.from_location_id, record.to_location_id]);
    const balances = await this.transfers.balances(manager, record.from_location_id, lines);
    const adjustment = await this.transfers.adjustmentOf(manager, record.id);
    const scope = locationScopeOf(user);
    const lineViews: StockTransferLineView[] = lines.map((line) => {
      const item = items.get(itemKey(line.item_type, line.item_id));
      const factor = unitFactor(item, line.uom_name);
      return {
        line_no: line.line_no,
        item_type: line.item_type,
        item_id: line.item_id,
        item_name: item?.item_name ?? line.item_id,
        uom_name: line.uom_name,
        release_quantity: line.release_quantity,
        received_quantity: line.received_quantity,
        rejected_quantity: line.rejected_quantity,
        reject_reason: line.reject_reason,
        source_on_hand: fromPrimary(balances.get(itemKey(line.item_type, line.item_id))?.on_hand ?? '0', factor),
        line_value: line.line_value === null ? null : roundTo(exact(line.line_value), 2),
        rejected_value: line.rejected_value === null ? null : roundTo(exact(line.rejected_value), 2),
        tracking: trackingOf(record.status, line),
        remark: line.remark,
      };
    });
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.from_location_id,
      location_name: locations.get(record.from_location_id)?.location_name ?? record.from_location_id,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: new Date(record.created_time).toISOString(),
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: record.submitted_time ? new Date(record.submitted_time).toISOString() : null,
      last_updated_time: new Date(record.last_updated_time).toISOString(),
      // Only the actions of the side the caller holds: a receiver never sees "approve", a sender never "receive".
      available_actions: availableActionsFor(MACHINE, record.status, user).filter((action) =>
        inLocationScope(scope, sideOf(record, action)),
      ),
      history: await readHistory(manager, 'SR', record.id),
      from_location_id: record.from_location_id,
      from_location_name: locations.get(record.from_location_id)?.location_name ?? record.from_location_id,
      to_location_id: record.to_location_id,
      to_location_name: locations.get(record.to_location_id)?.location_name ?? record.to_location_id,
      urgency: record.urgency,
      release_date: record.release_date,
      contact: record.contact,
      remark: record.remark,
      source: record.source,
      source_id: record.source_id,
      source_no: record.source_no,
      transfer_value: roundTo(exact(record.transfer_value), 2),
      received_by_name: record.received_by_name,
      received_time: record.received_time ? new Date(record.received_time).toISOString() : null,
      adjustment_id: adjustment?.id ?? null,
      adjustment_no: adjustment?.doc_no ?? null,
      lines: lineViews,
    };
  }
}

/** The location an action is taken at: the destination's for receiving and denying, else the source's. */
function sideOf(record: TransferRecord, action: StockTransferAction): string {
  return STOCK_TRANSFER_RECEIVER_ACTIONS.includes(action) ? record.to_location_id : record.from_location_id;
}

/**
 * The transfer as the kit's action runner sees it: at the side the action belongs to, with the value approval is
 * bounded by (USD, 2 decimals).
 */
function documentOf(record: TransferRecord, action: StockTransferAction, value: string) {
  return {
    type: 'SR' as const,
    id: record.id,
    doc_no: record.doc_no,
    status: record.status,
    revision: record.revision,
    location_id: sideOf(record, action),
    submitted_by: record.submitted_by,
    value_usd: roundTo(exact(value), 2),
  };
}

function headerOf(input: ValidStockTransferInput) {
  return {
    from_location_id: input.from_location_id,
    to_location_id: input.to_location_id,
    urgency: input.urgency,
    release_date: input.release_date,
    contact: input.contact ?? '',
    remark: input.remark ?? '',
  };
}

function linesOf(input: ValidStockTransferInput): TransferLineRecord[] {
  return input.lines.map((line, index) => ({
    line_no: index + 1,
    item_type: line.item_type,
    item_id: line.item_id,
    uom_name: line.uom_name,
    release_quantity: line.release_quantity,
    received_quantity: null,
    rejected_quantity: null,
    reject_reason: null,
    line_value: null,
    rejected_value: null,
    remark: line.remark ?? '',
  }));
}

function records(lines: readonly CheckedLine[]): TransferLineRecord[] {
  return lines.map(({ item: _item, factor: _factor, ...line }) => line);
}

function unitFactor(item: ItemReplicaRow | undefined, uomName: string): string {
  return (item && unitOf(item, uomName)?.factor) ?? '1';
}

/** Σ |cost_value| of the posting's movements by line (issues are negative). */
function valuesByLine(movements: readonly PostedMovement[], negate: boolean): Map<number, string> {
  const values = new Map<number, ExactDecimal>();
  for (const movement of movements) {
    const value = exact(movement.cost_value);
    values.set(movement.line_no, (values.get(movement.line_no) ?? exact(0)).plus(negate ? value.negated() : value));
  }
  return new Map([...values].map(([lineNo, value]) => [lineNo, roundTo(value, LEDGER_VALUE_SCALE)]));
}

/**
 * The value of the rejected part: its first units out of the line's arrival layers, oldest first — what the
 * adjustment writes off at the destination when no older stock of the item is there.
 */
function rejectedValue(movements: readonly Pick<PostedMovement, 'quantity' | 'cost_value'>[], rejected: ExactDecimal) {
  let left = rejected;
  let value = exact(0);
  for (const movement of movements) {
    if (left.isZero()) break;
    const quantity = exact(movement.quantity);
    if (!quantity.isPositive()) continue;
    const take = ExactDecimal.min(quantity, left);
    value = value.plus(exact(movement.cost_value).div(quantity).times(take));
    left = left.minus(take);
  }
  return roundTo(value, LEDGER_VALUE_SCALE);
}

/** The line's transfer tracking (SPEC.md §4). */
function trackingOf(status: TransferRecord['status'], line: TransferLineRecord): TransferTracking | null {
  if (status === 'IN TRANSIT') return 'IN TRANSIT';
  if (status === 'DENIED') return 'DENIED';
  if (status === 'RETURN') return 'RETURN';
  if (status === 'RECEIVED' || status === 'PARTIALLY RECEIVED') {
    return line.rejected_quantity !== null && exact(line.rejected_quantity).greaterThan(0)
      ? 'PARTIALLY RECEIVED'
      : 'RECEIVED';
  }
  return null;
}

/**
 * The receipt checked against the lines: every line once, received + rejected = its release quantity, a reason
 * for a rejected quantity. Every problem on its field, the first one's message as the answer's.
 */
function checkedReceipt(
  lines: readonly TransferLineRecord[],
  input: ValidStockTransferReceipt,
  items: Map<string, ItemReplicaRow>,
): (TransferLineRecord & { received_quantity: string; rejected_quantity: string })[] {
  const problems: LineProblem[] = [];
  const byLine = new Map(input.lines.map((line, index) => [line.line_no, { line, index }]));
  if (byLine.size !== input.lines.length) problems.push(problem.duplicate('lines'));
  for (const [lineNo, { index }] of byLine) {
    if (!lines.some((line) => line.line_no === lineNo)) problems.push(problem.invalid(`lines.${index}.line_no`));
  }
  const receipt = lines.map((line) => {
    const entry = byLine.get(line.line_no);
    if (!entry) {
      problems.push({
        code: CommonErrorCode.VALIDATION_FAILED,
        params: {},
        field: `lines.${line.line_no - 1}.received_quantity`,
        rule: V.required,
      });
      return { ...line, received_quantity: '0', rejected_quantity: '0' };
    }
    const { line: given, index } = entry;
    const sum = exact(given.received_quantity).plus(exact(given.rejected_quantity));
    if (!sum.equals(exact(line.release_quantity))) {
      const item = items.get(itemKey(line.item_type, line.item_id));
      problems.push(
        receiptMismatch(`lines.${index}.received_quantity`, {
          item: item ? itemLabel(item) : line.item_id,
          sum: sum.toFixed(),
          target: exact(line.release_quantity).toFixed(),
          uom: line.uom_name,
        }),
      );
    }
    const rejected = exact(given.rejected_quantity).greaterThan(0);
    if (rejected && !given.reject_reason) {
      problems.push({
        code: CommonErrorCode.VALIDATION_FAILED,
        params: {},
        field: `lines.${index}.reject_reason`,
        rule: V.required,
      });
    }
    return {
      ...line,
      received_quantity: exact(given.received_quantity).toFixed(3),
      rejected_quantity: exact(given.rejected_quantity).toFixed(3),
      reject_reason: rejected ? (given.reject_reason ?? null) : null,
    };
  });
  if (problems.length > 0) throw StockTransferException.invalid(problems);
  return receipt;
}
