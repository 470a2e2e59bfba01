import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import {
  InventorySubjects,
  STOCK_ADJUSTMENT_MACHINE,
  fromPrimary,
  ExactDecimal,
  exact,
  roundTo,
  LEDGER_VALUE_SCALE,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockAdjustmentAction,
  StockAdjustmentLineView,
  StockAdjustmentListRow,
  StockAdjustmentView,
  ValidStockAdjustmentInput,
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
  findDocumentInScope,
  assertRevision,
  availableActionsFor,
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
import { InventorySettingsService } from '../ledger/inventory-settings.service.js';
import { StockLedgerException } from '../ledger/stock-ledger.exception.js';
import { StockLedger } from '../ledger/stock-ledger.js';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { AdjustmentLineChecker, approvalValueUsd, isCalendarDate, totalsOf, unitOf } from './adjustment-lines.js';
import type { AdjustmentLineInput, CheckedLine } from './adjustment-lines.js';
import { AdjustmentOutcomes } from './adjustment-outcomes.js';
import { StockAdjustmentException, problem } from './stock-adjustment.exception.js';
import { StockAdjustmentRepository } from './stock-adjustment.repository.js';
import type { AdjustmentLineRecord, AdjustmentRecord } from './stock-adjustment.repository.js';

const MACHINE = STOCK_ADJUSTMENT_MACHINE;

/** The attachment owner type of stock adjustments (inventory.module.ts). */
export const STOCK_ADJUSTMENT_ATTACHMENTS = 'stock-adjustment';

/** The activity event of each action (a recall too: it withdraws the approval request the submit made). */
const ACTIVITY_SUBJECTS = {
  submit: InventorySubjects.StockAdjustmentSubmitted,
  recall: InventorySubjects.StockAdjustmentRecalled,
  approve: InventorySubjects.StockAdjustmentApproved,
  reject: InventorySubjects.StockAdjustmentRejected,
  discard: InventorySubjects.StockAdjustmentDiscarded,
} as const;

/**
 * Stock adjustments (SPEC.md §3-§5, docs/stock-ledger.md): DRAFT → PENDING APPROVAL → APPROVED (posted to the
 * ledger in the approval's own transaction) / REJECTED, or DISCARDED. Every action runs the kit's checks and
 * writes its history; every edit and action names the revision it was made on.
 */
@Injectable()
export class StockAdjustmentService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly adjustments: StockAdjustmentRepository,
    private readonly checker: AdjustmentLineChecker,
    private readonly actions: DocumentActions,
    private readonly ledger: StockLedger,
    private readonly settings: InventorySettingsService,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly events: EventPublisher,
    private readonly outcomes: AdjustmentOutcomes,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    // The document page's files: refused exactly as the adjustment itself is (another location's is not found).
    this.attachments.guardOwner(STOCK_ADJUSTMENT_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<StockAdjustmentListRow>> {
    const page = await this.adjustments.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.adjustments.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<StockAdjustmentView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** A new DRAFT, numbered in its location's SA series. Lines may still be incomplete (no price, no batches). */
  async create(input: ValidStockAdjustmentInput, user: AccessTokenClaims): Promise<StockAdjustmentView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    assertCalendarDate(input.value_date);
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const checked = await this.checker.check(manager, input.location_id, linesOf(input), false);
        const actor = actorOf(user);
        const adjustmentId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'SA', input.location_id);
        await this.adjustments.insert(
          manager,
          {
            id: adjustmentId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            value_date: input.value_date,
            remark: input.remark,
            source: 'manual',
            source_id: null,
            source_no: null,
            ...totalsOf(checked),
            created_by: actor.id,
            created_by_name: actor.name,
            submitted_by: null,
            submitted_by_name: null,
            submitted_time: null,
          },
          records(checked),
        );
        await recordHistory(manager, {
          document_type: 'SA',
          document_id: adjustmentId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return adjustmentId;
      }),
    );
    return this.get(id, user);
  }

  /** Replaces a DRAFT's header and lines; the edit must be made on the current revision. */
  async update(id: string, input: ValidStockAdjustmentInput, user: AccessTokenClaims): Promise<StockAdjustmentView> {
    assertCalendarDate(input.value_date);
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, input.revision);
        // The number names the location: a document does not move; discard it and make one at the other.
        if (input.location_id !== record.location_id) {
          throw StockAdjustmentException.invalid([problem.invalid('location_id')]);
        }
        const lines = user.cost
          ? linesOf(input)
          : keepHiddenPrices(linesOf(input), await this.adjustments.lines(manager, id));
        const checked = await this.checker.check(manager, record.location_id, lines, false);
        await this.adjustments.replaceLines(manager, id, records(checked));
        const saved = await this.adjustments.update(manager, id, record.revision, {
          value_date: input.value_date,
          remark: input.remark,
          ...totalsOf(checked),
          last_updated_by: user.sub,
        });
        if (!saved) throw StockAdjustmentException.stale();
        await recordHistory(manager, {
          document_type: 'SA',
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
   * submit / recall / approve / reject / discard. Submit and approve check the lines fully (SPEC.md §5); approve
   * posts them to the ledger in this same transaction, so a refusal there (insufficient stock, a locked period)
   * leaves the adjustment, its history and the ledger exactly as they were.
   */
  async act(
    id: string,
    action: StockAdjustmentAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        // The machine and the revision first: a wrong action or a stale page is told as such, not as a line error.
        ruleOf(MACHINE, record.status, action);
        assertRevision(record.revision, input.revision);
        const lines = await this.adjustments.lines(manager, id);
        // Submit and approve check the lines fully (and price them from their batches again). Recall, reject and
        // discard take them as stored: an item archived since must not keep anyone from withdrawing the document.
        const deciding = action === 'submit' || action === 'approve';
        const checked = deciding ? await this.checker.check(manager, record.location_id, lines, true) : lines;
        if (action === 'submit') {
          // Told now rather than at approval: a document dated in a locked period can never be posted.
          const lockDate = await this.settings.periodLockDate(manager);
          if (lockDate !== null && record.value_date <= lockDate) {
            throw StockLedgerException.periodLocked(lockDate, record.value_date);
          }
        }
        const actor = actorOf(user);
        await this.actions.apply(manager, {
          machine: MACHINE,
          table: 'stock_adjustment',
          document: {
            type: 'SA',
            id,
            doc_no: record.doc_no,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
            value_usd: approvalValueUsd(checked),
          },
          action,
          input,
          user,
          subject: ACTIVITY_SUBJECTS[action],
          // The values the lines now hold (priced again, or posted at their FIFO cost) and the document's totals.
          effect: async () => {
            if (action === 'approve') {
              const posted = await this.post(manager, record, checked as CheckedLine[], actor);
              await this.adjustments.setLineValues(manager, id, posted.values);
              const values = [...posted.values.values()].map((value) => ({ adjustment_value: value }));
              return { ...totalsOf(values), posting_id: posted.postingId };
            }
            if (deciding) {
              await this.adjustments.setLineValues(
                manager,
                id,
                new Map(checked.map((line) => [line.line_no, line.adjustment_value])),
              );
            }
            return totalsOf(checked);
          },
        });
        if (record.source === 'stock_take' && record.source_id && action !== 'submit' && action !== 'recall') {
          await this.outcomes.settle(manager, record.source, {
            adjustment_id: id,
            adjustment_no: record.doc_no,
            source_id: record.source_id,
            action,
            remark: input.remark ?? null,
            actor,
          });
        }
      }),
    );
    return this.get(id, user);
  }

  /** Posts the lines: positive ones at their price, negative ones from their named batches; no negative stock. */
  private async post(
    manager: EntityManager,
    record: AdjustmentRecord,
    lines: readonly CheckedLine[],
    actor: { id: string; name: string },
  ): Promise<{ postingId: string; values: Map<number, string> }> {
    const result = await this.ledger.post(
      manager,
      {
        document_type: 'SA',
        document_id: record.id,
        document_no: record.doc_no,
        // The revision the approval makes: an approval retried after a lost answer is the same posting.
        revision: record.revision + 1,
        value_date: record.value_date,
        allow_negative: false,
        lines: lines.map((line) => ({
          line_no: line.line_no,
          item_type: line.item_type,
          item_id: line.item_id,
          location_id: record.location_id,
          quantity: line.adjustment_quantity,
          uom_name: line.uom_name,
          ...(exact(line.adjustment_quantity).isPositive()
            ? { unit_cost: line.unit_cost! }
            : { batches: line.batches.map((batch) => ({ batch_id: batch.batch_id, quantity: batch.quantity })) }),
        })),
      },
      actor,
    );
    const values = new Map<number, ExactDecimal>(lines.map((line) => [line.line_no, new ExactDecimal(0)]));
    for (const movement of result.movements) {
      values.set(
        movement.line_no,
        (values.get(movement.line_no) ?? new ExactDecimal(0)).plus(exact(movement.cost_value)),
      );
    }
    return {
      postingId: result.posting_id,
      values: new Map([...values].map(([lineNo, value]) => [lineNo, roundTo(value, LEDGER_VALUE_SCALE)])),
    };
  }

  /** The header locked for the action; another location's answers as not found. */
  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<AdjustmentRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /**
   * The document as the caller may see it: a missing id, or a document of a location outside the caller's scope,
   * answers as not found. THE location-scope check of this document: its read by id, its actions (locked) and its
   * attachments (the guard registered in onModuleInit) all go through it.
   */
  private findInScope(
    manager: EntityManager,
    id: string,
    user: AccessTokenClaims,
    lock = false,
  ): Promise<AdjustmentRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.adjustments.find(manager, valid, lock),
      () => StockAdjustmentException.notFound(),
    );
  }

  private async view(
    manager: EntityManager,
    record: AdjustmentRecord,
    user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    const lines = await this.adjustments.lines(manager, record.id);
    const items = await this.items.findMany(manager, lines);
    const location = await this.locations.find(manager, record.location_id);
    const batches = await this.adjustments.batches(
      manager,
      lines.flatMap((line) => line.batches.map((batch) => batch.batch_id)),
    );
    const onHand = await this.adjustments.onHand(manager, record.location_id, lines);
    // The preview of what approving would do; once final, the adjustment changes nothing more (an approved one is
    // in `on_hand` already).
    const pending = !(MACHINE.final as readonly string[]).includes(record.status);
    const lineViews: StockAdjustmentLineView[] = lines.map((line) => {
      const item = items.get(itemKey(line.item_type, line.item_id));
      const factor = (item && unitOf(item, line.uom_name)?.factor) ?? '1';
      const here = fromPrimary(onHand.get(itemKey(line.item_type, line.item_id)) ?? '0', factor);
      return {
        line_no: line.line_no,
        item_type: line.item_type,
        item_id: line.item_id,
        item_name: item?.item_name ?? line.item_id,
        uom_name: line.uom_name,
        primary_uom_name: item?.primary_uom_name ?? line.uom_name,
        adjustment_quantity: line.adjustment_quantity,
        reason: line.reason,
        on_hand: here,
        after_adjust: pending ? exact(here).plus(exact(line.adjustment_quantity)).toFixed(3) : here,
        unit_cost: line.unit_cost,
        adjustment_value: line.adjustment_value === null ? null : roundTo(exact(line.adjustment_value), 2),
        batches: line.batches.map((batch) => {
          const layer = batches.get(batch.batch_id);
          return {
            batch_id: batch.batch_id,
            quantity: batch.quantity,
            received_at: layer ? new Date(layer.received_at).toISOString() : '',
            unit_cost: layer?.unit_cost ?? '',
          };
        }),
        remark: line.remark,
      };
    });
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
      history: await readHistory(manager, 'SA', record.id),
      value_date: record.value_date,
      remark: record.remark,
      source: record.source,
      source_id: record.source_id,
      source_no: record.source_no,
      positive_value: roundTo(exact(record.positive_value), 2),
      negative_value: roundTo(exact(record.negative_value), 2),
      lines: lineViews,
    };
  }
}

