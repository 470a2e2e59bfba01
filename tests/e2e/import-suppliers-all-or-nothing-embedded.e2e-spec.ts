import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ImportJobView } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import { TEST_ADMIN, expectEventually, permission, signInAgent, testConfig, tokenWithPermissions } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';

/** Reads a binary response whole (supertest buffers only text by default). */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

const HEADER = [
  'Supplier ID',
  'Company name',
  'Category',
  'Credit term (days)',
  'Contact name',
  'Contact no.',
  'Address',
  'Postal code',
  'Country',
  'Minimum order value',
  'Tax type',
  'GST price type',
  'GST rate',
  'Tax rate',
  'Hashtags',
];

/** A valid supplier row under HEADER; `overrides` by header. */
function supplierRow(code: string, overrides: Record<string, WriteCell> = {}): WriteCell[] {
  const row: Record<string, WriteCell> = {
    'Supplier ID': code,
    'Company name': `${code} Pte Ltd`,
    Category: 'Produce',
    'Credit term (days)': '30',
    'Contact name': 'Alice Tan',
    'Contact no.': '91234567',
    Address: '10 Pasir Panjang Road',
    'Postal code': '018956',
    Country: 'Singapore',
    'Minimum order value': '150.5',
    'Tax type': 'GST',
    'GST price type': 'exclusive',
    'GST rate': '9',
    'Tax rate': '9',
    Hashtags: 'organic, vegetables',
    ...overrides,
  };
  return HEADER.map((name) => row[name] ?? null);
}

/**
 * Excel import of suppliers through the gateway (embedded mode): the template in English and Chinese, a file
 * that creates and updates, a file with bad rows where every problem is named by row and column and nothing
 * is applied (no supplier, no event in the outbox) — including a bad row 50 of 60 —, the error report, a
 * wrong file type, the SUPPLIER key, and a job only its uploader can read.
 */
