import { createLogger } from '../logging/logger.js';
import type { JobQueue } from './job-queue.js';

export interface RecurringJobOptions {
  queue: string;
  name: string;
  /** How often the job is enqueued. */
  everyMs: number;
  /** The first run, this long after the call (the queue must be started by then). */
  firstRunMs: number;
  /** The work; must be idempotent (a slot may run on two replicas if a queue does not de-duplicate). */
  run: () => Promise<unknown>;
}

const log = createLogger('jobs.recurring');

/**
 * Housekeeping that runs every `everyMs` (promoting due prices, deleting expired files): registers the handler
 * and enqueues the job on a timer with the time slot as job id, so several replicas sharing one queue (BullMQ)
 * run each slot once. Call from a provider's onModuleInit (before the queue starts); call the returned stop
 * from onModuleDestroy. Timers never keep the process alive.
 */
export function scheduleRecurringJob(jobs: JobQueue, options: RecurringJobOptions): () => void {
  jobs.register(options.queue, options.name, options.run);
  const enqueue = () => {
    const slot = Math.floor(Date.now() / options.everyMs);
    jobs.add(options.queue, options.name, {}, { jobId: `${options.name}-${slot}` }).catch((error: unknown) => {
      log.warn({ err: error, job: options.name }, 'could not enqueue a recurring job');
    });
  };
  const timers = [setTimeout(enqueue, options.firstRunMs), setInterval(enqueue, options.everyMs)];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