function assertCalendarDate(valueDate: string): void {
  if (!isCalendarDate(valueDate)) throw StockAdjustmentException.invalid([problem.invalid('value_date')]);
}

/** The body's lines, numbered in their order. */
function linesOf(input: ValidStockAdjustmentInput): AdjustmentLineInput[] {
  return input.lines.map((line, index) => ({
    line_no: index + 1,
    item_type: line.item_type,
    item_id: line.item_id,
    uom_name: line.uom_name,
    adjustment_quantity: line.adjustment_quantity,
    reason: line.reason,
    unit_cost: line.unit_cost ?? null,
    batches: line.batches,
    remark: line.remark,
  }));
}

/**
 * A caller without can_see_cost never received the lines' unit prices (the answers leave cost fields out), so the
 * draft it sends back has none: each line keeps the price stored for the same item and unit, instead of losing it.
 */
function keepHiddenPrices(
  lines: AdjustmentLineInput[],
  stored: readonly AdjustmentLineRecord[],
): AdjustmentLineInput[] {
  const prices = new Map(stored.map((line) => [`${line.item_type}:${line.item_id}:${line.uom_name}`, line.unit_cost]));
  return lines.map((line) =>
    line.unit_cost !== null
      ? line
      : { ...line, unit_cost: prices.get(`${line.item_type}:${line.item_id}:${line.uom_name}`) ?? null },
  );
}

/** The checked lines as stored. */
function records(lines: readonly CheckedLine[]): AdjustmentLineRecord[] {
  return lines.map(({ item: _item, factor: _factor, ...line }) => line);
}
