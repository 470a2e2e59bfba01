import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { TEST_ADMIN, expectEventually, signInAgent } from '@scm/testing';
import { mailboxDir, readMailbox } from '@scm/platform';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * Revocation in the distributed topology, where catalog verifies tokens locally with the public key: the
 * gateway asks identity about the session before forwarding, so sign-out, deactivation and a removed
 * permission hold at the very next request to catalog too.
 */
describe('sessions ended or changed at the next request (distributed mode)', () => {
  let stack: DistributedStack;
  let admin: TestAgent;
  let roleId: string;
  const PASSWORD = 'Kitchen#Ledger42';

  beforeAll(async () => {
    stack = await startDistributedStack('sessions');
    admin = await stack.signedInAgent();
    const role = await admin.post('/api/identity/roles').send(roleWith(true));
    expect(role.status).toBe(201);
    roleId = role.body.data.role_id;
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

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
      const found = (await readMailbox(mailboxDir(stack.dataDir))).find((m) => m.to === email);
      expect(found).toBeDefined();
      return found!;
    });
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const accepted = await request(stack.gatewayUrl)
      .put('/api/accept_invitation')
      .send({ token, password: PASSWORD, confirm_password: PASSWORD });
    expect(accepted.status).toBe(200);
    return invited.body.data.user_id as string;
  }

  async function signedIn(username: string): Promise<TestAgent> {
    const agent = request.agent(stack.gatewayUrl);
    await signInAgent(agent, username, PASSWORD);
    return agent;
  }

  const uomList = (agent: TestAgent) => agent.post('/api/catalog/uoms/list').send({});

  it('refuses the old cookie at catalog right after sign-out', async () => {
    const login = await request(stack.gatewayUrl)
      .post('/api/login')
      .send({ username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const csrf = cookies.find((c) => c.startsWith('scm_csrf='))!.slice('scm_csrf='.length);
    const before = await request(stack.gatewayUrl)
      .post('/api/catalog/uoms/list')
      .set('Cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({});
    expect(before.status).toBe(200);
    expect(
      (await request(stack.gatewayUrl).post('/api/logout').set('Cookie', cookie).set('x-csrf-token', csrf)).status,
    ).toBe(200);
    const after = await request(stack.gatewayUrl)
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
