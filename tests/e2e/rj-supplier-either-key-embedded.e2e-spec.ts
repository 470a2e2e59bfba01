import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { TEST_ADMIN, permission, signInAgent, testConfig, tokenWithPermissions } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/**
 * SPEC.md §2 /contact-management/supplier/list (RJ_SUPPLIER): the RJ area reaches the one supplier master through
 * its own key. A user holding only RJ_SUPPLIER lists, reads, creates and edits suppliers (and lists the
 * categories its form chooses from); view-only RJ users cannot change; a user holding neither key is refused.
 */
describe('RJ suppliers through RJ_SUPPLIER (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let database: TestDatabase;
  let dataDir: string;
  let admin: TestAgent;
  let close: () => Promise<void>;
  let categoryId: string;

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    admin = request.agent(app.getHttpServer());
    await signInAgent(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const category = await admin.post('/api/catalog/supplier-categories').send({ category_name: 'Gemstones' });
    categoryId = category.body.data.category_id;
  });

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const supplier = (overrides: Record<string, unknown> = {}) => ({
    supplier_id: 'RJS-001',
    company_name: 'Antwerp Stones BV',
    account_no: '',
    credit_term_in_days: 60,
    contact_name: 'Jan Peeters',
    contact_no: '81234567',
    contact_email: 'jan@antwerp.example',
    company_uen: '',
    company_website: '',
    address: '1 Diamond Street',
    postal_code: '018956',
    country: 'Singapore',
    remark: '',
    minimum_order_value: '0',
    category_id: categoryId,
    terms_and_conditions: '',
    gst_price_type: 'exclusive',
    gst_reg_no: '',
    gst_rate: 9,
    tax_rate: 9,
    tax_type: 'GST',
    tax_reg_no: '',
    hashtag_list: ['diamonds'],
    ...overrides,
  });

  const as = async (...perms: Parameters<typeof permission>[]) => {
    const token = await tokenWithPermissions(
      runtime,
      perms.map((args) => permission(...args)),
    );
    const server = app.getHttpServer();
    return {
      post: (path: string, body: unknown = {}) =>
        request(server)
          .post(path)
          .set('Authorization', `Bearer ${token}`)
          .send(body as object),
      put: (path: string, body: unknown) =>
        request(server)
          .put(path)
          .set('Authorization', `Bearer ${token}`)
          .send(body as object),
      get: (path: string) => request(server).get(path).set('Authorization', `Bearer ${token}`),
    };
  };

  it('lets a user holding only RJ_SUPPLIER (edit) list categories, create, read, edit and list suppliers', async () => {
    const rj = await as(['RJ_SUPPLIER', false, true]);
    const categories = await rj.post('/api/catalog/supplier-categories/list', {});
    expect(categories.status).toBe(200);
    expect(categories.body.data.map((row: { category_name: string }) => row.category_name)).toEqual(['Gemstones']);

    const created = await rj.post('/api/catalog/suppliers', supplier());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ supplier_id: 'RJS-001', category_name: 'Gemstones', status: 'new' });
    const edited = await rj.put('/api/catalog/suppliers/RJS-001', supplier({ remark: 'Certified stones only' }));
    expect(edited.status).toBe(200);
    expect((await rj.get('/api/catalog/suppliers/RJS-001')).body.data.remark).toBe('Certified stones only');
    const listed = await rj.post('/api/catalog/suppliers/list', { search_str: 'antwerp' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { supplier_id: string }) => row.supplier_id)).toEqual(['RJS-001']);
  });

  it('is the same supplier master SUPPLIER users see', async () => {
    const listed = await admin.post('/api/catalog/suppliers/list').send({ search_str: 'RJS-001' });
    expect(listed.body.recordsTotal).toBe(1);
  });

  it('lets a view-only RJ_SUPPLIER user read but not change', async () => {
    const viewer = await as(['RJ_SUPPLIER', true]);
    expect((await viewer.post('/api/catalog/suppliers/list')).status).toBe(200);
    expect((await viewer.get('/api/catalog/suppliers/RJS-001')).status).toBe(200);
    const create = await viewer.post('/api/catalog/suppliers', supplier({ supplier_id: 'RJS-002' }));
    expect(create.status).toBe(403);
    expect((await viewer.post('/api/catalog/suppliers/RJS-001/archive')).status).toBe(403);
  });

  it('refuses a user holding neither SUPPLIER nor RJ_SUPPLIER', async () => {
    const other = await as(['RJ_CUSTOMER', true, true, true], ['RJ_PRODUCT', true, true, true]);
    expect((await other.post('/api/catalog/suppliers/list')).status).toBe(403);
    expect((await other.get('/api/catalog/suppliers/RJS-001')).status).toBe(403);
    expect((await other.post('/api/catalog/suppliers', supplier({ supplier_id: 'RJS-003' }))).status).toBe(403);
    expect((await other.post('/api/catalog/supplier-categories/list')).status).toBe(403);
  });

  it('keeps supplier category changes to SUPPLIER: RJ_SUPPLIER alone cannot create a category', async () => {
    const rj = await as(['RJ_SUPPLIER', true, true, true]);
    expect((await rj.post('/api/catalog/supplier-categories', { category_name: 'Pearls' })).status).toBe(403);
  });
});
