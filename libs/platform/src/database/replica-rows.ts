import type { EntityManager } from 'typeorm';

/**
 * The two writes of a replica fed by snapshot events (docs/architecture.md, "Data ownership and replicas"): a
 * snapshot applies only when its revision is newer than the row kept, so redeliveries and out-of-order arrivals
 * never move a row backwards; a deletion leaves a tombstone (`deleted`, with the deletion's revision) so a late
 * snapshot of the deleted record cannot bring it back, while a newer one (the record created again) does.
 *
 * A replica table has its key columns, `deleted boolean NOT NULL DEFAULT false`, `revision integer NOT NULL`,
 * `replicated_at timestamptz NOT NULL DEFAULT now()`, and every other column nullable or defaulted (a tombstone
 * carries only the key). Table and column names are interpolated, so they must be plain identifiers.
 */
export type ReplicaRow = Record<string, unknown> & { revision: number };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifiers(names: readonly string[]): string[] {
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return [...names];
}

/** Objects and arrays go to jsonb columns as JSON text; everything else as is. */
function parameter(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
}

/** Applies a snapshot unless the row kept is as new or newer; true when it applied (the caller's children follow). */
export async function upsertReplicaRow(
  manager: EntityManager,
  table: string,
  keyColumns: readonly string[],
  row: ReplicaRow,
): Promise<boolean> {
  const [name] = identifiers([table]);
  const columns = identifiers(Object.keys(row));
  const keys = identifiers(keyColumns);
  const updates = columns.filter((column) => !keys.includes(column)).map((column) => `${column} = EXCLUDED.${column}`);
  const applied = await manager.query<unknown[]>(
    `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${[...updates, 'deleted = false', 'replicated_at = now()'].join(', ')}
     WHERE ${name}.revision < EXCLUDED.revision
     RETURNING 1`,
    columns.map((column) => parameter(row[column])),
  );
  return applied.length > 0;
}

/** Leaves a tombstone for a deletion unless the row kept is as new or newer; true when it applied. */
export async function tombstoneReplicaRow(
  manager: EntityManager,
  table: string,
  key: Record<string, unknown>,
  revision: number,
): Promise<boolean> {
  const [name] = identifiers([table]);
  const keys = identifiers(Object.keys(key));
  const applied = await manager.query<unknown[]>(
    `INSERT INTO ${name} (${keys.join(', ')}, deleted, revision)
     VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}, true, $${keys.length + 1})
     ON CONFLICT (${keys.join(', ')}) DO UPDATE SET deleted = true, revision = EXCLUDED.revision, replicated_at = now()
     WHERE ${name}.revision < EXCLUDED.revision
     RETURNING 1`,
    [...keys.map((column) => key[column]), revision],
  );
  return applied.length > 0;
}
