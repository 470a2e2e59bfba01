import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createEmbeddedApp } from '@scm/gateway';
import { startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FILE_STORAGE } from '@scm/platform';
import type { FileStorage } from '@scm/platform';
import { ImportJobRepository } from '../../services/catalog/src/import/import-job.repository.js';
import { ImportRetention } from '../../services/catalog/src/import/import-retention.js';

/**
 * An import job is claimed once: a queued job can start, a redelivered running one can start again (its worker
 * died), a finished one never runs a second time (a late redelivery must not re-apply its rows). Imports that
 * ended before the retention cut-off lose their row and their uploaded file; newer ones keep both.
 */
describe('import jobs run once and are forgotten after their retention (embedded mode)', () => {
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

  it('forgets imports that ended before the cut-off, with their files, and keeps newer ones', async () => {
    const jobs = app.get(ImportJobRepository, { strict: false });
    const storage = app.get<FileStorage>(FILE_STORAGE, { strict: false });
    const create = async () => {
      const jobId = randomUUID();
      const fileKey = `imports/suppliers/${jobId}.xlsx`;
      await storage.put(fileKey, Buffer.from('xlsx'), 'application/octet-stream');
      await jobs.insert({
        job_id: jobId,
        entity: 'suppliers',
        file_key: fileKey,
        file_name: 'suppliers.xlsx',
        can_see_cost: true,
        created_by: randomUUID(),
      });
      await jobs.finish(jobId, { status: 'failed', created: 0, updated: 0, errorCount: 1, errors: [] });
      return { jobId, fileKey };
    };
    const old = await create();
    const recent = await create();
    await jobs.dataSource.query(
      `UPDATE catalog.import_job SET finished_time = now() - interval '31 days' WHERE job_id = $1`,
      [old.jobId],
    );
    const retention = app.get(ImportRetention, { strict: false });
    const cutoff = new Date(Date.now() - 30 * 24 * 3600_000);
    expect(await retention.forgetBefore(cutoff)).toBe(1);
    expect(await jobs.find(old.jobId)).toBeNull();
    expect(await storage.exists(old.fileKey)).toBe(false);
    expect(await jobs.find(recent.jobId)).not.toBeNull();
    expect(await storage.exists(recent.fileKey)).toBe(true);
    expect(await retention.forgetBefore(cutoff)).toBe(0);
  });
});
