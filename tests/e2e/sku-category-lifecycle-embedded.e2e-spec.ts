import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * SKU categories with sub-categories through the gateway (embedded mode): unique names (any case), no slash,
 * sub-categories kept by id while renamed and in the user's order, archive / reactivate / delete, the events in
 * catalog's outbox, and the SKU key. Their use by SKUs is in sku-lifecycle-usage-cost-events-embedded.
 */
describe('SKU categories (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  });

  afterAll(() => close?.());

  let categoryId: string;
  let frozenId: string;
  let chilledId: string;

  it('creates a category with sub-categories in order, refusing duplicates, slashes and blank names', async () => {
    const created = await agent.post('/api/catalog/sku-categories').send({
      category_name: ' Dairy ',
      sub_categories: [{ sub_category_name: ' Frozen ' }, { sub_category_name: 'Chilled' }],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Created successfully');
    expect(created.body.data).toMatchObject({ category_name: 'Dairy', status: 'new', in_use: false });
    expect(created.body.data.sub_categories.map((row: { sub_category_name: string }) => row.sub_category_name)).toEqual(
      ['Frozen', 'Chilled'],
    );
    categoryId = created.body.data.category_id;
    [frozenId, chilledId] = created.body.data.sub_categories.map(
      (row: { sub_category_id: string }) => row.sub_category_id,
    );

    const duplicate = await agent.post('/api/catalog/sku-categories').send({ category_name: 'DAIRY' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A SKU category with this name already exists');
    const chinese = await agent
      .post('/api/catalog/sku-categories')
      .set('Accept-Language', 'zh-CN')
      .send({ category_name: 'dairy' });
    expect(chinese.body.message).toBe('已存在同名 SKU 类别');

    const invalid = await agent.post('/api/catalog/sku-categories').send({
      category_name: 'Dry/Wet',
      sub_categories: [{ sub_category_name: 'Rice' }, { sub_category_name: 'rice' }, { sub_category_name: ' ' }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'category_name', message: 'Value cannot have slash' }),
        expect.objectContaining({
          field: 'sub_categories.1.sub_category_name',
          message: 'This value is already in the list',
        }),
        expect.objectContaining({ field: 'sub_categories.2.sub_category_name', message: 'This field is required' }),
      ]),
    );
    const invalidChinese = await agent
      .post('/api/catalog/sku-categories')
      .set('Accept-Language', 'zh-CN')
      .send({ category_name: '' });
    expect(invalidChinese.body.errors).toContainEqual(
      expect.objectContaining({ field: 'category_name', message: '此项为必填项' }),
    );
  });

  it('renames sub-categories in place (ids kept), adds and removes them, and keeps the new order', async () => {
    const updated = await agent.put(`/api/catalog/sku-categories/${categoryId}`).send({
      category_name: 'Dairy & Eggs',
      sub_categories: [
        { sub_category_name: 'Eggs' },
        { sub_category_id: chilledId, sub_category_name: 'Frozen' },
        { sub_category_id: frozenId, sub_category_name: 'Chilled' },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.category_name).toBe('Dairy & Eggs');
    expect(updated.body.data.sub_categories).toEqual([
      expect.objectContaining({ sub_category_name: 'Eggs', in_use: false }),
      { sub_category_id: chilledId, sub_category_name: 'Frozen', in_use: false },
      { sub_category_id: frozenId, sub_category_name: 'Chilled', in_use: false },
    ]);
    const foreign = await agent.put(`/api/catalog/sku-categories/${categoryId}`).send({
      category_name: 'Dairy & Eggs',
      sub_categories: [{ sub_category_id: '00000000-0000-4000-8000-000000000009', sub_category_name: 'X' }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors).toContainEqual(expect.objectContaining({ field: 'sub_categories.0.sub_category_id' }));

    const dropped = await agent.put(`/api/catalog/sku-categories/${categoryId}`).send({
      category_name: 'Dairy & Eggs',
      sub_categories: [{ sub_category_id: frozenId, sub_category_name: 'Chilled' }],
    });
    expect(dropped.body.data.sub_categories).toEqual([
      { sub_category_id: frozenId, sub_category_name: 'Chilled', in_use: false },
    ]);
  });

  it('lists with sub-category names, search and the new-or-active filter', async () => {
    await agent.post('/api/catalog/sku-categories').send({ category_name: 'Beverages' });
    const all = await agent
      .post('/api/catalog/sku-categories/list')
      .send({ other_params: { status: 'new_or_active' } });
    expect(all.body.recordsTotal).toBe(2);
    expect(all.body.data).toContainEqual(
      expect.objectContaining({ category_id: categoryId, sub_category_names: 'Chilled', in_use: false }),
    );
    const found = await agent.post('/api/catalog/sku-categories/list').send({ search_str: 'chill' });
    expect(found.body.data.map((row: { category_name: string }) => row.category_name)).toEqual(['Dairy & Eggs']);
  });

  it('archives (read-only then), reactivates and deletes a category with its sub-categories', async () => {
    const archived = await agent.post(`/api/catalog/sku-categories/${categoryId}/archive`);
    expect(archived.body.data.status).toBe('archived');
    const listed = await agent
      .post('/api/catalog/sku-categories/list')
      .send({ other_params: { status: 'new_or_active' } });
    expect(listed.body.data.map((row: { category_name: string }) => row.category_name)).toEqual(['Beverages']);
    const edit = await agent.put(`/api/catalog/sku-categories/${categoryId}`).send({ category_name: 'Dairy' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This SKU category is archived. Reactivate it before editing');
    expect((await agent.post(`/api/catalog/sku-categories/${categoryId}/reactivate`)).body.data.status).toBe('active');
    expect((await agent.delete(`/api/catalog/sku-categories/${categoryId}`)).status).toBe(200);
    expect((await agent.get(`/api/catalog/sku-categories/${categoryId}`)).status).toBe(404);
    const orphans: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.sku_sub_category WHERE category_id = $1`, [
      categoryId,
    ]);
    expect(orphans).toHaveLength(0);
  });

  it('left every change in catalog.outbox with the sub-categories and growing revisions', async () => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.sku-category.%'
          AND envelope->'data'->>'category_id' = $1 ORDER BY id`,
      [categoryId],
    );
    expect(rows.map((row) => [row.subject, row.envelope.data.revision, row.envelope.data.status])).toEqual([
      ['catalog.sku-category.upserted', 1, 'new'],
      ['catalog.sku-category.upserted', 2, 'new'],
      ['catalog.sku-category.upserted', 3, 'new'],
      ['catalog.sku-category.upserted', 4, 'archived'],
      ['catalog.sku-category.upserted', 5, 'active'],
      ['catalog.sku-category.deleted', 6, undefined],
    ]);
    expect(rows[0].envelope.data).toMatchObject({
      category_name: 'Dairy',
      sub_categories: [
        { sub_category_id: frozenId, sub_category_name: 'Frozen' },
        { sub_category_id: chilledId, sub_category_name: 'Chilled' },
      ],
    });
  });

  it('enforces the SKU permission: view-only users can list and read but not change', async () => {
    const server = app.getHttpServer();
    const viewer = await tokenWithPermissions(runtime, [permission('SKU', true)]);
    const list = await request(server)
      .post('/api/catalog/sku-categories/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(list.status).toBe(200);
    const create = await request(server)
      .post('/api/catalog/sku-categories')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ category_name: 'Snacks' });
    expect(create.status).toBe(403);
    const editor = await tokenWithPermissions(runtime, [permission('SKU', true, true)]);
    const created = await request(server)
      .post('/api/catalog/sku-categories')
      .set('Authorization', `Bearer ${editor}`)
      .send({ category_name: 'Snacks' });
    expect(created.status).toBe(201);
    const other = await tokenWithPermissions(runtime, [permission('SKU_BOM', true, true)]);
    const forbidden = await request(server)
      .post('/api/catalog/sku-categories/list')
      .set('Authorization', `Bearer ${other}`)
      .send({});
    expect(forbidden.status).toBe(403);
  });
});
