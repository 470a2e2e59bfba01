import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DATA_SOURCE } from '../runtime/tokens.js';
import { returnedRows } from '../database/returned-rows.js';

/** A row of the service's `attachment` table (CreateAttachmentTable1763800000500). */
export interface AttachmentRow {
  id: string;
  owner_type: string;
  owner_id: string;
  original_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string | null;
  uploaded_at: Date;
}

const COLUMNS = 'id, owner_type, owner_id, original_name, content_type, size, storage_key, uploaded_by, uploaded_at';
const INVALID_TEXT_REPRESENTATION = '22P02';

/** Queries of the attachment table, in the mounting service's own schema (its DataSource). */
@Injectable()
export class AttachmentRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  listByOwner(ownerType: string, ownerId: string): Promise<AttachmentRow[]> {
    return this.dataSource.query<AttachmentRow[]>(
      `SELECT ${COLUMNS} FROM attachment WHERE owner_type = $1 AND owner_id = $2 ORDER BY uploaded_at, id`,
      [ownerType, ownerId],
    );
  }

  async findById(attachmentId: string): Promise<AttachmentRow | undefined> {
    const rows = await this.dataSource.query<AttachmentRow[]>(`SELECT ${COLUMNS} FROM attachment WHERE id = $1`, [
      attachmentId,
    ]);
    return rows[0];
  }

  async countByOwner(ownerType: string, ownerId: string, manager: EntityManager = this.dataSource.manager) {
    const [row] = await manager.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM attachment WHERE owner_type = $1 AND owner_id = $2`,
      [ownerType, ownerId],
    );
    return row?.count ?? 0;
  }

  /** Makes writers of one owner's attachments take turns until the transaction ends. */
  async lockOwner(manager: EntityManager, ownerType: string, ownerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `attachment:${ownerType}:${ownerId}`,
    ]);
  }

  async insert(manager: EntityManager, rows: readonly AttachmentRow[]): Promise<void> {
    for (const row of rows) {
      await manager.query(`INSERT INTO attachment (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
        row.id,
        row.owner_type,
        row.owner_id,
        row.original_name,
        row.content_type,
        row.size,
        row.storage_key,
        row.uploaded_by,
        row.uploaded_at,
      ]);
    }
  }

  /** Deletes the row and returns it; undefined when it was already gone. */
  async deleteById(
    attachmentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<AttachmentRow | undefined> {
    const [row] = returnedRows<AttachmentRow>(
      await manager.query(`DELETE FROM attachment WHERE id = $1 RETURNING ${COLUMNS}`, [attachmentId]),
    );
    return row;
  }

  /** Deletes every attachment row of one record in the caller's transaction; returns their storage keys. */
  async deleteByOwner(manager: EntityManager, ownerType: string, ownerId: string): Promise<string[]> {
    // As a SELECT over the DELETE: TypeORM answers a bare DELETE with [rows, count].
    const rows = await manager.query<{ storage_key: string }[]>(
      `WITH removed AS (DELETE FROM attachment WHERE owner_type = $1 AND owner_id = $2 RETURNING storage_key)
       SELECT storage_key FROM removed`,
      [ownerType, ownerId],
    );
    return rows.map((row) => row.storage_key);
  }

  /** Whether `table` has a row whose `idColumn` is `id` (identifiers were checked at start-up). */
  async recordExists(table: string, idColumn: string, id: string): Promise<boolean> {
    try {
      const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "${table}" WHERE "${idColumn}" = $1 LIMIT 1`, [
        id,
      ]);
      return rows.length > 0;
    } catch (error) {
      // Not even of the column's type (a malformed uuid): no such record.
      if ((error as { code?: string }).code === INVALID_TEXT_REPRESENTATION) return false;
      throw error;
    }
  }
}
