import { randomUUID } from 'node:crypto';
import { expectEventually } from '@scm/testing';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';
import { scheduleRecurringJob } from '../../src/jobs/recurring-job.js';

/**
 * A recurring job runs shortly after it is scheduled, and its time slot is its job id: the same slot enqueued
 * again (a second replica, a timer firing twice) is the same job and does not run twice.
 */
describe('scheduleRecurringJob', () => {
  it('runs the job after its first delay, once per slot, and stops', async () => {
    const jobs = new InProcessJobQueue();
    const queue = `test-${randomUUID()}`;
    let runs = 0;
    const stop = scheduleRecurringJob(jobs, {
      queue,
      name: 'housekeeping',
      everyMs: 3600_000,
      firstRunMs: 10,
      run: () => Promise.resolve((runs += 1)),
    });
    try {
      await jobs.start();
      await expectEventually(() => expect(runs).toBe(1), { timeoutMs: 4000 });
      // The current slot's id again: already done, nothing more runs.
      const slot = Math.floor(Date.now() / 3600_000);
      await jobs.add(queue, 'housekeeping', {}, { jobId: `housekeeping-${slot}` });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs).toBe(1);
    } finally {
      stop();
      await jobs.close();
    }
  });
});
