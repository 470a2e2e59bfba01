import type { ReadCell } from './workbook.js';

/**
 * Cell conversions of Excel imports. Spreadsheets hold what people type: `Yes`, `TRUE`, `1` or `是` for a
 * boolean, a real date or `2024-05-01` text for a date, comma-separated lists. Each converter answers the
 * value, `undefined` for an empty cell, or INVALID_CELL for text it cannot read.
 */
export const INVALID_CELL = Symbol('invalid cell');
export type Parsed<T> = T | undefined | typeof INVALID_CELL;

/** `YYYY-MM-DD` of a date cell, read as the calendar date it shows (cells carry no time zone). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The cell as text: numbers as stored, dates as YYYY-MM-DD, booleans as `true` / `false`; empty is undefined. */
export function cellText(cell: ReadCell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) return isoDate(cell);
  if (typeof cell === 'boolean') return String(cell);
  const text = cell.trim();
  return text === '' ? undefined : text;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', '是', '真']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '否', '假']);

/** yes / no, true / false, y / n, 1 / 0 (any case), 是 / 否, or a real boolean cell. */
export function parseBooleanCell(cell: ReadCell | undefined): Parsed<boolean> {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell)?.toLowerCase();
  if (text === undefined) return undefined;
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return INVALID_CELL;
}

/** A calendar date: a date cell, or text `YYYY-MM-DD` naming a real day. */
export function parseDateCell(cell: ReadCell | undefined): Parsed<string> {
  if (cell instanceof Date) return isoDate(cell);
  const text = cellText(cell);
  if (text === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return INVALID_CELL;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? text
    : INVALID_CELL;
}

/** Comma-separated items (`,` `，` `;` `；` or new lines), trimmed, blanks dropped; an empty cell is []. */
export function parseListCell(cell: ReadCell | undefined): string[] {
  const text = cellText(cell);
  if (text === undefined) return [];
  return text
    .split(/[,，;；\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Header text as matched against column names: trimmed, lower-case, without a trailing `*` (required mark). */
export function headerKey(text: string): string {
  return text
    .replace(/\s*\*\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether every cell of the row is empty. */
export function isBlankRow(row: readonly ReadCell[]): boolean {
  return row.every((cell) => cellText(cell) === undefined);
}
