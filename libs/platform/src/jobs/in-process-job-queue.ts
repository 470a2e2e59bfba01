import { randomUUID } from 'node:crypto';
import { createLogger } from '../logging/logger.js';
import { runInContext } from '../logging/request-context.js';
import {
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  KEEP_COMPLETED_JOBS,
  KEEP_FAILED_JOBS,
  NoJobHandlerError,
  clampProgress,
  createEnvelope,
  concurrencyOf,
  errorMessage,
  jsonRoundTrip,
  retryDelayMs,
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

interface MemoryJob {
  id: string;
  queue: string;
  name: string;
  envelope: JobEnvelope;
  maxAttempts: number;
  backoffMs: number;
  state: Exclude<JobState, 'unknown'>;
  attemptsStarted: number;
  progress: number;
  note?: string;
  result?: unknown;
  error?: string;
  finishedAt?: number;
  timer?: NodeJS.Timeout;
}

interface MemoryQueue {
  concurrency: number;
  jobs: Map<string, MemoryJob>;
  waiting: MemoryJob[];
  running: Set<Promise<void>>;
  completed: MemoryJob[];
  failed: MemoryJob[];
}

/**
 * The embedded mode's job runner: BullMQ's semantics in memory (per-queue concurrency, retries with
 * exponential backoff on timers, delays, progress, status, jobId de-duplication, JSON-serialised data and
 * results). Jobs do not survive a restart; finished ones are kept for `status` as BullMQ keeps them.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly logger = createLogger('jobs');
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly queues = new Map<string, MemoryQueue>();
  private started = false;
  private closed = false;

  register<T>(queue: string, name: string, handler: JobHandler<T>, options: RegisterJobOptions = {}): void {
    if (this.started || this.closed) throw new Error(`Register job "${name}" on queue "${queue}" before start()`);
    validateQueueName(queue);
    const key = handlerKey(queue, name);
    if (this.handlers.has(key))
      throw new Error(`A handler for job "${name}" on queue "${queue}" is already registered`);
    this.handlers.set(key, handler as JobHandler<unknown>);
    const memoryQueue = this.queue(queue);
    memoryQueue.concurrency = Math.max(memoryQueue.concurrency, concurrencyOf(options));
  }

  add<T>(queue: string, name: string, data: T, options: AddJobOptions = {}): Promise<string> {
    // A throw in the executor (validation, not started) becomes a rejection, as with BullMQ.
    return new Promise((resolve) => resolve(this.addNow(queue, name, data, options)));
  }

  status(queue: string, jobId: string): Promise<JobStatus> {
    const job = this.queues.get(queue)?.jobs.get(jobId);
    if (!job) return Promise.resolve({ state: 'unknown', progress: 0, attempts: 0 });
    return Promise.resolve({
      state: job.state,
      progress: job.state === 'completed' ? 100 : job.progress,
      ...(job.note !== undefined && { note: job.note }),
      ...(job.state === 'completed' && { result: job.result }),
      ...(job.error !== undefined && { error: job.error }),
      attempts: job.attemptsStarted,
    });
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The job queue has been closed'));
    if (!this.started) {
      this.started = true;
      this.logger.info({ queues: [...this.queues.keys()] }, 'in-process job runner started');
      for (const name of this.queues.keys()) this.dispatch(name);
    }
    return Promise.resolve();
  }

  check(): Promise<void> {
    return this.closed ? Promise.reject(new Error('The job queue has been closed')) : Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.started = false;
    const running: Promise<void>[] = [];
    for (const memoryQueue of this.queues.values()) {
      for (const job of memoryQueue.jobs.values()) clearTimeout(job.timer);
      running.push(...memoryQueue.running);
    }
    await Promise.allSettled(running);
  }

  private addNow<T>(queue: string, name: string, data: T, options: AddJobOptions): string {
    this.assertRunning('add');
    validateQueueName(queue);
    validateAddOptions(options);
    const memoryQueue = this.queue(queue);
    if (options.jobId !== undefined && memoryQueue.jobs.has(options.jobId)) return options.jobId;
    const job: MemoryJob = {
      id: options.jobId ?? randomUUID(),
      queue,
      name,
      envelope: jsonRoundTrip(createEnvelope(data)),
      maxAttempts: options.attempts ?? DEFAULT_JOB_ATTEMPTS,
      backoffMs: options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
      state: 'waiting',
      attemptsStarted: 0,
      progress: 0,
    };
    memoryQueue.jobs.set(job.id, job);
    if (options.delayMs) this.delay(job, options.delayMs);
    else this.enqueue(job);
    return job.id;
  }

  private assertRunning(operation: string): void {
    if (this.closed) throw new Error(`Cannot ${operation} a job: the job queue has been closed`);
    if (!this.started) throw new Error(`Cannot ${operation} a job before the job queue is started (call start())`);
  }

  private queue(name: string): MemoryQueue {
    let memoryQueue = this.queues.get(name);
    if (!memoryQueue) {
      memoryQueue = { concurrency: 1, jobs: new Map(), waiting: [], running: new Set(), completed: [], failed: [] };
      this.queues.set(name, memoryQueue);
    }
    return memoryQueue;
  }

  private delay(job: MemoryJob, ms: number): void {
    job.state = 'delayed';
    job.timer = setTimeout(() => {
      job.timer = undefined;
      this.enqueue(job);
    }, ms);
    // A pending timer must not keep the process alive on its own: in-memory jobs die with it anyway.
    job.timer.unref();
  }

  private enqueue(job: MemoryJob): void {
    job.state = 'waiting';
    this.queue(job.queue).waiting.push(job);
    this.dispatch(job.queue);
  }

  private dispatch(queueName: string): void {
    const memoryQueue = this.queue(queueName);
    while (this.started && memoryQueue.running.size < memoryQueue.concurrency && memoryQueue.waiting.length > 0) {
      const job = memoryQueue.waiting.shift()!;
      const run: Promise<void> = this.run(job)
        .catch((error: unknown) =>
          this.logger.error({ err: error, queue: queueName, jobId: job.id }, 'job runner error'),
        )
        .finally(() => {
          memoryQueue.running.delete(run);
          this.dispatch(queueName);
        });
      memoryQueue.running.add(run);
    }
  }

  private async run(job: MemoryJob): Promise<void> {
    // Never run a handler inside the caller of add(): start it on a later tick, as a worker would.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.closed) {
      job.state = 'waiting';
      return;
    }
    job.state = 'active';
    job.attemptsStarted += 1;
    const attempt = job.attemptsStarted;
    const handler = this.handlers.get(handlerKey(job.queue, job.name));
    const ctx: JobContext = {
      jobId: job.id,
      attempt,
      reportProgress: (percent, note) => {
        if (job.state === 'active') {
          job.progress = clampProgress(percent);
          job.note = note;
        }
        return Promise.resolve();
      },
    };
    const { correlationId, actor } = job.envelope;
    try {
      const result = await runInContext({ correlationId, actor }, async () => {
        if (!handler) throw new NoJobHandlerError(job.queue, job.name);
        return jsonRoundTrip(await handler(jsonRoundTrip(job.envelope.data), ctx));
      });
      job.state = 'completed';
      job.result = result ?? undefined;
      job.error = undefined;
      this.finish(job, this.queue(job.queue).completed, KEEP_COMPLETED_JOBS);
    } catch (error) {
      job.error = errorMessage(error);
      const log = { queue: job.queue, job: job.name, jobId: job.id, attempt, correlationId, err: error };
      if (attempt < job.maxAttempts && !this.closed) {
        const wait = retryDelayMs(job.backoffMs, attempt);
        this.logger.info({ ...log, retryInMs: wait }, 'job failed, will retry');
        this.delay(job, wait);
      } else {
        this.logger.error(log, 'job failed');
        job.state = 'failed';
        this.finish(job, this.queue(job.queue).failed, KEEP_FAILED_JOBS);
      }
    }
  }

  /** Records a finished job and forgets the oldest ones beyond the retention limits. */
  private finish(job: MemoryJob, finished: MemoryJob[], keep: { ageSeconds: number; count: number }): void {
    job.finishedAt = Date.now();
    finished.push(job);
    const oldest = job.finishedAt - keep.ageSeconds * 1000;
    const jobs = this.queue(job.queue).jobs;
    while (finished.length > keep.count || (finished.length > 0 && finished[0].finishedAt! < oldest)) {
      jobs.delete(finished.shift()!.id);
    }
  }
}

function handlerKey(queue: string, name: string): string {
  return `${queue}\u0000${name}`;
}
