import 'reflect-metadata';
import fs from 'node:fs';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, TEST_ADMIN, expectEventually, signInAgent, testConfig } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/**
 * A session ends, or changes, at the next request: signing out kills the old cookie at once; removing a
 * permission, changing a user's locations or deactivating them takes effect without waiting for the access
 * token to renew. The CSRF token is bound to its session.
 */
describe('session revocation and CSRF binding (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let admin: TestAgent;
  const newAgent = () => request.agent(app.getHttpServer());
  const PASSWORD = 'Kitchen#Ledger42';
  let roleId: string;

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    admin = newAgent();
    await signInAgent(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const role = await admin.post('/api/identity/roles').send(roleWith(true));
    expect(role.status).toBe(201);
    roleId = role.body.data.role_id;
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SUITE_HOOK_TIMEOUT_MS);

  function roleWith(uomView: boolean) {
    return {
      role_name: 'UOM Reader',
      can_see_cost: false,
      approval_limit: null,
      permission_list: [
        { permission: { key: 'UOM' }, view: uomView, edit: false, approval: false },
        { permission: { key: 'USER' }, view: true, edit: false, approval: false },
      ],
    };
  }

  /** Invites a user with the role and accepts the invitation from the mailed link; returns the user id. */
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
      const found = (await readMailbox(mailboxDir(runtime.config.dataDir))).find((m) => m.to === email);
      expect(found).toBeDefined();
      return found!;
    });
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const accepted = await newAgent()
      .put('/api/accept_invitation')
      .send({ token, password: PASSWORD, confirm_password: PASSWORD });
    expect(accepted.status).toBe(200);
    return invited.body.data.user_id as string;
  }

  async function signedIn(username: string): Promise<TestAgent> {
    const agent = newAgent();
    await signInAgent(agent, username, PASSWORD);
    return agent;
  }

  const uomList = (agent: TestAgent) => agent.post('/api/catalog/uoms/list').send({});

  /** Signs in without an agent: the session and CSRF cookie values, as someone who copied them would hold. */
  async function signInCookies(username: string): Promise<{ session: string; csrf: string; cookie: string }> {
    const response = await request(app.getHttpServer()).post('/api/login').send({ username, password: PASSWORD });
    expect(response.status).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const value = (name: string) => cookies.map((c) => new RegExp(`^${name}=([^;]+)`).exec(c)?.[1]).find(Boolean)!;
    const session = value('scm_session');
    const csrf = value('scm_csrf');
    return { session, csrf, cookie: `scm_session=${session}; scm_csrf=${csrf}` };
  }

  /** The claims inside a session cookie set by an answer (the JWT payload). */
  function claimsSetBy(response: { headers: Record<string, unknown> }): { locs: string[] } {
    const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | undefined) ?? []);
    const token = cookies.map((c) => /^scm_session=([^;]+)/.exec(c)?.[1]).find(Boolean);
    expect(token).toBeDefined();
    return JSON.parse(Buffer.from(token!.split('.')[1], 'base64url').toString()) as { locs: string[] };
  }

  it('ends the old session at sign-out: its cookie no longer reads or writes', async () => {
    await activeUser('leaver');
    const { cookie, csrf } = await signInCookies('leaver');
    const signOut = await request(app.getHttpServer())
      .post('/api/logout')
      .set('Cookie', cookie)
      .set('x-csrf-token', csrf);
    expect(signOut.status).toBe(200);
    // The same cookie, replayed by someone who kept it.
    const replayedRead = await request(app.getHttpServer()).get('/api/encryption_public_key').set('Cookie', cookie);
    expect(replayedRead.status).toBe(401);
    const replayedWrite = await request(app.getHttpServer())
      .post('/api/catalog/uoms/list')
      .set('Cookie', cookie)
      .set('x-csrf-token', csrf)
      .send({});
    expect(replayedWrite.status).toBe(401);
    expect(replayedWrite.body.code).toBe('SESSION_EXPIRED');
  });

  it('refuses a sign-out without the CSRF header, keeping the session', async () => {
    const agent = await signedIn('leaver');
    const forged = await agent.post('/api/logout').set('x-csrf-token', '');
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF_FAILED');
    expect((await uomList(agent)).status).toBe(200);
  });

  it('refuses a CSRF value that is merely equal in cookie and header, or belongs to another session', async () => {
    const { session } = await signInCookies('leaver');
    const planted = 'a'.repeat(32);
    const equal = await request(app.getHttpServer())
      .post('/api/catalog/uoms/list')
      .set('Cookie', `scm_session=${session}; scm_csrf=${planted}`)
      .set('x-csrf-token', planted)
      .send({});
    expect(equal.status).toBe(403);
    expect(equal.body.code).toBe('CSRF_FAILED');
    const otherSessionToken = (await signInCookies('leaver')).csrf;
    const foreign = await request(app.getHttpServer())
      .post('/api/catalog/uoms/list')
      .set('Cookie', `scm_session=${session}; scm_csrf=${otherSessionToken}`)
      .set('x-csrf-token', otherSessionToken)
      .send({});
    expect(foreign.status).toBe(403);
  });

  it('applies a permission removed from the role at the next request, and a permission given back too', async () => {
    const agent = await signedIn('leaver');
    const unchanged = await uomList(agent);
    expect(unchanged.status).toBe(200);
    // Nothing changed: the token is not reissued.
    expect(String(unchanged.headers['set-cookie'] ?? '')).not.toMatch(/scm_session=/);
    expect((await admin.put(`/api/identity/roles/${roleId}`).send(roleWith(false))).status).toBe(200);
    const refused = await uomList(agent);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await admin.put(`/api/identity/roles/${roleId}`).send(roleWith(true))).status).toBe(200);
    const allowed = await uomList(agent);
    expect(allowed.status).toBe(200);
    // The browser got the fresh token, so the next request needs no renewal.
    expect(String(allowed.headers['set-cookie'])).toMatch(/scm_session=/);
  });

  it('applies a change of the user locations at the next request', async () => {
    const userId = await activeUser('mover');
    const agent = await signedIn('mover');
    expect((await uomList(agent)).status).toBe(200);
    const updated = await admin.put(`/api/identity/users/${userId}`).send({
      employee_code: 'MOVER',
      employee_name: 'mover',
      email: 'mover@example.com',
      username: 'mover',
      role_id: roleId,
      location_list: ['OUTLET-2'],
    });
    expect(updated.status).toBe(200);
    // The very next request runs with the new locations, and hands the browser the token that carries them.
    const next = await uomList(agent);
    expect(next.status).toBe(200);
    expect(claimsSetBy(next).locs).toEqual(['OUTLET-2']);
  });

  it('ends the sessions of a deactivated user at the next request, reads and writes alike', async () => {
    const userId = await activeUser('gone');
    const agent = await signedIn('gone');
    expect((await uomList(agent)).status).toBe(200);
    expect((await admin.post(`/api/identity/users/${userId}/deactivate`)).status).toBe(200);
    expect((await uomList(agent)).status).toBe(401);
    expect((await agent.get('/api/encryption_public_key')).status).toBe(401);
  });

  it('applies the same to bearer tokens (API clients)', async () => {
    const userId = await activeUser('robot');
    const bearer = (await signInCookies('robot')).session;
    const call = () =>
      request(app.getHttpServer()).post('/api/catalog/uoms/list').set('Authorization', `Bearer ${bearer}`).send({});
    expect((await call()).status).toBe(200);
    expect((await admin.post(`/api/identity/users/${userId}/deactivate`)).status).toBe(200);
    expect((await call()).status).toBe(401);
  });
});
