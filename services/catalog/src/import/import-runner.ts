import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_MAX_ROWS, IMPORT_MAX_STORED_ERRORS } from '@scm/contracts';
import {
  ALL_LOCATIONS_SCOPE,
  AppException,
  DATA_SOURCE,
  FILE_STORAGE,
  UnreadableWorkbookError,
  columnOfField,
  createLogger,
  dataRows,
  fieldProblemsOf,
  joinUnitOfWork,
  matchHeader,
  readWorkbook,
  rowReader,
} from '@scm/platform';
import type { DataRow, FileStorage, JobContext, RowProblem, RowValues } from '@scm/platform';
import type { DataSource, QueryRunner } from 'typeorm';
import { ImportJobRepository } from './import-job.repository.js';
import type { ImportJobRecord, ImportOutcome } from './import-job.repository.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from './importer.js';
import { IMPORTER_REGISTRY } from './importer-registry.js';
import type { ImporterRegistry } from './importer-registry.js';

const logger = createLogger('import');

/** How often progress is written while rows are applied. */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs one import job: reads the uploaded sheet, then checks and applies every row in ONE transaction, each row
 * behind a savepoint. A row is applied through its entity's service inside `joinUnitOfWork`, so the service's
 * own transaction (MasterRecordStore / inTransaction) joins this one; a failing row rolls back to its savepoint
 * and its problems are recorded, and the remaining rows are still checked. At the end any problem rolls back
 * everything (nothing applied, no event in the outbox); none commits every row and its events at once.
 */
