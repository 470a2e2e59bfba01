import { Inject, Injectable } from '@nestjs/common';
import type { EpointKeyView, EpointPullFolderView, EpointScanProblem } from '@scm/contracts';
import { DATA_SOURCE, returnedRows, scopeIds } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';

/** A key as the push endpoint needs it. */
export interface EpointKeyRecord {
  id: string;
  location_id: string;
  revoked_time: string | null;
}

export interface NewEpointKey {
  id: string;
  location_id: string;
  label: string;
  key_prefix: string;
  key_hash: string;
  created_by: string;
  created_by_name: string;
}

export interface PullFolderRecord {
  location_id: string;
  folder_path: string;
  enabled: boolean;
}

export interface PullScanSummary {
  files: number;
  accepted: number;
  rejected: number;
  /** `CODE` or `CODE:file name` (EPOINT_SCAN_PROBLEMS). */
  error: string | null;
}

const KEY_COLUMNS = `k.id, k.location_id, COALESCE(l.location_name, k.location_id) AS location_name, k.label,
  k.key_prefix, k.created_by_name, k.created_time, k.last_used_time, k.revoked_time, k.revoked_by_name`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** POS keys, pull folders and the files read (tables of migration CreateEpointKeys). */
@Injectable()
export class EpointKeyRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Keys of the caller's locations, newest first (revoked ones too: they stay listed, marked). */
  async list(scope: LocationScope): Promise<EpointKeyView[]> {
    const ids = scopeIds(scope);
    const rows = await this.dataSource.query<RawKey[]>(
      `SELECT ${KEY_COLUMNS}
         FROM epoint_api_key k LEFT JOIN location_replica l ON l.location_id = k.location_id
        WHERE ($1::text[] IS NULL OR k.location_id = ANY($1::text[]))
        ORDER BY k.revoked_time IS NOT NULL, k.created_time DESC, k.id`,
      [ids ? [...ids] : null],
    );
    return rows.map(toKeyView);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<EpointKeyView | null> {
    const [row] = await manager.query<RawKey[]>(
      `SELECT ${KEY_COLUMNS}
         FROM epoint_api_key k LEFT JOIN location_replica l ON l.location_id = k.location_id
        WHERE k.id = $1`,
      [id],
    );
    return row ? toKeyView(row) : null;
  }

  async insert(manager: EntityManager, key: NewEpointKey): Promise<void> {
    await manager.query(
      `INSERT INTO epoint_api_key (id, location_id, label, key_prefix, key_hash, created_by, created_by_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [key.id, key.location_id, key.label, key.key_prefix, key.key_hash, key.created_by, key.created_by_name],
    );
  }

  /** Revokes a key once; false when it was revoked already. */
  async revoke(manager: EntityManager, id: string, by: { sub: string; name: string }): Promise<boolean> {
    // returnedRows: TypeORM answers an UPDATE ... RETURNING as [rows, count], never as the empty rows.
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE epoint_api_key SET revoked_time = now(), revoked_by = $2, revoked_by_name = $3
          WHERE id = $1 AND revoked_time IS NULL RETURNING id`,
        [id, by.sub, by.name],
      ),
    );
    return rows.length > 0;
  }

  /** The key whose hash this is (revoked or not: the caller decides). */
  async findByHash(hash: string): Promise<EpointKeyRecord | null> {
    const [row] = await this.dataSource.query<{ id: string; location_id: string; revoked_time: Date | null }[]>(
      `SELECT id, location_id, revoked_time FROM epoint_api_key WHERE key_hash = $1`,
      [hash],
    );
    return row ? { id: row.id, location_id: row.location_id, revoked_time: iso(row.revoked_time) } : null;
  }

  /** Marks a key used now (at most once a minute, so a busy POS does not rewrite the row on every call). */
  async touch(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE epoint_api_key SET last_used_time = now()
        WHERE id = $1 AND (last_used_time IS NULL OR last_used_time < now() - interval '1 minute')`,
      [id],
    );
  }

  async locationName(locationId: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ location_name: string }[]>(
      `SELECT location_name FROM location_replica WHERE location_id = $1 AND NOT deleted AND status <> 'archived'`,
      [locationId],
    );
    return row?.location_name ?? null;
  }

  async pullFolders(scope: LocationScope): Promise<EpointPullFolderView[]> {
    const ids = scopeIds(scope);
    const rows = await this.dataSource.query<RawFolder[]>(
      `SELECT f.location_id, COALESCE(l.location_name, f.location_id) AS location_name, f.folder_path, f.enabled,
              f.last_scan_time, f.last_scan_files, f.last_scan_accepted, f.last_scan_rejected, f.last_scan_error
         FROM epoint_pull_folder f LEFT JOIN location_replica l ON l.location_id = f.location_id
        WHERE ($1::text[] IS NULL OR f.location_id = ANY($1::text[]))
        ORDER BY f.location_id`,
      [ids ? [...ids] : null],
    );
    return rows.map((row) => ({
      ...row,
      last_scan_time: iso(row.last_scan_time),
      last_scan_error: scanProblem(row.last_scan_error),
    }));
  }

  async enabledPullFolders(): Promise<PullFolderRecord[]> {
    return this.dataSource.query<PullFolderRecord[]>(
      `SELECT location_id, folder_path, enabled FROM epoint_pull_folder WHERE enabled ORDER BY location_id`,
    );
  }

  async pullFolder(locationId: string): Promise<PullFolderRecord | null> {
    const [row] = await this.dataSource.query<PullFolderRecord[]>(
      `SELECT location_id, folder_path, enabled FROM epoint_pull_folder WHERE location_id = $1`,
      [locationId],
    );
    return row ?? null;
  }

  async savePullFolder(locationId: string, folderPath: string, enabled: boolean, byName: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO epoint_pull_folder (location_id, folder_path, enabled, updated_by_name)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (location_id) DO UPDATE SET folder_path = EXCLUDED.folder_path, enabled = EXCLUDED.enabled,
         updated_by_name = EXCLUDED.updated_by_name, updated_time = now()`,
      [locationId, folderPath, enabled, byName],
    );
  }

  async removePullFolder(locationId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM epoint_pull_folder WHERE location_id = $1`, [locationId]);
  }

  async recordScan(locationId: string, summary: PullScanSummary): Promise<void> {
    await this.dataSource.query(
      `UPDATE epoint_pull_folder SET last_scan_time = now(), last_scan_files = $2, last_scan_accepted = $3,
              last_scan_rejected = $4, last_scan_error = $5
        WHERE location_id = $1`,
      [locationId, summary.files, summary.accepted, summary.rejected, summary.error],
    );
  }

  /** Whether a file with this content was read for the location before. */
  async fileSeen(manager: EntityManager, locationId: string, contentHash: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM epoint_pull_file WHERE location_id = $1 AND content_hash = $2`,
      [locationId, contentHash],
    );
    return rows.length > 0;
  }

  async recordFile(
    manager: EntityManager,
    file: {
      location_id: string;
      content_hash: string;
      file_name: string;
      records: number;
      accepted: number;
      duplicate: number;
      rejected: number;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO epoint_pull_file (location_id, content_hash, file_name, records, accepted, duplicate, rejected)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        file.location_id,
        file.content_hash,
        file.file_name.slice(0, 255),
        file.records,
        file.accepted,
        file.duplicate,
        file.rejected,
      ],
    );
  }
}