describe('Excel import of suppliers (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let database: TestDatabase;
  let dataDir: string;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;
  let adminId: string;

  beforeAll(async () => {
    const setup = await testConfig();
    database = setup.database;
    dataDir = setup.dataDir;
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    agent = request.agent(app.getHttpServer());
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    adminId = (await agent.get('/api/token')).body.data.user.user_id;
    catalogDb = new DataSource({ type: 'postgres', url: database.url, schema: 'catalog' });
    await catalogDb.initialize();
    const category = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Produce' });
    expect(category.status).toBe(201);
  });

  afterAll(async () => {
    await catalogDb?.destroy();
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const xlsx = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Data', rows }]);
  const upload = async (body: Buffer, fileName = 'suppliers.xlsx', as: TestAgent = agent) =>
    as.post('/api/catalog/imports/suppliers').attach('file', body, fileName);
  /** Polls the job until it finished. */
  const finished = (jobId: string, language = 'en') =>
    expectEventually(async () => {
      const response = await agent.get(`/api/catalog/imports/jobs/${jobId}`).set('Accept-Language', language);
      expect(response.status).toBe(200);
      const job = response.body.data as ImportJobView;
      expect(['succeeded', 'failed']).toContain(job.status);
      return job;
    });
  const outboxCount = async () =>
    Number((await catalogDb.query(`SELECT count(*) AS n FROM catalog.outbox WHERE subject NOT LIKE 'catalog.import.%'`))[0].n as string);
  const supplierCount = async () =>
    Number((await catalogDb.query(`SELECT count(*) AS n FROM catalog.supplier`))[0].n as string);

  it('downloads the template with translated headers (Accept-Language or ?lang=) and a notes sheet', async () => {
    const english = await agent
      .get('/api/catalog/imports/suppliers/template')
      .set('Accept-Language', 'en')
      .buffer(true)
      .parse(binary);
    expect(english.status).toBe(200);
    expect(english.headers['content-type']).toContain('spreadsheetml');
    expect(english.headers['content-disposition']).toContain('Suppliers import template.xlsx');
    const [data, notes] = await readWorkbook(english.body as Buffer);
    expect(data.name).toBe('Data');
    expect(data.rows[0].slice(0, 4)).toEqual(['Supplier ID *', 'Company name *', 'Category *', 'Account no.']);
    expect(notes.name).toBe('Notes');
    const categoryNote = notes.rows.find((row) => row[0] === 'Category')!;
    expect(categoryNote[1]).toBe('Required');
    expect(categoryNote[2]).toContain('Produce');
    expect(notes.rows.find((row) => row[0] === 'Country')![2]).toContain('Singapore, Malaysia');

    for (const chinese of [
      agent.get('/api/catalog/imports/suppliers/template?lang=zh-CN'),
      agent.get('/api/catalog/imports/suppliers/template').set('Accept-Language', 'zh-CN,zh;q=0.9'),
    ]) {
      const response = await chinese.buffer(true).parse(binary);
      expect(response.status).toBe(200);
      const [zhData, zhNotes] = await readWorkbook(response.body as Buffer);
      expect(zhData.name).toBe('数据');
      expect(zhData.rows[0].slice(0, 3)).toEqual(['供应商编号 *', '公司名称 *', '类别 *']);
      expect(zhNotes.name).toBe('说明');
    }
  });

  it('creates new suppliers and updates existing ones, by code in any case, as the uploader', async () => {
    const existing = await agent.post('/api/catalog/suppliers').send({
      supplier_id: 'SUP-001',
      company_name: 'Old Name Pte Ltd',
      credit_term_in_days: 7,
      contact_name: 'Bob',
      contact_no: '81234567',
      address: '1 Old Road',
      postal_code: '111111',
      country: 'Malaysia',
      minimum_order_value: '0',
      category_id: (await catalogDb.query(`SELECT category_id FROM catalog.supplier_category`))[0].category_id,
      gst_price_type: 'inclusive',
      gst_rate: 7,
      tax_rate: 7,
      tax_type: 'GST',
      account_no: 'KEEP-ME',
    });
    expect(existing.status).toBe(201);

    const started = await upload(
      await xlsx([
        HEADER,
        supplierRow('sup-001', { 'Company name': 'New Name Pte Ltd', Country: '新加坡', 'GST rate': '9%' }),
        supplierRow('IMP-001'),
        [],
        supplierRow('IMP-002', { 'Tax type': 'Zero rated', Hashtags: null }),
      ]),
    );
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ entity: 'suppliers', status: 'queued', file_name: 'suppliers.xlsx' });
    const job = await finished(started.body.data.job_id);
    expect(job).toMatchObject({
      status: 'succeeded',
      total_rows: 3,
      processed_rows: 3,
      created_count: 2,
      updated_count: 1,
      error_count: 0,
      errors: [],
    });

    const updated = (await agent.get('/api/catalog/suppliers/SUP-001')).body.data;
    expect(updated).toMatchObject({
      supplier_id: 'SUP-001',
      company_name: 'New Name Pte Ltd',
      country: 'Singapore',
      gst_rate: 9,
      minimum_order_value: '150.50',
      hashtag_list: ['organic', 'vegetables'],
      // Not a column of the file: kept.
      account_no: 'KEEP-ME',
      last_updated_by: adminId,
    });
    const zeroRated = (await agent.get('/api/catalog/suppliers/IMP-002')).body.data;
    expect(zeroRated).toMatchObject({ tax_type: 'ZERO RATED', gst_rate: 0, tax_rate: 0, hashtag_list: [] });
    expect(zeroRated.created_by).toBe(adminId);
    const events: { subject: string; actor: string }[] = await catalogDb.query(
      `SELECT subject, envelope->>'actor' AS actor FROM catalog.outbox
        WHERE subject = 'catalog.supplier.upserted' AND envelope->'data'->>'supplier_id' IN ('SUP-001', 'IMP-001', 'IMP-002')`,
    );
    // SUP-001: its create and the import's update; IMP-001 and IMP-002: created.
    expect(events).toHaveLength(4);
    expect(events.every((event) => event.actor === adminId)).toBe(true);
  });

  it('applies nothing when row 50 of 60 is bad: no supplier, no event in the outbox', async () => {
    const suppliersBefore = await supplierCount();
    const outboxBefore = await outboxCount();
    const rows = Array.from({ length: 60 }, (_, index) =>
      supplierRow(`BULK-${String(index + 1).padStart(3, '0')}`, index === 49 ? { 'Postal code': '12' } : {}),
    );
    const started = await upload(await xlsx([HEADER, ...rows]));
    expect(started.status).toBe(201);
    const job = await finished(started.body.data.job_id);
    expect(job).toMatchObject({ status: 'failed', total_rows: 60, created_count: 0, updated_count: 0, error_count: 1 });
    // Data row 50 is spreadsheet row 51 (row 1 is the header).
    expect(job.errors).toEqual([
      { row: 51, column: 'postal_code', column_label: 'Postal code', message: 'Please enter 6-digit number' },
    ]);
    expect(await supplierCount()).toBe(suppliersBefore);
    expect(await outboxCount()).toBe(outboxBefore);
  });

  it('reports every problem of every row by row and column, in the reader’s language, and applies nothing', async () => {
    const outboxBefore = await outboxCount();
    const started = await upload(
      await xlsx([
        HEADER,
        supplierRow('OK-1'),
        supplierRow('BAD-2', { Category: 'Nuts', Country: 'Japan' }),
        supplierRow('BAD-3', { 'Contact no.': '123', 'Company name': null }),
        supplierRow('OK-1'),
        supplierRow('BAD/5'),
        supplierRow('SUP-001', { 'Minimum order value': '-1' }),
      ]),
    );
    const job = await finished(started.body.data.job_id);
    expect(job.status).toBe('failed');
    expect(job.errors.map((error) => [error.row, error.column_label, error.message])).toEqual([
      [3, 'Category', '"Nuts" was not found (or is archived)'],
      [3, 'Country', 'Please enter one of: Singapore, Malaysia'],
      [4, 'Company name', 'This field is required'],
      [4, 'Contact no.', 'Please enter 8-digit number'],
      [5, 'Supplier ID', 'The same code is already on row 2'],
      [6, 'Supplier ID', 'Value cannot have slash'],
      [7, 'Minimum order value', 'Value must be more than or equal to 0'],
    ]);
    expect((await agent.get('/api/catalog/suppliers/OK-1')).status).toBe(404);
    expect(await outboxCount()).toBe(outboxBefore);

    const chinese = await finished(started.body.data.job_id, 'zh-CN');
    expect(chinese.errors[0]).toEqual({
      row: 3,
      column: 'category',
      column_label: '类别',
      message: '未找到“Nuts”（或已归档）',
    });
    expect(chinese.errors[3].message).toBe('请输入 8 位数字');

    const report = await agent
      .get(`/api/catalog/imports/jobs/${started.body.data.job_id}/errors.xlsx`)
      .buffer(true)
      .parse(binary);
    expect(report.status).toBe(200);
    const [sheet] = await readWorkbook(report.body as Buffer);
    expect(sheet.rows[0].slice(0, 2)).toEqual(['Errors', 'Supplier ID']);
    expect(sheet.rows[1][0]).toBeNull();
    expect(sheet.rows[2][0]).toBe(
      'Category: "Nuts" was not found (or is archived)\nCountry: Please enter one of: Singapore, Malaysia',
    );
    expect(sheet.rows[5].slice(0, 2)).toEqual(['Supplier ID: Value cannot have slash', 'BAD/5']);
  });

  it('names a missing required column and an unknown one on the header row', async () => {
    const header = HEADER.filter((name) => name !== 'Company name').concat('Colour');
    const job = await finished(
      (await upload(await xlsx([header, supplierRow('X-1').slice(0, header.length)]))).body.data.job_id,
    );
    expect(job.errors).toEqual([
      { row: 1, column: null, column_label: null, message: 'Unknown column "Colour": use the template\'s headers' },
      { row: 1, column: 'company_name', column_label: 'Company name', message: 'This required column is missing' },
    ]);
  });

  it('refuses a file that is not .xlsx, whatever it is called', async () => {
    const pdf = await upload(Buffer.from('%PDF-1.7\n%...'), 'suppliers.xlsx');
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ code: 'SPREADSHEET_TYPE_NOT_ALLOWED' });
    expect(pdf.body.message).toBe('Wrong file format: only Excel .xlsx files are allowed');
    const csv = await upload(Buffer.from(HEADER.join(',')), 'suppliers.csv');
    expect(csv.status).toBe(400);
    const none = await agent.post('/api/catalog/imports/suppliers').send({});
    expect(none.status).toBe(400);
  });

  it('needs SUPPLIER edit, and shows a job only to the user who started it', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('SUPPLIER', true)]);
    const server = app.getHttpServer();
    const body = await xlsx([HEADER, supplierRow('PERM-1')]);
    expect(
      (await request(server).get('/api/catalog/imports/suppliers/template').set('Authorization', `Bearer ${viewer}`))
        .status,
    ).toBe(403);
    expect(
      (
        await request(server)
          .post('/api/catalog/imports/suppliers')
          .set('Authorization', `Bearer ${viewer}`)
          .attach('file', body, 'x.xlsx')
      ).status,
    ).toBe(403);

    const started = await upload(body);
    const jobId = started.body.data.job_id as string;
    await finished(jobId);
    const otherEditor = await tokenWithPermissions(runtime, [permission('SUPPLIER', true, true)], {
      sub: '00000000-0000-4000-8000-0000000000aa',
    });
    const other = await request(server)
      .get(`/api/catalog/imports/jobs/${jobId}`)
      .set('Authorization', `Bearer ${otherEditor}`);
    expect(other.status).toBe(404);
    const otherReport = await request(server)
      .get(`/api/catalog/imports/jobs/${jobId}/errors.xlsx`)
      .set('Authorization', `Bearer ${otherEditor}`);
    expect(otherReport.status).toBe(404);
    // The uploader without SUPPLIER edit any more may not read it either.
    const formerEditor = await tokenWithPermissions(runtime, [permission('SUPPLIER', true)], { sub: adminId });
    const former = await request(server)
      .get(`/api/catalog/imports/jobs/${jobId}`)
      .set('Authorization', `Bearer ${formerEditor}`);
    expect(former.status).toBe(403);
  });
});
