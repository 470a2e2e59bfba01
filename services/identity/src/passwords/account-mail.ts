import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import { JOB_QUEUE, PLATFORM_CONFIG, createMailer } from '@scm/platform';
import type { JobQueue, MailMessage, Mailer, PlatformConfig } from '@scm/platform';

const QUEUE = 'identity-mail';

interface AccountMail {
  kind: 'invite' | 'reset';
  to: string;
  name: string;
  token: string;
  language: Language;
}

/**
 * Invitation and password-reset e-mails, in the user's language, sent by a background job (retried with
 * backoff) after the change that caused them committed.
 */
@Injectable()
export class AccountMailer implements OnModuleInit {
  private readonly mailer: Mailer;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    this.mailer = createMailer(config.smtpUrl, config.mailFrom, config.dataDir);
  }

  onModuleInit(): void {
    this.jobs.register<AccountMail>(QUEUE, 'send', (mail) => this.mailer.send(this.compose(mail)));
  }

  async send(mail: AccountMail): Promise<void> {
    await this.jobs.add(QUEUE, 'send', mail, { attempts: 5, backoffMs: 2000 });
  }

  private compose(mail: AccountMail): MailMessage {
    const path = mail.kind === 'invite' ? '/invite' : '/reset';
    const link = `${this.config.publicUrl}${path}?token=${encodeURIComponent(mail.token)}`;
    const params = { name: mail.name, link };
    return {
      to: mail.to,
      subject: translate(mail.language, `mail.${mail.kind}.subject`),
      text: translate(mail.language, `mail.${mail.kind}.text`, params),
    };
  }
}
