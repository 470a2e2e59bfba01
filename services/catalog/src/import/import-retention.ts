import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { FILE_STORAGE, JOB_QUEUE, scheduleRecurringJob } from '@scm/platform';
import type { FileStorage, JobQueue } from '@scm/platform';
import { ImportJobRepository } from './import-job.repository.js';

/** How long an import's status, row errors and uploaded file (for the error report) are kept after it ends. */
export const IMPORT_RETENTION_DAYS = 30;
const BATCH = 500;

/**
 * Forgets old imports: every 6 hours, jobs that ended more than 30 days ago lose their uploaded file (kept for
 * a failed import's error report) and then their row. Files go first, so a failure leaves the row to retry.
 */
@Injectable()
export class ImportRetention implements OnModuleInit, OnModuleDestroy {
  private stop: (() => void) | undefined;

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly jobs: ImportJobRepository,
  ) {}

  onModuleInit(): void {
    this.stop = scheduleRecurringJob(this.queue, {
      queue: 'catalog',
      name: 'forget-old-imports',
      everyMs: 6 * 3600_000,
      firstRunMs: 60_000,
      run: async () => ({ forgotten: await this.forgetBefore(daysAgo(IMPORT_RETENTION_DAYS)) }),
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** Removes the imports that ended before `cutoff`, with their files; answers how many. */
  async forgetBefore(cutoff: Date): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const expired = await this.jobs.expired(cutoff, BATCH);
      if (expired.length === 0) return forgotten;
      for (const job of expired) await this.storage.delete(job.file_key);
      await this.jobs.deleteJobs(expired.map((job) => job.job_id));
      forgotten += expired.length;
    }
  }
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 3600_000);
}
