import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CommonErrorCode, isEpointPullUrl } from '@scm/contracts';
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
/** How often every enabled folder or URL is scanned (EPOINT_PULL_EVERY_MS, default 5 minutes). */
const DEFAULT_EVERY_MS = 5 * 60 * 1000;
/** Files read at one scan of one folder, at most (the rest wait for the next scan). */
const MAX_FILES_PER_SCAN = 200;
/** A larger export file is left where it is and reported; a larger URL body is not read. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** A URL source must answer in full within this time. */
const URL_TIMEOUT_MS = 30_000;
const PROCESSED_DIR = 'processed';
const FAILED_DIR = 'failed';
const CSV_COLUMNS = ['shift_code', 'stock_code', 'quantity', 'amount', 'epoint_date', 'uom', 'status', 'location'];

/**
 * The pull side of AutoSync (issue 14): a POS that cannot push exports its sales as CSV or JSON, either as files in a
 * folder on the machine or at an http(s) URL it serves. Every folder lies inside the machine's POS inbox
 * (EPOINT_PULL_ROOT, default `<DATA_DIR>/pos-inbox`), so a setting cannot make the service read or move files
 * elsewhere. A scan of a folder reads each new `.csv` / `.json` file once (by content hash), hands its records to the
 * same EpointSyncService as the push endpoint, and moves it to `processed/` (or `failed/` when it cannot be read). A
 * scan of a URL GETs it (30 s, 8 MB at most), tells JSON from CSV by the content type or the first character, and
 * reads a body not seen before for that location the same way; nothing is moved, and an unreachable URL (network
 * error, timeout, non-2xx status) is reported as URL_UNREACHABLE. Scans run every EPOINT_PULL_EVERY_MS and on demand.
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

  /** The recurring job: every enabled folder or URL, one after the other; one's failure does not stop the others. */
  async scanAll(): Promise<EpointScanResult[]> {
    const results: EpointScanResult[] = [];
    for (const folder of await this.repository.enabledPullFolders()) {
      try {
        results.push(await this.scan(folder.location_id, folder.folder_path));
      } catch (error) {
        logger.error({ err: error, location: folder.location_id }, 'POS folder or URL scan failed');
      }
    }
    return results;
  }

  /** Scans one location's source: a folder of the POS inbox, or a URL (`isEpointPullUrl`); records the outcome. */
  async scan(locationId: string, source: string): Promise<EpointScanResult> {
    const tally: ScanTally = {
      result: { location_id: locationId, files: 0, accepted: 0, duplicate: 0, rejected: 0, days: [] },
      days: new Set<string>(),
    };
    const problem = isEpointPullUrl(source)
      ? await this.scanUrl(locationId, source, tally)
      : await this.scanFolder(locationId, source, tally);
    const { result } = tally;
    result.days = [...tally.days].sort();
    await this.repository.recordScan(locationId, {
      files: result.files,
      accepted: result.accepted,
      rejected: result.rejected,
      error: problem && (problem.file ? `${problem.code}:${problem.file}` : problem.code),
    });
    return result;
  }

  /** Each new `.csv` / `.json` file of the folder, then moved to processed/ (failed/ when it cannot be read). */
  private async scanFolder(
    locationId: string,
    folderPath: string,
    tally: ScanTally,
  ): Promise<EpointScanProblem | null> {
    const folder = path.resolve(this.root, folderPath);
    if (!folder.startsWith(this.root + path.sep)) return { code: 'FOLDER_OUTSIDE_INBOX', file: null };
    let problem: EpointScanProblem | null = null;
    let names: string[];
    try {
      const entries = await fs.readdir(folder, { withFileTypes: true });
      names = entries
        .filter((entry) => entry.isFile() && /\.(csv|json)$/i.test(entry.name))
        .map((entry) => entry.name)
        .sort()
        .slice(0, MAX_FILES_PER_SCAN);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      return { code: missing ? 'FOLDER_MISSING' : 'FOLDER_UNREADABLE', file: null };
    }
    for (const name of names) {
      const file = path.join(folder, name);
      try {
        const stat = await fs.stat(file);
        if (stat.size > MAX_FILE_BYTES) {
          problem = { code: 'FILE_TOO_LARGE', file: name };
          continue;
        }
        await this.readExport(locationId, name, await fs.readFile(file), tally);
        await moveTo(folder, name, PROCESSED_DIR);
      } catch (error) {
        problem = { code: 'FILE_UNREADABLE', file: name };
        logger.warn({ err: error, location: locationId, file: name }, 'POS export file not read');
        await moveTo(folder, name, FAILED_DIR).catch(() => undefined);
      }
    }
    return problem;
  }

  /**
   * The export a POS serves at a URL: one GET (URL_TIMEOUT_MS for the whole answer), at most MAX_FILE_BYTES, read
   * like a file named after the URL's last path segment. The same body again is a no-op; nothing is moved.
   */
  private async scanUrl(locationId: string, url: string, tally: ScanTally): Promise<EpointScanProblem | null> {
    const name = exportNameOf(url);
    // The query may carry a token of the POS: logs name the URL without it.
    const where = { location: locationId, url: url.split(/[?#]/)[0] };
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(URL_TIMEOUT_MS),
        headers: { accept: 'application/json, text/csv;q=0.9, */*;q=0.1' },
      });
    } catch (error) {
      logger.warn({ err: error, ...where }, 'POS export URL unreachable');
      return { code: 'URL_UNREACHABLE', file: null };
    }
    if (!response.ok) {
      logger.warn({ ...where, status: response.status }, 'POS export URL answered with an error status');
      await response.body?.cancel().catch(() => undefined);
      return { code: 'URL_UNREACHABLE', file: null };
    }
    const declared = Number(response.headers.get('content-length') ?? '');
    if (declared > MAX_FILE_BYTES) {
      logger.warn({ ...where, bytes: declared }, 'POS export URL body too large');
      await response.body?.cancel().catch(() => undefined);
      return { code: 'FILE_TOO_LARGE', file: name };
    }
    let body: Buffer | null;
    try {
      body = await readAtMost(response, MAX_FILE_BYTES);
    } catch (error) {
      logger.warn({ err: error, ...where }, 'POS export URL body not received');
      return { code: 'URL_UNREACHABLE', file: null };
    }
    if (body === null) {
      logger.warn(where, 'POS export URL body too large');
      return { code: 'FILE_TOO_LARGE', file: name };
    }
    try {
      const kind = exportKindOf(response.headers.get('content-type'), body);
      await this.readExport(locationId, `${name}.${kind}`, body, tally, name);
      return null;
    } catch (error) {
      logger.warn({ err: error, ...where }, 'POS export URL body not read');
      return { code: 'FILE_UNREADABLE', file: name };
    }
  }

  /**
   * One export (a file's or a URL's body), read once per location by content hash: its records go to
   * EpointSyncService.push like pushed ones and are counted into the scan. `name`'s extension says CSV or JSON.
   */
  private async readExport(
    locationId: string,
    name: string,
    body: Buffer,
    tally: ScanTally,
    recordedName = name,
  ): Promise<void> {
    const hash = createHash('sha256').update(body).digest('hex');
    if (await this.repository.fileSeen(this.dataSource.manager, locationId, hash)) return;
    const records = parseExport(name, body.toString('utf8'));
    const pushed = await this.sync.push(locationId, records);
    await this.repository.recordFile(this.dataSource.manager, {
      location_id: locationId,
      content_hash: hash,
      file_name: recordedName,
      records: records.length,
      accepted: pushed.accepted,
      duplicate: pushed.duplicate,
      rejected: pushed.rejected,
    });
    const { result } = tally;
    result.files += 1;
    result.accepted += pushed.accepted;
    result.duplicate += pushed.duplicate;
    result.rejected += pushed.rejected;
    for (const day of pushed.days) tally.days.add(day);
  }
}

interface ScanTally {
  result: EpointScanResult;
  days: Set<string>;
}

/** A URL source's name in the scan's problem and the files read: its last path segment, else `url`. */
export function exportNameOf(url: string): string {
  const segments = new URL(url).pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  if (!last) return 'url';
  try {
    return decodeURIComponent(last).slice(0, 200);
  } catch {
    return last.slice(0, 200);
  }
}

/** JSON or CSV: by the content type when it says, else by the body's first non-blank character (`[` or `{`). */
export function exportKindOf(contentType: string | null, body: Buffer): 'json' | 'csv' {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json') || type === 'text/json') return 'json';
  if (type === 'text/csv' || type === 'application/csv') return 'csv';
  const first = /[^\s\uFEFF]/.exec(body.subarray(0, 1024).toString('utf8'))?.[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

/** The response's body, or null once it passes `limit` bytes (the rest is not read). */
async function readAtMost(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  // A fetch body is a stream of bytes (its declared type leaves the chunk type open).
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
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
