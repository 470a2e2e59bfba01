import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import type {
  AccessTokenClaims,
  EpointScanProblem,
  EpointPullSettingsView,
  EpointScanResult,
  ValidEpointPullFolderInput,
} from '@scm/contracts';
import {
  AppException,
  DATA_SOURCE,
  JOB_QUEUE,
  PLATFORM_CONFIG,
  assertLocationsInScope,
  createLogger,
  locationScopeOf,
  scheduleRecurringJob,
} from '@scm/platform';
import type { JobQueue, LocationScope, PlatformConfig } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { EpointKeyRepository } from './epoint-key.repository.js';
import { EpointSyncService } from './epoint-sync.service.js';

const logger = createLogger('inventory.epoint.pull');

const PULL_QUEUE = 'inventory-epoint-pull';
/** How often every enabled folder is scanned (EPOINT_PULL_EVERY_MS, default 5 minutes). */
const DEFAULT_EVERY_MS = 5 * 60 * 1000;
/** Files read at one scan of one folder, at most (the rest wait for the next scan). */
const MAX_FILES_PER_SCAN = 200;
/** A larger export file is left where it is and reported. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const PROCESSED_DIR = 'processed';
const FAILED_DIR = 'failed';
const CSV_COLUMNS = ['shift_code', 'stock_code', 'quantity', 'amount', 'epoint_date', 'uom', 'status', 'location'];

/**
 * The pull side of AutoSync (issue 14): a POS that cannot push exports its sales as CSV or JSON files into a folder
 * on the machine. Every folder lies inside the machine's POS inbox (EPOINT_PULL_ROOT, default `<DATA_DIR>/pos-inbox`),
 * so a setting cannot make the service read or move files elsewhere. A scan reads each new `.csv` / `.json` file of
 * the folder once (by content hash), hands its records to the same EpointSyncService as the push endpoint, and moves
 * it to `processed/` (or `failed/` when it cannot be read). Scans run every EPOINT_PULL_EVERY_MS and on demand.
 */
