import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import { JOB_QUEUE, PLATFORM_CONFIG, createMailer } from '@scm/platform';
import type { JobQueue, MailMessage, Mailer, PlatformConfig } from '@scm/platform';

const QUEUE = 'procurement-supplier-mail';

/** A supplier has no language of its own: the mail carries the PO in English and in Chinese. */
const MAIL_LANGUAGES: Language[] = ['en', 'zh-CN'];

/** What the mail says, taken in the transaction that issued the link (the job sends it after the commit). */
export interface SupplierMail {
  to: string;
  token: string;
  doc_no: string;
  supplier: string;
  location: string;
  address: string;
  delivery_time: string;
  currency: string;
  total: string;
  external_remark: string;
  lines: { sku_name: string; quantity: string; uom_name: string; unit_price: string; line_subtotal: string }[];
}

/** `2026-12-01T08:30:00.000Z` → `2026-12-01 08:30 UTC`: the supplier's time zone is unknown. */
function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The purchase order e-mail to the supplier with its one-time link, sent by a background job (retried with
 * backoff) after the approval or resend that issued the link committed — as identity's AccountMailer does.
 */
@Injectable()
export class SupplierMailer implements OnModuleInit {
  private readonly mailer: Mailer;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    this.mailer = createMailer(config.smtpUrl, config.mailFrom, config.dataDir);
  }

  onModuleInit(): void {
    this.jobs.register<SupplierMail>(QUEUE, 'send', (mail) => this.mailer.send(this.compose(mail)));
  }

  async send(mail: SupplierMail): Promise<void> {
    await this.jobs.add(QUEUE, 'send', mail, { attempts: 5, backoffMs: 2000 });
  }

  compose(mail: SupplierMail): MailMessage {
    const link = `${this.config.publicUrl}/supplier/confirm?token=${encodeURIComponent(mail.token)}`;
    const lines = mail.lines
      .map(
        (line, index) =>
          `${index + 1}. ${line.sku_name}: ${line.quantity} ${line.uom_name} × ${mail.currency} ${line.unit_price} = ${mail.currency} ${line.line_subtotal}`,
      )
      .join('\n');
    const params = {
      doc_no: mail.doc_no,
      supplier: mail.supplier,
      location: mail.location,
      address: mail.address,
      delivery_time: utcTime(mail.delivery_time),
      currency: mail.currency,
      total: mail.total,
      remark: mail.external_remark,
      lines,
      link,
    };
    return {
      to: mail.to,
      subject: MAIL_LANGUAGES.map((language) => translate(language, 'mail.supplier_po.subject', params)).join(' / '),
      text: MAIL_LANGUAGES.map((language) => translate(language, 'mail.supplier_po.text', params)).join(
        '\n\n----------------------------------------\n\n',
      ),
    };
  }
}
