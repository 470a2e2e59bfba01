import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CommonErrorCode, IMPORT_MAX_LISTED_ERRORS, V, hasAnyPermission, hasPermission } from '@scm/contracts';
import type { AccessTokenClaims, ImportJobView, ImportRowError } from '@scm/contracts';
import type { Language } from '@scm/i18n';
import {
  AppException,
  DATA_SOURCE,
  FILE_STORAGE,
  JOB_QUEUE,
  UnreadableWorkbookError,
  XLSX_MIME,
  assertAllLocations,
  errorReportSheet,
  isXlsx,
  locationScopeOf,
  scopeIds,
  readWorkbook,
  templateSheets,
  translateLabel,
  writeWorkbook,
} from '@scm/platform';
import type { ExcelFile, FileStorage, JobQueue, RowProblem, UploadedFiles } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { ImportJobRepository } from './import-job.repository.js';
import type { ImportJobRecord } from './import-job.repository.js';
import { ImportRunner } from './import-runner.js';
import { IMPORTER_REGISTRY } from './importer-registry.js';
import type { ImporterRegistry, RegisteredImporter } from './importer-registry.js';

/** The queue of catalog's imports: one at a time per process (each holds one transaction for its rows). */
const QUEUE = 'catalog-import';
const JOB = 'run';

/**
 * Excel import of catalog master data: the template, the upload (kept in file storage, run as a background
 * job carrying the uploader as actor), the job's status with its row errors in the reader's language, and
 * the error report. A job is only ever shown to the user who started it.
 */
@Injectable()
export class ImportService implements OnModuleInit {
  constructor(
    @Inject(IMPORTER_REGISTRY) private readonly registry: ImporterRegistry,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly jobs: ImportJobRepository,
    private readonly runner: ImportRunner,
  ) {}

  onModuleInit(): void {
    this.queue.register<{ job_id: string }>(QUEUE, JOB, (data, ctx) => this.runner.run(data.job_id, ctx));
  }

  async template(entity: string, user: AccessTokenClaims, language: Language): Promise<ExcelFile> {
    const registered = this.importer(entity);
    const sheets = await templateSheets(
      registered.importer.columns,
      language,
      { manager: this.dataSource.manager, actor: user.sub, canSeeCost: user.cost, scope: locationScopeOf(user) },
      { canSeeCost: user.cost, notes: registered.importer.templateNotes },
    );
    const name = translateLabel(language, registered.label);
    return {
      fileName: `${translateLabel(language, 'import:template.fileName', { name })}.xlsx`,
      body: await writeWorkbook(sheets),
    };
  }

