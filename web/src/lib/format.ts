import { MONEY_SCALE, PERCENT_SCALE, QUANTITY_SCALE, REFERENCE_CURRENCY, UNIT_COST_SCALE } from '@scm/contracts';
import i18next from 'i18next';

/**
 * THE ONE FORMATTER (docs/architecture.md, "Numbers and rounding"). Figures arrive rounded by the server at their
 * kind's scale; this only shows them (Intl.NumberFormat), never rounding a figure to fewer decimals than its kind has
 * nor recomputing it. Money reads the same in both languages, as SPEC.md §9 says ("currency format en-US"); plain
 * numbers follow the user's language:
 *
 * - money (`formatMoney`): with its currency, always 2 decimals — `$58.00` (also in Chinese), `£58.00`;
 * - unit costs (`formatUnitCost`): with their currency, always 4 decimals — `$58.0000`, `$1.7247`;
 * - quantities (`formatQuantity`): up to 3 decimals, no trailing zeros — `24.000` → `24`;
 * - percentages (`formatPercent`): 2 decimals with the sign — `79.78%`.
 *
 * The currency is the record's own (a product's native currency, a price's currency) else the company's base
 * currency, BASE_CURRENCY. Dates are YYYY-MM-DD and date-times YYYY-MM-DD HH:mm:ss (the user's local time). Every list
 * cell and export goes through these.
 */

export type Numeric = number | string | null | undefined;

/** Placeholder for an empty cell. */
export const EMPTY = '—';

/** The company's base currency: USD, the reference currency (SPEC.md §9); the settings hold no other. */
export const BASE_CURRENCY = REFERENCE_CURRENCY;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The Intl locale of the language the user reads: zh-CN, else en-US. */
export function formatLocale(): string {
  return i18next.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

function numberFormat(
  minimumFractionDigits: number,
  maximumFractionDigits: number,
  currency?: string,
  style?: 'percent',
): Intl.NumberFormat {
  // SPEC.md §9: currency format en-US, whatever the language.
  const locale = currency ? 'en-US' : formatLocale();
  const id = `${locale}:${minimumFractionDigits}:${maximumFractionDigits}:${currency ?? ''}:${style ?? ''}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits,
      maximumFractionDigits,
      ...(currency && { style: 'currency', currency }),
      ...(style && { style }),
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
export function formatQuantity(value: Numeric, maxDecimals = QUANTITY_SCALE): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(0, maxDecimals).format(n);
}

/** Money with its currency, 2 decimals, en-US in both languages: `1234.5` → `$1,234.50`; `GBP` → `£1,234.50`. */
export function formatMoney(value: Numeric, currency: string = BASE_CURRENCY): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(MONEY_SCALE, MONEY_SCALE, currency).format(n);
}

/** The same as formatMoney (the data table's `currency` cells). */
export const formatCurrency = formatMoney;

/** A unit cost with its currency, 4 decimals, en-US in both languages: `58` → `$58.0000`, `1.7247` → `$1.7247`. */
export function formatUnitCost(value: Numeric, currency: string = BASE_CURRENCY): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(UNIT_COST_SCALE, UNIT_COST_SCALE, currency).format(n);
}

/** A percentage (`79.78` meaning 79.78 %), 2 decimals: `79.78%`. */
export function formatPercent(value: Numeric): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : numberFormat(PERCENT_SCALE, PERCENT_SCALE, undefined, 'percent').format(n / 100);
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
