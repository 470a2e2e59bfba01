import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createEmbeddedApp } from '@scm/gateway';
import { startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ImportJobRepository } from '../../services/catalog/src/import/import-job.repository.js';

/**
 * An import job is claimed once: a queued job can start, a redelivered running one can start again (its worker
 * died), a finished one never runs a second time (a late redelivery must not re-apply its rows).
 */
describe('import jobs run once (embedded mode)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startCatalogSuite(createEmbeddedApp, { signIn: false }));
  });

  afterAll(() => close?.());

  it('claims queued and running jobs, never finished ones', async () => {
    const jobs = app.get(ImportJobRepository, { strict: false });
    const jobId = randomUUID();
    await jobs.insert({
      job_id: jobId,
      entity: 'suppliers',
      file_key: `imports/suppliers/${jobId}.xlsx`,
      file_name: 'suppliers.xlsx',
      can_see_cost: true,
      created_by: randomUUID(),
    });
    expect(await jobs.start(jobId)).toBe(true);
    expect(await jobs.start(jobId)).toBe(true);
    await jobs.finish(jobId, { status: 'succeeded', created: 1, updated: 0, errorCount: 0, errors: [] });
    expect(await jobs.start(jobId)).toBe(false);
    expect((await jobs.find(jobId))?.status).toBe('succeeded');
    expect(await jobs.start(randomUUID())).toBe(false);
  });
});
