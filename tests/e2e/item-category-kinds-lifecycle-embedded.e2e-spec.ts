import 'reflect-metadata';
import fs from 'node:fs';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { TEST_ADMIN, permission, signInAgent, testConfig, tokenWithPermissions } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';

/**
 * The generic item categories (SKU BOM, PLU, PLU BOM, product) through the gateway: one table, names unique per
 * kind, a kind's category invisible under another kind, in-use refusal, archive / reactivate / rename / delete,
 * the events with their kind, and each kind's permission key.
 */
describe('item categories of every kind (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let database: TestDatabase;
  let dataDir: string;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    const setup = await testConfig();
    database = setup.database;
    dataDir = setup.dataDir;
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    agent = request.agent(app.getHttpServer());
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    catalogDb = new DataSource({ type: 'postgres', url: database.url, schema: 'catalog' });
    await catalogDb.initialize();
  });

  afterAll(async () => {
    await catalogDb?.destroy();
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const base = (kind: string) => `/api/catalog/item-categories/${kind}`;
  const ids: Record<string, string> = {};

  it('creates a category of each kind; the same name may exist once per kind, any case', async () => {
    for (const kind of ['sku-bom', 'plu', 'plu-bom', 'product']) {
      const created = await agent.post(base(kind)).send({ category_name: ' Bakery ' });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ category_name: 'Bakery', status: 'new', in_use: false });
      ids[kind] = created.body.data.category_id;
    }
    expect((await agent.get(`${base('plu-bom')}/${ids['plu-bom']}`)).body.data.kind).toBe('plu_bom');

    const duplicate = await agent.post(base('plu')).send({ category_name: 'BAKERY' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A category with this name already exists');
    expect(duplicate.body.errors).toContainEqual(expect.objectContaining({ field: 'category_name' }));
    const chinese = await agent.post(base('plu')).set('Accept-Language', 'zh-CN').send({ category_name: 'bakery' });
    expect(chinese.body.message).toBe('已存在同名类别');
  });

  it('validates the name with SPEC wording in English and Chinese', async () => {
    const blank = await agent.post(base('sku-bom')).send({ category_name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual(
      expect.objectContaining({ field: 'category_name', message: 'This field is required' }),
    );
    const slash = await agent.post(base('sku-bom')).set('Accept-Language', 'zh-CN').send({ category_name: 'A/B' });
    expect(slash.body.errors).toContainEqual(
      expect.objectContaining({ field: 'category_name', message: '数值不能包含斜杠' }),
    );
    const unknown = await agent.post(base('sku-bom')).send({ category_name: 'Dough', kind: 'plu' });
    expect(unknown.status).toBe(400);
  });

  it('keeps each kind apart: lists show only their kind, another kind’s id is not found', async () => {
    await agent.post(base('plu')).send({ category_name: 'Drinks' });
    const plu = await agent
      .post(`${base('plu')}/list`)
      .send({ order_by: [{ column: 'category_name', sort_type: 'ASC' }] });
    expect(plu.body.data.map((row: { category_name: string }) => row.category_name)).toEqual(['Bakery', 'Drinks']);
    expect(plu.body.recordsTotal).toBe(2);
    const skuBom = await agent.post(`${base('sku-bom')}/list`).send({});
    expect(skuBom.body.recordsTotal).toBe(1);
    const search = await agent.post(`${base('plu')}/list`).send({ search_str: 'drin' });
    expect(search.body.data).toHaveLength(1);

    const wrongKind = await agent.get(`${base('plu')}/${ids['sku-bom']}`);
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body.message).toBe('The category was not found');
    expect((await agent.delete(`${base('plu')}/${ids['sku-bom']}`)).status).toBe(404);
  });

  it('refuses archive and delete while a record uses the category, then archives, reactivates and deletes', async () => {
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('item_category', $1, 'product', 'P-1')`,
      [ids.product],
    );
    const archive = await agent.post(`${base('product')}/${ids.product}/archive`);
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('Category is in use, cannot be deleted or archived');
    const remove = await agent.delete(`${base('product')}/${ids.product}`).set('Accept-Language', 'zh-CN');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('类别正在使用中，无法删除或归档');
    expect((await agent.get(`${base('product')}/${ids.product}`)).body.data.in_use).toBe(true);
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'item_category'`);

    const renamed = await agent.put(`${base('product')}/${ids.product}`).send({ category_name: 'Watches' });
    expect(renamed.body.data).toMatchObject({ category_name: 'Watches', status: 'new' });
    const archived = await agent.post(`${base('product')}/${ids.product}/archive`);
    expect(archived.body.data.status).toBe('archived');
    const editArchived = await agent.put(`${base('product')}/${ids.product}`).send({ category_name: 'Rings' });
    expect(editArchived.status).toBe(409);
    expect(editArchived.body.message).toBe('This category is archived. Reactivate it before editing');
    const listed = await agent.post(`${base('product')}/list`).send({ other_params: { status: 'new_or_active' } });
    expect(listed.body.recordsTotal).toBe(0);
    const reactivated = await agent.post(`${base('product')}/${ids.product}/reactivate`);
    expect(reactivated.body.data.status).toBe('active');
    expect((await agent.delete(`${base('product')}/${ids.product}`)).status).toBe(200);
    expect((await agent.get(`${base('product')}/${ids.product}`)).status).toBe(404);

    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.item-category.%'
        AND envelope->'data'->>'category_id' = $1 ORDER BY id`,
      [ids.product],
    );
    expect(
      rows.map((row) => [
        row.subject,
        row.envelope.data.kind,
        row.envelope.data.category_name,
        row.envelope.data.status,
      ]),
    ).toEqual([
      ['catalog.item-category.upserted', 'product', 'Bakery', 'new'],
      ['catalog.item-category.upserted', 'product', 'Watches', 'new'],
      ['catalog.item-category.upserted', 'product', 'Watches', 'archived'],
      ['catalog.item-category.upserted', 'product', 'Watches', 'active'],
      ['catalog.item-category.deleted', 'product', undefined, undefined],
    ]);
    expect(rows.map((row) => row.envelope.data.revision)).toEqual([1, 2, 3, 4, 5]);
  });

  it('guards each kind with its own key (SKU_BOM, PLU, PLU_BOM; PRODUCT or RJ_PRODUCT for products)', async () => {
    const server = app.getHttpServer();
    const cases: [string, string][] = [
      ['sku-bom', 'SKU_BOM'],
      ['plu', 'PLU'],
      ['plu-bom', 'PLU_BOM'],
      ['product', 'PRODUCT'],
      ['product', 'RJ_PRODUCT'],
    ];
    for (const [kind, key] of cases) {
      const viewer = await tokenWithPermissions(runtime, [permission(key, true)]);
      const editor = await tokenWithPermissions(runtime, [permission(key, true, true)]);
      const stranger = await tokenWithPermissions(runtime, [permission('SKU', true, true)]);
      const list = (token: string) =>
        request(server)
          .post(`${base(kind)}/list`)
          .set('Authorization', `Bearer ${token}`)
          .send({});
      expect((await list(viewer)).status).toBe(200);
      expect((await list(stranger)).status).toBe(403);
      const create = (token: string) =>
        request(server)
          .post(base(kind))
          .set('Authorization', `Bearer ${token}`)
          .send({ category_name: `By ${key}` });
      expect((await create(viewer)).status).toBe(403);
      expect((await create(editor)).status).toBe(201);
    }
  });
});
