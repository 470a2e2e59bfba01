import { currentContext } from '../logging/request-context.js';

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
const UNIQUE_VIOLATION = '23505';

/** Whether a database error is a unique-constraint violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = (error ?? {}) as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint);
}

/** A record whose snapshots replicas order by revision, with who changed it last and when. */
export interface VersionedRecord {
  revision: number;
  last_updated_time: Date;
  last_updated_by: string | null;
}

/** Marks a change: the revision grows and the current actor and time are stamped. */
export function stampChange(record: VersionedRecord): void {
  record.revision += 1;
  record.last_updated_time = new Date();
  record.last_updated_by = currentContext()?.actor ?? null;
}
