import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { TEST_ADMIN, createTestDatabase, expectEventually, signInAgent } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { freePort, mailboxDir, readMailbox } from '@scm/platform';
// @ts-expect-error plain ESM script shared with `npm run start:distributed`
import { BACKEND_SERVICES, generateAuthKeys, startService } from '../../scripts/service-processes.mjs';

interface ServiceProcess {
  name: string;
  url: string;
  stop(): Promise<void>;
}

/**
 * Revocation in the distributed topology, where catalog verifies tokens locally with the public key: the
 * gateway asks identity about the session before forwarding, so sign-out, deactivation and a removed
 * permission hold at the very next request to catalog too.
 */
describe('sessions ended or changed at the next request (distributed mode)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  const processes: ServiceProcess[] = [];
  let gatewayUrl: string;
  let admin: TestAgent;
  let roleId: string;
  const output: string[] = [];
  const PASSWORD = 'Kitchen#Ledger42';

  beforeAll(async () => {
    database = await createTestDatabase('scm_dist_sessions');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-dist-'));
    env = {
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
    admin = request.agent(gatewayUrl);
    await signInAgent(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const role = await admin.post('/api/identity/roles').send(roleWith(true));
    expect(role.status).toBe(201);
    roleId = role.body.data.role_id;
  }, 120_000);

  afterAll(async () => {
    for (const service of processes.reverse()) await service.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  afterEach(() => {
    if (expect.getState().assertionCalls === 0) process.stdout.write(output.join(''));
  });

  function roleWith(uomView: boolean) {
    return {
      role_name: 'UOM Reader',
      can_see_cost: false,
      approval_limit: null,
      permission_list: [{ permission: { key: 'UOM' }, view: uomView, edit: false, approval: false }],
    };
  }

  async function activeUser(username: string): Promise<string> {
    const email = `${username}@example.com`;
    const invited = await admin.post('/api/identity/users').send({
      employee_code: username.toUpperCase(),
      employee_name: username,
      email,
      username,
      role_id: roleId,
      location_list: ['OUTLET-1'],
    });
    expect(invited.status).toBe(201);
    const mail = await expectEventually(async () => {
      const found = (await readMailbox(mailboxDir(dataDir))).find((m) => m.to === email);
      expect(found).toBeDefined();
      return found!;
    });
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const accepted = await request(gatewayUrl)
      .put('/api/accept_invitation')
      .send({ token, password: PASSWORD, confirm_password: PASSWORD });
    expect(accepted.status).toBe(200);
    return invited.body.data.user_id as string;
  }

  async function signedIn(username: string): Promise<TestAgent> {
    const agent = request.agent(gatewayUrl);
    await signInAgent(agent, username, PASSWORD);
    return agent;
  }

  const uomList = (agent: TestAgent) => agent.post('/api/catalog/uoms/list').send({});

  it('refuses the old cookie at catalog right after sign-out', async () => {
    const login = await request(gatewayUrl)
      .post('/api/login')
      .send({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const csrf = cookies.find((c) => c.startsWith('scm_csrf='))!.slice('scm_csrf='.length);
    const before = await request(gatewayUrl)
      .post('/api/catalog/uoms/list')
      .set('Cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({});
    expect(before.status).toBe(200);
    expect((await request(gatewayUrl).post('/api/logout').set('Cookie', cookie).set('x-csrf-token', csrf)).status).toBe(
      200,
    );
    const after = await request(gatewayUrl)
      .post('/api/catalog/uoms/list')
      .set('Cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({});
    expect(after.status).toBe(401);
  });

  it('applies a permission removed from the role at the next request to catalog', async () => {
    await activeUser('reader');
    const agent = await signedIn('reader');
    expect((await uomList(agent)).status).toBe(200);
    expect((await admin.put(`/api/identity/roles/${roleId}`).send(roleWith(false))).status).toBe(200);
    expect((await uomList(agent)).status).toBe(403);
    expect((await admin.put(`/api/identity/roles/${roleId}`).send(roleWith(true))).status).toBe(200);
    expect((await uomList(agent)).status).toBe(200);
  });

  it('ends a deactivated user at the next request to catalog', async () => {
    const userId = await activeUser('leaver');
    const agent = await signedIn('leaver');
    expect((await uomList(agent)).status).toBe(200);
    expect((await admin.post(`/api/identity/users/${userId}/deactivate`)).status).toBe(200);
    expect((await uomList(agent)).status).toBe(401);
  });
});
