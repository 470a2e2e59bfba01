import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import { SUITE_HOOK_TIMEOUT_MS, fieldErrors, startCatalogSuite } from '@scm/testing';
import type TestAgent from 'supertest/lib/agent.js';

/**
 * The list query's bounds through the gateway (embedded mode): a page deeper than 100,000 rows and a sort order
 * other than asc / desc are refused with a 400 naming the field, in the caller's language; the web's upper-case
 * ASC / DESC and a lower-case asc are accepted.
 */
describe('list query bounds (embedded mode)', () => {
  let agent: TestAgent;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ agent, close } = await startCatalogSuite<NestFastifyApplication>(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  it('refuses a start beyond 100,000, naming start, in English and Chinese', async () => {
    const english = await agent.post('/api/catalog/uoms/list').send({ start: 100_001 });
    expect(english.status).toBe(400);
    expect(fieldErrors(english.body)).toEqual({ start: 'Value cannot be more than 100000' });
    const chinese = await agent.post('/api/catalog/uoms/list').set('Accept-Language', 'zh-CN').send({ start: 100_001 });
    expect(fieldErrors(chinese.body)).toEqual({ start: '数值不能超过 100000' });
    expect((await agent.post('/api/catalog/uoms/list').send({ start: 100_000 })).status).toBe(200);
  });

  it('refuses a sort order other than asc or desc, naming it, and takes either case', async () => {
    const refused = await agent
      .post('/api/catalog/uoms/list')
      .send({ order_by: [{ column: 'uom_name', sort_type: 'sideways' }] });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body)).toEqual({ 'order_by.0.sort_type': 'Sort order must be asc or desc' });
    for (const sortType of ['ASC', 'desc', 'Asc']) {
      const accepted = await agent
        .post('/api/catalog/uoms/list')
        .send({ order_by: [{ column: 'uom_name', sort_type: sortType }] });
      expect(accepted.status).toBe(200);
    }
  });

  it('refuses a cursor on a list that pages by start, naming cursor', async () => {
    const refused = await agent.post('/api/catalog/uoms/list').send({ cursor: 'abc' });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body)).toEqual({ cursor: 'This page link is no longer valid: load the list again' });
  });
});
