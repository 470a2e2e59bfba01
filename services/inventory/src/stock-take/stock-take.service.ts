import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InventorySubjects, STOCK_TAKE_MACHINE, V, fromPrimary, isEditableIn, toPrimary, exact } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockTakeAction,
  StockTakeListRow,
  StockTakeLineView,
  StockTakeView,
  ValidStockTakeCountsInput,
  ValidStockTakeCreateInput,
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
import type { DocumentActor, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { MAX_QUANTITY, fits, isLiveItem, unitOf } from '../stock-adjustment/adjustment-lines.js';
import { AdjustmentOutcomes } from '../stock-adjustment/adjustment-outcomes.js';
import type { AdjustmentOutcome } from '../stock-adjustment/adjustment-outcomes.js';
import { AutomaticAdjustments } from '../stock-adjustment/automatic-adjustments.js';
import { problem } from '../stock-adjustment/stock-adjustment.exception.js';
import type { LineProblem } from '../stock-adjustment/stock-adjustment.exception.js';
import { StockReader } from '../stock/stock-reader.js';
import { StockTakeException } from './stock-take.exception.js';
import { StockTakeRepository } from './stock-take.repository.js';
import type { StockTakeLineRecord, StockTakeRecord } from './stock-take.repository.js';

const MACHINE = STOCK_TAKE_MACHINE;

/** The attachment owner type of stock takes (inventory.module.ts). */
export const STOCK_TAKE_ATTACHMENTS = 'stock-take';

/** A count to apply: the line and its counted quantity in the counting unit (null: not counted yet). */
export interface CountEntry {
  line_no: number;
  counted_quantity: string | null;
  remark?: string;
}

/** The counting unit of an item: the SKU's counting unit when it is one of its units, else the primary. */
function countingUnitOf(item: ItemReplicaRow): { uom_name: string; factor: string } {
  return (
    unitOf(item, item.counting_uom_name || item.primary_uom_name) ?? { uom_name: item.primary_uom_name, factor: '1' }
  );
}

/**
 * Stock takes (SPEC.md §3-§5, docs/stock-ledger.md): a count sheet of one location as of `effective_time`, in each
 * item's counting unit. Submitting compares every count with the system quantity AT THE EFFECTIVE TIME (what was
 * posted up to then), so a receipt or issue posted while the shelves were being counted is not counted twice; the
 * differences become one stock adjustment (DUE TO STOCK TAKE, PENDING APPROVAL) and the stock take waits for it
 * (PENDING SA), or completes at once when nothing differs. The adjustment's approval completes it; its discard or
 * rejection returns it to RECOUNT — in the adjustment's own transaction (AdjustmentOutcomes).
 */
@Injectable()
export class StockTakeService implements OnModuleInit {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly takes: StockTakeRepository,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly stock: StockReader,
    private readonly actions: DocumentActions,
    private readonly automatic: AutomaticAdjustments,
    private readonly outcomes: AdjustmentOutcomes,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  onModuleInit(): void {
    this.outcomes.register('stock_take', (manager, outcome) => this.adjustmentSettled(manager, outcome));
    // The document page's files: refused exactly as the stock take itself is (another location's is not found).
    this.attachments.guardOwner(STOCK_TAKE_ATTACHMENTS, async (ownerId, user) => {
      await this.findInScope(this.dataSource.manager, ownerId, user);
    });
  }

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<StockTakeListRow>> {
    const page = await this.takes.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.takes.statusCounts(query, scope);
  }

  async get(id: string, user: AccessTokenClaims): Promise<StockTakeView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** The lines of the items and of every inventorised item of the categories, in their counting units. */
  async create(input: ValidStockTakeCreateInput, user: AccessTokenClaims): Promise<StockTakeView> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId: input.location_id }]);
    if (input.items.length === 0 && input.categories.length === 0) throw StockTakeException.noItems();
    const effective = input.effective_time ? new Date(input.effective_time) : new Date();
    // A date-time PostgreSQL cannot store (year 0, beyond 9999) is the caller's error, never a 500.
    const year = effective.getUTCFullYear();
    if (Number.isNaN(effective.getTime()) || year < 1900 || year > 9999) {
      throw StockTakeException.invalid([problem.invalid('effective_time')]);
    }
    const id = await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const location = await this.locations.find(manager, input.location_id);
        if (!location || location.deleted || location.status === 'archived') {
          throw StockTakeException.invalid([problem.locationUnknown(input.location_id)]);
        }
        const chosen = await this.chosenItems(manager, input);
        if (chosen.length === 0) throw StockTakeException.noItems();
        const onHand = await this.stock.onHandAsOf(manager, input.location_id, chosen, effective);
        const lines: StockTakeLineRecord[] = chosen.map((item, index) => {
          const unit = countingUnitOf(item);
          const system = onHand.get(itemKey(item.item_type, item.item_id)) ?? '0';
          return {
            line_no: index + 1,
            item_type: item.item_type,
            item_id: item.item_id,
            uom_name: unit.uom_name,
            factor: unit.factor,
            primary_uom_name: item.primary_uom_name,
            system_quantity_primary: system,
            system_quantity: fromPrimary(system, unit.factor),
            counted_quantity: null,
            remark: '',
          };
        });
        const actor = actorOf(user);
        const takeId = randomUUID();
        const docNo = await nextDocumentNumber(manager, 'ST', input.location_id);
        await this.takes.insert(
          manager,
          {
            id: takeId,
            doc_no: docNo,
            status: 'DRAFT',
            revision: 1,
            location_id: input.location_id,
            effective_time: effective,
            blind_count: input.blind_count,
            remark: input.remark,
            created_by: actor.id,
            created_by_name: actor.name,
          },
          lines,
        );
        await recordHistory(manager, {
          document_type: 'ST',
          document_id: takeId,
          action: 'create',
          from_status: null,
          to_status: 'DRAFT',
          actor,
        });
        return takeId;
      }),
    );
    return this.get(id, user);
  }

  /** Saves counts while DRAFT or RECOUNT, on the revision the counter saw. */
  async saveCounts(id: string, input: ValidStockTakeCountsInput, user: AccessTokenClaims): Promise<StockTakeView> {
    await this.applyCounts(id, input.revision, input.lines, input.remark, user);
    return this.get(id, user);
  }

  /**
   * Counts from a sheet already read (rows of item id and counted quantity): every row names a line of this stock
   * take, or nothing is saved and each bad row is named (`rows.<row>.<column>`, the spreadsheet's row number).
   */
  async importCounts(
    id: string,
    rows: readonly { row: number; item_type: string | null; item_id: string; counted_quantity: string | null }[],
    revision: number | undefined,
    user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    const record = await this.findInScope(this.dataSource.manager, id, user);
    const lines = await this.takes.lines(this.dataSource.manager, id);
    const problems: LineProblem[] = [];
    const entries: CountEntry[] = [];
    for (const row of rows) {
      const matches = lines.filter(
        (line) =>
          line.item_id.toLowerCase() === row.item_id.toLowerCase() &&
          (row.item_type === null || line.item_type === row.item_type.toLowerCase()),
      );
      if (matches.length !== 1) {
        problems.push(problem.itemUnknown(`rows.${row.row}.item_id`, row.item_id));
        continue;
      }
      const quantity = row.counted_quantity;
      if (quantity !== null && !/^\d+(\.\d{1,3})?$/.test(quantity)) {
        problems.push({
          ...problem.invalid(`rows.${row.row}.counted_quantity`),
          rule: /^-/.test(quantity) ? V.moreOrEqualZero : /^\d+\.\d{4,}$/.test(quantity) ? V.threeDecimal : V.number,
        });
        continue;
      }
      if (quantity !== null && !fits(quantity, MAX_QUANTITY)) {
        problems.push(problem.tooLarge(`rows.${row.row}.counted_quantity`, MAX_QUANTITY));
        continue;
      }
      entries.push({ line_no: matches[0].line_no, counted_quantity: quantity });
    }
    if (problems.length > 0) throw StockTakeException.invalid(problems);
    await this.applyCounts(id, revision ?? record.revision, entries, undefined, user);
    return this.get(id, user);
  }

  /** submit (the only user action of a stock take; complete and recount are the system's). */
  async act(
    id: string,
    action: StockTakeAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        ruleOf(MACHINE, record.status, action);
        assertRevision(record.revision, input.revision);
        const lines = await this.takes.lines(manager, id);
        const uncounted = lines.flatMap((line, index) => (line.counted_quantity === null ? [index] : []));
        if (uncounted.length > 0) throw StockTakeException.uncounted(uncounted);
        const transition = await this.actions.check(manager, {
          machine: MACHINE,
          document: {
            type: 'ST',
            id,
            status: record.status,
            revision: record.revision,
            location_id: record.location_id,
            submitted_by: record.submitted_by,
          },
          action,
          input,
          user,
        });
        const actor = actorOf(user);
        const differences = await this.differences(manager, record, lines);
        const adjustment =
          differences.length === 0
            ? null
            : await this.automatic.create(manager, {
                location_id: record.location_id,
                value_date: effectiveDate(record.effective_time),
                remark: record.doc_no,
                source: 'stock_take',
                source_id: id,
                source_no: record.doc_no,
                lines: differences,
                submitted_by: actor,
                actor,
              });
        const saved = await this.takes.update(manager, id, record.revision, {
          status: transition.to as StockTakeRecord['status'],
          adjustment_id: adjustment?.id ?? null,
          adjustment_no: adjustment?.doc_no ?? null,
          submitted_by: actor.id,
          submitted_by_name: actor.name,
          submitted_time: new Date(),
          last_updated_by: user.sub,
        });
        if (!saved) throw StockTakeException.stale();
        const submitted = record.revision + 1;
        await this.publish(
          manager,
          InventorySubjects.StockTakeSubmitted,
          record,
          action,
          record.status,
          transition.to,
          actor,
          input.remark ?? null,
          submitted,
        );
        if (adjustment) return;
        // Nothing differs: nothing to adjust, and the count is done — a second step of its own (its own revision,
        // history line and event), exactly as when an adjustment completes it.
        const completed = await this.actions.system(manager, {
          machine: MACHINE,
          document: { type: 'ST', id, status: transition.to },
          action: 'complete',
          actor,
          remark: null,
        });
        if (
          !(await this.takes.update(manager, id, submitted, {
            status: completed.to as StockTakeRecord['status'],
            last_updated_by: user.sub,
          }))
        ) {
          throw StockTakeException.stale();
        }
        await this.publish(
          manager,
          InventorySubjects.StockTakeCompleted,
          record,
          'complete',
          completed.from,
          completed.to,
          actor,
          null,
          submitted + 1,
        );
      }),
    );
    return this.get(id, user);
  }

  /**
   * Called by the stock take's adjustment, inside its transaction: approved → COMPLETED; discarded or rejected →
   * unlinked, back to RECOUNT (the counts stay, to be corrected and submitted again).
   */
  private async adjustmentSettled(manager: EntityManager, outcome: AdjustmentOutcome): Promise<void> {
    const record = await this.takes.find(manager, outcome.source_id, true);
    if (!record || record.adjustment_id !== outcome.adjustment_id) return;
    const action = outcome.action === 'approve' ? 'complete' : 'recount';
    const remark =
      outcome.action === 'approve'
        ? outcome.adjustment_no
        : `${outcome.adjustment_no}${outcome.remark ? `: ${outcome.remark}` : ''}`;
    const transition = await this.actions.system(manager, {
      machine: MACHINE,
      document: { type: 'ST', id: record.id, status: record.status },
      action,
      actor: outcome.actor,
      remark,
    });
    const saved = await this.takes.update(manager, record.id, record.revision, {
      status: transition.to as StockTakeRecord['status'],
      ...(action === 'recount' && { adjustment_id: null, adjustment_no: null }),
      last_updated_by: outcome.actor.id,
    });
    if (!saved) throw StockTakeException.stale();
    await this.publish(
      manager,
      action === 'complete' ? InventorySubjects.StockTakeCompleted : InventorySubjects.StockTakeRecountRequested,
      record,
      action,
      transition.from,
      transition.to,
      outcome.actor,
      remark,
      record.revision + 1,
    );
  }

  /**
   * Each counted line against the system quantity at the effective time (taken again now: a posting dated before
   * it may have been made since the sheet was printed). Discrepancies in the primary unit, the adjustment's unit.
   */
  private async differences(manager: EntityManager, record: StockTakeRecord, lines: StockTakeLineRecord[]) {
    const onHand = await this.stock.onHandAsOf(manager, record.location_id, lines, record.effective_time);
    const differences: {
      item_type: StockTakeLineRecord['item_type'];
      item_id: string;
      uom_name: string;
      quantity: string;
      reason: 'DUE TO STOCK TAKE';
    }[] = [];
    await this.takes.setSystemQuantities(
      manager,
      record.id,
      lines.map((line) => {
        const system = onHand.get(itemKey(line.item_type, line.item_id)) ?? '0';
        return { line_no: line.line_no, primary: system, counting: fromPrimary(system, line.factor) };
      }),
    );
    for (const line of lines) {
      const system = onHand.get(itemKey(line.item_type, line.item_id)) ?? '0';
      const counted = toPrimary(line.counted_quantity!, line.factor);
      const difference = exact(counted).minus(exact(system));
      if (difference.isZero()) continue;
      differences.push({
        item_type: line.item_type,
        item_id: line.item_id,
        uom_name: line.primary_uom_name,
        quantity: difference.toFixed(3),
        reason: 'DUE TO STOCK TAKE',
      });
    }
    return differences;
  }

  private async applyCounts(
    id: string,
    revision: number,
    entries: readonly CountEntry[],
    remark: string | undefined,
    user: AccessTokenClaims,
  ): Promise<void> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertEditable(MACHINE, record.status);
        assertRevision(record.revision, revision);
        const known = new Set((await this.takes.lines(manager, id)).map((line) => line.line_no));
        const problems = entries.flatMap((entry, index) => [
          ...(known.has(entry.line_no) ? [] : [problem.invalid(`lines.${index}.line_no`)]),
          ...(entry.counted_quantity === null || fits(entry.counted_quantity, MAX_QUANTITY)
            ? []
            : [problem.tooLarge(`lines.${index}.counted_quantity`, MAX_QUANTITY)]),
        ]);
        if (problems.length > 0) throw StockTakeException.invalid(problems);
        await this.takes.setCounts(manager, id, entries);
        const saved = await this.takes.update(manager, id, record.revision, {
          ...(remark !== undefined && { remark }),
          last_updated_by: user.sub,
        });
        if (!saved) throw StockTakeException.stale();
        await recordHistory(manager, {
          document_type: 'ST',
          document_id: id,
          action: 'count',
          from_status: record.status,
          to_status: record.status,
          actor: actorOf(user),
        });
      }),
    );
  }

  /** The items asked for one by one, then every inventorised item of the categories; each once. */
  private async chosenItems(manager: EntityManager, input: ValidStockTakeCreateInput): Promise<ItemReplicaRow[]> {
    const found = await this.items.findMany(manager, input.items);
    const problems: LineProblem[] = [];
    const chosen = new Map<string, ItemReplicaRow>();
    input.items.forEach((asked, index) => {
      const item = found.get(itemKey(asked.item_type, asked.item_id));
      if (!isLiveItem(item)) return void problems.push(problem.itemUnknown(`items.${index}.item_id`, asked.item_id));
      if (!item.is_inventorise)
        return void problems.push(problem.notInventorised(`items.${index}.item_id`, asked.item_id));
      chosen.set(itemKey(item.item_type, item.item_id), item);
    });
    if (problems.length > 0) throw StockTakeException.invalid(problems);
    for (const itemType of ['sku', 'product'] as const) {
      const categories = input.categories.filter((category) => category.item_type === itemType);
      if (categories.length === 0) continue;
      const inCategories = await this.items.inCategories(
        manager,
        itemType,
        categories.map((category) => category.category_id),
      );
      for (const item of inCategories) {
        const key = itemKey(item.item_type, item.item_id);
        if (!chosen.has(key)) chosen.set(key, item);
      }
    }
    return [...chosen.values()];
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<StockTakeRecord> {
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
  ): Promise<StockTakeRecord> {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.takes.find(manager, valid, lock),
      () => StockTakeException.notFound(),
    );
  }

  private async publish(
    manager: EntityManager,
    subject:
      | typeof InventorySubjects.StockTakeSubmitted
      | typeof InventorySubjects.StockTakeCompleted
      | typeof InventorySubjects.StockTakeRecountRequested,
    record: StockTakeRecord,
    action: string,
    from: string,
    to: string,
    actor: DocumentActor,
    remark: string | null,
    revision: number,
  ): Promise<void> {
    await this.events.publish(manager, subject, {
      document_type: MACHINE.type,
      document_id: record.id,
      doc_no: record.doc_no,
      location_id: record.location_id,
      action,
      from_status: from,
      to_status: to,
      actor_id: actor.id,
      actor_name: actor.name,
      remark,
      revision,
    });
  }

  private async view(manager: EntityManager, record: StockTakeRecord, user: AccessTokenClaims): Promise<StockTakeView> {
    const lines = await this.takes.lines(manager, record.id);
    const items = await this.items.findMany(manager, lines);
    const categories = await this.takes.categoryNames(manager, record.id);
    const location = await this.locations.find(manager, record.location_id);
    // Counters of a blind count see no system quantity until the count is submitted (and again while recounting).
    const hidden = record.blind_count && isEditableIn(MACHINE, record.status);
    const lineViews: StockTakeLineView[] = lines.map((line) => {
      const key = itemKey(line.item_type, line.item_id);
      return {
        line_no: line.line_no,
        item_type: line.item_type,
        item_id: line.item_id,
        item_name: items.get(key)?.item_name ?? line.item_id,
        category_name: categories.get(key) ?? '',
        uom_name: line.uom_name,
        system_quantity: hidden ? null : line.system_quantity,
        counted_quantity: line.counted_quantity,
        discrepancy:
          hidden || line.counted_quantity === null
            ? null
            : exact(line.counted_quantity).minus(exact(line.system_quantity)).toFixed(3),
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
      history: await readHistory(manager, 'ST', record.id),
      effective_time: new Date(record.effective_time).toISOString(),
      blind_count: record.blind_count,
      remark: record.remark,
      adjustment_id: record.adjustment_id,
      adjustment_no: record.adjustment_no,
      counted_lines: lines.filter((line) => line.counted_quantity !== null).length,
      lines: lineViews,
    };
  }
}

/** The adjustment's value date: the day the count was effective (UTC, as every date the API answers). */
function effectiveDate(effective: Date): string {
  return new Date(effective).toISOString().slice(0, 10);
}
