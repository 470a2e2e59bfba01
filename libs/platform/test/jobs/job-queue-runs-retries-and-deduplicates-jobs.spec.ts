import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { expectEventually } from '@scm/testing';
import { BullMqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';
import type { JobContext, JobQueue } from '../../src/jobs/job-queue.js';
import { currentContext, runInContext } from '../../src/logging/request-context.js';

const openGates: (() => void)[] = [];

/** A promise the test resolves by hand, to hold a handler in the middle of its work without sleeping. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  openGates.push(open);
  return { promise, open };
}

/** Polls until the assertions pass, giving up before jest's 5 s test timeout so the failed assertion shows. */
async function eventually(assertions: () => Promise<void> | void): Promise<void> {
  await expectEventually(
    async () => {
      await assertions();
      return true;
    },
    { timeoutMs: 4000 },
  );
}

const redisUrl = process.env.REDIS_URL;
const adapters: [string, () => JobQueue][] = [[InProcessJobQueue.name, () => new InProcessJobQueue()]];
if (redisUrl) adapters.push([BullMqJobQueue.name, () => new BullMqJobQueue(redisUrl)]);

describe.each(adapters)('%s', (adapterName, create) => {
  let sut: JobQueue;
  let queue: string;

  beforeEach(() => {
    queue = `test-${randomUUID()}`;
    sut = create();
  });

  afterEach(async () => {
    // A failed assertion must not leave a handler waiting, or close() would wait for it.
    for (const open of openGates.splice(0)) open();
    await sut.close();
    if (adapterName === BullMqJobQueue.name) {
      const connection = new Redis(redisUrl!, { maxRetriesPerRequest: null });
      const leftovers = new Queue(queue, { connection, prefix: 'scm' });
      await leftovers.obliterate({ force: true });
      await leftovers.close();
      await connection.quit();
    }
  });

  it('runs a job and shows its progress, note and result through status', async () => {
    const halfway = gate();
    sut.register<{ invoiceId: string }>(queue, 'ocr', async (data, ctx) => {
      await ctx.reportProgress(40, 'page 2 of 5');
      await halfway.promise;
      return { invoiceId: data.invoiceId, pages: 5 };
    });
    await sut.start();

    const jobId = await sut.add(queue, 'ocr', { invoiceId: 'inv-1' });

    await eventually(async () =>
      expect(await sut.status(queue, jobId)).toEqual({
        state: 'active',
        progress: 40,
        note: 'page 2 of 5',
        attempts: 1,
      }),
    );
    halfway.open();
    await eventually(async () =>
      expect(await sut.status(queue, jobId)).toEqual({
        state: 'completed',
        progress: 100,
        note: 'page 2 of 5',
        result: { invoiceId: 'inv-1', pages: 5 },
        attempts: 1,
      }),
    );
  });

  it('retries a failing job with doubling backoff until it succeeds', async () => {
    const runs: { attempt: number; at: number }[] = [];
    sut.register(queue, 'flaky', (_data, ctx: JobContext) => {
      runs.push({ attempt: ctx.attempt, at: Date.now() });
      if (ctx.attempt < 3) return Promise.reject(new Error(`scanner busy (attempt ${ctx.attempt})`));
      return Promise.resolve('done');
    });
    await sut.start();

    const jobId = await sut.add(queue, 'flaky', {}, { attempts: 3, backoffMs: 100 });

    const status = await expectEventually(
      async () => {
        const current = await sut.status(queue, jobId);
        expect(current.state).toBe('completed');
        return current;
      },
      { timeoutMs: 4000 },
    );
    expect(status).toEqual({ state: 'completed', progress: 100, result: 'done', attempts: 3 });
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    // Backoff 100 ms, then 200 ms (a little slack for timer granularity).
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(90);
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(190);
  });

  it('fails a job that fails on every attempt and keeps its error', async () => {
    let runs = 0;
    sut.register(queue, 'broken', () => {
      runs += 1;
      return Promise.reject(new Error('template not recognised'));
    });
    await sut.start();

    const jobId = await sut.add(queue, 'broken', {}, { attempts: 2, backoffMs: 10 });

    await eventually(async () =>
      expect(await sut.status(queue, jobId)).toEqual({
        state: 'failed',
        progress: 0,
        error: 'template not recognised',
        attempts: 2,
      }),
    );
    expect(runs).toBe(2);
  });

  it('runs a job added twice with the same jobId only once', async () => {
    const release = gate();
    const runs: string[] = [];
    sut.register<{ label: string }>(queue, 'report', async (data) => {
      runs.push(data.label);
      await release.promise;
      return data.label;
    });
    await sut.start();

    const first = await sut.add(queue, 'report', { label: 'first' }, { jobId: 'report-2024-05' });
    const second = await sut.add(queue, 'report', { label: 'second' }, { jobId: 'report-2024-05' });
    release.open();
    await eventually(async () => expect((await sut.status(queue, first)).state).toBe('completed'));
    const third = await sut.add(queue, 'report', { label: 'third' }, { jobId: 'report-2024-05' });
    // A later job on the same queue (concurrency 1) completing proves no duplicate is still pending.
    const sentinel = await sut.add(queue, 'report', { label: 'sentinel' });
    await eventually(async () => expect((await sut.status(queue, sentinel)).state).toBe('completed'));

    expect([first, second, third]).toEqual(['report-2024-05', 'report-2024-05', 'report-2024-05']);
    expect(runs).toEqual(['first', 'sentinel']);
    expect((await sut.status(queue, first)).result).toBe('first');
  });

  it('runs the handler with the correlation id and actor of the request that added the job', async () => {
    const seen: { correlationId?: string; actor?: string | null }[] = [];
    sut.register(queue, 'audit', () => {
      const context = currentContext();
      seen.push({ correlationId: context?.correlationId, actor: context?.actor });
      return Promise.resolve();
    });
    await sut.start();

    const jobId = await runInContext({ correlationId: 'corr-42', actor: 'user-7' }, () =>
      sut.add(queue, 'audit', { any: 'thing' }),
    );

    await eventually(async () => expect((await sut.status(queue, jobId)).state).toBe('completed'));
    expect(seen).toEqual([{ correlationId: 'corr-42', actor: 'user-7' }]);
  });

  it('runs up to the registered concurrency of jobs at the same time', async () => {
    const release = gate();
    let running = 0;
    let peak = 0;
    sut.register(
      queue,
      'resize',
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await release.promise;
        running -= 1;
      },
      { concurrency: 2 },
    );
    await sut.start();

    const ids = await Promise.all([1, 2, 3].map((n) => sut.add(queue, 'resize', { n })));

    await eventually(() => expect(running).toBe(2));
    expect((await Promise.all(ids.map((id) => sut.status(queue, id)))).map((s) => s.state).sort()).toEqual([
      'active',
      'active',
      'waiting',
    ]);
    release.open();
    await eventually(async () => {
      for (const id of ids) expect((await sut.status(queue, id)).state).toBe('completed');
    });
    expect(peak).toBe(2);
  });

  it('holds a delayed job as delayed, then runs it', async () => {
    sut.register(queue, 'reminder', () => Promise.resolve('sent'));
    await sut.start();

    const jobId = await sut.add(queue, 'reminder', {}, { delayMs: 300 });

    expect((await sut.status(queue, jobId)).state).toBe('delayed');
    await eventually(async () => expect((await sut.status(queue, jobId)).result).toBe('sent'));
  });

  it('reports a job it does not know as unknown', async () => {
    await sut.start();

    expect(await sut.status(queue, 'no-such-job')).toEqual({ state: 'unknown', progress: 0, attempts: 0 });
  });
});
