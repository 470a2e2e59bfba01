import type { EntityManager } from 'typeorm';
import { hasOpenUnitOfWork } from './unit-of-work.js';

/**
 * Transactions under concurrency (docs/architecture.md, "Transactions under concurrency"): the two tools a
 * posting that many requests run at once needs — row locks taken in one fixed order, so two postings touching
 * the same rows never deadlock nor lose an update, and a bounded retry of the whole transaction when
 * PostgreSQL aborts it anyway (a serialization failure, or a deadlock with code that does not lock in order).
 */

/** A key column's value: ids are strings (uuid, text) or integers. */
export type LockKeyValue = string | number | bigint;
/** A value written into a row created by `lockRowsInOrder`. */
export type LockRowValue = LockKeyValue | boolean | null;

export interface LockRowsOptions {
  /** The table: `name` (resolved on the service's search_path, its own schema) or `schema.name`. */
  table: string;
  /** The columns of the table's primary key or of one of its unique constraints, e.g. `['item_id', 'location_id']`. */
  keyColumns: readonly string[];
  /** One object per row, holding exactly the key columns. Duplicates are locked once. */
  keys: readonly Readonly<Record<string, LockKeyValue>>[];
  /**
   * Creates the rows that do not exist yet before locking (`INSERT ... ON CONFLICT (keys) DO NOTHING`), with
   * the table's column defaults or the values given here for the other columns.
   */
  createMissing?: boolean | { values: Readonly<Record<string, LockRowValue>> };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
/** PostgreSQL's limit on bind parameters in one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * Locks the rows with the given keys, in one fixed order, for the rest of the caller's transaction, and returns
 * them in that order (rows that do not exist are absent unless `createMissing`).
 *
 * Why this cannot deadlock with another call: the missing rows are inserted in the keys' sorted order (the
 * same total order for every caller), and a row being inserted by another transaction makes this one wait
 * there, before it holds any lock; the rows are then locked by ONE `SELECT ... ORDER BY <keys> FOR UPDATE`,
 * which PostgreSQL sorts before it locks, so every caller takes the locks in the database's order of the keys.
 * Code that locks the same rows some other way (an `UPDATE` of several rows in no particular order) can still
 * deadlock with it: lock through this function, and run the transaction under `retryOnConflict`.
 */
export async function lockRowsInOrder<Row extends object = Record<string, unknown>>(
  manager: EntityManager,
  options: LockRowsOptions,
): Promise<Row[]> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      'lockRowsInOrder: the manager is not in a transaction, and a row lock outside one is released at once; ' +
        'call it with the manager of inTransaction / startUnitOfWork',
    );
  }
  const table = quoteTable(options.table);
  const columns = keyColumnsOf(options);
  const keys = sortedKeys(options.keys, columns.names);
  if (keys.length === 0) return [];
  const extra = extraValuesOf(options.createMissing, columns.names);
  if (keys.length * (columns.names.length + extra.names.length) > MAX_PARAMETERS) {
    throw new Error(`lockRowsInOrder: ${keys.length} keys are more than one statement can lock; lock them in batches`);
  }

  const keyList = columns.quoted.join(', ');
  if (options.createMissing) {
    const insertColumns = [...columns.quoted, ...extra.names.map(quoteIdentifier)].join(', ');
    const parameters: LockRowValue[] = [];
    const rows = keys.map((key) => {
      const values = [...columns.names.map((name) => key[name]), ...extra.values];
      const placeholders = values.map((value) => `$${parameters.push(value)}`);
      return `(${placeholders.join(', ')})`;
    });
    await manager.query(
      `INSERT INTO ${table} (${insertColumns}) VALUES ${rows.join(', ')} ON CONFLICT (${keyList}) DO NOTHING`,
      parameters,
    );
  }

  const parameters: LockKeyValue[] = [];
  const tuples = keys.map((key) => {
    const placeholders = columns.names.map((name) => `$${parameters.push(key[name])}`);
    return `(${placeholders.join(', ')})`;
  });
  // A one-column "row" is just a parenthesised value, so the IN list has the same shape in both cases.
  const matched = columns.names.length === 1 ? columns.quoted[0] : `(${keyList})`;
  return manager.query<Row[]>(
    `SELECT * FROM ${table} WHERE ${matched} IN (${tuples.join(', ')}) ORDER BY ${keyList} FOR UPDATE`,
    parameters,
  );
}

