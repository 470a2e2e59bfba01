import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DocumentErrorCode,
  InventoryErrorCode,
  InventorySubjects,
  LEDGER_VALUE_SCALE,
  SALES_UPLOAD_MACHINE,
  SALES_UPLOAD_STATUSES,
  exact,
  roundQuantity,
  roundTo,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  EpointSource,
  ListQuery,
  NoMatchReason,
  SalesUploadAction,
  SalesUploadLineStatus,
  SalesUploadListRow,
  SalesUploadRef,
  SalesUploadResult,
  SalesUploadSource,
  SalesUploadStatus,
  SalesUploadView,
  ValidSalesUploadForm,
  ValidSalesUploadMap,
} from '@scm/contracts';
import {
  AppException,
  FILE_STORAGE,
  XLSX_MIME,
  DATA_SOURCE,
  DocumentActions,
  EventPublisher,
  ListPage,
  actorOf,
  assertLocationsInScope,
  assertRevision,
  availableActionsFor,
  documentStatusCounts,
  findDocumentInScope,
  inLocationScope,
  inTransaction,
  locationScopeOf,
  nextDocumentNumber,
  readHistory,
  recordHistory,
  retryOnConflict,
  returnedRows,
  runListQuery,
  withLocationFilter,
} from '@scm/platform';
import type { FileStorage, LocationScope, RowProblem } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostingActor } from '../ledger/stock-ledger.js';
import { StockLedger } from '../ledger/stock-ledger.js';
import { RecipeBook } from '../recipes/recipe-book.js';
import type { UnresolvedReason } from '../recipes/recipe-book.js';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { EpointRecordRepository, POS_INGEST_MAX_LINES } from './epoint-record.repository.js';
import type { PosLineInput } from './epoint-record.repository.js';
import { rowsInvalid } from './sales-upload-sheet.js';
import type { SalesRow } from './sales-upload-sheet.js';
import { SALES_UPLOAD_LIST } from './sales-upload.list.js';

const MACHINE = SALES_UPLOAD_MACHINE;
const SYSTEM: PostingActor = { id: null, name: 'System' };
/** The ledger takes at most this many lines per posting (stockPostingRequestSchema). */
const MAX_POSTING_LINES = 5000;

const ACTIVITY_SUBJECTS = {
  post: InventorySubjects.SalesUploadPosted,
  revert: InventorySubjects.SalesUploadReverted,
  discard: InventorySubjects.SalesUploadDiscarded,
} as const;

/** Who acts: a user (their permissions checked by the kit), or the system (AutoSync's day posting). */
type By = { user: AccessTokenClaims } | { system: PostingActor };

