import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { IdentitySubjects } from '@scm/contracts';
import type { EmailDigest as DigestChoice, UserSnapshot } from '@scm/contracts';
import { LANGUAGES, translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import {
  DATA_SOURCE,
  EventConsumer,
  JOB_QUEUE,
  PLATFORM_CONFIG,
  createLogger,
  createMailer,
  currentContext,
  scheduleRecurringJob,
} from '@scm/platform';
import type { JobQueue, Mailer, PlatformConfig } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';

const logger = createLogger('notifications.digest');

export const DIGEST_QUEUE = 'notifications-digest';
const DAY_MS = 24 * 3600 * 1000;
/** The daily run's hour (UTC): early, so the mail waits at the start of an Asian and a European working day. */
const DIGEST_HOUR_UTC = 0;
/** At most this many notifications are listed in one mail; the rest are counted ("and N more"). */
const DIGEST_MAX_LISTED = 50;

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** What one run did: for the tests and the job's result. */
export interface DigestRun {
  mailed: number;
  notifications: number;
}

/**
 * The optional e-mail digest (issue 15): once a day, every user who chose `daily` is mailed their unread
 * notifications of the last day, in the language they chose it in, through the platform mailer (SMTP, or the
 * local mailbox in the embedded mode).
 *
 * Never twice for one notification: a user's rows are claimed (`digested_at` set, `FOR UPDATE SKIP LOCKED` so a
 * second replica running the same slot passes them by) in the transaction that sends their mail, and only rows
 * not yet claimed are taken. A failed send rolls the claim back, so the next run mails them (if still within the
 * day and unread). The only way to mail one twice is a commit that fails after the mail left, which the
 * transaction's short length makes rare; the alternative (claim, commit, then send) would instead lose mails.
 *
 * The address comes from identity's user events (notification_user_contact, beside the approver directory).
 */
@Injectable()
export class EmailDigest implements OnModuleInit, OnModuleDestroy {
  private readonly mailer: Mailer;
  private stop: (() => void) | undefined;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly events: EventConsumer,
  ) {
    this.mailer = createMailer(config.smtpUrl, config.mailFrom, config.dataDir);
  }

  onModuleInit(): void {
    for (const subject of [
      IdentitySubjects.UserInvited,
      IdentitySubjects.UserActivated,
      IdentitySubjects.UserDeactivated,
      IdentitySubjects.UserUpdated,
    ] as const) {
      this.events.alsoOn(subject, (event, manager) => this.applyContact(manager, event.data));
    }
    const now = Date.now();
    const nextRun = Math.ceil((now - DIGEST_HOUR_UTC * 3600_000) / DAY_MS) * DAY_MS + DIGEST_HOUR_UTC * 3600_000;
    this.stop = scheduleRecurringJob(this.jobs, {
      queue: DIGEST_QUEUE,
      name: 'daily-digest',
      everyMs: DAY_MS,
      firstRunMs: Math.max(nextRun - now, 1000),
      run: () => this.run(),
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  async applyContact(manager: EntityManager, user: UserSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO notification_user_contact (user_id, email, revision) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, revision = EXCLUDED.revision
       WHERE notification_user_contact.revision < EXCLUDED.revision`,
      [user.user_id, user.email, user.revision],
    );
  }

  async setting(userId: string): Promise<DigestChoice> {
    const [row] = await this.dataSource.query<{ email_digest: DigestChoice }[]>(
      'SELECT email_digest FROM notification_setting WHERE user_id = $1',
      [userId],
    );
    return row?.email_digest ?? 'off';
  }

  /** Saves the caller's choice with the language they use now: the digest's language. */
  async choose(userId: string, digest: DigestChoice): Promise<void> {
    const language = currentContext()?.language ?? 'en';
    await this.dataSource.query(
      `INSERT INTO notification_setting (user_id, email_digest, language, updated_time) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET email_digest = EXCLUDED.email_digest, language = EXCLUDED.language,
                                           updated_time = now()`,
      [userId, digest, isLanguage(language) ? language : 'en'],
    );
  }

  /** One digest run (the daily job; tests call it directly): mails each opted-in user their unread of the last day. */
  async run(now: Date = new Date()): Promise<DigestRun> {
    const users = await this.dataSource.query<{ user_id: string; email: string; language: string }[]>(
      `SELECT s.user_id, c.email, s.language
         FROM notification_setting s JOIN notification_user_contact c ON c.user_id = s.user_id
        WHERE s.email_digest = 'daily'
        ORDER BY s.user_id`,
    );
    const done: DigestRun = { mailed: 0, notifications: 0 };
    for (const user of users) {
      try {
        const count = await this.mailOne(user, now);
        if (count > 0) {
          done.mailed += 1;
          done.notifications += count;
        }
      } catch (error) {
        // One user's failed mail does not stop the others'; their rows stay unclaimed for the next run.
        logger.error({ err: error, userId: user.user_id }, 'digest could not be mailed');
      }
    }
    return done;
  }

  private mailOne(user: { user_id: string; email: string; language: string }, now: Date): Promise<number> {
    const language: Language = isLanguage(user.language) ? user.language : 'en';
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.query<{ id: string; message: string; link: string; created_time: string }[]>(
        `SELECT id, COALESCE(message ->> $2, message ->> 'en') AS message, link,
                to_char(created_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created_time
           FROM notification
          WHERE user_id = $1 AND NOT is_read AND digested_at IS NULL AND created_time > $3::timestamptz - interval '1 day'
            AND created_time <= $3::timestamptz
          ORDER BY created_time DESC, id
          FOR UPDATE SKIP LOCKED`,
        [user.user_id, language, now.toISOString()],
      );
      if (rows.length === 0) return 0;
      await manager.query(`UPDATE notification SET digested_at = $2 WHERE id = ANY($1::uuid[])`, [
        rows.map((row) => row.id),
        now.toISOString(),
      ]);
      const listed = rows.slice(0, DIGEST_MAX_LISTED).map((row) => {
        const link = row.link ? `\n   ${this.config.publicUrl}${row.link}` : '';
        return `- ${row.created_time} UTC  ${row.message}${link}`;
      });
      const more = rows.length - listed.length;
      const text = [
        translate(language, 'mail.digest.intro', { count: rows.length }),
        '',
        ...listed,
        ...(more > 0 ? ['', translate(language, 'mail.digest.more', { count: more })] : []),
        '',
        translate(language, 'mail.digest.footer', { link: `${this.config.publicUrl}/notification-center` }),
      ].join('\n');
      await this.mailer.send({
        to: user.email,
        subject: translate(language, 'mail.digest.subject', { count: rows.length }),
        text,
      });
      return rows.length;
    });
  }
}
