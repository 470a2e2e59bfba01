import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  InventorySubjects,
  STOCK_ADJUSTMENT_MACHINE,
  pricePerPrimary,
  toPrimary,
  ExactDecimal,
  exact,
} from '@scm/contracts';
import type { AdjustmentReason, AdjustmentSource, StockItemType } from '@scm/contracts';
import { EventPublisher, nextDocumentNumber, recordHistory } from '@scm/platform';
import type { DocumentActor } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import { StockReader } from '../stock/stock-reader.js';
import { AdjustmentLineChecker, isLiveItem, totalsOf, unitOf } from './adjustment-lines.js';
import type { AdjustmentLineInput } from './adjustment-lines.js';
import { StockAdjustmentRepository } from './stock-adjustment.repository.js';

/** A line the system asks for: signed, in `uom_name` (any of the item's units). */
export interface SystemAdjustmentLine {
  item_type: StockItemType;
  item_id: string;
  uom_name: string;
  quantity: string;
  reason: AdjustmentReason;
  /** USD per one `uom_name`, for a positive line; absent: the item's average cost there, else its last batch's. */
  unit_cost?: string | null;
  remark?: string;
}

export interface SystemAdjustmentRequest {
  location_id: string;
  value_date: string;
  remark: string;
  source: Exclude<AdjustmentSource, 'manual'>;
  source_id: string;
  source_no: string;
  lines: SystemAdjustmentLine[];
  /** Who submitted it (the stock take's submitter), or null: nobody, the system made it. */
  submitted_by: DocumentActor | null;
  /** Who the history names. */
  actor: DocumentActor;
}

export interface CreatedAdjustment {
  id: string;
  doc_no: string;
}

/**
 * Adjustments the system makes (SPEC.md §4): for a stock take's discrepancies, a transfer received with rejects,
 * a WIP's discrepancy. They start PENDING APPROVAL, in each item's PRIMARY unit (the unit the ledger's batches are
 * kept in, so the FIFO-picked batches sum to the line exactly, never off by a conversion's rounding), with
 * negative lines taking the oldest batches at the location and positive lines priced at the item's average cost
 * there (else its last batch's cost; else unpriced, and an approver must recall it and give a price).
 */
