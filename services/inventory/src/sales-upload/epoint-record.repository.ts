import { Injectable } from '@nestjs/common';
import { InventoryErrorCode } from '@scm/contracts';
import type { EpointSource } from '@scm/contracts';
import { AppException } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';

/** One POS line as the outlet's system sends it (decimals as strings). */
export interface PosLineInput {
  shift_code: string;
  stock_code: string;
  quantity: string;
  amount: string;
  /** YYYY-MM-DD */
  epoint_date: string;
  uom: string;
}

export interface PosLineOutcome {
  index: number;
  outcome: 'accepted' | 'duplicate' | 'rejected';
  errors?: { field: string; message: string }[];
}

/** Most lines one call may hand over. */
export const POS_INGEST_MAX_LINES = 10_000;

const CODE = /^[^\s].{0,99}$/s;
const QUANTITY = /^\d{1,15}(\.\d{1,3})?$/;
const AMOUNT = /^-?\d{1,16}(\.\d{1,2})?$/;

/**
 * The e-point records (the POS lines of the outlets): stored once per (location, shift_code, stock_code,
 * epoint_date), in one statement per batch.
 */
@Injectable()
export class EpointRecordRepository {
  constructor(private readonly locations: LocationReplicaRepository) {}

  /**
   * Stores POS lines as e-point records of the location in the caller's transaction: a line whose key is stored
   * already (or comes earlier in the batch) is a duplicate and changes nothing. Answers per-line outcomes and the
   * business days that received new lines.
   */
  async ingest(
    manager: EntityManager,
    input: { location_id: string; source: EpointSource; lines: PosLineInput[] },
  ): Promise<{ outcomes: PosLineOutcome[]; days: string[] }> {
    const location = await this.locations.find(manager, input.location_id);
    if (!location || location.deleted || location.status === 'archived') {
      throw new AppException(InventoryErrorCode.LOCATION_UNKNOWN, { location: input.location_id });
    }
    if (input.lines.length > POS_INGEST_MAX_LINES) {
      throw new AppException(InventoryErrorCode.SALES_UPLOAD_TOO_MANY_LINES, { max: POS_INGEST_MAX_LINES });
    }
    const outcomes: PosLineOutcome[] = new Array<PosLineOutcome>(input.lines.length);
    const valid: { index: number; line: PosLineInput }[] = [];
    input.lines.forEach((raw, index) => {
      const line = normalised(raw);
      const errors = problemsOf(line);
      if (errors.length > 0) outcomes[index] = { index, outcome: 'rejected', errors };
      else valid.push({ index, line });
    });

    if (valid.length > 0) {
      const inserted = await manager.query<{ shift_code: string; stock_code: string; epoint_date: string }[]>(
        `INSERT INTO epoint_record (location_id, shift_code, stock_code, quantity, amount, epoint_date, uom, source)
         SELECT $1, l.shift_code, l.stock_code, l.quantity, l.amount, l.epoint_date, l.uom, $2
           FROM unnest($3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::date[], $8::text[])
                WITH ORDINALITY AS l(shift_code, stock_code, quantity, amount, epoint_date, uom, position)
          ORDER BY l.position
         ON CONFLICT ON CONSTRAINT epoint_record_line DO NOTHING
         RETURNING shift_code, stock_code, to_char(epoint_date, 'YYYY-MM-DD') AS epoint_date`,
        [
          input.location_id,
          input.source,
          valid.map(({ line }) => line.shift_code),
          valid.map(({ line }) => line.stock_code),
          valid.map(({ line }) => line.quantity),
          valid.map(({ line }) => line.amount),
          valid.map(({ line }) => line.epoint_date),
          valid.map(({ line }) => line.uom),
        ],
      );
      // Each stored key is the first line of the batch that had it; a later one with the same key is a duplicate.
      const stored = new Set(inserted.map((row) => keyOf(row)));
      const days = new Set<string>();
      for (const { index, line } of valid) {
        const key = keyOf(line);
        if (stored.delete(key)) {
          outcomes[index] = { index, outcome: 'accepted' };
          days.add(line.epoint_date);
        } else {
          outcomes[index] = { index, outcome: 'duplicate' };
        }
      }
      return { outcomes, days: [...days].sort() };
    }
    return { outcomes, days: [] };
  }
}

function normalised(line: PosLineInput): PosLineInput {
  const text = (value: unknown) =>
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return {
    shift_code: text(line.shift_code),
    stock_code: text(line.stock_code),
    quantity: text(line.quantity),
    amount: text(line.amount),
    epoint_date: text(line.epoint_date),
    uom: text(line.uom),
  };
}

function problemsOf(line: PosLineInput): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (!line.shift_code) errors.push({ field: 'shift_code', message: 'shift_code is required' });
  else if (!CODE.test(line.shift_code)) errors.push({ field: 'shift_code', message: 'shift_code is too long' });
  if (!line.stock_code) errors.push({ field: 'stock_code', message: 'stock_code is required' });
  else if (!CODE.test(line.stock_code)) errors.push({ field: 'stock_code', message: 'stock_code is too long' });
  if (!line.quantity) errors.push({ field: 'quantity', message: 'quantity is required' });
  else if (!QUANTITY.test(line.quantity) || Number(line.quantity) === 0) {
    errors.push({ field: 'quantity', message: 'quantity must be a number more than 0 with at most 3 decimals' });
  }
  if (!line.amount) errors.push({ field: 'amount', message: 'amount is required' });
  else if (!AMOUNT.test(line.amount)) {
    errors.push({ field: 'amount', message: 'amount must be a number with at most 2 decimals' });
  }
  if (!line.epoint_date) errors.push({ field: 'epoint_date', message: 'epoint_date is required' });
  else if (!isCalendarDay(line.epoint_date)) {
    errors.push({ field: 'epoint_date', message: 'epoint_date must be a date YYYY-MM-DD' });
  }
  if (line.uom.length > 50) errors.push({ field: 'uom', message: 'uom is too long' });
  return errors;
}

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function keyOf(line: { shift_code: string; stock_code: string; epoint_date: string }): string {
  return JSON.stringify([line.shift_code, line.stock_code, line.epoint_date]);
}