interface UploadRecord {
  id: string;
  doc_no: string;
  status: SalesUploadStatus;
  revision: number;
  location_id: string;
  value_date: string;
  source: SalesUploadSource;
  file_name: string | null;
  file_hash: string | null;
  correction_of_id: string | null;
  line_count: number;
  total_quantity: string;
  total_amount: string;
  issue_value: string | null;
  posting_id: string | null;
  revert_posting_id: string | null;
  posted_time: Date | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

interface LineRecord {
  line_no: number;
  plu_code: string;
  plu_id: string | null;
  status: SalesUploadLineStatus;
  reason: NoMatchReason | null;
  quantity: string;
  amount: string;
  row_count: number;
}

/** The day's sales of one code, added up. */
interface SoldCode {
  plu_code: string;
  quantity: string;
  amount: string;
  row_count: number;
}

const HEADER = `id, doc_no, status, revision, location_id, to_char(value_date, 'YYYY-MM-DD') AS value_date, source,
  file_name, file_hash, correction_of_id, line_count, total_quantity::text AS total_quantity,
  total_amount::text AS total_amount, issue_value::text AS issue_value, posting_id, revert_posting_id, posted_time,
  created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

const today = (): string => new Date().toISOString().slice(0, 10);

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function reasonOf(reason: UnresolvedReason): NoMatchReason {
  return reason === 'unknown_plu' || reason === 'inactive_plu' ? 'PLU_UNKNOWN' : 'NO_ACTIVE_BOM';
}

/**
 * Sales uploads (SPEC.md §3, §4, §9; docs/sales-upload.md). An upload is one location's sales of one day, one line
 * per PLU code sold. Lines whose code is no PLU with an active BOM wait on the no-match list, where a user maps them
 * to a PLU (remembered for the next uploads) or ignores them; then the upload posts: every PLU's quantity through its
 * active BOM (RecipeBook: nested SKU BOMs, wastage, units) into ONE issue line per SKU, through the ledger's one
 * posting function with `allow_negative` (a shortfall becomes a back order). Reverting receives every movement back
 * at its own cost and cancels the back orders still open.
 */
@Injectable()
export class SalesUploadService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly actions: DocumentActions,
    private readonly ledger: StockLedger,
    private readonly recipes: RecipeBook,
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly records: EpointRecordRepository,
    private readonly events: EventPublisher,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<SalesUploadListRow>> {
    const page = await runListQuery<SalesUploadListRow>(
      this.dataSource.manager,
      SALES_UPLOAD_LIST,
      withLocationFilter(query),
      scope,
    );
    return new ListPage(
      page.data.map((row) => ({
        ...row,
        ...(row.value_date !== undefined && { value_date: isoDay(row.value_date) }),
      })),
      page.recordsTotal,
    );
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      SALES_UPLOAD_LIST,
      SALES_UPLOAD_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  async get(id: string, user: AccessTokenClaims): Promise<SalesUploadView> {
    const manager = this.dataSource.manager;
    const record = await this.findInScope(manager, id, user);
    return this.view(manager, record, user);
  }

  /** The file an upload was made from, as uploaded (an AutoSync upload has none: 404). */
  async file(id: string, user: AccessTokenClaims): Promise<{ body: Buffer; fileName: string }> {
    const record = await this.findInScope(this.dataSource.manager, id, user);
    if (!record.file_hash) throw new AppException(DocumentErrorCode.NOT_FOUND);
    return {
      body: await this.storage.get(uploadedFileKey(record.file_hash)),
      fileName: record.file_name ?? 'sales.xlsx',
    };
  }

  /**
   * A file's rows (Manual, or POS lines exported to Excel): checked whole first (every problem by row and column,
   * nothing stored). Manual rows make one upload per (location, date); POS rows are stored as e-point records
   * (a line received before, by AutoSync or another file, is a duplicate) and their days posted. The same file
   * uploaded again while its uploads stand does nothing, and says so.
   */
  async upload(
    form: ValidSalesUploadForm,
    file: { body: Buffer; fileName: string },
    rows: readonly SalesRow[],
    user: AccessTokenClaims,
  ): Promise<SalesUploadResult> {
    const scope = locationScopeOf(user);
    assertLocationsInScope(scope, [{ field: 'location_id', locationId: form.location_id }]);
    const located = await this.checkRows(form, rows, user);
    const hash = createHash('sha256').update(file.body).digest('hex');
    const fileName = file.fileName.slice(0, 255);
    // The file as uploaded, kept by its content (the uploads it makes share it; the same file stored again is the
    // same object), before the uploads that name it: a failure below leaves at most an unreferenced copy.
    await this.storage.put(uploadedFileKey(hash), file.body, XLSX_MIME);
    const by: By = { user };
    return retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        // One upload of a file at a time: the second waits, then finds the first's uploads.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sales-upload-file'), hashtext($1))`, [hash]);
        const earlier = await manager.query<UploadRecord[]>(
          `SELECT ${HEADER} FROM sales_upload WHERE file_hash = $1 AND status IN ('PENDING MATCH', 'POSTED')
            ORDER BY doc_no`,
          [hash],
        );
        if (earlier.length > 0) {
          return {
            duplicate_file: true,
            uploads: await this.refs(manager, earlier),
            rows: rows.length,
            duplicate_rows: rows.length,
          };
        }
        const made: UploadRecord[] = [];
        let duplicates = 0;
        if (form.source === 'Manual') {
          for (const [key, group] of groupBy(located, (row) => `${row.location_id}|${row.sales_date}`)) {
            const [locationId, valueDate] = key.split('|');
            const record = await this.createUpload(
              manager,
              {
                location_id: locationId,
                value_date: valueDate,
                source: 'Manual',
                file_name: fileName,
                file_hash: hash,
                correction_of_id: null,
              },
              soldCodes(group),
              by,
            );
            made.push(await this.postIfMatched(manager, record, by));
          }
        } else {
          for (const [locationId, group] of groupBy(located, (row) => row.location_id)) {
            const days = new Set<string>();
            for (let start = 0; start < group.length; start += POS_INGEST_MAX_LINES) {
              const lines: PosLineInput[] = group.slice(start, start + POS_INGEST_MAX_LINES).map((row) => ({
                shift_code: row.shift_code ?? '',
                stock_code: row.plu_code,
                quantity: row.quantity,
                amount: row.amount,
                epoint_date: row.sales_date,
                uom: row.uom ?? '',
              }));
              const ingested = await this.records.ingest(manager, {
                location_id: locationId,
                source: 'Epoint Excel Upload',
                lines,
              });
              duplicates += ingested.outcomes.filter((outcome) => outcome.outcome === 'duplicate').length;
              for (const day of ingested.days) days.add(day);
            }
            for (const day of [...days].sort()) {
              const record = await this.postDayIn(manager, {
                location_id: locationId,
                value_date: day,
                source: 'Epoint Excel Upload',
                by,
                file: { file_name: fileName, file_hash: hash },
              });
              if (record) made.push(record);
            }
          }
        }
        return {
          duplicate_file: false,
          uploads: await this.refs(manager, made),
          rows: rows.length,
          duplicate_rows: duplicates,
        };
      }),
    );
  }

  /**
   * The uploads standing for this very file (sha256), answered before its rows are read: a 100,000-row file uploaded
   * again is refused in the time of a hash. Null when the file is new (the upload checks again under its lock).
   */
  async earlierUploadOf(body: Buffer, user: AccessTokenClaims): Promise<SalesUploadResult | null> {
    const hash = createHash('sha256').update(body).digest('hex');
    const manager = this.dataSource.manager;
    const earlier = await manager.query<UploadRecord[]>(
      `SELECT ${HEADER} FROM sales_upload WHERE file_hash = $1 AND status IN ('PENDING MATCH', 'POSTED')
        ORDER BY doc_no`,
      [hash],
    );
    const scope = locationScopeOf(user);
    const mine = earlier.filter((record) => inLocationScope(scope, record.location_id));
    if (mine.length === 0) return null;
    return { duplicate_file: true, uploads: await this.refs(manager, mine), rows: 0, duplicate_rows: 0 };
  }

  /** AutoSync's day (PosIngestService.postDay), in a transaction of its own. */
  async postPosDay(input: {
    location_id: string;
    value_date: string;
    source: EpointSource;
    actor?: PostingActor;
  }): Promise<{ su_id: string; su_no: string } | null> {
    const record = await retryOnConflict(() =>
      inTransaction(this.dataSource, (manager) =>
        this.postDayIn(manager, {
          location_id: input.location_id,
          value_date: input.value_date,
          source: input.source,
          by: { system: input.actor ?? SYSTEM },
          file: null,
        }),
      ),
    );
    return record ? { su_id: record.id, su_no: record.doc_no } : null;
  }

  /**
   * Maps a no-match line's code to a PLU (remembered for every later upload; other lines of this upload with the
   * same code follow). When it was the last line waiting, the upload posts.
   */
  async map(id: string, lineNo: number, input: ValidSalesUploadMap, user: AccessTokenClaims): Promise<SalesUploadView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertMatchable(record.status);
        assertRevision(record.revision, input.revision);
        const line = await this.line(manager, id, lineNo);
        // Only a line of the no-match list: a code that is a PLU already is never mapped to another.
        if (line.status === 'MATCHED') throw new AppException(InventoryErrorCode.SALES_UPLOAD_LINE_NOT_FOUND);
        const plu = (await this.recipes.findPlus(manager, [input.plu_id])).get(input.plu_id.trim().toUpperCase());
        const check = plu
          ? await this.recipes.explode(manager, [{ kind: 'plu', id: plu.plu_id, quantity: '1' }])
          : null;
        if (!plu || !check || check.unresolved.length > 0) {
          throw new AppException(InventoryErrorCode.SALES_UPLOAD_PLU_NOT_POSTABLE, { plu: input.plu_id }, [
            {
              field: 'plu_id',
              rule: `errors.${InventoryErrorCode.SALES_UPLOAD_PLU_NOT_POSTABLE}`,
              params: { plu: input.plu_id },
            },
          ]);
        }
        const actor = actorOf(user);
        await manager.query(
          `INSERT INTO sales_upload_plu_mapping (pos_code, plu_id, mapped_by, mapped_by_name)
           VALUES (upper($1), $2, $3, $4)
           ON CONFLICT (pos_code) DO UPDATE SET plu_id = EXCLUDED.plu_id, mapped_by = EXCLUDED.mapped_by,
             mapped_by_name = EXCLUDED.mapped_by_name, mapped_time = now()`,
          [line.plu_code, plu.plu_id, actor.id, actor.name],
        );
        await manager.query(
          `UPDATE sales_upload_line SET plu_id = $3, status = 'MATCHED', reason = NULL
            WHERE su_id = $1 AND (line_no = $2 OR (status = 'UNMATCHED' AND upper(plu_code) = upper($4)))`,
          [id, lineNo, plu.plu_id, line.plu_code],
        );
        const next = await this.touch(manager, record, user, 'map', `${line.plu_code} → ${plu.plu_id}`);
        await this.postIfMatched(manager, next, { user });
      }),
    );
    return this.get(id, user);
  }

  /** Leaves a no-match line out of the posting (`ignore`), or puts it back on the list (`unignore`). */
  async ignore(
    id: string,
    lineNo: number,
    ignored: boolean,
    input: { revision: number },
    user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        assertMatchable(record.status);
        assertRevision(record.revision, input.revision);
        const line = await this.line(manager, id, lineNo);
        if (ignored ? line.status !== 'UNMATCHED' : line.status !== 'IGNORED') {
          throw new AppException(InventoryErrorCode.SALES_UPLOAD_LINE_NOT_FOUND);
        }
        await manager.query(`UPDATE sales_upload_line SET status = $3 WHERE su_id = $1 AND line_no = $2`, [
          id,
          lineNo,
          ignored ? 'IGNORED' : 'UNMATCHED',
        ]);
        const next = await this.touch(manager, record, user, ignored ? 'ignore' : 'unignore', line.plu_code);
        if (ignored) await this.postIfMatched(manager, next, { user });
      }),
    );
    return this.get(id, user);
  }

  /** post (every line matched or ignored), discard (before posting), revert (after). */
  async act(
    id: string,
    action: SalesUploadAction,
    input: DocumentActionInput,
    user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    await retryOnConflict(() =>
      inTransaction(this.dataSource, async (manager) => {
        const record = await this.lockInScope(manager, id, user);
        if (action === 'post') {
          const [waiting] = await manager.query<{ count: number }[]>(
            `SELECT count(*)::int AS count FROM sales_upload_line WHERE su_id = $1 AND status = 'UNMATCHED'`,
            [id],
          );
          if (waiting.count > 0 && record.status === 'PENDING MATCH') {
            throw new AppException(InventoryErrorCode.SALES_UPLOAD_UNMATCHED, { count: waiting.count });
          }
        }
        await this.transition(manager, record, action, { user }, input);
      }),
    );
    return this.get(id, user);
  }

  /** The e-point day: its pending records as one upload (a correction when the day was uploaded before). */
  private async postDayIn(
    manager: EntityManager,
    input: {
      location_id: string;
      value_date: string;
      source: EpointSource;
      by: By;
      file: { file_name: string; file_hash: string } | null;
    },
  ): Promise<UploadRecord | null> {
    // One posting of a (location, day) at a time: the second finds nothing pending.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sales-upload-day'), hashtext($1))`, [
      `${input.location_id}|${input.value_date}`,
    ]);
    const sold = await manager.query<SoldCode[]>(
      `SELECT stock_code AS plu_code, sum(quantity)::text AS quantity, sum(amount)::text AS amount,
              count(*)::int AS row_count
         FROM epoint_record
        WHERE location_id = $1 AND epoint_date = $2 AND status = 'PENDING'
        GROUP BY stock_code ORDER BY stock_code`,
      [input.location_id, input.value_date],
    );
    if (sold.length === 0) return null;
    const [earlier] = await manager.query<{ id: string }[]>(
      `SELECT id FROM sales_upload
        WHERE location_id = $1 AND value_date = $2 AND source <> 'Manual' AND correction_of_id IS NULL
          AND status IN ('PENDING MATCH', 'POSTED')
        ORDER BY created_time LIMIT 1`,
      [input.location_id, input.value_date],
    );
    const record = await this.createUpload(
      manager,
      {
        location_id: input.location_id,
        value_date: input.value_date,
        source: input.source,
        file_name: input.file?.file_name ?? null,
        file_hash: input.file?.file_hash ?? null,
        correction_of_id: earlier?.id ?? null,
      },
      sold,
      input.by,
    );
    await manager.query(
      `UPDATE epoint_record SET status = 'UPLOADED', su_id = $3
        WHERE location_id = $1 AND epoint_date = $2 AND status = 'PENDING'`,
      [input.location_id, input.value_date, record.id],
    );
    return this.postIfMatched(manager, record, input.by);
  }

  /** A new upload in PENDING MATCH, its lines matched against the remembered mappings and the recipes. */
  private async createUpload(
    manager: EntityManager,
    header: {
      location_id: string;
      value_date: string;
      source: SalesUploadSource;
      file_name: string | null;
      file_hash: string | null;
      correction_of_id: string | null;
    },
    sold: readonly SoldCode[],
    by: By,
  ): Promise<UploadRecord> {
    const actor = 'user' in by ? actorOf(by.user) : by.system;
    const id = randomUUID();
    const docNo = await nextDocumentNumber(manager, 'SU', header.location_id);
    const lines = await this.match(manager, sold);
    const totalQuantity = sold.reduce((sum, line) => sum.plus(line.quantity), exact(0));
    const totalAmount = sold.reduce((sum, line) => sum.plus(line.amount), exact(0));
    await manager.query(
      `INSERT INTO sales_upload (id, doc_no, status, revision, location_id, value_date, source, file_name, file_hash,
         correction_of_id, line_count, total_quantity, total_amount, created_by, created_by_name, last_updated_by)
       VALUES ($1, $2, 'PENDING MATCH', 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12)`,
      [
        id,
        docNo,
        header.location_id,
        header.value_date,
        header.source,
        header.file_name,
        header.file_hash,
        header.correction_of_id,
        lines.length,
        roundQuantity(totalQuantity),
        roundTo(totalAmount, 2),
        actor.id,
        actor.name,
      ],
    );
    await manager.query(
      `INSERT INTO sales_upload_line (su_id, line_no, plu_code, plu_id, status, reason, quantity, amount, row_count)
       SELECT $1, l.line_no, l.plu_code, l.plu_id, l.status, l.reason, l.quantity, l.amount, l.row_count
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[],
                     $9::int[]) AS l(line_no, plu_code, plu_id, status, reason, quantity, amount, row_count)`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.plu_code),
        lines.map((line) => line.plu_id),
        lines.map((line) => line.status),
        lines.map((line) => line.reason),
        lines.map((line) => line.quantity),
        lines.map((line) => line.amount),
        lines.map((line) => line.row_count),
      ],
    );
    await recordHistory(manager, {
      document_type: 'SU',
      document_id: id,
      action: 'create',
      from_status: null,
      to_status: 'PENDING MATCH',
      actor,
      remark: header.file_name,
    });
    const record = await this.find(manager, id, true);
    if (!record) throw new Error(`sales upload ${id} vanished`);
    return record;
  }

  /** Each code's PLU (a remembered mapping first, else the code itself) and whether it can be posted. */
  private async match(manager: EntityManager, sold: readonly SoldCode[]): Promise<LineRecord[]> {
    const mappings = new Map(
      (
        await manager.query<{ pos_code: string; plu_id: string }[]>(
          `SELECT pos_code, plu_id FROM sales_upload_plu_mapping WHERE pos_code = ANY($1::text[])`,
          [[...new Set(sold.map((line) => line.plu_code.toUpperCase()))]],
        )
      ).map((row) => [row.pos_code, row.plu_id]),
    );
    const targets = sold.map((line) => mappings.get(line.plu_code.toUpperCase()) ?? line.plu_code);
    const plus = await this.recipes.findPlus(manager, targets);
    const explosion = await this.recipes.explode(
      manager,
      targets.map((target) => ({ kind: 'plu' as const, id: target, quantity: '1' })),
    );
    const unresolved = new Map(explosion.unresolved.map((entry) => [entry.index, entry.reason]));
    return sold.map((line, index): LineRecord => {
      const plu = plus.get(targets[index].trim().toUpperCase());
      const reason = unresolved.get(index);
      return {
        line_no: index + 1,
        plu_code: line.plu_code,
        plu_id: plu && !plu.deleted ? plu.plu_id : null,
        status: reason === undefined ? 'MATCHED' : 'UNMATCHED',
        reason: reason === undefined ? null : reasonOf(reason),
        quantity: line.quantity,
        amount: line.amount,
        row_count: line.row_count,
      };
    });
  }

  /** Posts the upload when nothing waits on its no-match list; else tells the location it waits. */
  private async postIfMatched(manager: EntityManager, record: UploadRecord, by: By): Promise<UploadRecord> {
    const [waiting] = await manager.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM sales_upload_line WHERE su_id = $1 AND status = 'UNMATCHED'`,
      [record.id],
    );
    if (waiting.count > 0) {
      if (record.revision === 1) await this.announce(manager, record, 'match_required', 'PENDING MATCH', by);
      return record;
    }
    await this.transition(manager, record, 'post', by, { revision: record.revision });
    return (await this.find(manager, record.id))!;
  }

  /** One action through the kit: a user's by DocumentActions.apply, the system's by DocumentActions.system. */
  private async transition(
    manager: EntityManager,
    record: UploadRecord,
    action: SalesUploadAction,
    by: By,
    input: DocumentActionInput,
  ): Promise<void> {
    const actor = 'user' in by ? actorOf(by.user) : by.system;
    const effect = async (): Promise<Record<string, unknown>> => {
      if (action === 'post') return this.backflush(manager, record, actor);
      if (action === 'revert') return this.reverse(manager, record, actor);
      await manager.query(`UPDATE epoint_record SET status = 'IGNORED' WHERE su_id = $1`, [record.id]);
      return {};
    };
    if ('user' in by) {
      await this.actions.apply(manager, {
        machine: MACHINE,
        document: documentOf(record),
        action,
        input,
        user: by.user,
        table: 'sales_upload',
        subject: ACTIVITY_SUBJECTS[action],
        effect,
      });
      return;
    }
    const { to } = await this.actions.system(manager, {
      machine: MACHINE,
      document: { type: 'SU', id: record.id, status: record.status },
      action,
      actor,
    });
    const fields: Record<string, unknown> = { status: to, ...(await effect()) };
    const columns = Object.keys(fields);
    const updated = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE sales_upload SET ${columns.map((column, index) => `${column} = $${index + 3}`).join(', ')},
           revision = revision + 1, last_updated_time = now()
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [record.id, record.revision, ...columns.map((column) => fields[column])],
      ),
    );
    if (updated.length !== 1) throw new Error(`sales upload ${record.id} changed under its lock`);
    await this.announce(manager, { ...record, revision: record.revision + 1 }, action, to, by, record.status);
  }

  /**
   * The posting: the matched lines' PLUs, added up per PLU, exploded once into SKU quantities (primary unit) and
   * issued as ONE line per SKU at FIFO cost, short quantities back-ordered. Records what each SKU took.
   */
  private async backflush(
    manager: EntityManager,
    record: UploadRecord,
    actor: PostingActor,
  ): Promise<Record<string, unknown>> {
    const sold = await manager.query<{ plu_id: string; quantity: string }[]>(
      `SELECT plu_id, sum(quantity)::text AS quantity FROM sales_upload_line
        WHERE su_id = $1 AND status = 'MATCHED' GROUP BY plu_id ORDER BY plu_id`,
      [record.id],
    );
    const explosion = await this.recipes.explode(
      manager,
      sold.map((line) => ({ kind: 'plu' as const, id: line.plu_id, quantity: line.quantity })),
    );
    if (explosion.unresolved.length > 0) {
      // A recipe changed since the lines were matched: those PLUs go back to the no-match list, nothing posts.
      const [first] = explosion.unresolved;
      throw new AppException(InventoryErrorCode.SALES_UPLOAD_PLU_NOT_POSTABLE, { plu: first.id });
    }
    const consumption = [...explosion.consumption.entries()];
    await manager.query(
      `UPDATE epoint_record e SET status = CASE WHEN l.status = 'IGNORED' THEN 'IGNORED' ELSE 'POSTED' END
         FROM sales_upload_line l
        WHERE e.su_id = $1 AND l.su_id = $1 AND l.plu_code = e.stock_code`,
      [record.id],
    );
    if (consumption.length === 0) return { issue_value: '0', posted_time: new Date() };
    if (consumption.length > MAX_POSTING_LINES) {
      throw new AppException(InventoryErrorCode.SALES_UPLOAD_TOO_MANY_LINES, { max: MAX_POSTING_LINES });
    }
    const posted = await this.ledger.post(
      manager,
      {
        document_type: 'SU',
        document_id: record.id,
        document_no: record.doc_no,
        // The revision the post makes: a post retried after a lost answer is the same posting.
        revision: record.revision + 1,
        value_date: record.value_date,
        allow_negative: true,
        lines: consumption.map(([skuId, quantity], index) => ({
          line_no: index + 1,
          item_type: 'sku' as const,
          item_id: skuId,
          location_id: record.location_id,
          quantity: exact(quantity).negated().toFixed(),
        })),
      },
      actor,
    );
    const issued = new Map<number, { quantity: ReturnType<typeof exact>; value: ReturnType<typeof exact> }>();
    for (const movement of posted.movements) {
      const entry = issued.get(movement.line_no) ?? { quantity: exact(0), value: exact(0) };
      entry.quantity = entry.quantity.minus(movement.quantity);
      entry.value = entry.value.minus(movement.cost_value);
      issued.set(movement.line_no, entry);
    }
    await manager.query(
      `INSERT INTO sales_upload_consumption (su_id, line_no, sku_id, quantity, issued_quantity, consumed_value)
       SELECT $1, c.line_no, c.sku_id, c.quantity, c.issued, c.value
         FROM unnest($2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
              AS c(line_no, sku_id, quantity, issued, value)`,
      [
        record.id,
        consumption.map((_, index) => index + 1),
        consumption.map(([skuId]) => skuId),
        consumption.map(([, quantity]) => quantity),
        consumption.map((_, index) => roundQuantity(issued.get(index + 1)?.quantity ?? exact(0))),
        consumption.map((_, index) => roundTo(issued.get(index + 1)?.value ?? exact(0), LEDGER_VALUE_SCALE)),
      ],
    );
    const total = [...issued.values()].reduce((sum, entry) => sum.plus(entry.value), exact(0));
    return {
      issue_value: roundTo(total, LEDGER_VALUE_SCALE),
      posting_id: posted.posting_id,
      posted_time: new Date(),
    };
  }

  /**
   * The reversal: the back orders still open are cancelled, then every movement the upload made — its issues and
   * the settlements of its back orders by later receipts — comes back as a receipt at exactly its cost.
   */
  private async reverse(
    manager: EntityManager,
    record: UploadRecord,
    actor: PostingActor,
  ): Promise<Record<string, unknown>> {
    await this.ledger.cancelBackOrders(manager, { document_type: 'SU', document_id: record.id });
    const taken = await manager.query<
      { item_type: 'sku' | 'product'; item_id: string; location_id: string; unit_cost: string; quantity: string }[]
    >(
      `SELECT m.item_type, m.item_id, m.location_id, m.unit_cost::text AS unit_cost,
              (-sum(m.quantity))::text AS quantity, min(m.seq) AS first
         FROM stock_movement m
        WHERE (m.document_type = 'SU' AND m.document_id = $1)
           OR (m.document_type = 'SO' AND m.document_id IN (
                SELECT back_order_id::text FROM back_order WHERE document_type = 'SU' AND document_id = $1))
        GROUP BY m.item_type, m.item_id, m.location_id, m.unit_cost
       HAVING sum(m.quantity) < 0
        ORDER BY first`,
      [record.id],
    );
    await manager.query(`UPDATE epoint_record SET status = 'REVERTED' WHERE su_id = $1`, [record.id]);
    if (taken.length === 0) return {};
    const posted = await this.ledger.post(
      manager,
      {
        document_type: 'SU',
        document_id: record.id,
        document_no: record.doc_no,
        revision: record.revision + 1,
        value_date: laterOf(record.value_date, today()),
        lines: taken.map((line, index) => ({
          line_no: index + 1,
          item_type: line.item_type,
          item_id: line.item_id,
          location_id: line.location_id,
          quantity: roundQuantity(exact(line.quantity)),
          unit_cost: line.unit_cost,
        })),
      },
      actor,
    );
    return { revert_posting_id: posted.posting_id };
  }

  /** An activity event of a step the kit's apply did not publish (the system's, or the no-match wait). */
  private async announce(
    manager: EntityManager,
    record: UploadRecord,
    action: SalesUploadAction | 'match_required',
    to: string,
    by: By,
    from: string | null = null,
  ): Promise<void> {
    const actor = 'user' in by ? actorOf(by.user) : by.system;
    const subject =
      action === 'match_required' ? InventorySubjects.SalesUploadMatchRequired : ACTIVITY_SUBJECTS[action];
    await this.events.publish(manager, subject, {
      document_type: 'SU',
      document_id: record.id,
      doc_no: record.doc_no,
      location_id: record.location_id,
      action,
      from_status: from,
      to_status: to,
      actor_id: actor.id,
      actor_name: actor.name,
      remark: null,
      revision: record.revision,
    });
  }

  /** A change of the lines (map, ignore): the revision moves on and the history says what was done. */
  private async touch(
    manager: EntityManager,
    record: UploadRecord,
    user: AccessTokenClaims,
    action: string,
    remark: string,
  ): Promise<UploadRecord> {
    const updated = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE sales_upload SET revision = revision + 1, last_updated_by = $3, last_updated_time = now()
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [record.id, record.revision, user.sub],
      ),
    );
    if (updated.length !== 1) throw new Error(`sales upload ${record.id} changed under its lock`);
    await recordHistory(manager, {
      document_type: 'SU',
      document_id: record.id,
      action,
      from_status: record.status,
      to_status: record.status,
      remark,
      actor: actorOf(user),
    });
    return { ...record, revision: record.revision + 1 };
  }

  /** Each row's location and date (the form's when blank), checked: known, the caller's, not in the future. */
  private async checkRows(
    form: ValidSalesUploadForm,
    rows: readonly SalesRow[],
    user: AccessTokenClaims,
  ): Promise<(SalesRow & { location_id: string; sales_date: string })[]> {
    const scope = locationScopeOf(user);
    const locations = await this.locations.findMany(this.dataSource.manager, [
      form.location_id,
      ...new Set(rows.map((row) => row.location_id ?? form.location_id)),
    ]);
    const problems: RowProblem[] = [];
    const latest = today();
    const located = rows.map((row) => {
      const locationId = row.location_id ?? form.location_id;
      const location = locations.get(locationId);
      if (!location || location.deleted || location.status === 'archived') {
        problems.push({
          row: row.row,
          column: 'location_id',
          rule: 'sales-upload:import.errors.locationUnknown',
          params: { location: locationId },
        });
      } else if (!inLocationScope(scope, locationId)) {
        problems.push({
          row: row.row,
          column: 'location_id',
          rule: 'sales-upload:import.errors.locationNotYours',
          params: { location: locationId },
        });
      }
      const date = row.sales_date ?? form.value_date;
      if (date > latest) {
        problems.push({ row: row.row, column: 'sales_date', rule: 'sales-upload:import.errors.futureDate' });
      }
      return { ...row, location_id: locationId, sales_date: date };
    });
    if (problems.length > 0) throw rowsInvalid(problems);
    return located;
  }

  private async line(manager: EntityManager, id: string, lineNo: number): Promise<LineRecord> {
    const [line] = await manager.query<LineRecord[]>(
      `SELECT line_no, plu_code, plu_id, status, reason, quantity::text AS quantity, amount::text AS amount, row_count
         FROM sales_upload_line WHERE su_id = $1 AND line_no = $2`,
      [id, lineNo],
    );
    if (!line) throw new AppException(InventoryErrorCode.SALES_UPLOAD_LINE_NOT_FOUND);
    return line;
  }

  private async refs(manager: EntityManager, records: readonly UploadRecord[]): Promise<SalesUploadRef[]> {
    if (records.length === 0) return [];
    const counts = await manager.query<{ su_id: string; status: SalesUploadStatus; unmatched: number }[]>(
      `SELECT s.id AS su_id, s.status,
              (SELECT count(*)::int FROM sales_upload_line l WHERE l.su_id = s.id AND l.status = 'UNMATCHED') AS unmatched
         FROM sales_upload s WHERE s.id = ANY($1::uuid[])`,
      [records.map((record) => record.id)],
    );
    const byId = new Map(counts.map((row) => [row.su_id, row]));
    return records.map((record) => ({
      id: record.id,
      doc_no: record.doc_no,
      status: byId.get(record.id)?.status ?? record.status,
      location_id: record.location_id,
      value_date: record.value_date,
      unmatched: byId.get(record.id)?.unmatched ?? 0,
    }));
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<UploadRecord | null> {
    const [row] = await manager.query<UploadRecord[]>(
      `SELECT ${HEADER} FROM sales_upload WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  private lockInScope(manager: EntityManager, id: string, user: AccessTokenClaims): Promise<UploadRecord> {
    return this.findInScope(manager, id, user, true);
  }

  /** THE location-scope check of an upload (read by id, actions): one outside the caller's locations is not found. */
  private findInScope(manager: EntityManager, id: string, user: AccessTokenClaims, lock = false) {
    return findDocumentInScope(
      id,
      user,
      (valid) => this.find(manager, valid, lock),
      () => new AppException(DocumentErrorCode.NOT_FOUND),
    );
  }

  private async view(manager: EntityManager, record: UploadRecord, user: AccessTokenClaims): Promise<SalesUploadView> {
    const lines = await manager.query<LineRecord[]>(
      `SELECT line_no, plu_code, plu_id, status, reason, quantity::text AS quantity, amount::text AS amount, row_count
         FROM sales_upload_line WHERE su_id = $1 ORDER BY line_no`,
      [record.id],
    );
    const consumption = await manager.query<
      { sku_id: string; quantity: string; issued_quantity: string; consumed_value: string }[]
    >(
      `SELECT sku_id, quantity::text AS quantity, issued_quantity::text AS issued_quantity,
              consumed_value::text AS consumed_value
         FROM sales_upload_consumption WHERE su_id = $1 ORDER BY line_no`,
      [record.id],
    );
    const backOrders = await manager.query<{ bo_no: string }[]>(
      `SELECT bo_no FROM back_order WHERE document_type = 'SU' AND document_id = $1 ORDER BY seq`,
      [record.id],
    );
    const plus = await this.recipes.findPlus(
      manager,
      lines.flatMap((line) => (line.plu_id ? [line.plu_id] : [])),
    );
    const items = await this.items.findMany(
      manager,
      consumption.map((row) => ({ item_type: 'sku' as const, item_id: row.sku_id })),
    );
    const location = await this.locations.find(manager, record.location_id);
    const correction = record.correction_of_id ? await this.find(manager, record.correction_of_id) : null;
    return {
      id: record.id,
      doc_no: record.doc_no,
      status: record.status,
      revision: record.revision,
      location_id: record.location_id,
      location_name: location?.location_name ?? record.location_id,
      created_by: record.created_by ?? '',
      created_by_name: record.created_by_name,
      created_time: new Date(record.created_time).toISOString(),
      submitted_by: record.submitted_by,
      submitted_by_name: record.submitted_by_name,
      submitted_time: record.submitted_time ? new Date(record.submitted_time).toISOString() : null,
      last_updated_time: new Date(record.last_updated_time).toISOString(),
      // Post is offered once nothing waits on the no-match list (mapping the last line posts by itself anyway).
      available_actions: availableActionsFor(MACHINE, record.status, user).filter(
        (action) => action !== 'post' || lines.every((line) => line.status !== 'UNMATCHED'),
      ),
      history: await readHistory(manager, 'SU', record.id),
      value_date: record.value_date,
      source: record.source,
      file_name: record.file_name,
      correction_of_id: record.correction_of_id,
      correction_of_no: correction?.doc_no ?? null,
      total_quantity: record.total_quantity,
      total_amount: roundTo(exact(record.total_amount), 2),
      issue_value: record.issue_value === null ? null : roundTo(exact(record.issue_value), 2),
      posted_time: record.posted_time ? new Date(record.posted_time).toISOString() : null,
      back_order_nos: backOrders.map((row) => row.bo_no),
      lines: lines.map((line) => {
        const plu = line.plu_id ? plus.get(line.plu_id.toUpperCase()) : undefined;
        return {
          line_no: line.line_no,
          plu_code: line.plu_code,
          plu_id: line.plu_id,
          plu_name: plu ? plu.plu_name : null,
          status: line.status,
          reason: line.status === 'UNMATCHED' ? line.reason : null,
          quantity: line.quantity,
          amount: roundTo(exact(line.amount), 2),
          row_count: line.row_count,
        };
      }),
      consumption: consumption.map((row) => {
        const item = items.get(itemKey('sku', row.sku_id));
        return {
          sku_id: row.sku_id,
          sku_name: item?.item_name ?? row.sku_id,
          uom_name: item?.primary_uom_name ?? '',
          quantity: row.quantity,
          issued_quantity: row.issued_quantity,
          back_ordered_quantity: roundQuantity(exact(row.quantity).minus(row.issued_quantity)),
          consumed_value: roundTo(exact(row.consumed_value), 2),
        };
      }),
    };
  }
}

function documentOf(record: UploadRecord) {
  return {
    type: 'SU' as const,
    id: record.id,
    doc_no: record.doc_no,
    status: record.status,
    revision: record.revision,
    location_id: record.location_id,
    submitted_by: record.submitted_by,
  };
}

/** The no-match list is worked on while the upload waits for it (PENDING MATCH), never after. */
function assertMatchable(status: SalesUploadStatus): void {
  if (status !== 'PENDING MATCH') throw new AppException(DocumentErrorCode.NOT_EDITABLE, { status });
}

function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The rows of one (location, day) added up per code, in code order. */
function soldCodes(rows: readonly SalesRow[]): SoldCode[] {
  const byCode = new Map<
    string,
    { quantity: ReturnType<typeof exact>; amount: ReturnType<typeof exact>; rows: number }
  >();
  for (const row of rows) {
    const entry = byCode.get(row.plu_code) ?? { quantity: exact(0), amount: exact(0), rows: 0 };
    entry.quantity = entry.quantity.plus(row.quantity);
    entry.amount = entry.amount.plus(row.amount);
    entry.rows += 1;
    byCode.set(row.plu_code, entry);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, entry]) => ({
      plu_code: code,
      quantity: roundQuantity(entry.quantity),
      amount: roundTo(entry.amount, 2),
      row_count: entry.rows,
    }));
}

/** Where an uploaded sales file is kept: by its SHA-256, so one file making several uploads is stored once. */
function uploadedFileKey(hash: string): string {
  return `inventory/sales-uploads/${hash}.xlsx`;
}
