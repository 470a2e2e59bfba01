import { Injectable } from '@nestjs/common';
import {
  adjustmentReasonsFor,
  toPrimary,
  unitKey,
  ExactDecimal,
  exact,
  roundTo,
  LEDGER_VALUE_SCALE,
} from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { StockAdjustmentException, problem } from './stock-adjustment.exception.js';
import type { LineProblem } from './stock-adjustment.exception.js';
import { StockAdjustmentRepository } from './stock-adjustment.repository.js';
import type { AdjustmentLineRecord, LedgerBatch } from './stock-adjustment.repository.js';

/** A line as typed or stored, before its value is known. */
export type AdjustmentLineInput = Omit<AdjustmentLineRecord, 'adjustment_value'>;

/** A line whose item and unit are known, with its value (signed, 7 decimals; null while it cannot be priced). */
export interface CheckedLine extends AdjustmentLineRecord {
  item: ItemReplicaRow;
  /** Primary units in one `uom_name`. */
  factor: string;
}

/** The largest quantity numeric(18,3) holds, the largest unit cost numeric(18,4) holds, the largest value (24,7). */
export const MAX_QUANTITY = '999999999999999.999';
export const MAX_UNIT_COST = '99999999999999.9999';
const MAX_VALUE = '99999999999999999.9999999';

/** Whether |value| fits under `max` (a figure the database would refuse is the caller's error, never a 500). */
export function fits(value: string, max: string): boolean {
  return exact(value).abs().lte(exact(max));
}

/** A date the calendar has (the body schema lets 2026-02-30 through: JavaScript reads it as March 2nd). */
export function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whether an item can be adjusted: known, not deleted nor archived. */
export function isLiveItem(item: ItemReplicaRow | undefined | null): item is ItemReplicaRow {
  return !!item && !item.deleted && item.status !== 'archived';
}

/** The item's unit named `uomName` (any case) and its factor, or undefined. */
export function unitOf(item: ItemReplicaRow, uomName: string): { uom_name: string; factor: string } | undefined {
  const key = unitKey(uomName);
  if (unitKey(item.primary_uom_name) === key) {
    const listed = item.uom_list.find((unit) => unitKey(unit.uom_name) === key);
    return { uom_name: item.primary_uom_name, factor: listed?.factor ?? '1' };
  }
  const unit = item.uom_list.find((candidate) => unitKey(candidate.uom_name) === key);
  return unit && { uom_name: unit.uom_name, factor: unit.factor };
}

export const itemLabel = (item: ItemReplicaRow): string =>
  item.item_name && item.item_name !== item.item_id ? `${item.item_name} (${item.item_id})` : item.item_id;

/**
 * The checks of an adjustment's lines (SPEC.md §5). Saving a draft checks what every line must be (a known,
 * inventorised item of the location's ledger, one of its units, a reason for its type); submitting and approving
 * check that it is complete: a positive line priced, a negative one with batches of that item and location whose
 * quantities sum to the line's. Every problem is named on its field, the first one's message is the answer's.
 */
@Injectable()
export class AdjustmentLineChecker {
  constructor(
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly adjustments: StockAdjustmentRepository,
  ) {}

  async check(
    manager: EntityManager,
    locationId: string,
    lines: readonly AdjustmentLineInput[],
    complete: boolean,
  ): Promise<CheckedLine[]> {
    const problems: LineProblem[] = [];
    const location = await this.locations.find(manager, locationId);
    if (!location || location.deleted || location.status === 'archived')
      problems.push(problem.locationUnknown(locationId));
    const items = await this.items.findMany(manager, lines);
    const batches = await this.adjustments.batches(
      manager,
      lines.flatMap((line) => line.batches.map((batch) => batch.batch_id)),
    );
    const checked: CheckedLine[] = [];
    lines.forEach((line, index) => {
      const at = `lines.${index}`;
      const item = items.get(itemKey(line.item_type, line.item_id));
      if (!isLiveItem(item)) return void problems.push(problem.itemUnknown(`${at}.item_id`, line.item_id));
      const label = itemLabel(item);
      if (!item.is_inventorise) return void problems.push(problem.notInventorised(`${at}.item_id`, label));
      const unit = unitOf(item, line.uom_name);
      if (!unit) return void problems.push(problem.unitUnknown(`${at}.uom_name`, label, line.uom_name));
      if (!adjustmentReasonsFor(line.item_type).includes(line.reason)) problems.push(problem.invalid(`${at}.reason`));
      const sizes = [
        ...(fits(line.adjustment_quantity, MAX_QUANTITY)
          ? []
          : [problem.tooLarge(`${at}.adjustment_quantity`, MAX_QUANTITY)]),
        ...(line.unit_cost && !fits(line.unit_cost, MAX_UNIT_COST)
          ? [problem.tooLarge(`${at}.unit_cost`, MAX_UNIT_COST)]
          : []),
        ...line.batches.flatMap((batch, position) =>
          fits(batch.quantity, MAX_QUANTITY)
            ? []
            : [problem.tooLarge(`${at}.batches.${position}.quantity`, MAX_QUANTITY)],
        ),
      ];
      if (sizes.length > 0) return void problems.push(...sizes);
      const quantity = exact(line.adjustment_quantity);
      const positive = quantity.isPositive();
      // A positive line receives at its own price: batches mean nothing to it.
      const lineBatches = positive ? [] : line.batches;
      if (complete) {
        if (positive && (line.unit_cost === null || line.unit_cost === undefined || line.unit_cost === '')) {
          problems.push(problem.unitPriceRequired(`${at}.unit_cost`, label));
        }
        if (!positive) problems.push(...this.batchProblems(at, label, locationId, line, lineBatches, batches));
      }
      const value = valueOf(quantity, line.unit_cost ?? null, lineBatches, unit.factor, batches);
      if (value !== null && !fits(value, MAX_VALUE))
        return void problems.push(problem.tooLarge(`${at}.unit_cost`, MAX_UNIT_COST));
      checked.push({
        ...line,
        uom_name: unit.uom_name,
        unit_cost: positive ? (line.unit_cost ?? null) : null,
        batches: lineBatches,
        item,
        factor: unit.factor,
        adjustment_value: value,
      });
    });
    if (problems.length > 0) throw StockAdjustmentException.invalid(problems);
    return checked;
  }