interface RawKey {
  id: string;
  location_id: string;
  location_name: string;
  label: string;
  key_prefix: string;
  created_by_name: string;
  created_time: Date;
  last_used_time: Date | null;
  revoked_time: Date | null;
  revoked_by_name: string | null;
}

interface RawFolder extends Omit<EpointPullFolderView, 'last_scan_time' | 'last_scan_error'> {
  last_scan_time: Date | null;
  /** `CODE` or `CODE:file name`. */
  last_scan_error: string | null;
}

function scanProblem(stored: string | null): EpointScanProblem | null {
  if (!stored) return null;
  const at = stored.indexOf(':');
  return at < 0
    ? { code: stored as EpointScanProblem['code'], file: null }
    : { code: stored.slice(0, at) as EpointScanProblem['code'], file: stored.slice(at + 1) };
}

function toKeyView(row: RawKey): EpointKeyView {
  return {
    id: row.id,
    location_id: row.location_id,
    location_name: row.location_name,
    label: row.label,
    key_prefix: row.key_prefix,
    created_by_name: row.created_by_name,
    created_time: new Date(row.created_time).toISOString(),
    last_used_time: iso(row.last_used_time),
    revoked_time: iso(row.revoked_time),
    revoked_by_name: row.revoked_by_name,
  };
}
