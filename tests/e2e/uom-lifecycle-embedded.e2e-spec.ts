import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  TEST_ADMIN,
  expectEventually,
  permission,
  tokenWithPermissions,
  SUITE_HOOK_TIMEOUT_MS,
  startCatalogSuite,
} from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * The foundation's vertical slice in embedded mode, through the gateway: sign in, create / edit / archive /
 * reactivate / delete a UOM, and watch inventory's replica follow.
 */
describe('UOM lifecycle through the gateway (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp, { signIn: false }));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const replicaRows = async () => {
    const response = await agent.post('/api/inventory/uoms/list').send({ limit: 100 });
    expect(response.status).toBe(200);
    return response.body.data as { uom_id: string; uom_name: string; status: string; revision: number }[];
  };

  it('tells an anonymous visitor they are not signed in and refuses the API', async () => {
    const token = await request(app.getHttpServer()).get('/api/token');
    expect(token.status).toBe(200);
    expect(token.body.data).toEqual({ token: null, user: null });
    const list = await request(app.getHttpServer()).post('/api/catalog/uoms/list').send({});
    expect(list.status).toBe(401);
    expect(list.body).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Verification failed, please Login again.',
    });
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/login')
      .send({ username: TEST_ADMIN.email, password: 'nope' });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Incorrect email/username or password');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('signs the administrator in with an HttpOnly cookie and answers /api/token with the director role', async () => {
    const login = await agent.post('/api/login').send({ username: 'ADMIN', password: TEST_ADMIN.password });
    expect(login.status).toBe(200);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(cookies.find((cookie) => cookie.startsWith('scm_session='))).toMatch(
      /HttpOnly.+SameSite=Lax|SameSite=Lax.+HttpOnly/i,
    );
    const csrf = /^scm_csrf=([^;]+)/.exec(cookies.find((cookie) => cookie.startsWith('scm_csrf=')) ?? '')?.[1];
    expect(csrf).toEqual(expect.any(String));
    // A cookie-authenticated change without the CSRF header (a cross-site form post) is refused.
    const forged = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'X', secondary_uom: 'Y', uom_per_primary: 1 });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF_FAILED');
    agent.set('x-csrf-token', csrf!);
    const token = await agent.get('/api/token');
    expect(token.status).toBe(200);
    expect(token.body.data.token).toEqual(expect.any(String));
    expect(token.body.data.user).toMatchObject({
      email: TEST_ADMIN.email,
      role: { role_name: 'director', can_see_cost: true, approval_limit: null },
    });
    expect(token.body.data.user.role.permission_list).toContainEqual(permission('UOM', true, true, true));
  });

  let uomId: string;

  it('creates a UOM and the inventory replica receives it', async () => {
    const created = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: ' PCS ', secondary_uom: 'CARTON', uom_per_primary: '24' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 201, message: 'Created successfully' });
    expect(created.body.data).toMatchObject({
      uom_name: 'PCS',
      secondary_uom: 'CARTON',
      uom_per_primary: '24.000',
      status: 'new',
    });
    uomId = created.body.data.uom_id;
    await expectEventually(async () => {
      const rows = await replicaRows();
      expect(rows).toContainEqual(expect.objectContaining({ uom_id: uomId, uom_name: 'PCS', revision: 1 }));
    });
  });

  it('lists UOMs with search, sort and paging', async () => {
    await agent.post('/api/catalog/uoms').send({ uom_name: 'KG', secondary_uom: 'BAG', uom_per_primary: 25 });
    const page = await agent
      .post('/api/catalog/uoms/list')
      .send({ search_str: 'pc', limit: 10, start: 0, order_by: [{ column: 'uom_name', sort_type: 'ASC' }] });
    expect(page.status).toBe(200);
    expect(page.body.recordsTotal).toBe(1);
    expect(page.body.data[0]).toMatchObject({ uom_id: uomId, uom_name: 'PCS', in_use: false });
  });

  it('refuses a sort column that is not whitelisted, naming the field', async () => {
    const response = await agent
      .post('/api/catalog/uoms/list')
      .send({ order_by: [{ column: 'uom_name; DROP TABLE uom', sort_type: 'ASC' }] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      field: 'order_by[0].column',
      message: 'This column cannot be sorted',
    });
  });

  it('answers validation errors with SPEC wording, per field, in the caller language', async () => {
    const english = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: '', secondary_uom: 'A/B', uom_per_primary: '1.2345' });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('One or more fields are not filled in correctly');
    expect(english.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'uom_name', message: 'This field is required' }),
        expect.objectContaining({ field: 'secondary_uom', message: 'Value cannot have slash' }),
        expect.objectContaining({
          field: 'uom_per_primary',
          message: 'Please enter a number with at most 3 decimal places',
        }),
      ]),
    );
    const chinese = await agent
      .post('/api/catalog/uoms')
      .set('Accept-Language', 'zh-CN,zh;q=0.9')
      .send({ uom_per_primary: 0 });
    expect(chinese.body.message).toBe('一项或多项未正确填写');
    expect(chinese.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'uom_name', message: '此项为必填项' }),
        expect.objectContaining({ field: 'uom_per_primary', message: '数值必须大于 0' }),
      ]),
    );
    const unknown = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'X', secondary_uom: 'Y', uom_per_primary: 1, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(
      expect.objectContaining({ field: 'colour', rule: 'validation.unknown_field' }),
    );
  });

  it('refuses a duplicate UOM with a clear message', async () => {
    const response = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'pcs', secondary_uom: 'carton', uom_per_primary: 12 });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CATALOG_UOM_DUPLICATE');
  });

  it('edits a UOM and the replica follows the newer revision', async () => {
    const edited = await agent
      .put(`/api/catalog/uoms/${uomId}`)
      .send({ uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: '12.5' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.uom_per_primary).toBe('12.500');
    await expectEventually(async () => {
      expect(await replicaRows()).toContainEqual(expect.objectContaining({ uom_id: uomId, revision: 2 }));
    });
  });

  it('refuses archive and delete while the UOM is in use, with the SPEC message', async () => {
    const usage = await agent.post('/api/catalog/uoms/list').send({ search_str: 'PCS' });
    expect(usage.body.data[0].in_use).toBe(false);
    // A SKU using this UOM is recorded in catalog's usage table (SKUs arrive with the master-data issue).
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('uom', $1, 'sku', 'SKU-1')`,
      [uomId],
    );
    const archive = await agent.post(`/api/catalog/uoms/${uomId}/archive`).set('Accept-Language', 'en');
    expect(archive.status).toBe(409);
    expect(archive.body.message).toBe('UOM is in use, cannot be deleted or archived');
    const remove = await agent.delete(`/api/catalog/uoms/${uomId}`).set('Accept-Language', 'zh-CN');
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('计量单位正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_id = $1`, [uomId]);
  });

  it('archives and reactivates, and the replica shows each status', async () => {
    const archived = await agent.post(`/api/catalog/uoms/${uomId}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.data.status).toBe('archived');
    await expectEventually(async () => {
      expect(await replicaRows()).toContainEqual(expect.objectContaining({ uom_id: uomId, status: 'archived' }));
    });
    const activeOnly = await agent.post('/api/catalog/uoms/list').send({ other_params: { status: 'new_or_active' } });
    expect(activeOnly.body.data.map((row: { uom_id: string }) => row.uom_id)).not.toContain(uomId);
    const reactivated = await agent.post(`/api/catalog/uoms/${uomId}/reactivate`);
    expect(reactivated.body.data.status).toBe('active');
    await expectEventually(async () => {
      expect(await replicaRows()).toContainEqual(expect.objectContaining({ uom_id: uomId, status: 'active' }));
    });
  });

  it('creates once for a repeated Idempotency-Key and refuses the key for another body', async () => {
    const body = { uom_name: 'BOX', secondary_uom: 'PALLET', uom_per_primary: 40 };
    const first = await agent.post('/api/catalog/uoms').set('Idempotency-Key', 'create-box').send(body);
    const second = await agent.post('/api/catalog/uoms').set('Idempotency-Key', 'create-box').send(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.uom_id).toBe(first.body.data.uom_id);
    const list = await agent.post('/api/catalog/uoms/list').send({ search_str: 'PALLET' });
    expect(list.body.recordsTotal).toBe(1);
    const other = await agent
      .post('/api/catalog/uoms')
      .set('Idempotency-Key', 'create-box')
      .send({ ...body, uom_per_primary: 41 });
    expect(other.status).toBe(422);
  });

  it('deletes a UOM and the replica drops it', async () => {
    const removed = await agent.delete(`/api/catalog/uoms/${uomId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Deleted successfully');
    await expectEventually(async () => {
      expect((await replicaRows()).map((row) => row.uom_id)).not.toContain(uomId);
    });
    const gone = await agent.get(`/api/catalog/uoms/${uomId}`);
    expect(gone.status).toBe(404);
    const malformed = await agent.get('/api/catalog/uoms/not-a-uuid');
    expect(malformed.status).toBe(404);
  });

  it('enforces the UOM permission: view-only users can list but not create', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('UOM', true)]);
    const server = app.getHttpServer();
    const list = await request(server).post('/api/catalog/uoms/list').set('Authorization', `Bearer ${viewer}`).send({});
    expect(list.status).toBe(200);
    const create = await request(server)
      .post('/api/catalog/uoms')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ uom_name: 'L', secondary_uom: 'ML', uom_per_primary: 1000 });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(
      'You do not have permission to access. Please contact the administrator for help.',
    );
    const stranger = await tokenWithPermissions(runtime, [permission('PO', true, true, true)]);
    const denied = await request(server)
      .post('/api/catalog/uoms/list')
      .set('Authorization', `Bearer ${stranger}`)
      .send({});
    expect(denied.status).toBe(403);
  });

  it('rebuilds the replica from nothing by replaying catalog events', async () => {
    const before = await replicaRows();
    const rebuilt = await agent.post('/api/inventory/uoms/rebuild');
    expect(rebuilt.status).toBe(200);
    await expectEventually(async () => {
      const after = await replicaRows();
      expect(after.map((row) => [row.uom_id, row.revision]).sort()).toEqual(
        before.map((row) => [row.uom_id, row.revision]).sort(),
      );
    });
  });

  it('serves the web app for any browser path and the 404 envelope for unknown API paths', async () => {
    const server = app.getHttpServer();
    const page = await request(server).get('/PLUSKU/uom/new');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const index = await request(server).get('/');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index.text)![1];
    const script = await request(server).get(asset);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.headers['content-type']).toMatch(/javascript/);
    const traversal = await request(server).get('/%2e%2e/package.json');
    expect(traversal.text).not.toContain('"workspaces"');
    const unknown = await request(server).get('/api/nothing-here').set('Accept-Language', 'zh-CN');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, code: 'NOT_FOUND', message: '未找到该记录' });
  });

  it('serves OpenAPI, health and metrics', async () => {
    const server = app.getHttpServer();
    const docs = await request(server).get('/api/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/catalog/uoms/list']));
    expect((await request(server).get('/health/live')).status).toBe(200);
    const ready = await request(server).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ 'db:catalog': 'ok', 'db:inventory': 'ok', 'db:identity': 'ok' });
    const environment = await request(server).get('/api/environment');
    expect(environment.body).toEqual({ status: 200, message: 'Success', data: { environment: 'DEV' } });
    const metrics = await request(server).get('/metrics');
    expect(metrics.text).toContain('http_request_duration_seconds');
  });

  it('signs out: the cookie is cleared and the session cannot be renewed', async () => {
    const logout = await agent.post('/api/logout');
    expect(logout.status).toBe(200);
    const token = await agent.get('/api/token');
    expect(token.body.data).toEqual({ token: null, user: null });
  });
});