  private batchProblems(
    at: string,
    label: string,
    locationId: string,
    line: AdjustmentLineInput,
    lineBatches: AdjustmentLineInput['batches'],
    known: Map<string, LedgerBatch>,
  ): LineProblem[] {
    if (lineBatches.length === 0) return [problem.batchRequired(`${at}.batches`, label)];
    const problems: LineProblem[] = [];
    const seen = new Set<string>();
    lineBatches.forEach((batch, position) => {
      const field = `${at}.batches.${position}.batch_id`;
      if (seen.has(batch.batch_id)) problems.push(problem.duplicate(field));
      seen.add(batch.batch_id);
      const layer = known.get(batch.batch_id);
      if (
        !layer ||
        layer.item_type !== line.item_type ||
        layer.item_id !== line.item_id ||
        layer.location_id !== locationId
      ) {
        problems.push(problem.batchInvalid(field, label, locationId));
      }
    });
    const sum = lineBatches.reduce((total, batch) => total.plus(exact(batch.quantity)), new ExactDecimal(0));
    const target = exact(line.adjustment_quantity).abs();
    if (!sum.equals(target)) {
      problems.push(problem.batchSumMismatch(`${at}.batches`, label, sum.toFixed(3), target.toFixed(3)));
    }
    return problems;
  }
}

/**
 * A line's signed value before posting: a positive one at its own price (quantity × unit cost per its unit); a
 * negative one at its batches' costs (each batch's quantity in the primary unit × the batch's cost per primary
 * unit, as the ledger will issue it). Null when it cannot be priced yet.
 */
function valueOf(
  quantity: ExactDecimal,
  unitCost: string | null,
  batches: AdjustmentLineInput['batches'],
  factor: string,
  known: Map<string, LedgerBatch>,
): string | null {
  if (quantity.isPositive())
    return unitCost === null || unitCost === '' ? null : roundTo(quantity.times(exact(unitCost)), LEDGER_VALUE_SCALE);
  if (batches.length === 0) return null;
  let total = new ExactDecimal(0);
  for (const batch of batches) {
    const layer = known.get(batch.batch_id);
    if (!layer) return null;
    total = total.plus(exact(toPrimary(batch.quantity, factor)).times(exact(layer.unit_cost)));
  }
  return roundTo(total.negated(), LEDGER_VALUE_SCALE);
}

/** The positive and negative totals of some lines' values (7 decimals each). */
export function totalsOf(lines: readonly { adjustment_value: string | null }[]): {
  positive_value: string;
  negative_value: string;
} {
  let positive = new ExactDecimal(0);
  let negative = new ExactDecimal(0);
  for (const line of lines) {
    if (line.adjustment_value === null) continue;
    const value = exact(line.adjustment_value);
    if (value.isNegative()) negative = negative.plus(value);
    else positive = positive.plus(value);
  }
  return {
    positive_value: roundTo(positive, LEDGER_VALUE_SCALE),
    negative_value: roundTo(negative, LEDGER_VALUE_SCALE),
  };
}

/**
 * What the approval limit is held against: Σ |line values| in USD (a write-off needs the same authority), exact
 * (not rounded to cents: $100.004 is above a $100.00 limit; the kit's message shows it as it must).
 */
export function approvalValueUsd(lines: readonly { adjustment_value: string | null }[]): string {
  const total = lines.reduce(
    (sum, line) => (line.adjustment_value === null ? sum : sum.plus(exact(line.adjustment_value).abs())),
    new ExactDecimal(0),
  );
  return roundTo(total, LEDGER_VALUE_SCALE);
}
