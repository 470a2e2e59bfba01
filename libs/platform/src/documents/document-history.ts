import type { DocumentHistoryEntry, DocumentType } from '@scm/contracts';
import type { EntityManager } from 'typeorm';

/** Who did something: a user (id and name at the time) or the system (id null). */
export interface DocumentActor {
  id: string | null;
  name: string;
}

export interface DocumentHistoryRecord {
  document_type: DocumentType;
  document_id: string;
  /** The action's name in the machine (`create` and `update` too, for the edits a document type records). */
  action: string;
  from_status: string | null;
  to_status: string;
  remark?: string | null;
  actor: DocumentActor;
}

/**
 * Writes one line of a document's history, in the caller's transaction (the one changing the document), so
 * the history never tells of a change that rolled back.
 */
export async function recordHistory(manager: EntityManager, record: DocumentHistoryRecord): Promise<void> {
  const remark = record.remark?.trim() ? record.remark.trim() : null;
  await manager.query(
    `INSERT INTO document_history
       (document_type, document_id, action, from_status, to_status, remark, actor_id, actor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      record.document_type,
      record.document_id,
      record.action,
      record.from_status,
      record.to_status,
      remark,
      record.actor.id,
      record.actor.name,
    ],
  );
}

interface HistoryRow extends Omit<DocumentHistoryEntry, 'created_time'> {
  created_time: Date;
}

/** A document's history, oldest first (in the order written: `id`, not the clock, which two rows may share). */
export async function readHistory(
  manager: EntityManager,
  type: DocumentType,
  documentId: string,
): Promise<DocumentHistoryEntry[]> {
  const rows = await manager.query<HistoryRow[]>(
    `SELECT action, from_status, to_status, remark, actor_id, actor_name, created_time
       FROM document_history WHERE document_type = $1 AND document_id = $2 ORDER BY id`,
    [type, documentId],
  );
  return rows.map((row) => ({
    action: row.action,
    from_status: row.from_status,
    to_status: row.to_status,
    remark: row.remark,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    created_time: new Date(row.created_time).toISOString(),
  }));
}
