import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { EpointKeyCreated, EpointPushResult, EpointRecordListRow } from '@scm/contracts';
import { TEST_ADMIN, createTestDatabase, expectEventually, signInAgent } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { freePort } from '@scm/platform';
// @ts-expect-error plain ESM script shared with `npm run start:distributed`
import { BACKEND_SERVICES, generateAuthKeys, startService } from '../../scripts/service-processes.mjs';

interface ServiceProcess {
  name: string;
  url: string;
  stop(): Promise<void>;
}

/**
 * POS AutoSync (issue 14) in the distributed topology: the POS calls the gateway with its key only (the gateway's
 * session gate passes a non-session bearer through untouched), a batch above the services' 1 MB JSON limit reaches
 * the inventory process, and the day's posting runs as a BullMQ job on Redis in that process — a late line of a
 * posted day too, as a correction.
 */
describe('POS AutoSync in distributed mode (gateway, BullMQ)', () => {
  let database: TestDatabase;
  let dataDir: string;
  const processes: ServiceProcess[] = [];
  let gatewayUrl: string;
  let agent: TestAgent;
  const output: string[] = [];
  const outlet = 'DEP-OUT1';

  beforeAll(async () => {
    database = await createTestDatabase('scm_dist_epoint');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-dist-epoint-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      NATS_URL: process.env.NATS_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      NATS_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(generateAuthKeys() as Record<string, string>),
    };
    const start = async (name: string) => {
      const service = (await startService(name, {
        port: await freePort(),
        env,
        onOutput: (_stream: string, text: string) => output.push(`[${name}] ${text}`),
      })) as ServiceProcess;
      processes.push(service);
      return service;
    };
    for (const name of BACKEND_SERVICES as string[]) env[`${name.toUpperCase()}_URL`] = (await start(name)).url;
    gatewayUrl = (await start('gateway')).url;
    agent = request.agent(gatewayUrl);
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
  }, 180_000);

  afterAll(async () => {
    for (const service of processes.reverse()) await service.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  afterEach(() => {
    if (expect.getState().assertionCalls === 0) process.stdout.write(output.join(''));
  });

  const push = (key: string, records: unknown[]) =>
    request(gatewayUrl).post('/api/inventory/epoint/records').set('Authorization', `Bearer ${key}`).send({ records });
  const line = (shift: string, date: string, stock = 'DEP-PLU-LATTE') => ({
    shift_code: shift,
    stock_code: stock,
    quantity: '1',
    amount: '4.50',
    epoint_date: date,
    uom: 'CUP',
  });
  const records = async (date: string) => {
    const response = await agent.post('/api/inventory/epoint/records/list').send({
      other_params: { location_ids: [outlet], epoint_date: { from: date, to: date } },
      limit: 1000,
    });
    expect(response.status).toBe(200);
    return (response.body as { data: EpointRecordListRow[]; recordsTotal: number }).data;
  };

  it('takes a POS push by key through the gateway and posts each day by a BullMQ job, a late line as a correction', async () => {
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'Region DEP' });
    const category = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Outlets DEP', sub_categories: [] });
    const location = await agent.post('/api/catalog/locations').send({
      location_id: outlet,
      location_name: 'Outlet DEP',
      is_operating: true,
      category_id: (category.body as { data: { category_id: string } }).data.category_id,
      sub_category_id: null,
      region_id: (region.body as { data: { region_id: string } }).data.region_id,
      address: '1 Ledger Road',
      country: 'Singapore',
      postal_code: '600001',
      contact_person: [],
      remark: '',
    });
    expect(location.status).toBe(201);
    // Inventory learns the outlet over NATS: the key can be made once it has.
    let key = '';
    await expectEventually(
      async () => {
        const created = await agent.post('/api/inventory/epoint/keys').send({ location_id: outlet, label: 'Till 1' });
        expect(created.status).toBe(201);
        key = (created.body as { data: EpointKeyCreated }).data.key;
      },
      { timeoutMs: 30_000 },
    );

    expect((await push('scmpos_wrong', [line('S1', '2026-06-01')])).status).toBe(401);

    // 10,000 lines of one day through the gateway: more than 1 MB of JSON.
    const many = Array.from({ length: 10_000 }, (_, index) => line(`S-${index}`, '2026-06-01', `DEP-PLU-${index % 5}`));
    const bulk = await push(key, many);
    expect(bulk.status).toBe(200);
    expect((bulk.body as { data: EpointPushResult }).data).toMatchObject({
      location_id: outlet,
      accepted: 10_000,
      days: ['2026-06-01'],
    });

    let dayUpload: string | null = null;
    await expectEventually(
      async () => {
        const rows = await records('2026-06-01');
        expect(rows.length).toBe(1000);
        for (const row of rows) expect(row.su_id).toEqual(expect.any(String));
        dayUpload = rows[0].su_id;
      },
      { timeoutMs: 60_000 },
    );

    const late = await push(key, [line('LATE', '2026-06-01'), line('S-0', '2026-06-01', 'DEP-PLU-0')]);
    expect((late.body as { data: EpointPushResult }).data).toMatchObject({ accepted: 1, duplicate: 1 });
    await expectEventually(
      async () => {
        const response = await agent.post('/api/inventory/epoint/records/list').send({
          other_params: { location_ids: [outlet], shift_code: 'LATE' },
        });
        const [row] = (response.body as { data: EpointRecordListRow[] }).data;
        expect(row?.su_id).toEqual(expect.any(String));
        expect(row?.su_id).not.toBe(dayUpload);
      },
      { timeoutMs: 30_000 },
    );
  });
});