export interface RetryOnConflictOptions {
  /** How many times the work runs at most, the first run included. Default 5. */
  attempts?: number;
  /** The first retry waits a random time up to this; each further retry doubles the bound. Default 20 ms. */
  baseDelayMs?: number;
  /** The bound never grows past this. Default 1000 ms. */
  maxDelayMs?: number;
  /** Called before each retry (for a log line or a metric). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/** SQLSTATEs after which running the same transaction again can succeed. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/**
 * Runs `work` — which must open, and commit, the whole transaction itself (`inTransaction` or
 * `startUnitOfWork` inside it) — and runs it again when PostgreSQL aborted it with a serialization failure
 * (40001) or a deadlock (40P01), after a random pause that grows with each attempt, at most `attempts` times in
 * all; then the last error is thrown as it is. Any other error is thrown at once.
 *
 * It refuses to run inside an open unit of work: the failed statement has aborted that outer transaction, and
 * repeating only our part of it cannot succeed. An event handler therefore never calls it — it runs in its
 * consumer's transaction, and the consumer retries the whole delivery.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, options: RetryOnConflictOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 20;
  const maxDelayMs = options.maxDelayMs ?? 1000;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new Error(`retryOnConflict: attempts must be a whole number of at least 1, not ${attempts}`);
  }
  if (!(baseDelayMs >= 0) || !(maxDelayMs >= 0)) {
    throw new Error('retryOnConflict: baseDelayMs and maxDelayMs must be zero or more');
  }
  if (hasOpenUnitOfWork()) {
    throw new Error(
      'retryOnConflict: called inside an open unit of work. A conflict aborts the whole enclosing transaction, ' +
        'so only the code that opens the transaction can retry it: call retryOnConflict around it, outside the unit of work',
    );
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      options.onRetry?.(error, attempt);
      const bound = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * bound));
    }
  }
}

/**
 * Whether PostgreSQL aborted the transaction with a serialization failure or a deadlock, looking through
 * TypeORM's QueryFailedError (`driverError`) and `cause` chains.
 */
export function isRetryableConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, driverError, cause } = current as { code?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    current = driverError ?? cause;
  }
  return false;
}

function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`lockRowsInOrder: not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

function quoteTable(table: string): string {
  const parts = table.split('.');
  if (parts.length > 2) throw new Error(`lockRowsInOrder: not a table name: ${JSON.stringify(table)}`);
  return parts.map(quoteIdentifier).join('.');
}

function keyColumnsOf(options: LockRowsOptions): { names: string[]; quoted: string[] } {
  const names = [...options.keyColumns];
  if (names.length === 0) throw new Error('lockRowsInOrder: keyColumns is empty');
  if (new Set(names).size !== names.length) {
    throw new Error(`lockRowsInOrder: keyColumns repeats a column: ${names.join(', ')}`);
  }
  return { names, quoted: names.map(quoteIdentifier) };
}

function extraValuesOf(
  createMissing: LockRowsOptions['createMissing'],
  keyColumns: readonly string[],
): { names: string[]; values: LockRowValue[] } {
  if (typeof createMissing !== 'object') return { names: [], values: [] };
  const entries = Object.entries(createMissing.values);
  for (const [name, value] of entries) {
    quoteIdentifier(name);
    if (keyColumns.includes(name)) throw new Error(`lockRowsInOrder: createMissing.values sets the key column ${name}`);
    if (!isRowValue(value)) throw new Error(`lockRowsInOrder: createMissing.values.${name} is not a plain value`);
  }
  return { names: entries.map(([name]) => name), values: entries.map(([, value]) => value) };
}

function isRowValue(value: unknown): value is LockRowValue {
  return value === null || typeof value === 'boolean' || isKeyValue(value);
}

function isKeyValue(value: unknown): value is LockKeyValue {
  return (
    typeof value === 'string' || typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value))
  );
}

type KeyKind = 'text' | 'number';

/**
 * Checks every key's shape (exactly the key columns; in each column either text or numbers, never both) and
 * returns them without duplicates, sorted column by column: numbers by value, text by UTF-16 code unit (never a
 * locale, so the order is the same on every machine).
 */
function sortedKeys(
  keys: readonly Readonly<Record<string, LockKeyValue>>[],
  columns: readonly string[],
): Record<string, LockKeyValue>[] {
  const kinds = new Map<string, KeyKind>();
  const unique = new Map<string, Record<string, LockKeyValue>>();
  for (const key of keys) {
    if (typeof key !== 'object' || key === null) throw new Error('lockRowsInOrder: a key is not an object');
    const present = Object.keys(key);
    if (present.length !== columns.length || columns.some((name) => !Object.hasOwn(key, name))) {
      throw new Error(
        `lockRowsInOrder: a key has the columns ${present.join(', ') || '(none)'}, not exactly ${columns.join(', ')}`,
      );
    }
    for (const name of columns) {
      const value: unknown = key[name];
      if (!isKeyValue(value)) throw new Error(`lockRowsInOrder: the key column ${name} holds ${String(value)}`);
      const kind: KeyKind = typeof value === 'string' ? 'text' : 'number';
      if ((kinds.get(name) ?? kind) !== kind) {
        throw new Error(`lockRowsInOrder: the key column ${name} mixes text and numbers`);
      }
      kinds.set(name, kind);
    }
    const identity = JSON.stringify(columns.map((name) => String(key[name])));
    if (!unique.has(identity)) unique.set(identity, { ...key });
  }
  return [...unique.values()].sort((a, b) => {
    for (const name of columns) {
      const order = compareValues(a[name], b[name]);
      if (order !== 0) return order;
    }
    return 0;
  });
}

function compareValues(a: LockKeyValue, b: LockKeyValue): number {
  if (typeof a === 'string' || typeof b === 'string') {
    const left = String(a);
    const right = String(b);
    return left < right ? -1 : left > right ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
