import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { PERMISSION_KEYS, activityLogModules } from '@scm/contracts';
import type { PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  TEST_ADMIN,
  expectEventually,
  permission,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import type { CatalogSuite } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ImportJobRepository } from '../../services/catalog/src/import/import-job.repository.js';
import { AccessDenialReporter } from '../../services/identity/src/auth/access-denial-reporter.js';

type Server = Parameters<typeof request>[0];
type Suite = CatalogSuite<Awaited<ReturnType<typeof createEmbeddedApp>>['app']>;
type Agent = Suite['agent'];

interface LogRow {
  module: string;
  message: string;
  link: string;
  created_by: string;
  reference_type: string;
  reference_id: string;
}

/**
 * The activity log fed by identity and catalog (issue 15, SPEC.md §9 "all document and management areas plus
 * SYSTEM"), through the record registry alone: sign-ins and failed sign-ins, permission denials aggregated per
 * window, a role and a user invited (User Management), a UOM created and archived (PLU & SKU Management) with its
 * SPEC.md §7 link; the user administrators of the invited user's location are notified (not those of another
 * location, not the actor); an import's end notifies its uploader.
 */
describe('activity log and notifications fed by identity and catalog (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let admin: Agent;
  let close: () => Promise<void>;
  let notifications: DataSource;
  let app: Suite['app'];
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const home = `NTR-${tag}-A`;
  const away = `NTR-${tag}-B`;
  const watcher = randomUUID();
  const outsider = randomUUID();
  const watcherRole = `role-ntr-${tag}`;
  const watcherRights: PermissionEntry[] = [permission('USER', true), permission('NOTIFICATION', true)];

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    ({ close, runtime, app } = suite);
    admin = suite.agent;
    server = suite.app.getHttpServer();
    notifications = await new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'notifications',
      extra: { options: '-c search_path=notifications' },
    }).initialize();
    // Two user administrators as identity's events leave them in the directory: one at each location.
    await notifications.query(
      `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
       VALUES ($1, $1, $2::jsonb, NULL, 1)`,
      [watcherRole, JSON.stringify(watcherRights)],
    );
    for (const [id, location] of [
      [watcher, home],
      [outsider, away],
    ])
      await notifications.query(
        `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
         VALUES ($1, $2, $3, 'Active', ARRAY[$4], 1)`,
        [id, `Watcher ${location}`, watcherRole, location],
      );
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await notifications?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const bearer = async (userId: string, rights: PermissionEntry[], location: string, lang: string | null = null) =>
    `Bearer ${await tokenWithPermissions(runtime, rights, { sub: userId, locs: [location], lang })}`;

  /** A reader of the log who may view every key (the log shows an entry to those who may view its record). */
  const everything = PERMISSION_KEYS.map((key) => permission(key, true));

  async function log(module: string, language = 'en', rights: PermissionEntry[] = everything): Promise<LogRow[]> {
    const token = await bearer(randomUUID(), rights, '*');
    const answer = await request(server)
      .post('/api/notification/activity-log/list')
      .set('Authorization', token)
      .set('Accept-Language', language)
      .send({ limit: 100, other_params: { module: [module] } });
    expect(answer.status).toBe(200);
    return answer.body.data as LogRow[];
  }

  const bell = async (userId: string, location: string, language = 'en') =>
    (
      await request(server)
        .get('/api/notification/get?limit=20&offset=0')
        .set('Authorization', await bearer(userId, watcherRights, location))
        .set('Accept-Language', language)
    ).body.data.list as { message: string; reference_type: string; message_links: { link: string }[] }[];

  it('offers the management modules and SYSTEM in the activity log filter', () => {
    expect(activityLogModules()).toEqual(
      expect.arrayContaining(['User Management', 'Location', 'Supplier Management', 'PLU & SKU Management', 'SYSTEM']),
    );
    expect(activityLogModules().at(-1)).toBe('SYSTEM');
  });

  it('logs the sign-in and a failed sign-in under SYSTEM, in both languages, for the user administrators', async () => {
    const refused = await request(server)
      .post('/api/login')
      .send({ username: 'no-such-user-' + tag, password: 'x' });
    expect(refused.status).toBe(401);
    await expectEventually(async () => {
      const messages = (await log('SYSTEM')).map((row) => row.message);
      expect(messages).toContain('Administrator signed in');
      expect(messages).toContain(`Failed sign-in as “no-such-user-${tag}”`);
    });
    // Sign-ins are the user administrators' to read: a reader without USER view sees none.
    const clerkView = await log('SYSTEM', 'en', [permission('NOTIFICATION', true), permission('SA', true)]);
    expect(clerkView.filter((row) => row.message.includes('sign'))).toEqual([]);
    const zh = (await log('SYSTEM', 'zh-CN')).map((row) => row.message);
    expect(zh).toContain('Administrator 已登录');
    expect(zh).toContain(`以“no-such-user-${tag}”登录失败`);
    expect(TEST_ADMIN.email).toBeTruthy();
  });

  it('aggregates permission denials: many refusals of one user make one entry with their count', async () => {
    const intruder = randomUUID();
    const token = `Bearer ${await tokenWithPermissions(runtime, [permission('NOTIFICATION', true)], {
      sub: intruder,
      name: `Intruder ${tag}`,
    })}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await request(server).post('/api/catalog/uoms/list').set('Authorization', token).send({});
      expect(refused.status).toBe(403);
    }
    await app.get(AccessDenialReporter).flush();
    await expectEventually(async () => {
      const denials = (await log('SYSTEM')).filter((row) => row.message.startsWith(`Intruder ${tag}`));
      expect(denials.map((row) => row.message)).toEqual([`Intruder ${tag} was refused view on UOM 5 time(s)`]);
    });
  });

  it('logs a UOM created and archived under PLU & SKU Management, linked to its page by name', async () => {
    const uom = `NTR${tag}`;
    const created = await admin
      .post('/api/catalog/uoms')
      .send({ uom_name: uom, secondary_uom: 'BOX', uom_per_primary: '1' });
    expect(created.status).toBe(201);
    const archived = await admin.post(`/api/catalog/uoms/${created.body.data.uom_id as string}/archive`).send({});
    await expectEventually(async () => {
      const rows = (await log('PLU & SKU Management')).filter((row) => row.message.endsWith(uom));
      expect(rows.map((row) => row.message)).toEqual(
        archived.status < 300
          ? [`Administrator archived UOM ${uom}`, `Administrator created UOM ${uom}`]
          : [`Administrator created UOM ${uom}`],
      );
      expect(rows.at(-1)).toMatchObject({ link: `/PLUSKU/uom/view?name=${uom}`, reference_type: 'UOM' });
    });
    const zh = (await log('PLU & SKU Management', 'zh-CN')).filter((row) => row.message.endsWith(uom));
    expect(zh.at(-1)!.message).toBe(`Administrator创建了单位 ${uom}`);
  });

  it('logs a role created and a user invited under User Management; the location’s user administrators are told', async () => {
    const role = await admin.post('/api/identity/roles').send({
      role_name: `Ntr Clerk ${tag}`,
      can_see_cost: false,
      approval_limit: null,
      permission_list: [{ permission: { key: 'UOM' }, view: true, edit: false, approval: false }],
    });
    expect(role.status).toBe(201);
    const invited = await admin.post('/api/identity/users').send({
      employee_code: `E${tag}`,
      employee_name: `Invitee ${tag}`,
      email: `invitee-${tag.toLowerCase()}@example.com`,
      username: `invitee${tag.toLowerCase()}`,
      role_id: role.body.data.role_id,
      location_list: [home],
    });
    expect(invited.status).toBe(201);
    const userId = invited.body.data.user_id as string;
    await expectEventually(async () => {
      const messages = (await log('User Management')).map((row) => row.message);
      expect(messages).toContain(`Administrator created role Ntr Clerk ${tag}`);
      expect(messages).toContain(`Administrator invited user Invitee ${tag}`);
    });
    await expectEventually(async () => {
      const told = await bell(watcher, home);
      expect(told.map((n) => n.message)).toContain(`Administrator invited user Invitee ${tag}`);
      expect(told.find((n) => n.reference_type === 'USER')!.message_links[0].link).toBe(`/user/list/view?id=${userId}`);
    });
    expect((await bell(watcher, home, 'zh-CN')).map((n) => n.message)).toContain(
      `Administrator邀请了用户 Invitee ${tag}`,
    );
    expect((await bell(outsider, away)).filter((n) => n.reference_type === 'USER')).toEqual([]);
  });

  it('tells the uploader when an import failed or finished, once', async () => {
    const jobs = app.get(ImportJobRepository);
    const failedJob = randomUUID();
    const finishedJob = randomUUID();
    for (const [jobId, file] of [
      [failedJob, 'skus-bad.xlsx'],
      [finishedJob, 'skus-good.xlsx'],
    ])
      await jobs.insert({
        job_id: jobId,
        entity: 'sku',
        file_key: `imports/${jobId}`,
        file_name: file,
        can_see_cost: false,
        created_by: watcher,
      });
    await jobs.finish(failedJob, { status: 'failed', created: 0, updated: 0, errorCount: 3, errors: [] });
    await jobs.finish(finishedJob, { status: 'succeeded', created: 4, updated: 1, errorCount: 0, errors: [] });
    await expectEventually(async () => {
      const told = (await bell(watcher, home)).filter((n) => n.reference_type === 'IMPORT').map((n) => n.message);
      expect(told.sort()).toEqual([
        'Import of skus-bad.xlsx failed: 3 problems, nothing was imported',
        'Import of skus-good.xlsx finished: 4 created, 1 updated',
      ]);
    });
    const zh = (await bell(watcher, home, 'zh-CN')).filter((n) => n.reference_type === 'IMPORT').map((n) => n.message);
    expect(zh).toContain('skus-good.xlsx 导入完成：新增 4 条，更新 1 条');
    expect((await bell(outsider, away)).filter((n) => n.reference_type === 'IMPORT')).toEqual([]);
  });
});