@Injectable()
export class ImportRunner {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(IMPORTER_REGISTRY) private readonly registry: ImporterRegistry,
    private readonly jobs: ImportJobRepository,
  ) {}

  async run(jobId: string, ctx?: JobContext): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || !(await this.jobs.start(jobId))) return;
    const registered = this.registry.get(job.entity);
    if (!registered) {
      await this.jobs.finish(jobId, failure('import:errors.internal'));
      return;
    }
    try {
      const outcome = await this.apply(job, registered.importer, ctx);
      // A success was recorded in the transaction that applied the rows; the file is no longer needed.
      if (outcome.status === 'succeeded') await this.storage.delete(job.file_key);
      else await this.jobs.finish(jobId, outcome);
    } catch (error) {
      logger.error({ err: error, jobId, entity: job.entity }, 'import failed');
      await this.jobs.finish(jobId, failure('import:errors.internal'));
    }
  }

  private async apply(job: ImportJobRecord, importer: EntityImporter, ctx?: JobContext): Promise<ImportOutcome> {
    const headerProblem = (rule: string, params?: Record<string, string | number>): ImportOutcome =>
      rejected([{ row: 1, column: null, rule, ...(params && { params }) }]);
    let sheets;
    try {
      sheets = await readWorkbook(await this.storage.get(job.file_key));
    } catch (error) {
      if (error instanceof UnreadableWorkbookError) return headerProblem('import:errors.unreadable');
      throw error;
    }
    // The data sheet is the first one (the template's notes sheet, if kept, comes after it).
    const table = sheets[0] ? dataRows(sheets[0]) : null;
    if (!table || table.rows.length === 0) return headerProblem('import:errors.noRows');
    if (table.rows.length > IMPORT_MAX_ROWS)
      return headerProblem('import:errors.tooManyRows', { max: IMPORT_MAX_ROWS });
    const header = matchHeader(table.header, table.headerRow, importer.columns, { canSeeCost: job.can_see_cost });
    if (header.problems.length > 0) return rejected(header.problems);

    const total = table.rows.length;
    await this.jobs.progress(job.job_id, 0, total);
    const queryRunner = this.dataSource.createQueryRunner();
    await queryRunner.connect();
    try {
      await queryRunner.startTransaction();
      const outcome = await this.applyRows(queryRunner, job, importer, table.rows, header.indexOf, ctx);
      if (outcome.status === 'succeeded') {
        await this.jobs.finish(job.job_id, outcome, queryRunner.manager);
        await queryRunner.commitTransaction();
      } else {
        await queryRunner.rollbackTransaction();
      }
      return outcome;
    } catch (error) {
      if (queryRunner.isTransactionActive) await queryRunner.rollbackTransaction();
      throw error;
    } finally {
      await queryRunner.release();
    }
  }

  private async applyRows(
    queryRunner: QueryRunner,
    job: ImportJobRecord,
    importer: EntityImporter,
    rows: DataRow[],
    indexOf: Map<string, number>,
    ctx?: JobContext,
  ): Promise<ImportOutcome> {
    const context: ImportContext = {
      manager: queryRunner.manager,
      actor: job.created_by,
      canSeeCost: job.can_see_cost,
      // The uploader's locations, kept with the job (null: every location).
      scope: job.location_scope === null ? ALL_LOCATIONS_SCOPE : { locations: job.location_scope },
    };
    const read = rowReader(importer.columns, indexOf);
    const records = recordsOf(
      importer,
      rows.map((row) => ({ row: row.row, ...read(row) })),
    );
    const firstRowOfCode = new Map<string, number>();
    const problems: RowProblem[] = [];
    let errorCount = 0;
    let created = 0;
    let updated = 0;
    let processed = 0;
    let reported = Date.now();

    for (const record of records) {
      await queryRunner.query('SAVEPOINT import_row');
      let recordProblems: RowProblem[];
      let applied: 'created' | 'updated' | null = null;
      try {
        ({ problems: recordProblems, applied } = await this.applyRecord(importer, record, context, firstRowOfCode));
      } catch (error) {
        // Not the row's fault (a bug, the database): recorded on the row, logged for us.
        logger.error({ err: error, jobId: job.job_id, row: record[0].row }, 'import row failed unexpectedly');
        recordProblems = [{ row: record[0].row, column: null, rule: 'import:errors.internal' }];
      }
      if (recordProblems.length > 0) {
        await queryRunner.query('ROLLBACK TO SAVEPOINT import_row');
        errorCount += recordProblems.length;
        problems.push(...recordProblems.slice(0, Math.max(0, IMPORT_MAX_STORED_ERRORS - problems.length)));
      } else {
        await queryRunner.query('RELEASE SAVEPOINT import_row');
        if (applied === 'created') created += 1;
        if (applied === 'updated') updated += 1;
      }
      processed += record.length;
      if (Date.now() - reported >= PROGRESS_EVERY_MS || processed === rows.length) {
        reported = Date.now();
        await this.jobs.progress(job.job_id, processed, rows.length);
        await ctx?.reportProgress((processed / rows.length) * 100);
      }
    }
    if (errorCount > 0) return { ...rejected(problems), errorCount };
    return { status: 'succeeded', created, updated, errorCount: 0, errors: [] };
  }

  /**
   * One record (one row, or the rows of one code with `lines`): cells → values, references → ids, → input,
   * validated, then created or updated through the service.
   */
  private async applyRecord(
    importer: EntityImporter,
    record: ReadRow[],
    context: ImportContext,
    firstRowOfCode: Map<string, number>,
  ): Promise<{ problems: RowProblem[]; applied: 'created' | 'updated' | null }> {
    const [first] = record;
    const problems: RowProblem[] = record.flatMap((row) => row.problems);
    const problem = (row: number, column: string | null, rule: string, params?: Record<string, string | number>) =>
      problems.push({ row, column, rule, ...(params && { params }) });
    const lines = importer.lines;
    const isLine = (column: CatalogImportColumn) => lines?.columns.includes(column.key) ?? false;
    const values = lines ? recordValues(importer, record, problem) : first.values;
    // A row of the record whose line columns are all blank (the record's columns on a row of their own) adds no line.
    const lineRows = lines ? record.filter((row) => lines.columns.some((key) => !isBlank(row.values[key]))) : [];
    const lineValues = lines ? lineRows.map((row) => pick(row.values, lines.columns)) : undefined;

    const code = codeOf(importer, first.values);
    // Without `lines`, a code repeated in the file is refused (with them, its rows are one record).
    const repeated = lines || code === undefined ? undefined : firstRowOfCode.get(code.toLowerCase());
    if (repeated !== undefined) {
      problem(first.row, importer.codeColumn, 'import:errors.duplicateInFile', { row: repeated });
    } else if (!lines && code !== undefined) {
      firstRowOfCode.set(code.toLowerCase(), first.row);
    }
    const recordColumns = importer.columns.filter((column) => !isLine(column));
    await resolveReferences(recordColumns, values, context, (column, rule, params) =>
      problem(first.row, column, rule, params),
    );
    if (lineValues) {
      const lineColumns = importer.columns.filter(isLine);
      for (const [index, line] of lineValues.entries()) {
        // A line's reference may depend on the record's values (already ids) as well as on its own.
        const merged = { ...values, ...line };
        await resolveReferences(lineColumns, merged, context, (column, rule, params) =>
          problem(lineRows[index].row, column, rule, params),
        );
        for (const key of Object.keys(line)) line[key] = merged[key];
      }
    }

    // Records are looked up as committed before the import (a code repeated in the file is refused above).
    const existing = code !== undefined && repeated === undefined ? await importer.findExisting(code, context) : null;
    const locate = (field: string) => locationOf(importer, field, values, first.row, lineRows, lineValues);
    const parsed = importer.schema.safeParse(importer.toInput(values, existing, lineValues), { reportInput: true });
    if (!parsed.success) {
      const reported = new Set(problems.map((item) => `${item.row}/${item.column}`));
      for (const fieldProblem of fieldProblemsOf(parsed.error)) {
        const { row, column } = locate(fieldProblem.field);
        // A cell that could not be read already says so; "required" on top of it would only confuse.
        if (column !== null && reported.has(`${row}/${column}`)) continue;
        problem(row, column, fieldProblem.rule, fieldProblem.params);
      }
    }
    if (problems.length > 0 || !parsed.success) return { problems, applied: null };

    try {
      await joinUnitOfWork(context.manager, () =>
        existing === null ? importer.create(parsed.data, context) : importer.update(existing, parsed.data, context),
      );
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      if (error.fieldProblems.length === 0) problem(first.row, null, `errors.${error.code}`, error.params);
      for (const fieldProblem of error.fieldProblems) {
        const { row, column } = locate(fieldProblem.field);
        problem(row, column, fieldProblem.rule, fieldProblem.params);
      }
      return { problems, applied: null };
    }
    return { problems, applied: existing === null ? 'created' : 'updated' };
  }
}

