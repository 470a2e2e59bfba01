import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, TEST_ADMIN, expectEventually, startCatalogSuite } from '@scm/testing';
import type { CatalogSuite } from '@scm/testing';
import { DataSource } from 'typeorm';
import { EmailDigest } from '../../services/notifications/src/digest/email-digest.js';

type Suite = CatalogSuite<Awaited<ReturnType<typeof createEmbeddedApp>>['app']>;

/**
 * The optional e-mail digest (issue 15): off by default; chosen on the notification centre (`PUT
 * /api/notification/settings`, in the caller's language); the daily job (run here directly, no schedule) mails each
 * opted-in user their unread notifications of the last day to the address identity's events gave, in their
 * language, and never mails one notification twice; read, older and other users' ones are not mailed.
 */
describe('notifications e-mail digest (embedded mode)', () => {
  let suite: Suite;
  let runtime: Runtime;
  let notifications: DataSource;
  let adminId: string;
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  beforeAll(async () => {
    suite = await startCatalogSuite(createEmbeddedApp);
    runtime = suite.runtime;
    notifications = await new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'notifications',
      extra: { options: '-c search_path=notifications' },
    }).initialize();
    // The administrator's address arrives with identity's user event (the seeder's activation).
    await expectEventually(async () => {
      const [row] = await notifications.query<{ user_id: string }[]>(
        'SELECT user_id FROM notification_user_contact WHERE email = $1',
        [TEST_ADMIN.email],
      );
      expect(row).toBeDefined();
      adminId = row.user_id;
    });
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await notifications?.destroy();
    await suite?.close();
  }, SUITE_HOOK_TIMEOUT_MS);

  const digest = () => suite.app.get(EmailDigest);
  const mails = async () =>
    (await readMailbox(mailboxDir(runtime.config.dataDir))).filter((mail) => mail.to === TEST_ADMIN.email);

  async function notify(userId: string, en: string, zh: string, createdTime: string, read = false): Promise<void> {
    await notifications.query(
      `INSERT INTO notification (id, event_id, user_id, subject, message, reference_type, reference_id, link,
                                 is_read, created_time)
       VALUES (gen_random_uuid(), $1, $2, 'test.digest', $3::jsonb, 'PO', $4, $5, $6, $7)`,
      [
        randomUUID(),
        userId,
        JSON.stringify({ en, 'zh-CN': zh }),
        randomUUID(),
        '/procurement/purchase-order/view?id=1',
        read,
        createdTime,
      ],
    );
  }

  it('is off by default, and then mails nothing', async () => {
    const answer = await suite.agent.get('/api/notification/settings');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ email_digest: 'off' });
    await notify(adminId, 'Before opting in', '选择之前', minutesAgo(30));
    expect(await digest().run(now)).toEqual({ mailed: 0, notifications: 0 });
    expect(await mails()).toEqual([]);
  });

  it('refuses an unknown choice with a translated field error', async () => {
    const refused = await suite.agent
      .put('/api/notification/settings')
      .set('Accept-Language', 'zh-CN')
      .send({ email_digest: 'hourly' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'email_digest' });
    expect(refused.body.errors[0].message).not.toMatch(/validation\./);
  });

  it('mails the unread of the last day once, in the language the digest was chosen in', async () => {
    const chosen = await suite.agent
      .put('/api/notification/settings')
      .set('Accept-Language', 'zh-CN')
      .send({ email_digest: 'daily' });
    expect(chosen.status).toBe(200);
    expect((await suite.agent.get('/api/notification/settings')).body.data).toEqual({ email_digest: 'daily' });
    await notify(adminId, 'PO approved', '采购单已批准', minutesAgo(10));
    await notify(adminId, 'Already read', '已读', minutesAgo(20), true);
    await notify(adminId, 'Two days old', '两天前', minutesAgo(2 * 24 * 60));
    await notify(randomUUID(), 'Someone else', '别人', minutesAgo(5));

    expect(await digest().run(now)).toEqual({ mailed: 1, notifications: 2 });
    const [mail] = await mails();
    expect(mail.subject).toBe('SCM：过去一天有 2 条未读通知');
    expect(mail.text).toContain('采购单已批准');
    expect(mail.text).toContain('选择之前');
    expect(mail.text).toContain('/procurement/purchase-order/view?id=1');
    expect(mail.text).not.toContain('已读');
    expect(mail.text).not.toContain('两天前');
    expect(mail.text).not.toContain('别人');

    // The same day's run again (a second replica, a retried job): nothing is mailed twice.
    expect(await digest().run(now)).toEqual({ mailed: 0, notifications: 0 });
    expect(await mails()).toHaveLength(1);
  });

  it('mails only what is new at the next run, and nothing once the digest is off', async () => {
    await notify(adminId, 'RO received', '收货单已收货', minutesAgo(1));
    expect(await digest().run(now)).toEqual({ mailed: 1, notifications: 1 });
    const latest = (await mails()).find((mail) => mail.text.includes('收货单已收货'))!;
    expect(latest.subject).toBe('SCM：过去一天有 1 条未读通知');
    expect(latest.text).not.toContain('采购单已批准');

    expect((await suite.agent.put('/api/notification/settings').send({ email_digest: 'off' })).status).toBe(200);
    await notify(adminId, 'After opting out', '退订之后', minutesAgo(1));
    expect(await digest().run(now)).toEqual({ mailed: 0, notifications: 0 });
    expect(await mails()).toHaveLength(2);
  });
});
