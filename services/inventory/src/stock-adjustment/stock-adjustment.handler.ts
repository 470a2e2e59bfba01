import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InventorySubjects, exact } from '@scm/contracts';
import type { AdjustmentReason, StockItemType, TransferReceivedWithRejects, WipDiscrepancyFound } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { AutomaticAdjustments } from './automatic-adjustments.js';

const SYSTEM = { id: null, name: 'System' };

/**
 * A transfer's reject reason (SPEC.md §9 reject reasons: expired, spoilt, damaged, loss, lost, wastage, others,
 * and the transfer's own) as an adjustment reason. A product never expires (REMOUNTING is a different thing):
 * its expired goods are OTHERS.
 */
export function adjustmentReasonOfReject(itemType: StockItemType, reason: string): AdjustmentReason {
  const key = reason.trim().toUpperCase();
  if (key === 'EXPIRED') return itemType === 'sku' ? 'EXPIRED' : 'OTHERS';
  if (['DAMAGED', 'SPOILT', 'SPOILED', 'BROKEN', 'WASTAGE'].includes(key)) return 'DAMAGED';
  if (['LOSS', 'LOST', 'MISSING', 'SHORT', 'SHORTAGE'].includes(key)) return 'LOSS';
  return 'OTHERS';
}

/** The event's value date as a date (a producer may send a date-time). */
const dayOf = (valueDate: string): string => valueDate.slice(0, 10);

/**
 * Automatic adjustments (SPEC.md §4, docs/architecture.md §4): a transfer received with rejects or a WIP with a
 * discrepancy makes one adjustment PENDING APPROVAL, linked to its source. The consumer's inbox makes a
 * redelivered event a no-op; a re-published copy (a new event id) finds the source's adjustment and makes none.
 */
@Injectable()
export class StockAdjustmentEventsHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly automatic: AutomaticAdjustments,
  ) {}

  onModuleInit(): void {
    this.events.on(InventorySubjects.TransferReceivedWithRejects, (event, manager) =>
      this.transferRejects(manager, event.data),
    );
    this.events.on(InventorySubjects.WipDiscrepancyFound, (event, manager) => this.wipDiscrepancy(manager, event.data));
  }

  /** The rejected quantities leave the receiving location's stock (negative lines, oldest batches first). */
  async transferRejects(manager: EntityManager, data: TransferReceivedWithRejects): Promise<void> {
    await this.automatic.create(manager, {
      location_id: data.location_id,
      value_date: dayOf(data.value_date),
      remark: data.transfer_no,
      source: 'transfer',
      source_id: data.transfer_id,
      source_no: data.transfer_no,
      lines: data.lines
        .filter((line) => !exact(line.quantity).isZero())
        .map((line) => ({
          item_type: line.item_type,
          item_id: line.item_id,
          uom_name: line.uom_name,
          quantity: exact(line.quantity).abs().negated().toFixed(),
          reason: adjustmentReasonOfReject(line.item_type, line.reason),
          remark: line.reason,
        })),
      submitted_by: null,
      actor: SYSTEM,
    });
  }

  /** More than expected comes in at its cost; less goes out from the oldest batches. */
  async wipDiscrepancy(manager: EntityManager, data: WipDiscrepancyFound): Promise<void> {
    await this.automatic.create(manager, {
      location_id: data.location_id,
      value_date: dayOf(data.value_date),
      remark: data.wip_no,
      source: 'wip',
      source_id: data.wip_id,
      source_no: data.wip_no,
      lines: data.lines
        .filter((line) => !exact(line.quantity).isZero())
        .map((line) => ({
          item_type: line.item_type,
          item_id: line.item_id,
          uom_name: line.uom_name,
          quantity: line.quantity,
          reason: 'OTHERS' as const,
          unit_cost: line.unit_cost ?? null,
        })),
      submitted_by: null,
      actor: SYSTEM,
    });
  }
}
