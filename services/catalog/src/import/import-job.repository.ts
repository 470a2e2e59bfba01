import { Inject, Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ImportJobStatus } from '@scm/contracts';
import { DATA_SOURCE, EventPublisher } from '@scm/platform';
import type { RowProblem } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';

/** An import job as stored: errors untranslated (i18n keys), translated when read. */
export interface ImportJobRecord {
  job_id: string;
  entity: string;
  file_key: string;
  file_name: string;
  status: ImportJobStatus;
  can_see_cost: boolean;
  /** The uploader's locations; null for every location. */
  location_scope: string[] | null;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  error_count: number;
  errors: RowProblem[];
  failure: string | null;
  created_by: string;
  created_time: Date;
  finished_time: Date | null;
}

/** What an import ends with. */
export interface ImportOutcome {
  status: 'succeeded' | 'failed';
  created: number;
  updated: number;
  errorCount: number;
  errors: RowProblem[];
  /** i18n key of why the job failed when it is not the rows' fault. */
  failure?: string;
}

@Injectable()
export class ImportJobRepository {
  constructor(
    @Inject(DATA_SOURCE) readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async insert(
    job: Pick<ImportJobRecord, 'job_id' | 'entity' | 'file_key' | 'file_name' | 'can_see_cost' | 'created_by'> &
      Partial<Pick<ImportJobRecord, 'location_scope'>>,
  ) {
    await this.dataSource.query(
      `INSERT INTO import_job
         (job_id, entity, file_key, file_name, status, can_see_cost, location_scope, created_by, created_time)
       VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, now())`,
      [
        job.job_id,
        job.entity,
        job.file_key,
        job.file_name,
        job.can_see_cost,
        job.location_scope ?? null,
        job.created_by,
      ],
    );
  }

  async find(jobId: string): Promise<ImportJobRecord | null> {
    const rows: ImportJobRecord[] = await this.dataSource.query(`SELECT * FROM import_job WHERE job_id = $1`, [jobId]);
    return rows[0] ?? null;
  }

  /** Claims a queued (or re-delivered running) job for this run; false when it already finished. */
  async start(jobId: string): Promise<boolean> {
    // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE with [rows, count], never an empty array.
    const rows: unknown[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE import_job SET status = 'running', processed_rows = 0, total_rows = 0
          WHERE job_id = $1 AND status IN ('queued', 'running') RETURNING job_id
       )
       SELECT job_id FROM claimed`,
      [jobId],
    );
    return rows.length > 0;
  }

  /** Progress, written outside the import's transaction so that pollers see it while the rows are applied. */
  async progress(jobId: string, processed: number, total: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE import_job SET processed_rows = $2, total_rows = $3 WHERE job_id = $1 AND status = 'running'`,
      [jobId, processed, total],
    );
  }

  /**
   * Records the outcome and announces it (`catalog.import.finished|failed`, for the uploader's notification) in
   * the same transaction. With `manager` (the import's transaction) a success commits with the rows it applied,
   * so a job never says "succeeded" for changes that were rolled back, nor the reverse.
   */
  async finish(jobId: string, outcome: ImportOutcome, manager?: EntityManager) {
    if (!manager?.queryRunner?.isTransactionActive) {
      await this.dataSource.transaction((own) => this.finish(jobId, outcome, own));
      return;
    }
    // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].
    const [job] = await manager.query<{ entity: string; file_name: string; created_by: string }[]>(
      `WITH finished AS (UPDATE import_job
          SET status = $2, created_count = $3, updated_count = $4, error_count = $5, errors = $6::jsonb,
              failure = $7, finished_time = now(), processed_rows = CASE WHEN $2 = 'succeeded' THEN total_rows ELSE processed_rows END
        WHERE job_id = $1
        RETURNING entity, file_name, created_by) SELECT * FROM finished`,
      [
        jobId,
        outcome.status,
        outcome.created,
        outcome.updated,
        outcome.errorCount,
        JSON.stringify(outcome.errors),
        outcome.failure ?? null,
      ],
    );
    if (!job) return;
    await this.events.publish(
      manager,
      outcome.status === 'succeeded' ? CatalogSubjects.ImportFinished : CatalogSubjects.ImportFailed,
      {
        job_id: jobId,
        entity: job.entity,
        file_name: job.file_name,
        status: outcome.status,
        created_count: outcome.created,
        updated_count: outcome.updated,
        error_count: outcome.errorCount,
        requested_by: job.created_by,
      },
    );
  }

  /** A job whose runner is gone (process restarted, worker failed) is failed, unless it finished meanwhile. */
  async markInterrupted(jobId: string, failure: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE import_job SET status = 'failed', failure = $2, finished_time = now()
        WHERE job_id = $1 AND status IN ('queued', 'running')`,
      [jobId, failure],
    );
  }

  /** Jobs that ended (or were created, if they never ended) before `cutoff`, oldest first, at most `limit`. */
  expired(cutoff: Date, limit: number): Promise<Pick<ImportJobRecord, 'job_id' | 'file_key'>[]> {
    return this.dataSource.query(
      `SELECT job_id, file_key FROM import_job
        WHERE coalesce(finished_time, created_time) < $1
        ORDER BY coalesce(finished_time, created_time) LIMIT $2`,
      [cutoff, limit],
    );
  }

  async deleteJobs(jobIds: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM import_job WHERE job_id = ANY($1::uuid[])`, [jobIds]);
  }
}