@Injectable()
export class EpointPullService implements OnModuleInit, OnModuleDestroy {
  readonly root: string;
  private stop: (() => void) | undefined;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly repository: EpointKeyRepository,
    private readonly sync: EpointSyncService,
  ) {
    this.root = path.resolve(process.env.EPOINT_PULL_ROOT || path.join(config.dataDir, 'pos-inbox'));
  }

  onModuleInit(): void {
    const everyMs = Number(process.env.EPOINT_PULL_EVERY_MS) || DEFAULT_EVERY_MS;
    this.stop = scheduleRecurringJob(this.jobs, {
      queue: PULL_QUEUE,
      name: 'scan-folders',
      everyMs,
      firstRunMs: everyMs,
      run: () => this.scanAll(),
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  async settings(scope: LocationScope): Promise<EpointPullSettingsView> {
    return { root: this.root, folders: await this.repository.pullFolders(scope) };
  }

  async save(
    locationId: string,
    input: ValidEpointPullFolderInput,
    user: AccessTokenClaims,
  ): Promise<EpointPullSettingsView> {
    const scope = locationScopeOf(user);
    assertLocationsInScope(scope, [{ field: 'location_id', locationId }]);
    if ((await this.repository.locationName(locationId)) === null) throw new AppException(CommonErrorCode.NOT_FOUND);
    if (input.folder_path === '') await this.repository.removePullFolder(locationId);
    else await this.repository.savePullFolder(locationId, input.folder_path, input.enabled, user.name);
    return this.settings(scope);
  }

  /** Scan now (Settings' button): the caller's location only. */
  async scanNow(locationId: string, user: AccessTokenClaims): Promise<EpointScanResult> {
    assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId }]);
    const folder = await this.repository.pullFolder(locationId);
    if (!folder) throw new AppException(CommonErrorCode.NOT_FOUND);
    return this.scan(folder.location_id, folder.folder_path);
  }

  /** The recurring job: every enabled folder, one after the other; one folder's failure does not stop the others. */
  async scanAll(): Promise<EpointScanResult[]> {
    const results: EpointScanResult[] = [];
    for (const folder of await this.repository.enabledPullFolders()) {
      try {
        results.push(await this.scan(folder.location_id, folder.folder_path));
      } catch (error) {
        logger.error({ err: error, location: folder.location_id }, 'POS folder scan failed');
      }
    }
    return results;
  }

  async scan(locationId: string, folderPath: string): Promise<EpointScanResult> {
    const result: EpointScanResult = {
      location_id: locationId,
      files: 0,
      accepted: 0,
      duplicate: 0,
      rejected: 0,
      days: [],
    };
    const folder = path.resolve(this.root, folderPath);
    const days = new Set<string>();
    let problem: EpointScanProblem | null = null;
    if (!folder.startsWith(this.root + path.sep)) {
      problem = { code: 'FOLDER_OUTSIDE_INBOX', file: null };
    } else {
      let names: string[] = [];
      try {
        const entries = await fs.readdir(folder, { withFileTypes: true });
        names = entries
          .filter((entry) => entry.isFile() && /\.(csv|json)$/i.test(entry.name))
          .map((entry) => entry.name)
          .sort()
          .slice(0, MAX_FILES_PER_SCAN);
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        problem = { code: missing ? 'FOLDER_MISSING' : 'FOLDER_UNREADABLE', file: null };
      }
      for (const name of names) {
        const file = path.join(folder, name);
        try {
          const stat = await fs.stat(file);
          if (stat.size > MAX_FILE_BYTES) {
            problem = { code: 'FILE_TOO_LARGE', file: name };
            continue;
          }
          const body = await fs.readFile(file);
          const hash = createHash('sha256').update(body).digest('hex');
          if (await this.repository.fileSeen(this.dataSource.manager, locationId, hash)) {
            await moveTo(folder, name, PROCESSED_DIR);
            continue;
          }
          const records = parseExport(name, body.toString('utf8'));
          const pushed = await this.sync.push(locationId, records);
          await this.repository.recordFile(this.dataSource.manager, {
            location_id: locationId,
            content_hash: hash,
            file_name: name,
            records: records.length,
            accepted: pushed.accepted,
            duplicate: pushed.duplicate,
            rejected: pushed.rejected,
          });
          await moveTo(folder, name, PROCESSED_DIR);
          result.files += 1;
          result.accepted += pushed.accepted;
          result.duplicate += pushed.duplicate;
          result.rejected += pushed.rejected;
          for (const day of pushed.days) days.add(day);
        } catch (error) {
          problem = { code: 'FILE_UNREADABLE', file: name };
          logger.warn({ err: error, location: locationId, file: name }, 'POS export file not read');
          await moveTo(folder, name, FAILED_DIR).catch(() => undefined);
        }
      }
    }
    result.days = [...days].sort();
    await this.repository.recordScan(locationId, {
      files: result.files,
      accepted: result.accepted,
      rejected: result.rejected,
      error: problem && (problem.file ? `${problem.code}:${problem.file}` : problem.code),
    });
    return result;
  }
}

/** Moves a read file into a sub-folder, never over an earlier one of the same name. */
async function moveTo(folder: string, name: string, subFolder: string): Promise<void> {
  const target = path.join(folder, subFolder);
  await fs.mkdir(target, { recursive: true });
  let destination = path.join(target, name);
  try {
    await fs.access(destination);
    destination = path.join(target, `${Date.now()}-${name}`);
  } catch {
    // free
  }
  await fs.rename(path.join(folder, name), destination);
}

/**
 * A POS export: JSON (an array of records, or `{ records: [...] }`) or CSV with a header row naming the columns
 * (shift_code, stock_code, quantity, amount, epoint_date, uom, and optionally status, location; any order).
 */
export function parseExport(name: string, text: string): unknown[] {
  const body = text.replace(/^\uFEFF/, '');
  if (/\.json$/i.test(name)) {
    const parsed = JSON.parse(body) as unknown;
    if (Array.isArray(parsed)) return parsed;
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { records?: unknown }).records)) {
      return (parsed as { records: unknown[] }).records;
    }
    throw new Error('a JSON export is an array of records or { "records": [...] }');
  }
  const rows = parseCsv(body).filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...data] = rows;
  if (!header) return [];
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const missing = CSV_COLUMNS.slice(0, 5).filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new Error(`the CSV header lacks ${missing.join(', ')}`);
  return data.map((row) => {
    const record: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (CSV_COLUMNS.includes(column)) record[column] = row[index] ?? '';
    });
    if (record.location === '') delete record.location;
    return record;
  });
}

/** RFC 4180 CSV: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
