import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_MAX_ROWS, IMPORT_MAX_STORED_ERRORS } from '@scm/contracts';
import {
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
    };
    const read = rowReader(importer.columns, indexOf);
    const firstRowOfCode = new Map<string, number>();
    const problems: RowProblem[] = [];
    let errorCount = 0;
    let created = 0;
    let updated = 0;
    let reported = Date.now();

    for (const [index, row] of rows.entries()) {
      await queryRunner.query('SAVEPOINT import_row');
      let rowProblems: RowProblem[];
      let applied: 'created' | 'updated' | null = null;
      try {
        ({ problems: rowProblems, applied } = await this.applyRow(importer, row, read, context, firstRowOfCode));
      } catch (error) {
        // Not the row's fault (a bug, the database): recorded on the row, logged for us.
        logger.error({ err: error, jobId: job.job_id, row: row.row }, 'import row failed unexpectedly');
        rowProblems = [{ row: row.row, column: null, rule: 'import:errors.internal' }];
      }
      if (rowProblems.length > 0) {
        await queryRunner.query('ROLLBACK TO SAVEPOINT import_row');
        errorCount += rowProblems.length;
        problems.push(...rowProblems.slice(0, Math.max(0, IMPORT_MAX_STORED_ERRORS - problems.length)));
      } else {
        await queryRunner.query('RELEASE SAVEPOINT import_row');
        if (applied === 'created') created += 1;
        if (applied === 'updated') updated += 1;
      }
      if (Date.now() - reported >= PROGRESS_EVERY_MS || index === rows.length - 1) {
        reported = Date.now();
        await this.jobs.progress(job.job_id, index + 1, rows.length);
        await ctx?.reportProgress(((index + 1) / rows.length) * 100);
      }
    }
    if (errorCount > 0) return { ...rejected(problems), errorCount };
    return { status: 'succeeded', created, updated, errorCount: 0, errors: [] };
  }

  /** One row: cells → values, references → ids, → input, validated, then created or updated through the service. */
  private async applyRow(
    importer: EntityImporter,
    row: DataRow,
    read: ReturnType<typeof rowReader<ImportContext>>,
    context: ImportContext,
    firstRowOfCode: Map<string, number>,
  ): Promise<{ problems: RowProblem[]; applied: 'created' | 'updated' | null }> {
    const { values, problems } = read(row);
    const problem = (column: string | null, rule: string, params?: Record<string, string | number>) =>
      problems.push({ row: row.row, column, rule, ...(params && { params }) });

    const code = importer.codeOf ? importer.codeOf(values) : values[importer.codeColumn];
    const first = typeof code === 'string' ? firstRowOfCode.get(code.toLowerCase()) : undefined;
    if (first !== undefined) problem(importer.codeColumn, 'import:errors.duplicateInFile', { row: first });
    else if (typeof code === 'string') firstRowOfCode.set(code.toLowerCase(), row.row);
    await resolveReferences(importer.columns, values, context, problem);

    // Records are looked up as committed before the import (a code repeated in the file is refused above).
    const existing =
      typeof code === 'string' && first === undefined ? await importer.findExisting(code, context) : null;
    const parsed = importer.schema.safeParse(importer.toInput(values, existing), { reportInput: true });
    if (!parsed.success) {
      const reported = new Set(problems.map((item) => item.column));
      for (const fieldProblem of fieldProblemsOf(parsed.error)) {
        const column = columnOf(importer, fieldProblem.field, values);
        // A cell that could not be read already says so; "required" on top of it would only confuse.
        if (column !== null && reported.has(column)) continue;
        problem(column, fieldProblem.rule, fieldProblem.params);
      }
    }
    if (problems.length > 0 || !parsed.success) return { problems, applied: null };

    try {
      await joinUnitOfWork(context.manager, () =>
        existing === null ? importer.create(parsed.data, context) : importer.update(existing, parsed.data, context),
      );
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      if (error.fieldProblems.length === 0) problem(null, `errors.${error.code}`, error.params);
      for (const fieldProblem of error.fieldProblems) {
        problem(columnOf(importer, fieldProblem.field, values), fieldProblem.rule, fieldProblem.params);
      }
      return { problems, applied: null };
    }
    return { problems, applied: existing === null ? 'created' : 'updated' };
  }
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
