import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
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
 * The procurement process in the distributed topology: started with the others, it learns catalog's suppliers
 * over NATS into its own schema, and the gateway routes /api/procurement/... to it.
 */
describe('procurement replicas in distributed mode', () => {
  let database: TestDatabase;
  let dataDir: string;
  const processes: ServiceProcess[] = [];
  let agent: TestAgent;
  let db: pg.Client;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('scm_dist_proc');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-dist-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      NATS_URL: process.env.NATS_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      // A namespace of its own on the shared NATS server, so earlier runs' streams never interfere.
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
    agent = request.agent((await start('gateway')).url);
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    for (const service of processes.reverse()) await service.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  afterEach(() => {
    if (expect.getState().assertionCalls === 0) process.stdout.write(output.join(''));
  });

  it("replicates catalog's supplier into the procurement process over NATS", async () => {
    const category = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Dry goods' });
    expect(category.status).toBe(201);
    const created = await agent.post('/api/catalog/suppliers').send({
      supplier_id: 'S1',
      company_name: 'Supplier S1',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '80',
      category_id: category.body.data.category_id,
      gst_price_type: 'inclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
    expect(created.status).toBe(201);
    await expectEventually(async () => {
      const { rows } = await db.query(
        `SELECT gst_price_type, minimum_order_value::text AS mov FROM procurement.supplier_replica
          WHERE supplier_id = 'S1'`,
      );
      expect(rows).toEqual([{ gst_price_type: 'inclusive', mov: '80.0000' }]);
    });
  });

  it('routes /api/procurement/... through the gateway to the procurement process', async () => {
    const rebuilt = await agent.post('/api/procurement/replicas/rebuild');
    expect(rebuilt.status).toBe(200);
    const { rows } = await db.query(`SELECT supplier_id FROM procurement.supplier_replica`);
    expect(rows).toEqual([{ supplier_id: 'S1' }]);
  });
});
