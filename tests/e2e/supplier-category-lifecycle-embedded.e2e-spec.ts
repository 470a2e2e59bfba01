import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, tokenWithPermissions, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * Supplier categories and suppliers through the gateway (embedded mode): create, validate in English and
 * Chinese, refuse a duplicate supplier ID, refuse archive/delete of a category a supplier uses and of a
 * supplier in use, archive / reactivate / delete, the events in catalog's outbox, and the SUPPLIER key.
 */
describe('suppliers and supplier categories (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** The outbox envelopes of one record, oldest first. */
  const outbox = async (subjectPrefix: string, key: string, id: string) => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE $1 AND envelope->'data'->>$2 = $3
        ORDER BY id`,
      [`${subjectPrefix}.%`, key, id],
    );
    return rows.map((row) => ({ subject: row.subject, data: row.envelope.data }));
  };

  let categoryId: string;
  let otherCategoryId: string;

  const supplier = (overrides: Record<string, unknown> = {}) => ({
    supplier_id: 'SUP-001',
    company_name: 'Fresh Farms Pte Ltd',
    account_no: 'AC-778',
    credit_term_in_days: 30,
    contact_name: 'Alice Tan',
    contact_no: '91234567',
    contact_email: 'alice@freshfarms.example',
    company_uen: '201912345K',
    company_website: 'www.freshfarms.example',
    address: '10 Pasir Panjang Road',
    postal_code: '117438',
    country: 'Singapore',
    remark: 'Morning deliveries',
    minimum_order_value: '150.5',
    category_id: categoryId,
    terms_and_conditions: 'Net 30',
    gst_price_type: 'exclusive',
    gst_reg_no: 'M2-1234567-8',
    gst_rate: 9,
    tax_rate: '9',
    tax_type: 'GST',
    tax_reg_no: 'T-42',
    hashtag_list: ['organic', 'vegetables', 'organic'],
    ...overrides,
  });

  it('creates supplier categories, refusing a duplicate name and a slash', async () => {
    const created = await agent.post('/api/catalog/supplier-categories').send({ category_name: ' Produce ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ category_name: 'Produce', status: 'new', in_use: false });
    categoryId = created.body.data.category_id;
    otherCategoryId = (await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Packaging' })).body
      .data.category_id;

    const duplicate = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'produce' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A supplier category with this name already exists');
    const slash = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Dry/Wet' });
    expect(slash.status).toBe(400);
    expect(slash.body.errors).toContainEqual(
      expect.objectContaining({ field: 'category_name', message: 'Value cannot have slash' }),
    );
  });

  it('creates a supplier with every field, category name resolved and hashtags de-duplicated', async () => {
    const created = await agent.post('/api/catalog/suppliers').send(supplier());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      supplier_id: 'SUP-001',
      company_name: 'Fresh Farms Pte Ltd',
      credit_term_in_days: 30,
      minimum_order_value: '150.50',
      category_id: categoryId,
      category_name: 'Produce',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: ['organic', 'vegetables'],
      status: 'new',
      in_use: false,
    });
    const fetched = await agent.get('/api/catalog/suppliers/SUP-001');
    expect(fetched.body.data).toMatchObject({ company_uen: '201912345K', minimum_order_value: '150.50' });

    const zeroRated = await agent
      .post('/api/catalog/suppliers')
      .send(
        supplier({ supplier_id: 'SUP-002', tax_type: 'ZERO RATED', country: 'Malaysia', category_id: otherCategoryId }),
      );
    expect(zeroRated.status).toBe(201);
    expect(zeroRated.body.data).toMatchObject({ gst_rate: 0, tax_rate: 0, tax_type: 'ZERO RATED' });
  });

  it('answers contact number, postal code, email and number errors with SPEC wording in English and Chinese', async () => {
    const body = supplier({
      supplier_id: 'SUP-003',
      contact_no: '9123',
      postal_code: '12345',
      contact_email: 'not-an-email',
      minimum_order_value: '10.555',
      credit_term_in_days: -1,
      gst_rate: 5,
      tax_type: 'VAT',
    });
    const english = await agent.post('/api/catalog/suppliers').send(body);
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'contact_no', message: 'Please enter 8-digit number' }),
        expect.objectContaining({ field: 'postal_code', message: 'Please enter 6-digit number' }),
        expect.objectContaining({ field: 'contact_email', message: 'Please enter a valid email address' }),
        expect.objectContaining({ field: 'minimum_order_value' }),
        expect.objectContaining({ field: 'credit_term_in_days' }),
        expect.objectContaining({ field: 'gst_rate' }),
        expect.objectContaining({ field: 'tax_type' }),
      ]),
    );
    const chinese = await agent.post('/api/catalog/suppliers').set('Accept-Language', 'zh-CN').send(body);
    expect(chinese.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'contact_no', message: '请输入 8 位数字' }),
        expect.objectContaining({ field: 'postal_code', message: '请输入 6 位数字' }),
        expect.objectContaining({ field: 'contact_email', message: '请输入有效的电子邮件地址' }),
      ]),
    );
    const english2 = english.body.errors.find((error: { field: string }) => error.field === 'minimum_order_value');
    const chinese2 = chinese.body.errors.find((error: { field: string }) => error.field === 'minimum_order_value');
    expect(english2.message).not.toBe(chinese2.message);

    const slash = await agent.post('/api/catalog/suppliers').send(supplier({ supplier_id: 'SUP/004' }));
    expect(slash.body.errors).toContainEqual(
      expect.objectContaining({ field: 'supplier_id', message: 'Value cannot have slash' }),
    );
    const missing = await agent
      .post('/api/catalog/suppliers')
      .send(supplier({ supplier_id: 'SUP-005', category_id: '' }));
    expect(missing.body.errors).toContainEqual(
      expect.objectContaining({ field: 'category_id', message: 'This field is required' }),
    );
  });

  it('refuses a duplicate supplier ID (any case) and a changed ID', async () => {
    const duplicate = await agent.post('/api/catalog/suppliers').send(supplier({ company_name: 'Another' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A supplier with this supplier ID already exists');
    const lower = await agent.post('/api/catalog/suppliers').send(supplier({ supplier_id: 'sup-001' }));
    expect(lower.status).toBe(409);
    const renamed = await agent.put('/api/catalog/suppliers/SUP-001').send(supplier({ supplier_id: 'SUP-999' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_SUPPLIER_ID_CHANGED');
  });

  it('refuses archive and delete of the category a supplier uses; the usage moves with the supplier', async () => {
    const archive = await agent.post(`/api/catalog/supplier-categories/${categoryId}/archive`);
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('Category is in use, cannot be deleted or archived');
    const remove = await agent.delete(`/api/catalog/supplier-categories/${categoryId}`).set('Accept-Language', 'zh-CN');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('类别正在使用中，无法删除或归档');

    const renamed = await agent.put(`/api/catalog/supplier-categories/${categoryId}`).send({ category_name: 'Fresh' });
    expect(renamed.body.data).toMatchObject({ category_name: 'Fresh', in_use: true });
    expect((await agent.get('/api/catalog/suppliers/SUP-001')).body.data.category_name).toBe('Fresh');

    const moved = await agent
      .put('/api/catalog/suppliers/SUP-001')
      .send(supplier({ category_id: otherCategoryId, credit_term_in_days: '45' }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ category_name: 'Packaging', credit_term_in_days: 45 });
    expect((await agent.get(`/api/catalog/supplier-categories/${categoryId}`)).body.data.in_use).toBe(false);
    const back = await agent.put('/api/catalog/suppliers/SUP-001').send(supplier());
    expect(back.status).toBe(200);
  });

  it('lists with status, category, country and tax type filters, and searches id, name, contact, UEN, hashtags', async () => {
    const ids = (response: request.Response) =>
      response.body.data.map((row: { supplier_id: string }) => row.supplier_id).sort();
    const all = await agent.post('/api/catalog/suppliers/list').send({ other_params: { status: 'new_or_active' } });
    expect(ids(all)).toEqual(['SUP-001', 'SUP-002']);
    const byCategory = await agent
      .post('/api/catalog/suppliers/list')
      .send({ other_params: { category_id: categoryId } });
    expect(ids(byCategory)).toEqual(['SUP-001']);
    const byCountry = await agent.post('/api/catalog/suppliers/list').send({ other_params: { country: 'Malaysia' } });
    expect(ids(byCountry)).toEqual(['SUP-002']);
    const byTax = await agent.post('/api/catalog/suppliers/list').send({ other_params: { tax_type: 'GST' } });
    expect(ids(byTax)).toEqual(['SUP-001']);
    for (const search of ['sup-00', 'fresh farms', 'alice', '201912345', 'vegetab']) {
      const found = await agent.post('/api/catalog/suppliers/list').send({ search_str: search });
      expect(found.body.recordsTotal).toBeGreaterThan(0);
    }
    const none = await agent.post('/api/catalog/suppliers/list').send({ search_str: 'no such supplier' });
    expect(none.body.recordsTotal).toBe(0);
  });

  it('archives, reactivates and deletes a supplier; in use it refuses; then its category can go', async () => {
    // A SKU or purchase order would record its usage here.
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('supplier', 'SUP-001', 'sku', 'SKU-1')`,
    );
    const refused = await agent.post('/api/catalog/suppliers/SUP-001/archive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Supplier is in use, cannot be deleted or archived');
    const refusedDelete = await agent.delete('/api/catalog/suppliers/SUP-001').set('Accept-Language', 'zh-CN');
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toBe('供应商正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'supplier'`);

    const archived = await agent.post('/api/catalog/suppliers/SUP-001/archive');
    expect(archived.body.data.status).toBe('archived');
    const listed = await agent.post('/api/catalog/suppliers/list').send({ other_params: { status: 'new_or_active' } });
    expect(listed.body.data.map((row: { supplier_id: string }) => row.supplier_id)).toEqual(['SUP-002']);
    const edit = await agent.put('/api/catalog/suppliers/SUP-001').send(supplier());
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CATALOG_SUPPLIER_ARCHIVED');
    const reactivated = await agent.post('/api/catalog/suppliers/SUP-001/reactivate');
    expect(reactivated.body.data.status).toBe('active');
    const removed = await agent.delete('/api/catalog/suppliers/SUP-001');
    expect(removed.status).toBe(200);
    expect((await agent.get('/api/catalog/suppliers/SUP-001')).status).toBe(404);

    const category = await agent.post(`/api/catalog/supplier-categories/${categoryId}/archive`);
    expect(category.body.data.status).toBe('archived');
    const onArchived = await agent.post('/api/catalog/suppliers').send(supplier({ supplier_id: 'SUP-006' }));
    expect(onArchived.status).toBe(400);
    expect(onArchived.body.errors).toContainEqual(expect.objectContaining({ field: 'category_id' }));
    expect((await agent.post(`/api/catalog/supplier-categories/${categoryId}/reactivate`)).body.data.status).toBe(
      'active',
    );
    expect((await agent.delete(`/api/catalog/supplier-categories/${categoryId}`)).status).toBe(200);
  });

  it('left every change in catalog.outbox with full snapshots and growing revisions', async () => {
    const supplierEvents = await outbox('catalog.supplier', 'supplier_id', 'SUP-001');
    expect(supplierEvents.map((event) => [event.subject, event.data.revision])).toEqual([
      ['catalog.supplier.upserted', 1],
      ['catalog.supplier.upserted', 2],
      ['catalog.supplier.upserted', 3],
      ['catalog.supplier.upserted', 4],
      ['catalog.supplier.upserted', 5],
      ['catalog.supplier.deleted', 6],
    ]);
    expect(supplierEvents[0].data).toMatchObject({
      supplier_id: 'SUP-001',
      company_name: 'Fresh Farms Pte Ltd',
      category_id: categoryId,
      minimum_order_value: '150.50',
      gst_rate: 9,
      tax_type: 'GST',
      hashtag_list: ['organic', 'vegetables'],
      status: 'new',
    });
    expect(supplierEvents.map((event) => event.data.status)).toEqual([
      'new',
      'new',
      'new',
      'archived',
      'active',
      undefined,
    ]);

    const categoryEvents = await outbox('catalog.supplier-category', 'category_id', categoryId);
    expect(categoryEvents.map((event) => [event.subject, event.data.category_name, event.data.status])).toEqual([
      ['catalog.supplier-category.upserted', 'Produce', 'new'],
      ['catalog.supplier-category.upserted', 'Fresh', 'new'],
      ['catalog.supplier-category.upserted', 'Fresh', 'archived'],
      ['catalog.supplier-category.upserted', 'Fresh', 'active'],
      ['catalog.supplier-category.deleted', undefined, undefined],
    ]);
  });

  it('enforces the SUPPLIER permission: view-only users can list and read but not change', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('SUPPLIER', true)]);
    const server = app.getHttpServer();
    const list = await request(server)
      .post('/api/catalog/suppliers/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(list.status).toBe(200);
    const categories = await request(server)
      .post('/api/catalog/supplier-categories/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(categories.status).toBe(200);
    const create = await request(server)
      .post('/api/catalog/supplier-categories')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ category_name: 'Beverages' });
    expect(create.status).toBe(403);
    const archive = await request(server)
      .post('/api/catalog/suppliers/SUP-002/archive')
      .set('Authorization', `Bearer ${viewer}`);
    expect(archive.status).toBe(403);
    const other = await tokenWithPermissions(runtime, [permission('LOCATION', true)]);
    const forbidden = await request(server)
      .post('/api/catalog/suppliers/list')
      .set('Authorization', `Bearer ${other}`)
      .send({});
    expect(forbidden.status).toBe(403);
  });
});
