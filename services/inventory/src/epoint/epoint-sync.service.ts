import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InventoryErrorCode, epointRecordSchema } from '@scm/contracts';
import type {
  DocumentStatusCount,
  EpointPushResult,
  EpointRecordListRow,
  EpointRecordOutcome,
  ListQuery,
} from '@scm/contracts';
import { resolveLanguage, translate } from '@scm/i18n';
import {
  DATA_SOURCE,
  JOB_QUEUE,
  ListPage,
  createLogger,
  currentContext,
  fieldProblemsOf,
  inTransaction,
  scheduleRecurringJob,
} from '@scm/platform';
import type { FieldProblem, JobQueue, LocationScope } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { PosIngestService } from '../sales-upload/pos-ingest.service.js';
import { EpointRecordListRepository } from './epoint-record-list.repository.js';

const logger = createLogger('inventory.epoint');

/** The queue of the day postings (BullMQ in the distributed mode, in process otherwise). */
export const EPOINT_QUEUE = 'inventory-epoint';
export const POST_DAY_JOB = 'post-day';
/** One day's posting at a time per process: a day's records are posted by one run, the next finds none pending. */
const POST_DAY_CONCURRENCY = 1;
/** How often, and after how long, AutoSync lines still pending get their day's posting queued again. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_AFTER_MINUTES = 15;

export interface PostDayJob {
  location_id: string;
  value_date: string;
}

/** One POS line as PosIngestService takes it. */
type PosLineInput = Parameters<PosIngestService['ingest']>[1]['lines'][number];

/** A job id holds no ':' and is not a whole number (both adapters' rule). */
const jobIdPart = (value: string) => value.replace(/[^A-Za-z0-9_.-]/g, '_');

/**
 * AutoSync's use case (issue 14): each pushed (or pulled) record is validated on its own — the record's shape here,
 * with messages in the caller's language; storage and duplicates by the sales upload's PosIngestService — then
 * every business day that received new records gets a posting job, which makes (or corrects) that day's sales
 * upload through PosIngestService.postDay. A day posted before gets a correction, never a second copy of a line.
 */
@Injectable()
export class EpointSyncService implements OnModuleInit, OnModuleDestroy {
  private stopSweep: (() => void) | undefined;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly ingest: PosIngestService,
    private readonly records: EpointRecordListRepository,
  ) {}

  onModuleInit(): void {
    this.jobs.register<PostDayJob>(EPOINT_QUEUE, POST_DAY_JOB, (data) => this.postDay(data), {
      concurrency: POST_DAY_CONCURRENCY,
    });
    this.stopSweep = scheduleRecurringJob(this.jobs, {
      queue: EPOINT_QUEUE,
      name: 'sweep-pending',
      everyMs: SWEEP_EVERY_MS,
      firstRunMs: SWEEP_EVERY_MS,
      run: () => this.sweepPending(),
    });
  }

  onModuleDestroy(): void {
    this.stopSweep?.();
  }

  /**
   * The safety net of the posting jobs: a day whose AutoSync lines are still pending a while after they came (the
   * queue could not take its job when they were pushed, or the job failed for good) gets a job again.
   */
  async sweepPending(olderThanMinutes = SWEEP_AFTER_MINUTES): Promise<number> {
    const days = await this.records.stalePendingDays(olderThanMinutes);
    for (const day of days) await this.enqueue(day.location_id, day.value_date);
    if (days.length > 0) logger.warn({ days: days.length }, 'e-point days still pending: posting queued again');
    return days.length;
  }

  /** The e-point records page: the caller's locations only. */
  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<EpointRecordListRow>> {
    const page = await this.records.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return this.records.statusCounts(query, scope);
  }

  /** Stores what is valid of `records` for the location and queues the posting of each day that got new lines. */
  async push(locationId: string, records: readonly unknown[]): Promise<EpointPushResult> {
    const language = resolveLanguage(currentContext()?.language);
    const outcomes = new Array<EpointRecordOutcome>(records.length);
    const valid: { index: number; line: PosLineInput }[] = [];
    records.forEach((raw, index) => {
      const parsed = epointRecordSchema.safeParse(raw, { reportInput: true });
      if (!parsed.success) {
        outcomes[index] = { index, outcome: 'rejected', errors: translated(fieldProblemsOf(parsed.error), language) };
        return;
      }
      const record = parsed.data;
      if (record.location !== undefined && record.location !== '' && record.location !== locationId) {
        const rule = `errors.${InventoryErrorCode.EPOINT_OTHER_LOCATION}`;
        outcomes[index] = {
          index,
          outcome: 'rejected',
          errors: translated(
            [{ field: 'location', rule, params: { location: locationId, other: record.location } }],
            language,
          ),
        };
        return;
      }
      valid.push({
        index,
        line: {
          shift_code: record.shift_code,
          stock_code: record.stock_code,
          quantity: record.quantity,
          amount: record.amount,
          epoint_date: record.epoint_date,
          uom: record.uom,
        },
      });
    });

    let days: string[] = [];
    if (valid.length > 0) {
      const stored = await inTransaction(this.dataSource, (manager) =>
        this.ingest.ingest(manager, {
          location_id: locationId,
          source: 'Epoint AutoSync',
          lines: valid.map((entry) => entry.line),
        }),
      );
      for (const outcome of stored.outcomes) {
        const index = valid[outcome.index].index;
        outcomes[index] = { index, outcome: outcome.outcome, ...(outcome.errors && { errors: outcome.errors }) };
      }
      days = stored.days;
      // The lines are stored: a queue that cannot take a job now does not refuse them (the sweep posts them later).
      for (const day of days) {
        await this.enqueue(locationId, day).catch((error: unknown) => {
          logger.error({ err: error, location: locationId, day }, 'e-point posting job not queued; the sweep will');
        });
      }
    }
    const count = (kind: EpointRecordOutcome['outcome']) => outcomes.filter((entry) => entry.outcome === kind).length;
    return {
      location_id: locationId,
      accepted: count('accepted'),
      duplicate: count('duplicate'),
      rejected: count('rejected'),
      days,
      outcomes,
    };
  }

  /**
   * One job per push and day (its own id): a day that gets lines again after its job ran gets another job, which
   * posts only what is still pending (postDay is idempotent and makes a correction of a day posted before).
   */
  private async enqueue(locationId: string, day: string): Promise<void> {
    const jobId = `epoint-${jobIdPart(locationId)}-${day}-${randomUUID()}`;
    await this.jobs.add<PostDayJob>(
      EPOINT_QUEUE,
      POST_DAY_JOB,
      { location_id: locationId, value_date: day },
      { jobId, attempts: 5, backoffMs: 2000 },
    );
  }

  /** The job: posts the location's day (nothing when nothing is pending). */
  async postDay(job: PostDayJob): Promise<{ su_id: string; su_no: string } | null> {
    const posted = await this.ingest.postDay({
      location_id: job.location_id,
      value_date: job.value_date,
      source: 'Epoint AutoSync',
      actor: { id: null, name: 'Epoint AutoSync' },
    });
    logger.info(
      { ...job, su_no: posted?.su_no ?? null },
      posted ? 'e-point day posted' : 'e-point day: nothing pending',
    );
    return posted;
  }
}

function translated(problems: FieldProblem[], language: ReturnType<typeof resolveLanguage>) {
  return problems.map((problem) => ({
    field: problem.field === '' ? 'record' : problem.field,
    message: translate(language, problem.rule, problem.params),
  }));
}
