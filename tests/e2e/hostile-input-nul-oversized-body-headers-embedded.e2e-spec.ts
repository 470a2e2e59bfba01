import 'reflect-metadata';
import fs from 'node:fs';
import { createEmbeddedApp } from '@scm/gateway';
import {
  SUITE_HOOK_TIMEOUT_MS,
  TEST_ADMIN,
  fieldErrors,
  signInAgent,
  startCatalogSuite,
  testConfig,
} from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/**
 * What a hostile or careless client sends: NUL characters in any string, path id or search, a JSON body far
 * beyond a form's size; and the headers every answer carries so the browser protects the user.
 */
describe('hostile input and security headers (embedded mode)', () => {
  let app: NestFastifyApplication;
  let agent: TestAgent;
  let close: () => Promise<void>;
  const anonymous = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, agent, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const NUL = 'Cen\u0000tral';

  it.each([
    ['a region', '/api/catalog/regions', { region_name: NUL }, 'region_name'],
    ['a customer', '/api/catalog/customers', { customer_name: NUL }, 'customer_name'],
    ['a supplier', '/api/catalog/suppliers', { supplier_name: NUL }, 'supplier_name'],
    ['a SKU', '/api/catalog/skus', { sku_name: NUL }, 'sku_name'],
    ['a list search', '/api/catalog/locations/list', { search_str: NUL }, 'search_str'],
    ['a nested value', '/api/catalog/regions', { region_name: 'North', remark: ['x', NUL] }, 'remark.1'],
  ])('refuses a NUL character in %s with 400 naming the field', async (_what, path, body, field) => {
    const response = await agent.post(path).send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(fieldErrors(response.body)).toEqual({ [field]: 'Value cannot contain a NUL character' });
  });

  it('refuses a NUL character in a path id, in Chinese for a Chinese caller', async () => {
    const response = await agent.get('/api/catalog/locations/OUT%00LET').set('Accept-Language', 'zh-CN');
    expect(response.status).toBe(400);
    expect(fieldErrors(response.body)).toEqual({ id: '值不能包含 NUL 字符' });
    const update = await agent.put('/api/catalog/locations/%00').send({});
    expect(update.status).toBe(400);
  });

  it('refuses a NUL character in the sign-in name without a server error', async () => {
    const response = await anonymous().post('/api/login').send({ username: 'ad\u0000min', password: 'x' });
    expect(response.status).toBe(400);
    expect(fieldErrors(response.body)).toEqual({ username: 'Value cannot contain a NUL character' });
  });

  it('does not let a client choose the address the sign-in throttle counts by (TRUST_PROXY unset)', async () => {
    // Each guess claims another address; without a trusted proxy the header is ignored, so they add up.
    const guess = (i: number) =>
      anonymous()
        .post('/api/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ username: 'nobody-here', password: `wrong-${i}` });
    for (let i = 1; i <= 3; i += 1) expect((await guess(i)).status).toBe(401);
    const slowed = await guess(4);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses a JSON body over 1 MB with 413 and a translated message', async () => {
    const huge = { region_name: 'North', remark: 'x'.repeat(1024 * 1024 + 10) };
    const response = await agent.post('/api/catalog/regions').send(huge);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large',
    });
    const zh = await agent.post('/api/catalog/regions').set('Accept-Language', 'zh-CN').send(huge);
    expect(zh.body.message).toBe('请求内容过大');
  });

  it('sends the security headers on API answers and on the web app', async () => {
    for (const response of [await anonymous().get('/api/token'), await anonymous().get('/')]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('does not ask for HTTPS because a client claims it (no trusted proxy)', async () => {
    const response = await anonymous().get('/api/token').set('X-Forwarded-Proto', 'https');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the API documentation open outside production', async () => {
    const docs = await anonymous().get('/api/docs/json');
    expect(docs.status).toBe(200);
    expect(docs.body.paths).toHaveProperty(['/api/login']);
  });
});

describe('API documentation and HTTPS in production behind a proxy', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    // Production, reached over plain HTTP by the test client: cookies without the Secure flag. The test client
    // plays the TLS-terminating proxy in front (TRUST_PROXY).
    const setup = await testConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', TRUST_PROXY: 'true' });
    ({ database, dataDir } = setup);
    ({ app, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SUITE_HOOK_TIMEOUT_MS);

  it('asks the browser for HTTPS when the trusted proxy says the product was reached over HTTPS', async () => {
    const plain = await request(app.getHttpServer()).get('/api/token');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await request(app.getHttpServer()).get('/api/token').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('shows the page and the document only to a signed-in user', async () => {
    for (const path of ['/api/docs', '/api/docs/json']) {
      const anonymous = await request(app.getHttpServer()).get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    const agent = request.agent(app.getHttpServer());
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await agent.get('/api/docs')).status).toBe(200);
    expect((await agent.get('/api/docs/json')).status).toBe(200);
  });
});