/** A data row as read: its number, its values by column key and the problems of its cells. */
interface ReadRow {
  row: number;
  values: RowValues;
  problems: RowProblem[];
}

function codeOf(importer: EntityImporter, values: RowValues): string | undefined {
  const code = importer.codeOf ? importer.codeOf(values) : values[importer.codeColumn];
  return typeof code === 'string' ? code : undefined;
}

/**
 * The records of the file, in order: one per row; with `lines`, the rows of one code (case-insensitive, wherever
 * they are in the file) together, in their order. A row without a code is a record of its own (its code is
 * "required").
 */
function recordsOf(importer: EntityImporter, rows: ReadRow[]): ReadRow[][] {
  if (!importer.lines) return rows.map((row) => [row]);
  const records: ReadRow[][] = [];
  const byCode = new Map<string, ReadRow[]>();
  for (const row of rows) {
    const code = codeOf(importer, row.values)?.toLowerCase();
    const record = code === undefined ? undefined : byCode.get(code);
    if (record) record.push(row);
    else {
      records.push([row]);
      if (code !== undefined) byCode.set(code, records[records.length - 1]);
    }
  }
  return records;
}

/**
 * The record's own columns, from its first row. A later row may leave one blank or repeat it; anything else is a
 * problem of that row's cell (the record cannot be two things at once).
 */
function recordValues(
  importer: EntityImporter,
  record: ReadRow[],
  problem: (row: number, column: string, rule: string, params?: Record<string, string | number>) => void,
): RowValues {
  const lineColumns = importer.lines?.columns ?? [];
  const keys = importer.columns.map((column) => column.key).filter((key) => !lineColumns.includes(key));
  const [first, ...rest] = record;
  const values = pick(first.values, keys);
  for (const row of rest) {
    for (const key of keys) {
      const value = row.values[key];
      if (isBlank(value)) continue;
      if (comparable(value) !== comparable(values[key])) {
        problem(row.row, key, 'import:errors.differsFromFirstRow', { row: first.row });
      }
    }
  }
  return values;
}

/** An empty cell (or an empty list). */
function isBlank(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.length === 0);
}

/** A value as compared between the rows of a record: case, spaces and list order aside. */
function comparable(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => comparable(item)).sort());
  return typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value);
}

/** The values of `keys` that the sheet has (a column it does not have stays absent). */
function pick(values: RowValues, keys: readonly string[]): RowValues {
  return Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]]));
}

/**
 * Where an input field's problem is shown: an item of the lines' list on its own row (in the line column for the
 * rest of the path), anything else on the record's first row.
 */
function locationOf(
  importer: EntityImporter,
  field: string,
  values: RowValues,
  firstRow: number,
  lineRows: readonly ReadRow[],
  lineValues: RowValues[] | undefined,
): { row: number; column: string | null } {
  const lines = importer.lines;
  if (lines && lineValues && field.startsWith(`${lines.field}.`)) {
    const [index, ...rest] = field.slice(lines.field.length + 1).split('.');
    const position = Number(index);
    if (Number.isInteger(position) && position >= 0 && position < lineRows.length) {
      const lineColumns = importer.columns.filter((column) => lines.columns.includes(column.key));
      const itemField = rest.join('.');
      const own = importer.columnOf?.(field, { ...values, ...lineValues[position] });
      const column = own !== undefined ? own : itemField ? columnOfField(lineColumns, itemField) : null;
      return { row: lineRows[position].row, column };
    }
  }
  return { row: firstRow, column: columnOf(importer, field, values) };
}

/** Resolves each reference column's name to an id (in column order, so one may depend on another's id). */
async function resolveReferences(
  columns: readonly CatalogImportColumn[],
  values: RowValues,
  context: ImportContext,
  problem: (column: string, rule: string, params?: Record<string, string | number>) => void,
): Promise<void> {
  for (const column of columns) {
    const name = values[column.key];
    if (column.kind !== 'reference' || typeof name !== 'string' || !column.resolve) continue;
    const id = await column.resolve(name, values, context);
    if (id === undefined) values[column.key] = undefined;
    else if (id === null) {
      values[column.key] = undefined;
      problem(column.key, 'import:errors.referenceNotFound', { value: name });
    } else values[column.key] = id;
  }
}

function columnOf(importer: EntityImporter, field: string, values: RowValues): string | null {
  const column = importer.columnOf?.(field, values);
  return column === undefined ? columnOfField(importer.columns, field) : column;
}

function rejected(errors: RowProblem[]): ImportOutcome {
  return { status: 'failed', created: 0, updated: 0, errorCount: errors.length, errors };
}

function failure(rule: string): ImportOutcome {
  return { status: 'failed', created: 0, updated: 0, errorCount: 0, errors: [], failure: rule };
}
