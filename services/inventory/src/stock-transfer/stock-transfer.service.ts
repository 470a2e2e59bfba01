import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  InventorySubjects,
  LEDGER_VALUE_SCALE,
  STOCK_TRANSFER_MACHINE,
  STOCK_TRANSFER_RECEIVER_ACTIONS,
  TRANSFER_TYPES,
  V,
  CommonErrorCode,
  DocumentErrorCode,
  ExactDecimal,
  InventoryErrorCode,
  exact,
  fromPrimary,
  hasPermission,
  roundQuantity,
  roundTo,
  toPrimary,
  transferMachineOf,
  transferTypeKey,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  ConsignmentItemState,
  ReleaseCustomer,
  StockItemType,
  StockPostingRequest,
  StockReleaseAction,
  TransferType,
  ValidStockConsignmentSettlement,
  ValidStockReleaseSplit,
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
  AppException,
  AttachmentService,
  DATA_SOURCE,
  announceDocumentUsage,
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
import { CustomerReplicaRepository } from '../replicas/customer-replica.repository.js';
import { StockTransferException, receiptMismatch } from './stock-transfer.exception.js';
import { StockTransferRepository } from './stock-transfer.repository.js';
import type { NewTransfer, TransferLineRecord, TransferRecord } from './stock-transfer.repository.js';

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
  cancel_release: InventorySubjects.StockTransferCancelled,
  split: InventorySubjects.StockTransferSplit,
  settle: InventorySubjects.StockTransferSettled,
} as const;

/** The actions of `POST :id/<action>` with the kit's body (the receipt, split and settlement have their own). */
export type PlainTransferAction = Exclude<
  StockTransferAction | StockReleaseAction,
  'receive' | 'receive_partially' | 'split' | 'settle'
>;
type AnyAction = StockTransferAction | StockReleaseAction;

/**
 * The actions each type offers beside its machine's: a customer's receipt is EXTERNAL's, a settlement the
 * consignment's (the two share the release statuses, and so a machine shape).
 */
function offered(type: TransferType, action: string): boolean {
  if (type === 'EXTERNAL') return action !== 'settle';
  if (type === 'EXTERNAL_CONSIGNMENT') return action !== 'receive' && action !== 'receive_partially';
  return true;
}

/**
 * The posting revisions of a release (docs/stock-ledger.md "Stock releases"): an action that moves stock posts at
 * 2 × the revision it makes, and a sale out of what came back at 2 × that + 1 (two postings, one action, each
 * idempotent on its own revision); a split delivery's own dispatch is revision 1 (its actions start at 2, so 4+).
 */
