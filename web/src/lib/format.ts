/**
 * Display formats of SPEC.md §9: numbers and currency en-US with 2 decimals, dates YYYY-MM-DD and
 * date-times YYYY-MM-DD HH:mm:ss (the user's local time). Every list cell and export goes through these.
 */

export type Numeric = number | string | null | undefined;

/** Placeholder for an empty cell. */
export const EMPTY = '—';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(
  minimumFractionDigits: number,
  maximumFractionDigits: number,
  currency?: string,
): Intl.NumberFormat {
  const id = `${minimumFractionDigits}:${maximumFractionDigits}:${currency ?? ''}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits,
      maximumFractionDigits,
      ...(currency && { style: 'currency', currency }),
    });
    numberFormats.set(id, format);
  }
  return format;
}

/** A finite number from a number or a decimal string ("24.000"), else undefined. */
export function toNumber(value: Numeric): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** `1234.5` → `1,234.50` (en-US, 2 decimals by default). */
export function formatNumber(value: Numeric, decimals = 2): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(decimals, decimals).format(n);
}

/** A quantity with up to `maxDecimals` decimals and no trailing zeros: `24.000` → `24`, `0.125` → `0.125`. */
export function formatQuantity(value: Numeric, maxDecimals = 3): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(0, maxDecimals).format(n);
}

/** Default currency USD (SPEC.md §9): `1234.5` → `$1,234.50`; `GBP` → `£1,234.50`. */
export function formatCurrency(value: Numeric, currency = 'USD'): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(2, 2, currency).format(n);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date from a Date, an ISO string or epoch milliseconds; undefined when it is not a valid time. */
export function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** YYYY-MM-DD of a local calendar day. */
export function isoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2024-03-05T09:04:00Z` → `2024-03-05` (local day). A bare `YYYY-MM-DD` is kept as it is. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = toDate(value);
  return date ? isoDate(date) : EMPTY;
}

/** `2024-03-05T09:04:00Z` → `2024-03-05 17:04:00` in the user's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  return `${isoDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `20240305-170400`: a timestamp safe in file names. */
export function fileTimestamp(date = new Date()): string {
  return `${isoDate(date).replaceAll('-', '')}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}
