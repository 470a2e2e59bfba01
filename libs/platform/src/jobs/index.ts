export type {
  AddJobOptions,
  JobContext,
  JobEnvelope,
  JobHandler,
  JobQueue,
  JobState,
  JobStatus,
  RegisterJobOptions,
} from './job-queue.js';
export { DEFAULT_JOB_ATTEMPTS, DEFAULT_JOB_BACKOFF_MS, NoJobHandlerError } from './job-queue.js';
export { InProcessJobQueue } from './in-process-job-queue.js';
export { BullMqJobQueue } from './bullmq-job-queue.js';
export type { BullMqJobQueueOptions } from './bullmq-job-queue.js';
export { createJobQueue } from './create-job-queue.js';
export { scheduleRecurringJob } from './recurring-job.js';
export type { RecurringJobOptions } from './recurring-job.js';
