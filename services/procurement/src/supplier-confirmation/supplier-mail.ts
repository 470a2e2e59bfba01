import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import { JOB_QUEUE, PLATFORM_CONFIG, createMailer, renderDocumentPdf } from '@scm/platform';
import type { DocumentPdf, JobQueue, MailMessage, Mailer, PlatformConfig } from '@scm/platform';

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
  purchase_date: string;
  currency: string;
  subtotal: string;
  gst: string;
  gst_price_type: 'inclusive' | 'exclusive';
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
    this.jobs.register<SupplierMail>(QUEUE, 'send', async (mail) => this.mailer.send(await this.compose(mail)));
  }

  async send(mail: SupplierMail): Promise<void> {
    await this.jobs.add(QUEUE, 'send', mail, { attempts: 5, backoffMs: 2000 });
  }

  /** The mail with the printable PO attached (rendered in the job: the queue carries data, not files). */
  async compose(mail: SupplierMail): Promise<MailMessage> {
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
      attachments: [
        {
          filename: `${mail.doc_no}.pdf`,
          contentType: 'application/pdf',
          content: await renderDocumentPdf(purchaseOrderPdf(mail)),
        },
      ],
    };
  }
}

/** A label in both languages, as the whole supplier mail is. */
const both = (key: string, params?: Record<string, string>) =>
  MAIL_LANGUAGES.map((language) => translate(language, `mail.supplier_po.pdf.${key}`, params)).join(' / ');

/** The purchase order as the supplier prints it: what to deliver, where, when, at which prices. */
export function purchaseOrderPdf(mail: SupplierMail): DocumentPdf {
  const money = (value: string) => `${mail.currency} ${value}`;
  return {
    title: both('title'),
    number: mail.doc_no,
    fields: [
      { label: both('supplier'), value: mail.supplier },
      { label: both('purchase_date'), value: mail.purchase_date },
      { label: both('deliver_to'), value: [mail.location, mail.address].filter(Boolean).join(', ') },
      { label: both('delivery_time'), value: utcTime(mail.delivery_time) },
    ],
    table: {
      columns: [
        { label: '#', width: 0.5, align: 'right' },
        { label: both('item'), width: 5 },
        { label: both('quantity'), width: 1.6, align: 'right' },
        { label: both('unit'), width: 1.2 },
        { label: both('unit_price'), width: 1.8, align: 'right' },
        { label: both('subtotal'), width: 2, align: 'right' },
      ],
      rows: mail.lines.map((line, index) => [
        String(index + 1),
        line.sku_name,
        line.quantity,
        line.uom_name,
        money(line.unit_price),
        money(line.line_subtotal),
      ]),
    },
    totals: [
      { label: both('subtotal'), value: money(mail.subtotal) },
      { label: both(mail.gst_price_type === 'inclusive' ? 'gst_included' : 'gst_added'), value: money(mail.gst) },
      { label: both('total'), value: money(mail.total) },
    ],
    notes: mail.external_remark ? [{ label: both('remark'), value: mail.external_remark }] : [],
    footer: both('footer', { doc_no: mail.doc_no }),
  };
}