  /** Keeps the uploaded .xlsx and queues its import; the job id comes back at once. */
  async start(
    entity: string,
    user: AccessTokenClaims,
    files: UploadedFiles,
    language: Language,
  ): Promise<ImportJobView> {
    const registered = this.importer(entity);
    // The job runs later, without the uploader's location scope: location-bound rows need every location.
    if (registered.needsAllLocations) assertAllLocations(locationScopeOf(user));
    let upload: ExcelFile | undefined;
    await files((file) => {
      if (upload) return Promise.resolve();
      if (!isXlsx(file.body)) return Promise.reject(new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED));
      upload = { fileName: file.fileName, body: file.body };
      return Promise.resolve();
    });
    if (!upload) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'file', rule: V.required }]);
    const jobId = randomUUID();
    const fileKey = `imports/${registered.entity}/${jobId}.xlsx`;
    await this.storage.put(fileKey, upload.body, XLSX_MIME);
    await this.jobs.insert({
      job_id: jobId,
      entity: registered.entity,
      file_key: fileKey,
      file_name: upload.fileName.slice(0, 255) || `${registered.entity}.xlsx`,
      can_see_cost: user.cost,
      location_scope: uploaderLocations(user),
      created_by: user.sub,
    });
    // One run: a failed import has already said why; running it again would only say it again.
    await this.queue.add(QUEUE, JOB, { job_id: jobId }, { jobId, attempts: 1 });
    return this.toView((await this.jobs.find(jobId))!, registered, language);
  }

  async view(jobId: string, user: AccessTokenClaims, language: Language): Promise<ImportJobView> {
    const { job, registered } = await this.ownJob(jobId, user);
    return this.toView(job, registered, language);
  }

  /** The uploaded rows with an error column (the rows' problems, in the reader's language). */
  async errorReport(jobId: string, user: AccessTokenClaims, language: Language): Promise<ExcelFile> {
    const { job, registered } = await this.ownJob(jobId, user);
    if (job.status !== 'failed' || !(await this.storage.exists(job.file_key))) {
      throw new AppException(CommonErrorCode.NOT_FOUND);
    }
    let sheets;
    try {
      sheets = await readWorkbook(await this.storage.get(job.file_key));
    } catch (error) {
      if (error instanceof UnreadableWorkbookError) throw new AppException(CommonErrorCode.NOT_FOUND);
      throw error;
    }
    const messagesByRow = new Map<number, string[]>();
    for (const error of this.translate(job.errors, registered, language)) {
      const text = error.column_label ? `${error.column_label}: ${error.message}` : error.message;
      messagesByRow.set(error.row, [...(messagesByRow.get(error.row) ?? []), text]);
    }
    const sheet = sheets[0] ?? { name: 'Sheet1', rows: [] };
    const base = job.file_name.replace(/\.xlsx$/i, '');
    return {
      fileName: `${translateLabel(language, 'import:report.fileName', { name: base })}.xlsx`,
      body: await writeWorkbook([errorReportSheet(sheet, messagesByRow, language)]),
    };
  }

  /** The importer of `entity`; the routes exist only for registered ones, so a miss is a bug. */
  private importer(entity: string): RegisteredImporter {
    const registered = this.registry.get(entity);
    if (!registered) throw new AppException(CommonErrorCode.NOT_FOUND);
    return registered;
  }

  /**
   * The job if `user` started it and may still import its entity. Another user's job is "not found", so job
   * ids reveal nothing.
   */
  private async ownJob(
    jobId: string,
    user: AccessTokenClaims,
  ): Promise<{ job: ImportJobRecord; registered: RegisteredImporter }> {
    let job = await this.jobs.find(jobId);
    const registered = job ? this.registry.get(job.entity) : undefined;
    if (!job || !registered || job.created_by !== user.sub) throw new AppException(CommonErrorCode.NOT_FOUND);
    const { permission } = registered;
    const mayEdit =
      typeof permission === 'string'
        ? hasPermission(user.perms, permission, 'edit')
        : hasAnyPermission(user.perms, permission, 'edit');
    if (!mayEdit) throw new AppException(CommonErrorCode.FORBIDDEN);
    if (job.status === 'queued' || job.status === 'running') {
      // The runner is gone (process restarted, worker lost) when the queue no longer knows a live job.
      const { state } = await this.queue.status(QUEUE, jobId);
      if (state === 'unknown' || state === 'failed' || state === 'completed') {
        const fresh = await this.jobs.find(jobId);
        if (fresh && (fresh.status === 'queued' || fresh.status === 'running')) {
          await this.jobs.markInterrupted(jobId, 'import:errors.interrupted');
        }
        job = (await this.jobs.find(jobId))!;
      }
    }
    return { job, registered };
  }

  private toView(job: ImportJobRecord, registered: RegisteredImporter, language: Language): ImportJobView {
    return {
      job_id: job.job_id,
      entity: job.entity,
      file_name: job.file_name,
      status: job.status,
      total_rows: job.total_rows,
      processed_rows: job.processed_rows,
      created_count: job.created_count,
      updated_count: job.updated_count,
      error_count: job.error_count,
      errors: this.translate(job.errors.slice(0, IMPORT_MAX_LISTED_ERRORS), registered, language),
      message: job.failure ? translateLabel(language, job.failure) : null,
      created_time: new Date(job.created_time).toISOString(),
      finished_time: job.finished_time ? new Date(job.finished_time).toISOString() : null,
    };
  }

  private translate(problems: RowProblem[], registered: RegisteredImporter, language: Language): ImportRowError[] {
    const columns = new Map(registered.importer.columns.map((column) => [column.key, column]));
    const position = new Map(registered.importer.columns.map((column, index) => [column.key, index]));
    const order = (problem: RowProblem) => (problem.column === null ? -1 : (position.get(problem.column) ?? -1));
    return [...problems]
      .sort((a, b) => a.row - b.row || order(a) - order(b))
      .map((problem) => {
        const column = problem.column === null ? undefined : columns.get(problem.column);
        return {
          row: problem.row,
          column: problem.column,
          column_label: column ? translateLabel(language, column.label) : null,
          message: translateLabel(language, problem.rule, problem.params),
        };
      });
  }
}

/** The uploader's locations as the job keeps them: null for every location. */
function uploaderLocations(user: AccessTokenClaims): string[] | null {
  const ids = scopeIds(locationScopeOf(user));
  return ids === undefined ? null : [...ids];
}