@Injectable()
export class AutomaticAdjustments {
  constructor(
    private readonly adjustments: StockAdjustmentRepository,
    private readonly checker: AdjustmentLineChecker,
    private readonly items: ItemReplicaRepository,
    private readonly stock: StockReader,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Makes the adjustment in the caller's transaction. A transfer or WIP gets one adjustment, ever: a second
   * request for the same source (the event re-published under a new id) finds the first and makes nothing (null).
   */
  async create(manager: EntityManager, request: SystemAdjustmentRequest): Promise<CreatedAdjustment | null> {
    if (request.source === 'transfer' || request.source === 'wip') {
      // Two copies of one event delivered at once wait here for each other; the second then finds the first.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `stock_adjustment:${request.source}:${request.source_id}`,
      ]);
      if (await this.adjustments.findBySource(manager, request.source, request.source_id)) return null;
    }
    const lines = await this.lines(manager, request.location_id, request.lines);
    const checked = await this.checker.check(manager, request.location_id, lines, false);
    const totals = totalsOf(checked);
    const id = randomUUID();
    // Taken last: the number series serialises creations at this location until the commit.
    const docNo = await nextDocumentNumber(manager, 'SA', request.location_id);
    const now = new Date();
    await this.adjustments.insert(
      manager,
      {
        id,
        doc_no: docNo,
        status: 'PENDING APPROVAL',
        revision: 1,
        location_id: request.location_id,
        value_date: request.value_date,
        remark: request.remark,
        source: request.source,
        source_id: request.source_id,
        source_no: request.source_no,
        ...totals,
        created_by: request.actor.id,
        created_by_name: request.actor.name,
        submitted_by: request.submitted_by?.id ?? null,
        submitted_by_name: request.submitted_by?.name ?? null,
        submitted_time: now,
      },
      checked.map(({ item: _item, factor: _factor, ...line }) => line),
    );
    await recordHistory(manager, {
      document_type: 'SA',
      document_id: id,
      action: 'create',
      from_status: null,
      to_status: 'PENDING APPROVAL',
      remark: request.source_no,
      actor: request.actor,
    });
    await this.events.publish(manager, InventorySubjects.StockAdjustmentSubmitted, {
      document_type: STOCK_ADJUSTMENT_MACHINE.type,
      document_id: id,
      doc_no: docNo,
      location_id: request.location_id,
      action: 'create',
      from_status: null,
      to_status: 'PENDING APPROVAL',
      actor_id: request.actor.id,
      actor_name: request.actor.name,
      remark: request.source_no,
      revision: 1,
    });
    return { id, doc_no: docNo };
  }

  /** The request's lines in primary units, negative ones with their FIFO batches, positive ones priced. */
  private async lines(
    manager: EntityManager,
    locationId: string,
    requested: readonly SystemAdjustmentLine[],
  ): Promise<AdjustmentLineInput[]> {
    const items = await this.items.findMany(manager, requested);
    // What earlier lines of this adjustment already took from each batch: two lines of one item share its layers.
    const taken = new Map<string, ExactDecimal>();
    const lines: AdjustmentLineInput[] = [];
    for (const [index, line] of requested.entries()) {
      const item = items.get(itemKey(line.item_type, line.item_id));
      const unit = isLiveItem(item) ? unitOf(item, line.uom_name) : undefined;
      if (!isLiveItem(item) || !unit) {
        // Left as asked: the checker names the unknown item or unit.
        lines.push({ ...this.asked(index, line), batches: [] });
        continue;
      }
      const quantity = toPrimary(line.quantity, unit.factor);
      if (exact(quantity).isZero()) continue;
      const base = { ...this.asked(index, line), uom_name: item.primary_uom_name, adjustment_quantity: quantity };
      if (exact(quantity).isPositive()) {
        const unitCost =
          line.unit_cost !== undefined && line.unit_cost !== null
            ? pricePerPrimary(line.unit_cost, unit.factor, 4)
            : await this.currentCost(manager, locationId, line.item_type, line.item_id);
        lines.push({ ...base, unit_cost: unitCost, batches: [] });
      } else {
        const batches = await this.fifo(manager, locationId, line, exact(quantity).abs(), taken);
        lines.push({ ...base, unit_cost: null, batches });
      }
    }
    return lines.map((line, index) => ({ ...line, line_no: index + 1 }));
  }

  private asked(index: number, line: SystemAdjustmentLine): Omit<AdjustmentLineInput, 'batches'> {
    return {
      line_no: index + 1,
      item_type: line.item_type,
      item_id: line.item_id,
      uom_name: line.uom_name,
      adjustment_quantity: line.quantity,
      reason: line.reason,
      unit_cost: null,
      remark: line.remark ?? '',
    };
  }

  /** The oldest batches holding `need` (primary units); as much as there is when there is less. */
  private async fifo(
    manager: EntityManager,
    locationId: string,
    line: SystemAdjustmentLine,
    need: ExactDecimal,
    taken: Map<string, ExactDecimal>,
  ): Promise<{ batch_id: string; quantity: string }[]> {
    const batches: { batch_id: string; quantity: string }[] = [];
    let left = need;
    for (const batch of await this.stock.openBatches(manager, line.item_type, line.item_id, [locationId])) {
      if (left.isZero()) break;
      const already = taken.get(batch.batch_id) ?? new ExactDecimal(0);
      const free = exact(batch.remaining_quantity).minus(already);
      if (!free.isPositive() || free.isZero()) continue;
      const take = ExactDecimal.min(free, left);
      batches.push({ batch_id: batch.batch_id, quantity: take.toFixed(3) });
      taken.set(batch.batch_id, already.plus(take));
      left = left.minus(take);
    }
    return batches;
  }

  /** Cost per primary unit: the average at the location while it holds stock, else the newest batch's. */
  private async currentCost(
    manager: EntityManager,
    locationId: string,
    itemType: StockItemType,
    itemId: string,
  ): Promise<string | null> {
    const stock = await this.stock.atLocation(manager, locationId, itemType, itemId);
    if (exact(stock.on_hand).isPositive() && !exact(stock.on_hand).isZero())
      return exact(stock.average_cost).toFixed(4);
    return this.adjustments.lastBatchCost(manager, locationId, itemType, itemId);
  }
}
