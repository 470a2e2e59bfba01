import { Queue, Worker } from 'bullmq';
import type { Job, JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { createLogger } from '../logging/logger.js';
import { runInContext } from '../logging/request-context.js';
import {
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  KEEP_COMPLETED_JOBS,
  KEEP_FAILED_JOBS,
  NoJobHandlerError,
  clampProgress,
  concurrencyOf,
  createEnvelope,
  validateAddOptions,
  validateQueueName,
} from './job-queue.js';
import type {
  AddJobOptions,
  JobContext,
  JobEnvelope,
  JobHandler,
  JobQueue,
  JobState,
  JobStatus,
  RegisterJobOptions,
} from './job-queue.js';

export interface BullMqJobQueueOptions {
  /** Redis key prefix (default `scm`). */
  prefix?: string;
  /** How long `start()` waits for Redis before failing (default 5000 ms). */
  connectTimeoutMs?: number;
}

interface Registration {
  handlers: Map<string, JobHandler<unknown>>;
  concurrency: number;
}

/** What `reportProgress` stores as BullMQ's job progress. */
interface ProgressValue {
  percent: number;
  note?: string;
}

/**
 * The distributed mode's job runner: one BullMQ Queue (producer) and, for queues with handlers in this
 * process, one Worker per queue name, all on one ioredis connection (Workers add their blocking one).
 */
export class BullMqJobQueue implements JobQueue {
  private readonly logger = createLogger('jobs');
  private readonly prefix: string;
  private readonly connectTimeoutMs: number;
  private readonly registrations = new Map<string, Registration>();
  private readonly queues = new Map<string, Queue<JobEnvelope>>();
  private readonly workers: Worker<JobEnvelope>[] = [];
  private connection: Redis | undefined;
  private starting: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    options: BullMqJobQueueOptions = {},
  ) {
    this.prefix = options.prefix ?? 'scm';
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  }

  register<T>(queue: string, name: string, handler: JobHandler<T>, options: RegisterJobOptions = {}): void {
    if (this.starting || this.closed) throw new Error(`Register job "${name}" on queue "${queue}" before start()`);
    validateQueueName(queue);
    let registration = this.registrations.get(queue);
    if (!registration) {
      registration = { handlers: new Map(), concurrency: 1 };
      this.registrations.set(queue, registration);
    }
    if (registration.handlers.has(name)) {
      throw new Error(`A handler for job "${name}" on queue "${queue}" is already registered`);
    }
    registration.handlers.set(name, handler as JobHandler<unknown>);
    registration.concurrency = Math.max(registration.concurrency, concurrencyOf(options));
  }

  async add<T>(queue: string, name: string, data: T, options: AddJobOptions = {}): Promise<string> {
    validateQueueName(queue);
    validateAddOptions(options);
    const jobOptions: JobsOptions = {
      attempts: options.attempts ?? DEFAULT_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS },
      removeOnComplete: { age: KEEP_COMPLETED_JOBS.ageSeconds, count: KEEP_COMPLETED_JOBS.count },
      removeOnFail: { age: KEEP_FAILED_JOBS.ageSeconds, count: KEEP_FAILED_JOBS.count },
      ...(options.jobId !== undefined && { jobId: options.jobId }),
      ...(options.delayMs && { delay: options.delayMs }),
    };
    const job = await this.queue(queue, 'add').add(name, createEnvelope(data), jobOptions);
    return job.id!;
  }

  async status(queue: string, jobId: string): Promise<JobStatus> {
    const job = (await this.queue(queue, 'read').getJob(jobId)) as Job<JobEnvelope> | undefined;
    if (!job) return { state: 'unknown', progress: 0, attempts: 0 };
    const state = toState(await job.getState());
    const { percent, note } = readProgress(job.progress);
    return {
      state,
      progress: state === 'completed' ? 100 : percent,
      ...(note !== undefined && { note }),
      ...(state === 'completed' && { result: job.returnvalue ?? undefined }),
      ...(state !== 'completed' && job.failedReason && { error: job.failedReason }),
      // The job and its state are two reads: an active job read just before it started counts its run.
      attempts: Math.max(job.attemptsStarted ?? 0, (job.attemptsMade ?? 0) + (state === 'active' ? 1 : 0)),
    };
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('The job queue has been closed');
    this.starting ??= this.connectAndRun();
    return this.starting;
  }

  async check(): Promise<void> {
    const connection = this.connection;
    if (this.closed || !connection) throw new Error('The job queue is not running');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `Redis at REDIS_URL=${redactUrl(this.redisUrl)} did not answer within ${this.connectTimeoutMs} ms`,
            ),
          ),
        this.connectTimeoutMs,
      );
    });
    try {
      await Promise.race([connection.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.starting?.catch(() => undefined);
    const results = await Promise.allSettled([
      ...this.workers.map((worker) => worker.close()),
      ...[...this.queues.values()].map((queue) => queue.close()),
    ]);
    for (const result of results) {
      if (result.status === 'rejected') this.logger.warn({ err: result.reason }, 'closing a job queue failed');
    }
    const connection = this.connection;
    this.connection = undefined;
    if (connection && connection.status !== 'end') {
      await connection.quit().catch(() => connection.disconnect());
    }
  }

  private async connectAndRun(): Promise<void> {
    const connection = await this.connect();
    this.connection = connection;
    for (const [queueName, registration] of this.registrations) {
      const worker = new Worker<JobEnvelope>(queueName, (job) => this.process(queueName, registration, job), {
        connection,
        prefix: this.prefix,
        concurrency: registration.concurrency,
      });
      worker.on('error', (error) => this.logger.error({ err: error, queue: queueName }, 'job worker error'));
      worker.on('failed', (job, error) => {
        const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
        const log = {
          queue: queueName,
          job: job?.name,
          jobId: job?.id,
          attempt: job?.attemptsMade,
          correlationId: job?.data.correlationId,
          err: error,
        };
        if (final) this.logger.error(log, 'job failed');
        else this.logger.info(log, 'job failed, will retry');
      });
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.logger.info({ queues: [...this.registrations.keys()], prefix: this.prefix }, 'BullMQ job workers started');
  }

  /** Connects to Redis, or fails within connectTimeoutMs with a message naming REDIS_URL. */
  private async connect(): Promise<Redis> {
    const connection = new Redis(this.redisUrl, {
      maxRetriesPerRequest: null,
      lazyConnect: true,
      connectTimeout: this.connectTimeoutMs,
      // ioredis arms this timer on disconnect even when the socket is already gone (as after a refused
      // connection), which would hold the process open for its full length after a failed start.
      disconnectTimeout: 200,
    });
    let lastError: Error | undefined;
    let reported = false;
    connection.on('error', (error: Error) => {
      lastError = error;
      // ioredis retries for ever; say so once per outage rather than on every attempt.
      if (this.connection && !reported) this.logger.error({ err: error }, 'Redis connection lost; retrying');
      reported = true;
    });
    connection.on('ready', () => {
      if (this.connection && reported) this.logger.info('Redis connection restored');
      reported = false;
    });
    let timer: NodeJS.Timeout | undefined;
    const ready = new Promise<boolean>((resolve) => {
      connection.once('ready', () => resolve(true));
      timer = setTimeout(() => resolve(false), this.connectTimeoutMs);
    });
    // The first failed attempt rejects here while ioredis keeps retrying; the outcome is awaited as 'ready'.
    connection.connect().catch(() => undefined);
    const connected = await ready;
    clearTimeout(timer);
    if (!connected) {
      connection.disconnect();
      const reason = lastError ? lastError.message || lastError.name : 'no answer';
      throw new Error(
        `Cannot reach Redis at REDIS_URL=${redactUrl(this.redisUrl)} within ${this.connectTimeoutMs} ms: ${reason}`,
      );
    }
    return connection;
  }

  private queue(name: string, operation: 'add' | 'read'): Queue<JobEnvelope> {
    if (this.closed) throw new Error(`Cannot ${operation} a job: the job queue has been closed`);
    if (!this.connection) {
      throw new Error(`Cannot ${operation} a job before the job queue is started (call start())`);
    }
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue<JobEnvelope>(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (error) => this.logger.error({ err: error, queue: name }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async process(queueName: string, registration: Registration, job: Job<JobEnvelope>): Promise<unknown> {
    const { data, correlationId, actor } = job.data;
    return runInContext({ correlationId, actor }, async () => {
      const handler = registration.handlers.get(job.name);
      if (!handler) throw new NoJobHandlerError(queueName, job.name);
      const ctx: JobContext = {
        jobId: job.id!,
        attempt: job.attemptsMade + 1,
        reportProgress: async (percent, note) => {
          const progress: ProgressValue = { percent: clampProgress(percent), ...(note !== undefined && { note }) };
          await job.updateProgress(progress);
        },
      };
      return handler(data, ctx);
    });
  }
}

function toState(state: string): JobState {
  switch (state) {
    case 'waiting':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'active':
    case 'completed':
    case 'failed':
    case 'delayed':
      return state;
    default:
      return 'unknown';
  }
}

function readProgress(progress: unknown): { percent: number; note?: string } {
  if (typeof progress === 'number') return { percent: clampProgress(progress) };
  if (progress && typeof progress === 'object' && 'percent' in progress) {
    const { percent, note } = progress as ProgressValue;
    return { percent: clampProgress(Number(percent)), ...(typeof note === 'string' && { note }) };
  }
  return { percent: 0 };
}

/** The URL without its password, for error messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
