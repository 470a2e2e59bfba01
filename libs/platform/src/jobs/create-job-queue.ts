import { BullMqJobQueue } from './bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import type { JobQueue } from './job-queue.js';

/**
 * BullMQ when REDIS_URL is configured, the in-process runner otherwise. A configured Redis that cannot be
 * reached makes `start()` fail; it never falls back to the in-process runner.
 */
export function createJobQueue(redisUrl: string | undefined, redisPrefix?: string): JobQueue {
  return redisUrl ? new BullMqJobQueue(redisUrl, { prefix: redisPrefix }) : new InProcessJobQueue();
}