const releaseRevision = (actionRevision: number, second = false) => actionRevision * 2 + (second ? 1 : 0);

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
    private readonly customers: CustomerReplicaRepository,
  ) {}

  onModuleInit(): void {
    this.attachments.guardOwner(STOCK_TRANSFER_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  /** The list, kept to the types of the keys the caller holds (a consignment is RJ_SR's, the others SR's). */
  async list(query: ListQuery, scope: LocationScope, user: AccessTokenClaims): Promise<ListPage<StockTransferListRow>> {
    const page = await this.transfers.list(this.typed(query, user), scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope, user: AccessTokenClaims): Promise<DocumentStatusCount[]> {
    return this.transfers.statusCounts(this.typed(query, user), scope);
  }

  /** Active customers a release may go to (catalog's customers as inventory keeps them). */
  customerOptions(search: string): Promise<ReleaseCustomer[]> {
    return this.customers.options(this.dataSource.manager, search.trim().slice(0, 100));
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
    assertTypeAllowed(input.transfer_type, user, 'edit');
    assertLocationsInScope(locationScopeOf(user), [{ field: 'from_location_id', locationId: input.from_location_id }]);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const checked = await this.check(manager, addresseeOf(input), linesOf(input));
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
            transfer_type: input.transfer_type,
            parent_id: null,
            item_state: null,
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
        await this.announceUsage(manager, transferId, 1, addresseeOf(input), checked);
        return transferId;
      }),
    );
    return this.get(id, user);
  }

  async update(id: string, input: ValidStockTransferInput, user: AccessTokenClaims): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(transferMachineOf(record.transfer_type), record.status);
        assertTypeAllowed(record.transfer_type, user, 'edit');
        assertRevision(record.revision, input.revision);
        // The number names the source: a transfer does not move; make one at the other location. Nor does its type.
        if (input.from_location_id !== record.from_location_id) {
          throw StockTransferException.invalid([problem.invalid('from_location_id')]);
        }
        if (input.transfer_type !== record.transfer_type) {
          throw StockTransferException.invalid([problem.invalid('transfer_type')]);
        }
        const checked = await this.check(manager, addresseeOf(input), linesOf(input));
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
        await this.announceUsage(manager, id, record.revision + 1, addresseeOf(input), checked);
      }),
    );
    return this.get(id, user);
  }

  /**
   * submit / recall / approve / reject (the source's), return (the sender takes the goods back), deny (the
   * destination refuses them all) and a release's cancel_release, through the kit's one action runner. Approve
   * posts the dispatch leg; return, deny and cancelling an approved release the way back, in this same
   * transaction: a refusal there leaves the transfer, its history and the ledger as they were.
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
        const machine = transferMachineOf(record.transfer_type);
        assertOffered(record, action);
        ruleOf(machine, record.status, action);
        assertRevision(record.revision, input.revision);
        const stored = await this.transfers.lines(manager, id);
        const deciding = action === 'submit' || action === 'approve';
        const lines = deciding ? await this.check(manager, record, stored) : stored;
        const value = deciding
          ? await this.estimate(manager, record.from_location_id, lines as CheckedLine[])
          : record.transfer_value;
        const actor = actorOf(user);
        const release = record.transfer_type !== 'INTERNAL';
        if (action === 'cancel_release' && record.status === 'APPROVED' && settledAny(stored)) {
          throw new AppException(InventoryErrorCode.RELEASE_ALREADY_SETTLED);
        }
        await this.actions.apply(manager, {
          machine,
          document: documentOf(record, action, value),
          action,
          input,
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS[action],
          fields: action === 'submit' ? { transfer_value: value } : undefined,
          effect: async () => {
            if (action === 'approve') {
              const dispatched = await this.dispatch(manager, record, lines, actor);
              return release && record.transfer_type === 'EXTERNAL_CONSIGNMENT'
                ? { ...dispatched, item_state: 'AVAILABLE AND CONSIGNED OUT' }
                : dispatched;
            }
            if (action === 'cancel_release') {
              if (record.status !== 'APPROVED') return undefined;
              // Everything that left comes back at the costs it left at: the release never reached the customer.
              const postingId = await this.arrive(manager, record, lines, record.from_location_id, actor);
              return {
                arrival_posting_id: postingId,
                ...(record.transfer_type === 'EXTERNAL_CONSIGNMENT' && { item_state: 'RETURNED' }),
              };
            }
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
   * The receipt. A transfer's destination: per line, received + rejected = release quantity; everything arrives
   * at the destination at its in-transit costs; a receipt with rejects is PARTIALLY RECEIVED and publishes
   * `inventory.transfer.received-with-rejects`, whose handler makes the adjustment writing them off there.
   * An EXTERNAL release's customer: the same figures; the received part is delivered (it leaves the company's
   * stock), the rejected part returns to the source at the cost it left at (receiveRelease).
   */
  async receive(id: string, input: ValidStockTransferReceipt, user: AccessTokenClaims): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertOffered(record, 'receive');
        ruleOf(transferMachineOf(record.transfer_type), record.status, 'receive');
        assertRevision(record.revision, input.revision);
        const lines = await this.transfers.lines(manager, id);
        const items = await this.items.findMany(manager, lines);
        const receipt = checkedReceipt(lines, input, items);
        const partial = receipt.some((line) => exact(line.rejected_quantity).greaterThan(0));
        const action = partial ? 'receive_partially' : 'receive';
        const actor = actorOf(user);
        const valueDate = today();
        if (record.transfer_type !== 'INTERNAL') {
          await this.actions.apply(manager, {
            machine: transferMachineOf(record.transfer_type),
            document: documentOf(record, action, record.transfer_value),
            action,
            input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
            user,
            table: 'stock_transfer',
            subject: ACTIVITY_SUBJECTS[action],
            effect: async () => {
              const postingId = await this.settleLedger(
                manager,
                record,
                receipt.map((line) => ({ line, kept: line.received_quantity, back: line.rejected_quantity })),
                actor,
              );
              await this.transfers.setLines(
                manager,
                id,
                receipt.map((line) => ({
                  line_no: line.line_no,
                  received_quantity: line.received_quantity,
                  rejected_quantity: line.rejected_quantity,
                  reject_reason: line.reject_reason,
                })),
              );
              return {
                received_by: actor.id,
                received_by_name: actor.name,
                received_time: new Date(),
                arrival_posting_id: postingId,
              };
            },
          });
          return;
        }
        await this.actions.apply(manager, {
          machine: STOCK_TRANSFER_MACHINE,
          document: documentOf(record, action, record.transfer_value),
          action,
          input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS[action],
          effect: async () => {
            const postingId = await this.arrive(manager, record, lines, record.to_location_id!, actor, valueDate);
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
            location_id: record.to_location_id!,
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

  /**
   * A consignment's settlement (`POST :id/settle`): per line, what the customer kept (sold: ITEM SOLD) and what
   * came back by a return (RETURNED), at most what is still out. Both leave the consigned-out holding (the ledger's
   * in-transit of the source); what came back is on hand at the source again at its cost, what was kept leaves the
   * company's stock (settleLedger). While anything is out the release stays APPROVED (`settle`); the settlement
   * that leaves nothing out ends it RECEIVED (all kept) or PARTIALLY RECEIVED (some came back).
   */
  async settle(
    id: string,
    input: ValidStockConsignmentSettlement,
    user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertOffered(record, 'settle');
        const machine = transferMachineOf(record.transfer_type);
        ruleOf(machine, record.status, 'settle');
        assertRevision(record.revision, input.revision);
        const lines = await this.transfers.lines(manager, id);
        const items = await this.items.findMany(manager, lines);
        const settled = checkedSettlement(lines, input, items);
        const after = lines.map((line) => {
          const entry = settled.get(line.line_no);
          const sold = exact(line.received_quantity ?? '0').plus(entry?.sold ?? '0');
          const returned = exact(line.rejected_quantity ?? '0').plus(entry?.returned ?? '0');
          return { line, sold, returned, out: exact(line.release_quantity).minus(sold).minus(returned) };
        });
        const done = after.every((line) => line.out.isZero());
        const action = !done
          ? 'settle'
          : after.some((line) => line.returned.greaterThan(0))
            ? 'receive_partially'
            : 'receive';
        const actor = actorOf(user);
        await this.actions.apply(manager, {
          machine,
          document: documentOf(record, action, record.transfer_value),
          action,
          input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS[action],
          effect: async () => {
            const postingId = await this.settleLedger(
              manager,
              record,
              lines
                .filter((line) => settled.has(line.line_no))
                .map((line) => ({
                  line,
                  kept: settled.get(line.line_no)!.sold,
                  back: settled.get(line.line_no)!.returned,
                })),
              actor,
            );
            await this.transfers.setLines(
              manager,
              id,
              after.map(({ line, sold, returned }) => ({
                line_no: line.line_no,
                received_quantity: sold.toFixed(3),
                rejected_quantity: returned.toFixed(3),
              })),
            );
            return {
              item_state: headerItemState(after.map(({ line, sold, returned }) => itemStateOf(line, sold, returned))),
              arrival_posting_id: postingId,
              ...(done && { received_by: actor.id, received_by_name: actor.name, received_time: new Date() }),
            };
          },
        });
      }),
    );
    return this.get(id, user);
  }

  /**
   * Splits an APPROVED release into deliveries (SPEC.md §4 SPLIT): each part becomes a release of its own
   * (numbered in the source's SR series, APPROVED, `parent_id` the release), whose quantities per line add up to
   * the release's exactly; the release ends SPLIT. In the ledger, what left for the release comes back to the
   * source at its costs and each delivery takes exactly those layers out again (named batches), so every
   * delivery carries the very costs that left, and a consignment stays consigned out throughout.
   */
  async split(id: string, input: ValidStockReleaseSplit, user: AccessTokenClaims): Promise<StockTransferView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertOffered(record, 'split');
        const machine = transferMachineOf(record.transfer_type);
        ruleOf(machine, record.status, 'split');
        assertRevision(record.revision, input.revision);
        const lines = await this.transfers.lines(manager, id);
        if (settledAny(lines)) throw new AppException(InventoryErrorCode.RELEASE_ALREADY_SETTLED);
        const items = await this.items.findMany(manager, lines);
        const parts = checkedSplit(lines, input, items);
        const actor = actorOf(user);
        await this.actions.apply(manager, {
          machine,
          document: documentOf(record, 'split', record.transfer_value),
          action: 'split',
          input: { revision: input.revision, ...(input.remark !== undefined && { remark: input.remark }) },
          user,
          table: 'stock_transfer',
          subject: ACTIVITY_SUBJECTS.split,
          effect: async () => {
            const back = await this.ledger.post(
              manager,
              {
                document_type: 'SR',
                document_id: record.id,
                document_no: record.doc_no,
                revision: releaseRevision(record.revision + 1),
                value_date: valueDateOf(record),
                lines: lines.map((line) => ({
                  line_no: line.line_no,
                  item_type: line.item_type,
                  item_id: line.item_id,
                  location_id: record.from_location_id,
                  quantity: line.release_quantity,
                  uom_name: line.uom_name,
                  transit: 'arrive' as const,
                })),
              },
              actor,
            );
            const layers = new BatchPool(await this.transfers.postedBatches(manager, back.posting_id));
            for (const part of parts) {
              const childId = randomUUID();
              const childNo = await nextDocumentNumber(manager, 'SR', record.from_location_id);
              const childLines = part.lines;
              const child: TransferRecord = {
                ...record,
                id: childId,
                doc_no: childNo,
                status: 'APPROVED',
                revision: 1,
                parent_id: record.id,
                release_date: part.release_date ?? record.release_date,
                source: 'manual',
                source_id: null,
                source_no: record.doc_no,
                transfer_value: '0',
                created_by: actor.id,
                created_by_name: actor.name,
                created_time: new Date(),
                last_updated_time: new Date(),
              };
              await this.transfers.insert(
                manager,
                { ...child, submitted_by: record.submitted_by, submitted_by_name: record.submitted_by_name },
                childLines.map((line) => ({
                  ...line,
                  received_quantity: null,
                  rejected_quantity: null,
                  reject_reason: null,
                  line_value: null,
                  rejected_value: null,
                })),
              );
              const posted = await this.ledger.post(
                manager,
                {
                  document_type: 'SR',
                  document_id: childId,
                  document_no: childNo,
                  revision: 1,
                  value_date: valueDateOf(record),
                  lines: childLines.flatMap((line) =>
                    layers.take(line.line_no, primaryOf(items, line), {
                      item_type: line.item_type,
                      item_id: line.item_id,
                      location_id: record.from_location_id,
                      transit: 'dispatch',
                    }),
                  ),
                },
                actor,
              );
              const values = valuesByLine(posted.movements, true);
              await this.transfers.setLines(
                manager,
                childId,
                childLines.map((line) => ({ line_no: line.line_no, line_value: values.get(line.line_no) ?? '0' })),
              );
              const total = [...values.values()].reduce((sum, v) => sum.plus(v), exact(0));
              await manager.query(
                `UPDATE stock_transfer SET transfer_value = $2, dispatch_posting_id = $3, submitted_time = $4
                  WHERE id = $1`,
                [childId, roundTo(total, LEDGER_VALUE_SCALE), posted.posting_id, record.submitted_time],
              );
              await recordHistory(manager, {
                document_type: 'SR',
                document_id: childId,
                action: 'split',
                from_status: null,
                to_status: 'APPROVED',
                remark: record.doc_no,
                actor,
              });
              await this.announceUsage(manager, childId, 1, record, childLines);
            }
            return { arrival_posting_id: back.posting_id };
          },
        });
      }),
    );
    return this.get(id, user);
  }

  /**
   * A release's lines leave the customer's side: `back` returns to the source (on hand again at the cost it left
   * at) and `kept` leaves the company's stock. Posting 1 (2 × the action's revision) brings both out of transit
   * at the source; posting 2 (the same + 1) issues the kept part out of exactly the layers posting 1 made (named
   * batches), so what the customer keeps leaves at the cost it was released at.
   */
  private async settleLedger(
    manager: EntityManager,
    record: TransferRecord,
    settled: readonly { line: TransferLineRecord; kept: string; back: string }[],
    actor: PostingActor,
  ): Promise<string | null> {
    const moving = settled.filter(({ kept, back }) => exact(kept).plus(back).greaterThan(0));
    if (moving.length === 0) return null;
    const revision = record.revision + 1;
    const arrived = await this.ledger.post(
      manager,
      {
        document_type: 'SR',
        document_id: record.id,
        document_no: record.doc_no,
        revision: releaseRevision(revision),
        value_date: valueDateOf(record),
        lines: moving.map(({ line, kept, back }) => ({
          line_no: line.line_no,
          item_type: line.item_type,
          item_id: line.item_id,
          location_id: record.from_location_id,
          quantity: exact(kept).plus(back).toFixed(3),
          uom_name: line.uom_name,
          transit: 'arrive' as const,
        })),
      },
      actor,
    );
    const selling = moving.filter(({ kept }) => exact(kept).greaterThan(0));
    if (selling.length > 0) {
      const items = await this.items.findMany(
        manager,
        selling.map(({ line }) => line),
      );
      const layers = new BatchPool(await this.transfers.postedBatches(manager, arrived.posting_id));
      await this.ledger.post(
        manager,
        {
          document_type: 'SR',
          document_id: record.id,
          document_no: record.doc_no,
          revision: releaseRevision(revision, true),
          value_date: valueDateOf(record),
          lines: selling.flatMap(({ line, kept }) =>
            layers.take(line.line_no, primaryOf(items, { ...line, release_quantity: kept }), {
              item_type: line.item_type,
              item_id: line.item_id,
              location_id: record.from_location_id,
            }),
          ),
        },
        actor,
      );
    }
    return arrived.posting_id;
  }

  /** The catalog records the transfer uses: its locations, its customer and its items (catalog refuses to drop them). */
  private announceUsage(
    manager: EntityManager,
    id: string,
    revision: number,
    addressee: { from_location_id: string; to_location_id: string | null; customer_id: string | null },
    lines: readonly { item_type: StockItemType; item_id: string }[],
  ): Promise<void> {
    return announceDocumentUsage(this.events, manager, {
      service: 'inventory',
      used_by_type: 'stock_transfer',
      used_by_id: id,
      revision,
      targets: [
        { target_type: 'location', target_id: addressee.from_location_id },
        { target_type: 'location', target_id: addressee.to_location_id },
        { target_type: 'customer', target_id: addressee.customer_id },
        ...lines.map((line) => ({ target_type: line.item_type, target_id: line.item_id })),
      ],
    });
  }

  /** The caller's list query kept to the types of the keys it holds (view). */
  private typed(query: ListQuery, user: AccessTokenClaims): ListQuery {
    const allowed = TRANSFER_TYPES.filter((type) => hasPermission(user.perms, transferTypeKey(type), 'view'));
    const asked = query.other_params?.transfer_type;
    const wanted = Array.isArray(asked) ? asked : asked ? [asked] : [...allowed];
    const types = allowed.filter((type) => wanted.includes(type));
    // No type left: a value no row has, so the list is empty (never "no filter").
    return { ...query, other_params: { ...query.other_params, transfer_type: types.length > 0 ? types : ['-'] } };
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
        revision: postingRevision(record),
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
      transfer_type: 'INTERNAL',
      from_location_id: data.from_location_id,
      to_location_id: data.to_location_id,
      customer_id: null,
      contact_no: '',
      contact_email: '',
      delivery_address: '',
      invoice_no: '',
      parent_id: null,
      item_state: null,
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
        revision: postingRevision(record),
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

  /**
   * The checks of a transfer's locations (a release's customer: known to inventory, not archived) and lines
   * (known, inventorised items; one of their units).
   */
  private async check(
    manager: EntityManager,
    header: { from_location_id: string; to_location_id: string | null; customer_id: string | null },
    lines: readonly TransferLineRecord[],
  ): Promise<CheckedLine[]> {
    if (header.from_location_id === header.to_location_id) throw StockTransferException.sameLocation();
    const problems: LineProblem[] = [];
    const ends = [header.from_location_id, ...(header.to_location_id ? [header.to_location_id] : [])];
    const locations = await this.locations.findMany(manager, ends);
    if (header.customer_id !== null) {
      const customer = await this.customers.find(manager, header.customer_id);
      if (!customer || customer.deleted || customer.status === 'archived') {
        problems.push({
          code: InventoryErrorCode.TRANSFER_CUSTOMER_UNKNOWN,
          params: { customer: customer && !customer.deleted ? customer.customer_name : header.customer_id },
          field: 'customer_id',
          rule: `errors.${InventoryErrorCode.TRANSFER_CUSTOMER_UNKNOWN}`,
        });
      }
    }
    for (const [field, locationId] of [
      ['from_location_id', header.from_location_id],
      ...(header.to_location_id ? ([['to_location_id', header.to_location_id]] as const) : []),
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
   * answers as not found, and so does one of a type whose key the caller lacks (a consignment is RJ_SR's).
   * Which side an action may be taken at is the kit's check (`sideOf`).
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
        if (!record || !hasPermission(user.perms, transferTypeKey(record.transfer_type), 'view')) return null;
        const held =
          inLocationScope(scope, record.from_location_id) || record.to_location_id === null
            ? record.from_location_id
            : record.to_location_id;
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
    const locations = await this.locations.findMany(manager, [
      record.from_location_id,
      ...(record.to_location_id ? [record.to_location_id] : []),
    ]);
    const balances = await this.transfers.balances(manager, record.from_location_id, lines);
    const adjustment = await this.transfers.adjustmentOf(manager, record.id);
    const customer = record.customer_id ? await this.customers.find(manager, record.customer_id) : null;
    const consignment = record.transfer_type === 'EXTERNAL_CONSIGNMENT';
    const consignedOut = consignment && record.item_state !== null;
    const scope = locationScopeOf(user);
    const machine = transferMachineOf(record.transfer_type);
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
        tracking: record.transfer_type === 'INTERNAL' ? trackingOf(record.status, line) : null,
        item_state: consignedOut
          ? itemStateOf(line, exact(line.received_quantity ?? '0'), exact(line.rejected_quantity ?? '0'))
          : null,
        sold_quantity: consignedOut ? (line.received_quantity ?? '0.000') : null,
        returned_quantity: consignedOut ? (line.rejected_quantity ?? '0.000') : null,
        outstanding_quantity: consignedOut
          ? exact(line.release_quantity)
              .minus(exact(line.received_quantity ?? '0'))
              .minus(exact(line.rejected_quantity ?? '0'))
              .toFixed(3)
          : null,
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
      available_actions: availableActionsFor(machine, record.status, user).filter(
        (action) =>
          offered(record.transfer_type, action) &&
          inLocationScope(scope, sideOf(record, action)) &&
          // A consignment partly settled can no longer be split or cancelled.
          !((action === 'split' || action === 'cancel_release') && settledAny(lines)),
      ),
      history: await readHistory(manager, 'SR', record.id),
      transfer_type: record.transfer_type,
      from_location_id: record.from_location_id,
      from_location_name: locations.get(record.from_location_id)?.location_name ?? record.from_location_id,
      to_location_id: record.to_location_id ?? '',
      to_location_name: record.to_location_id
        ? (locations.get(record.to_location_id)?.location_name ?? record.to_location_id)
        : (customer?.customer_name ?? record.customer_id ?? ''),
      customer_id: record.customer_id,
      customer_name: record.customer_id ? (customer?.customer_name ?? record.customer_id) : null,
      contact_no: record.contact_no,
      contact_email: record.contact_email,
      delivery_address: record.delivery_address,
      invoice_no: record.invoice_no,
      item_state: record.item_state,
      parent: record.parent_id ? await this.transfers.relative(manager, record.parent_id) : null,
      children: await this.transfers.children(manager, record.id),
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

/**
 * The location an action is taken at: a transfer's destination for receiving and denying, else the source's. A
 * release's every action is its source's (the customer has no login: the source records their receipt).
 */
function sideOf(record: TransferRecord, action: string): string {
  return record.to_location_id !== null && STOCK_TRANSFER_RECEIVER_ACTIONS.includes(action)
    ? record.to_location_id
    : record.from_location_id;
}

/** The ledger revision of a leg: a transfer's is the revision its action makes, a release's releaseRevision. */
function postingRevision(record: TransferRecord): number {
  return record.transfer_type === 'INTERNAL' ? record.revision + 1 : releaseRevision(record.revision + 1);
}

/** A release's legs are dated today (when the goods moved), never before its release date. */
function valueDateOf(record: TransferRecord): string {
  const valueDate = today();
  return valueDate < record.release_date ? record.release_date : valueDate;
}

function assertTypeAllowed(type: TransferType, user: AccessTokenClaims, check: 'view' | 'edit'): void {
  if (!hasPermission(user.perms, transferTypeKey(type), check)) {
    throw new AppException(CommonErrorCode.FORBIDDEN);
  }
}

/** An action another type's (a receipt on a consignment, a settlement on a release) is refused as the machine would. */
function assertOffered(record: TransferRecord, action: string): void {
  if (!offered(record.transfer_type, action)) {
    throw new AppException(DocumentErrorCode.ACTION_NOT_ALLOWED, { action, status: record.status });
  }
}

/** Anything of the release already settled (received / sold / returned). */
function settledAny(lines: readonly TransferLineRecord[]): boolean {
  return lines.some((line) => line.received_quantity !== null || line.rejected_quantity !== null);
}

/** A consigned-out line's state: out while anything is out; else all back RETURNED, else ITEM SOLD. */
function itemStateOf(line: TransferLineRecord, sold: ExactDecimal, returned: ExactDecimal): ConsignmentItemState {
  if (exact(line.release_quantity).minus(sold).minus(returned).greaterThan(0)) return 'AVAILABLE AND CONSIGNED OUT';
  return sold.isZero() ? 'RETURNED' : 'ITEM SOLD';
}

/** The release's summary state (the list filter): out while any piece is; else sold if any was; else returned. */
function headerItemState(states: readonly ConsignmentItemState[]): ConsignmentItemState {
  if (states.includes('AVAILABLE AND CONSIGNED OUT')) return 'AVAILABLE AND CONSIGNED OUT';
  return states.includes('ITEM SOLD') ? 'ITEM SOLD' : 'RETURNED';
}

/** A line's quantity (`release_quantity`) in its item's primary unit. */
function primaryOf(items: Map<string, ItemReplicaRow>, line: TransferLineRecord): ExactDecimal {
  return exact(
    toPrimary(line.release_quantity, unitFactor(items.get(itemKey(line.item_type, line.item_id)), line.uom_name)),
  );
}

type PostingLine = StockPostingRequest['lines'][number];

/**
 * The layers one posting received, by line, handed out oldest first as named batches of later postings' issue
 * lines (primary unit). A part a back order at the source took meanwhile is issued by an ordinary FIFO line.
 */
class BatchPool {
  private readonly left = new Map<string, ExactDecimal>();
  private readonly byLine = new Map<number, string[]>();

  constructor(batches: readonly { batch_id: string; line_no: number; remaining_quantity: string }[]) {
    for (const batch of batches) {
      this.left.set(batch.batch_id, exact(batch.remaining_quantity));
      this.byLine.set(batch.line_no, [...(this.byLine.get(batch.line_no) ?? []), batch.batch_id]);
    }
  }

  take(
    lineNo: number,
    quantity: ExactDecimal,
    line: Pick<PostingLine, 'item_type' | 'item_id' | 'location_id'> & { transit?: 'dispatch' },
  ): PostingLine[] {
    let wanted = quantity;
    const named: { batch_id: string; quantity: string }[] = [];
    for (const batchId of this.byLine.get(lineNo) ?? []) {
      if (wanted.isZero()) break;
      const left = this.left.get(batchId)!;
      const take = ExactDecimal.min(left, wanted);
      if (take.isZero()) continue;
      this.left.set(batchId, left.minus(take));
      wanted = wanted.minus(take);
      named.push({ batch_id: batchId, quantity: roundQuantity(take) });
    }
    const out: PostingLine[] = [];
    const taken = named.reduce((sum, batch) => sum.plus(batch.quantity), exact(0));
    if (named.length > 0) {
      out.push({ ...line, line_no: lineNo, quantity: roundQuantity(taken.negated()), batches: named });
    }
    if (wanted.greaterThan(0)) out.push({ ...line, line_no: lineNo, quantity: roundQuantity(wanted.negated()) });
    return out;
  }
}

/**
 * The transfer as the kit's action runner sees it: at the side the action belongs to, with the value approval is
 * bounded by (USD, 2 decimals).
 */
function documentOf(record: TransferRecord, action: AnyAction, value: string) {
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

function addresseeOf(input: ValidStockTransferInput) {
  const release = input.transfer_type !== 'INTERNAL';
  return {
    from_location_id: input.from_location_id,
    to_location_id: release ? null : (input.to_location_id ?? null),
    customer_id: release ? (input.customer_id ?? null) : null,
  };
}

function headerOf(input: ValidStockTransferInput) {
  const release = input.transfer_type !== 'INTERNAL';
  return {
    ...addresseeOf(input),
    urgency: input.urgency,
    release_date: input.release_date,
    contact: input.contact ?? '',
    contact_no: input.contact_no ?? '',
    contact_email: input.contact_email ?? '',
    delivery_address: input.delivery_address ?? '',
    // An invoice number is a release's (SPEC.md §3): a transfer between locations has none.
    invoice_no: release ? (input.invoice_no ?? '') : '',
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

/**
 * A consignment settlement checked against the lines: known lines, each once, sold + returned at most what is
 * still out (and something). Every problem on its field; the quantities by line number.
 */
function checkedSettlement(
  lines: readonly TransferLineRecord[],
  input: ValidStockConsignmentSettlement,
  items: Map<string, ItemReplicaRow>,
): Map<number, { sold: string; returned: string }> {
  const problems: LineProblem[] = [];
  const out = new Map<number, { sold: string; returned: string }>();
  input.lines.forEach((given, index) => {
    const line = lines.find((candidate) => candidate.line_no === given.line_no);
    if (!line) return void problems.push(problem.invalid(`lines.${index}.line_no`));
    if (out.has(given.line_no)) return void problems.push(problem.duplicate(`lines.${index}.line_no`));
    const asked = exact(given.sold_quantity).plus(exact(given.returned_quantity));
    const outstanding = exact(line.release_quantity)
      .minus(exact(line.received_quantity ?? '0'))
      .minus(exact(line.rejected_quantity ?? '0'));
    if (asked.isZero()) {
      return void problems.push({
        code: CommonErrorCode.VALIDATION_FAILED,
        params: {},
        field: `lines.${index}.sold_quantity`,
        rule: V.moreThanZero,
      });
    }
    if (asked.greaterThan(outstanding)) {
      const item = items.get(itemKey(line.item_type, line.item_id));
      return void problems.push({
        code: InventoryErrorCode.CONSIGNMENT_SETTLEMENT_EXCEEDS,
        params: {
          item: item ? itemLabel(item) : line.item_id,
          asked: asked.toFixed(),
          outstanding: outstanding.toFixed(),
          uom: line.uom_name,
        },
        field: `lines.${index}.sold_quantity`,
        rule: `errors.${InventoryErrorCode.CONSIGNMENT_SETTLEMENT_EXCEEDS}`,
      });
    }
    out.set(given.line_no, {
      sold: exact(given.sold_quantity).toFixed(3),
      returned: exact(given.returned_quantity).toFixed(3),
    });
  });
  if (problems.length > 0) throw StockTransferException.invalid(problems);
  return out;
}

/**
 * A split checked against the lines: per line the parts add up to its release quantity exactly; every part
 * delivers something. The parts' lines (those with a quantity), keeping the release's line numbers.
 */
function checkedSplit(
  lines: readonly TransferLineRecord[],
  input: ValidStockReleaseSplit,
  items: Map<string, ItemReplicaRow>,
): { release_date: string | undefined; lines: TransferLineRecord[] }[] {
  const problems: LineProblem[] = [];
  const sums = new Map<number, ExactDecimal>();
  const parts = input.parts.map((part, partIndex) => {
    const seen = new Set<number>();
    const partLines: TransferLineRecord[] = [];
    part.lines.forEach((given, index) => {
      const line = lines.find((candidate) => candidate.line_no === given.line_no);
      const field = `parts.${partIndex}.lines.${index}.quantity`;
      if (!line || seen.has(given.line_no)) return void problems.push(problem.invalid(field));
      seen.add(given.line_no);
      const quantity = exact(given.quantity);
      sums.set(given.line_no, (sums.get(given.line_no) ?? exact(0)).plus(quantity));
      if (quantity.greaterThan(0)) partLines.push({ ...line, release_quantity: quantity.toFixed(3) });
    });
    if (partLines.length === 0) {
      problems.push({
        code: CommonErrorCode.VALIDATION_FAILED,
        params: {},
        field: `parts.${partIndex}.lines`,
        rule: V.required,
      });
    }
    return { release_date: part.release_date, lines: partLines };
  });
  lines.forEach((line, index) => {
    const sum = sums.get(line.line_no) ?? exact(0);
    if (!sum.equals(exact(line.release_quantity))) {
      const item = items.get(itemKey(line.item_type, line.item_id));
      problems.push({
        code: InventoryErrorCode.RELEASE_SPLIT_MISMATCH,
        params: {
          item: item ? itemLabel(item) : line.item_id,
          sum: sum.toFixed(),
          target: exact(line.release_quantity).toFixed(),
          uom: line.uom_name,
        },
        field: `lines.${index}.release_quantity`,
        rule: `errors.${InventoryErrorCode.RELEASE_SPLIT_MISMATCH}`,
      });
    }
  });
  if (problems.length > 0) throw StockTransferException.invalid(problems);
  return parts;
}
