import 'reflect-metadata';
import fs from 'node:fs';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { TEST_ADMIN, expectEventually, signInAgent, testConfig } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/**
 * Identity and access through the gateway: roles, invitations accepted from the mailbox link, password
 * rules, session revocation, throttling, forgot / reset password and the draft key.
 */
describe('identity: users, roles, invitations, passwords and sessions', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let admin: TestAgent;
  let db: pg.Client;
  const server = () => app.getHttpServer();
  const newAgent = () => request.agent(server());
  const STRONG = 'Kitchen#Ledger42';

  beforeAll(async () => {
    // As behind a load balancer: the throttle scenarios name each client's address in X-Forwarded-For.
    const setup = await testConfig({ TRUST_PROXY: 'true' });
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    admin = newAgent();
    await signInAgent(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The token of the newest `path` link mailed to `to`, once more than `after` such mails arrived. */
  const linkFor = async (to: string, path: '/invite' | '/reset', after = 0): Promise<string> => {
    const mail = await expectEventually(async () => {
      const mails = (await readMailbox(mailboxDir(runtime.config.dataDir))).filter(
        (m) => m.to === to && m.text.includes(`${path}?token=`),
      );
      expect(mails.length).toBeGreaterThan(after);
      return mails[mails.length - 1];
    });
    const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(match).not.toBeNull();
    return match![1];
  };
  const mailCount = async (to: string) =>
    (await readMailbox(mailboxDir(runtime.config.dataDir))).filter((m) => m.to === to).length;

  let roleId: string;
  let userId: string;

  it('creates a role, completing implied permissions and forcing cost visibility for stock-adjustment approval', async () => {
    const created = await admin.post('/api/identity/roles').send({
      role_name: 'Store Keeper',
      can_see_cost: false,
      approval_limit: '500',
      permission_list: [
        { permission: { key: 'UOM' }, view: true, edit: false, approval: false },
        { permission: { key: 'SA' }, view: false, edit: false, approval: true },
      ],
    });
    expect(created.status).toBe(201);
    roleId = created.body.data.role_id;
    expect(created.body.data).toMatchObject({
      role_name: 'Store Keeper',
      can_see_cost: true,
      approval_limit: '500.00',
    });
    expect(created.body.data.permission_list).toEqual([
      { permission: { key: 'SA' }, view: true, edit: true, approval: true },
      { permission: { key: 'UOM' }, view: true, edit: false, approval: false },
    ]);
    const duplicate = await admin
      .post('/api/identity/roles')
      .send({ role_name: 'store keeper', can_see_cost: false, approval_limit: null, permission_list: [] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({
      field: 'role_name',
      message: 'A role with this name already exists',
    });
  });

  it('invites a user, who appears as Invited and receives a link in the mailbox', async () => {
    const invited = await admin.post('/api/identity/users').send({
      employee_code: 'E100',
      employee_name: 'Mei Ling',
      email: 'Mei.Ling@Example.com',
      username: 'meiling',
      role_id: roleId,
      location_list: ['OUTLET-1'],
      language: 'zh-CN',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.message).toBe('Invitation sent');
    expect(invited.body.data).toMatchObject({
      status: 'Invited',
      email: 'mei.ling@example.com',
      role_name: 'Store Keeper',
    });
    expect(invited.body.data.password_hash).toBeUndefined();
    userId = invited.body.data.user_id;
    const list = await admin.post('/api/identity/users/list').send({ search_str: 'mei' });
    expect(list.body.data).toEqual([
      expect.objectContaining({ user_id: userId, status: 'Invited', role_name: 'Store Keeper' }),
    ]);
    await expectEventually(async () => expect(await mailCount('mei.ling@example.com')).toBe(1));
    const subject = (await readMailbox(mailboxDir(runtime.config.dataDir))).find(
      (m) => m.to === 'mei.ling@example.com',
    )!.subject;
    expect(subject).toBe('邀请您使用 SCM');
  });

  it('refuses duplicate e-mails and usernames on the field', async () => {
    const again = await admin.post('/api/identity/users').send({
      employee_code: 'E101',
      employee_name: 'Other',
      email: 'mei.ling@example.com',
      username: 'other',
      role_id: roleId,
      location_list: [],
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'email', message: 'A user with this email already exists' });
  });

  it('resends the invitation, voiding the earlier link', async () => {
    const first = await linkFor('mei.ling@example.com', '/invite');
    const resent = await admin.post(`/api/resend_invitation/${userId}`);
    expect(resent.status).toBe(200);
    const second = await linkFor('mei.ling@example.com', '/invite', 1);
    expect(second).not.toBe(first);
    const stale = await newAgent()
      .put('/api/accept_invitation')
      .send({ token: first, password: STRONG, confirm_password: STRONG });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('IDENTITY_LINK_INVALID');
  });

  it('applies the password rules when accepting, then activates the user; the link works once', async () => {
    const token = await linkFor('mei.ling@example.com', '/invite', 1);
    const weak = await newAgent()
      .put('/api/accept_invitation')
      .send({ token, password: 'short', confirm_password: 'other' });
    expect(weak.status).toBe(400);
    const rules = weak.body.errors.map((e: { rule: string }) => e.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        'validation.password_length',
        'validation.password_upper',
        'validation.password_number',
        'validation.password_special',
        'validation.password_mismatch',
      ]),
    );
    const common = await newAgent()
      .put('/api/accept_invitation')
      .send({ token, password: 'Password123!', confirm_password: 'Password123!' });
    expect(common.status).toBe(400);
    expect(common.body.errors[0]).toMatchObject({
      field: 'password',
      message: 'This password is too common. Please choose another one.',
    });
    const accepted = await newAgent()
      .put('/api/accept_invitation')
      .send({ token, password: STRONG, confirm_password: STRONG });
    expect(accepted.status).toBe(200);
    const reused = await newAgent()
      .put('/api/accept_invitation')
      .send({ token, password: STRONG, confirm_password: STRONG });
    expect(reused.body.code).toBe('IDENTITY_LINK_INVALID');
    const user = await admin.get(`/api/identity/users/${userId}`);
    expect(user.body.data.status).toBe('Active');
  });

  let keeper: TestAgent;

  it('signs the new user in by username with exactly the role permissions', async () => {
    keeper = newAgent();
    await signInAgent(keeper, 'MeiLing', STRONG);
    const token = await keeper.get('/api/token');
    expect(token.body.data.user.role.role_name).toBe('Store Keeper');
    expect((await keeper.post('/api/catalog/uoms/list').send({})).status).toBe(200);
    const create = await keeper
      .post('/api/catalog/uoms')
      .send({ uom_name: 'A', secondary_uom: 'B', uom_per_primary: 1 });
    expect(create.status).toBe(403);
    expect((await keeper.post('/api/identity/users/list').send({})).status).toBe(403);
  });

  it('applies a role change at the next /api/token', async () => {
    const edited = await admin.put(`/api/identity/roles/${roleId}`).send({
      role_name: 'Store Keeper',
      can_see_cost: false,
      approval_limit: null,
      permission_list: [{ permission: { key: 'SKU' }, view: true, edit: false, approval: false }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.user_count).toBe(1);
    const token = await keeper.get('/api/token');
    expect(token.body.data.user.role.permission_list).toEqual([
      { permission: { key: 'SKU' }, view: true, edit: false, approval: false },
    ]);
    expect((await keeper.post('/api/catalog/uoms/list').send({})).status).toBe(403);
  });

  it('refuses to delete a role in use or the director role, and the director cannot deactivate themself', async () => {
    const inUse = await admin.delete(`/api/identity/roles/${roleId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('Role is in use, cannot be deleted');
    const roles = await admin.post('/api/identity/roles/list').send({ search_str: 'director' });
    const director = roles.body.data[0];
    expect((await admin.delete(`/api/identity/roles/${director.role_id}`)).body.code).toBe(
      'IDENTITY_ROLE_DIRECTOR_PROTECTED',
    );
    const me = (await admin.get('/api/token')).body.data.user.user_id;
    const self = await admin.post(`/api/identity/users/${me}/deactivate`);
    expect(self.status).toBe(403);
  });

  it('ends the sessions of a deactivated user at once and refuses their sign-in', async () => {
    const deactivated = await admin.post(`/api/identity/users/${userId}/deactivate`);
    expect(deactivated.body.data.status).toBe('Inactive');
    const token = await keeper.get('/api/token');
    expect(token.status).toBe(401);
    const again = await newAgent().post('/api/login').send({ username: 'meiling', password: STRONG });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('IDENTITY_ACCOUNT_INACTIVE');
    const reactivated = await admin.post(`/api/identity/users/${userId}/activate`);
    expect(reactivated.body.data.status).toBe('Active');
  });

  it('answers forgot-password the same for unknown accounts, and a reset ends every session', async () => {
    const unknown = await newAgent().post('/api/forgot_password').send({ email: 'nobody@example.com' });
    const known = await newAgent().post('/api/forgot_password').send({ email: 'mei.ling@example.com' });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const token = await linkFor('mei.ling@example.com', '/reset');
    const session = newAgent();
    await signInAgent(session, 'meiling', STRONG);
    const NEW = 'Pantry&Stock2031';
    const reset = await newAgent().put('/api/reset_password').send({ token, password: NEW, confirm_password: NEW });
    expect(reset.status).toBe(200);
    expect((await session.get('/api/token')).status).toBe(401);
    expect((await newAgent().post('/api/login').send({ username: 'meiling', password: STRONG })).status).toBe(401);
    expect((await newAgent().post('/api/login').send({ username: 'meiling', password: NEW })).status).toBe(200);
  });

  it('slows a client guessing one account with 429 and Retry-After, even for the right password', async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) {
      const failed = await newAgent()
        .post('/api/login')
        .set('X-Forwarded-For', guesser)
        .send({ username: 'meiling', password: `wrong-${i}` });
      expect(failed.status).toBe(401);
    }
    const slowed = await newAgent()
      .post('/api/login')
      .set('X-Forwarded-For', guesser)
      .set('Accept-Language', 'zh-CN')
      .send({ username: 'meiling', password: 'Pantry&Stock2031' });
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('IDENTITY_SIGN_IN_THROTTLED');
    const seconds = Number(slowed.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(2);
    expect(slowed.body.message).toBe(`登录失败次数过多，请在 ${seconds} 秒后再试。`);
  });

  it('never locks the real user out: from their own client the right password still signs in', async () => {
    const real = await newAgent()
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ username: 'meiling', password: 'Pantry&Stock2031' });
    expect(real.status).toBe(200);
    await db.query(`DELETE FROM identity.sign_in_failure`);
  });

  it('slows an account guessed from many clients only briefly, then lets the right password in', async () => {
    for (let i = 0; i < 10; i += 1) {
      const failed = await newAgent()
        .post('/api/login')
        .set('X-Forwarded-For', `203.0.113.${100 + i}`)
        .send({ username: 'meiling', password: `wrong-${i}` });
      expect(failed.status).toBe(401);
    }
    const slowed = await newAgent()
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ username: 'meiling', password: 'Pantry&Stock2031' });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(slowed.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/);
    await expectEventually(
      async () => {
        const real = await newAgent()
          .post('/api/login')
          .set('X-Forwarded-For', '198.51.100.9')
          .send({ username: 'meiling', password: 'Pantry&Stock2031' });
        expect(real.status).toBe(200);
      },
      // The slowdown lasts at most Retry-After (≤ 30 s).
      { intervalMs: 250, timeoutMs: 35_000 },
    );
    await db.query(`DELETE FROM identity.sign_in_failure`);
    // Eleven password checks and the slowdown, on a machine running the other suites alongside: a timeout only.
  }, 90_000);

  it('gives each user a stable draft key of their own, and none to anonymous visitors', async () => {
    const a = await admin.get('/api/encryption_public_key');
    const b = await admin.get('/api/encryption_public_key');
    const other = newAgent();
    await signInAgent(other, 'meiling', 'Pantry&Stock2031');
    const c = await other.get('/api/encryption_public_key');
    expect(a.body.data).toEqual(b.body.data);
    expect(Buffer.from(a.body.data.key, 'base64url')).toHaveLength(32);
    expect(c.body.data.key).not.toBe(a.body.data.key);
    expect((await newAgent().get('/api/encryption_public_key')).status).toBe(401);
  });

  it('publishes identity events for other services, never with credentials', async () => {
    const { rows } = await db.query(`SELECT subject, envelope FROM identity.outbox ORDER BY id`);
    const subjects = rows.map((row: { subject: string }) => row.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'identity.role.upserted',
        'identity.user.invited',
        'identity.user.activated',
        'identity.user.deactivated',
        'identity.user.updated',
      ]),
    );
    expect(JSON.stringify(rows)).not.toMatch(/password_hash|scrypt\$/);
  });
});
