import { NEW_OR_ACTIVE } from '@scm/contracts';
import { ListQueryError } from './list-query-error.js';

/** How a column may be filtered through `other_params` (the key is the column's API name). */
export type ListFilterKind = 'eq' | 'in' | 'bool' | 'date_range' | 'number_range' | 'status' | 'text';

/** Binds a value and returns its placeholder (`$1`, `$2`, ...). Values never enter the SQL text. */
export interface SqlParameters {
  bind(value: unknown): string;
}

/** Most values an `in`/`status` array (or a locations filter) may hold. */
export const MAX_FILTER_VALUES = 1000;
const MAX_TEXT_LENGTH = 200;
const MAX_STATUS_LENGTH = 100;

/** The web sends filters it has no value for as null, '' or undefined: those keys are ignored. */
export function isBlankFilterValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** `%`, `_` and `\` lose their LIKE meaning; the pattern is used with `ESCAPE '\'`. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `<sql>::text ILIKE $n ESCAPE '\'`, the value being `%text%` with LIKE wildcards escaped. */
export function containsCondition(sql: string, placeholder: string): string {
  return `(${sql})::text ILIKE ${placeholder} ESCAPE '\\'`;
}

export function containsPattern(text: string): string {
  return `%${escapeLikePattern(text)}%`;
}

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Accepts a non-empty array of strings/finite numbers/booleans; returns it without duplicates. */
function scalarArray(field: string, value: unknown, what: string): Scalar[] {
  if (!Array.isArray(value)) throw new ListQueryError(field, `expected an array of ${what}`);
  if (value.length > MAX_FILTER_VALUES) throw new ListQueryError(field, `at most ${MAX_FILTER_VALUES} values`);
  const out: Scalar[] = [];
  const seen = new Set<string>();
  for (const item of value) {
    if (!isScalar(item) || item === '') throw new ListQueryError(field, `expected an array of ${what}`);
    const key = `${typeof item}:${String(item)}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** A locations filter: an array of location ids (strings or numbers), returned as distinct strings. */
export function locationIds(field: string, value: unknown): string[] {
  const ids = scalarArray(field, value, 'location ids');
  if (ids.some((id) => typeof id === 'boolean')) throw new ListQueryError(field, 'expected an array of location ids');
  return [...new Set(ids.map(String))];
}

function statusValues(field: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MAX_FILTER_VALUES) throw new ListQueryError(field, `at most ${MAX_FILTER_VALUES} values`);
  const out = new Set<string>();
  for (const item of values) {
    if (typeof item !== 'string' || item.trim() === '' || item.length > MAX_STATUS_LENGTH) {
      throw new ListQueryError(field, `expected a status, an array of statuses or ${NEW_OR_ACTIVE}`);
    }
    const status = item.trim();
    if (status.toLowerCase() === NEW_OR_ACTIVE) {
      out.add('new');
      out.add('active');
    } else {
      out.add(status);
    }
  }
  return [...out];
}

function boolValue(field: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ListQueryError(field, 'expected true or false');
}

interface RangeBounds {
  from?: unknown;
  to?: unknown;
}

function rangeBounds(field: string, value: unknown): RangeBounds {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ListQueryError(field, 'expected an object {from, to}');
  }
  for (const key of Object.keys(value)) {
    if (key !== 'from' && key !== 'to') throw new ListQueryError(field, 'expected an object {from, to}');
  }
  const bounds = value as RangeBounds;
  return { from: bounds.from, to: bounds.to };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type IsoBound = { kind: 'date' | 'timestamp'; text: string };

function isoBound(field: string, value: unknown): IsoBound | undefined {
  if (isBlankFilterValue(value)) return undefined;
  const reason = 'expected an ISO date (YYYY-MM-DD) or date-time';
  if (typeof value !== 'string') throw new ListQueryError(field, reason);
  let match = DATE_ONLY.exec(value);
  if (match) {
    if (!isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) throw new ListQueryError(field, reason);
    return { kind: 'date', text: value };
  }
  match = DATE_TIME.exec(value);
  if (match) {
    const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
    if (
      !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) ||
      hour > 23 ||
      minute > 59 ||
      second > 59
    ) {
      throw new ListQueryError(field, reason);
    }
    return { kind: 'timestamp', text: value };
  }
  throw new ListQueryError(field, reason);
}

const DECIMAL = /^[+-]?\d{1,30}(?:\.\d{1,30})?$/;

function numberBound(field: string, value: unknown): string | undefined {
  if (isBlankFilterValue(value)) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return value.trim();
  throw new ListQueryError(field, 'expected a number');
}

/**
 * The SQL condition for one `other_params` filter on a whitelisted column, or undefined when the value
 * asks for nothing (empty text, empty array, empty range). Throws ListQueryError for a wrong shape.
 * `sql` is the resource author's trusted expression; every value is bound.
 */
export function filterCondition(
  kind: ListFilterKind,
  sql: string,
  value: unknown,
  field: string,
  params: SqlParameters,
): string | undefined {
  switch (kind) {
    case 'eq': {
      if (!isScalar(value)) throw new ListQueryError(field, 'expected a single value');
      return `(${sql}) = ${params.bind(value)}`;
    }
    case 'in': {
      const values = scalarArray(field, value, 'values');
      if (values.length === 0) return undefined;
      return `(${sql}) = ANY(${params.bind(values)})`;
    }
    case 'bool':
      return `(${sql}) = ${params.bind(boolValue(field, value))}::boolean`;
    case 'status': {
      const values = statusValues(field, value);
      if (values.length === 0) return undefined;
      return `(${sql}) = ANY(${params.bind(values)})`;
    }
    case 'text': {
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
        throw new ListQueryError(field, 'expected a text');
      }
      const text = String(value).trim();
      if (text.length > MAX_TEXT_LENGTH) throw new ListQueryError(field, `at most ${MAX_TEXT_LENGTH} characters`);
      if (text === '') return undefined;
      return containsCondition(sql, params.bind(containsPattern(text)));
    }
    case 'date_range': {
      const bounds = rangeBounds(field, value);
      const from = isoBound(`${field}.from`, bounds.from);
      const to = isoBound(`${field}.to`, bounds.to);
      const parts: string[] = [];
      // A date bound covers its whole day (`to` inclusive: before the next day); a date-time is exact.
      if (from) parts.push(`(${sql}) >= ${params.bind(from.text)}::${from.kind === 'date' ? 'date' : 'timestamptz'}`);
      if (to) {
        parts.push(
          to.kind === 'date'
            ? `(${sql}) < (${params.bind(to.text)}::date + 1)`
            : `(${sql}) <= ${params.bind(to.text)}::timestamptz`,
        );
      }
      return parts.length ? parts.join(' AND ') : undefined;
    }
    case 'number_range': {
      const bounds = rangeBounds(field, value);
      const from = numberBound(`${field}.from`, bounds.from);
      const to = numberBound(`${field}.to`, bounds.to);
      const parts: string[] = [];
      if (from !== undefined) parts.push(`(${sql}) >= ${params.bind(from)}::numeric`);
      if (to !== undefined) parts.push(`(${sql}) <= ${params.bind(to)}::numeric`);
      return parts.length ? parts.join(' AND ') : undefined;
    }
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown list filter kind: ${String(unknownKind)}`);
    }
  }
}
