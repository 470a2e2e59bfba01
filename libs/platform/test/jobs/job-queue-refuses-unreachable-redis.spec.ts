import { BullMqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { createJobQueue } from '../../src/jobs/create-job-queue.js';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';

describe(BullMqJobQueue.name, () => {
  it('fails to start within a few seconds, naming REDIS_URL, when Redis cannot be reached', async () => {
    const sut = new BullMqJobQueue('redis://:secret@127.0.0.1:1');
    sut.register('ocr', 'scan', () => Promise.resolve());
    const startedAt = Date.now();

    const failure = await sut.start().then(
      () => undefined,
      (error: unknown) => error as Error,
    );

    expect(failure?.message).toMatch(/^Cannot reach Redis at REDIS_URL=redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    expect(failure?.message).not.toContain('secret');
    expect(Date.now() - startedAt).toBeLessThan(7000);
    await expect(sut.add('ocr', 'scan', {})).rejects.toThrow(/start\(\)/);
    await sut.close();
  }, 15_000);
});

describe(createJobQueue.name, () => {
  it('uses BullMQ when REDIS_URL is set and the in-process runner otherwise', () => {
    expect(createJobQueue('redis://127.0.0.1:6379')).toBeInstanceOf(BullMqJobQueue);
    expect(createJobQueue(undefined)).toBeInstanceOf(InProcessJobQueue);
  });
});
