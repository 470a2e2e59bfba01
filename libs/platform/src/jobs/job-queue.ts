import { randomUUID } from 'node:crypto';
import { currentContext } from '../logging/request-context.js';

/**
 * Background jobs: one interface, two adapters chosen at start-up (createJobQueue). BullMQ on Redis when
 * REDIS_URL is set, an in-process runner otherwise; handlers and callers are the same in both.
 */
export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  /** Records how far the job is (0-100, clamped) and an optional note, visible through `status`. */
  reportProgress(percent: number, note?: string): Promise<void>;
}

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<unknown>;

export interface RegisterJobOptions {
  /** How many jobs of this queue run at once in this process (default 1; a queue takes its largest). */
  concurrency?: number;
}

export interface AddJobOptions {
  /** Total runs before the job is failed (default 3). */
  attempts?: number;
  /** Wait before the first retry; doubles for each further retry (default 1000 ms). */
  backoffMs?: number;
  /** Idempotency: a second `add` with the same id is the same job and does not run again. */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed' | 'unknown';

export interface JobStatus {
  state: JobState;
  /** 0-100; 100 once completed. */
  progress: number;
  note?: string;
  /** The handler's return value (JSON round-tripped), once completed. */
  result?: unknown;
  /** The message of the last failure (also while a retry is pending). */
  error?: string;
  /** How many runs have started. */
  attempts: number;
}

export interface JobQueue {
  /** Registers the handler for jobs `name` on `queue`; only before `start()`. */
  register<T>(queue: string, name: string, handler: JobHandler<T>, options?: RegisterJobOptions): void;
  /** Enqueues a job and returns its id; the same `jobId` twice is one job. Only after `start()`. */
  add<T>(queue: string, name: string, data: T, options?: AddJobOptions): Promise<string>;
  /** State of a job; `unknown` when no such job exists (or it has been cleaned up). */
  status(queue: string, jobId: string): Promise<JobStatus>;
  /** Connects (BullMQ: fails with an error naming REDIS_URL if Redis cannot be reached) and starts workers. */
  start(): Promise<void>;
  /** Readiness probe: rejects when the backing store (Redis) does not answer. */
  check(): Promise<void>;
  /** Stops taking jobs, waits for the running ones, releases connections and timers. */
  close(): Promise<void>;
}

/** What is stored for a job: the caller's data plus who asked for it, so the handler runs in that context. */
export interface JobEnvelope<T = unknown> {
  data: T;
  correlationId: string;
  actor: string | null;
}

export const DEFAULT_JOB_ATTEMPTS = 3;
export const DEFAULT_JOB_BACKOFF_MS = 1000;
/** Finished jobs kept for `status`: completed ones for a day (at most 1000), failed ones for a week (at most 5000). */
export const KEEP_COMPLETED_JOBS = { ageSeconds: 24 * 3600, count: 1000 } as const;
export const KEEP_FAILED_JOBS = { ageSeconds: 7 * 24 * 3600, count: 5000 } as const;

export function createEnvelope<T>(data: T): JobEnvelope<T> {
  const context = currentContext();
  return { data, correlationId: context?.correlationId ?? randomUUID(), actor: context?.actor ?? null };
}

/** Delay before the retry that follows failed run number `attempt` (1-based): backoff, 2×backoff, 4×backoff... */
export function retryDelayMs(backoffMs: number, attempt: number): number {
  return backoffMs * 2 ** (attempt - 1);
}

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The rules both adapters apply, so that code that works in one mode works in the other. */
export function validateQueueName(queue: string): void {
  if (!queue || queue.includes(':')) throw new Error(`Invalid queue name "${queue}": must be non-empty, without ":"`);
}

export function validateAddOptions(options: AddJobOptions): void {
  const { jobId, attempts, backoffMs, delayMs } = options;
  if (jobId !== undefined) {
    if (!jobId || jobId.includes(':') || /^-?\d+$/.test(jobId)) {
      throw new Error(`Invalid jobId "${jobId}": must be non-empty, not a whole number, and without ":"`);
    }
  }
  if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 1)) {
    throw new Error(`Invalid attempts ${attempts}: must be a whole number of at least 1`);
  }
  for (const [name, value] of [
    ['backoffMs', backoffMs],
    ['delayMs', delayMs],
  ] as const) {
    if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
      throw new Error(`Invalid ${name} ${value}: must be a number of at least 0`);
    }
  }
}

export function concurrencyOf(options: RegisterJobOptions): number {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`Invalid concurrency ${concurrency}: must be a whole number of at least 1`);
  }
  return concurrency;
}

/** Jobs are stored as JSON in Redis; the in-process runner does the same so both modes behave alike. */
export function jsonRoundTrip<T>(value: T): T {
  const json = JSON.stringify(value) as string | undefined;
  return (json === undefined ? undefined : JSON.parse(json)) as T;
}

export class NoJobHandlerError extends Error {
  constructor(queue: string, name: string) {
    super(`No handler registered for job "${name}" on queue "${queue}"`);
    this.name = 'NoJobHandlerError';
  }
}
