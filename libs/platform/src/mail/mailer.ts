import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { createLogger } from '../logging/logger.js';

const logger = createLogger('mail');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (e.g. the purchase order as a PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends e-mail: SMTP when SMTP_URL is set, otherwise into the local mailbox under DATA_DIR/mailbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer (`smtp://user:pass@host:587`, `smtps://...`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
    logger.info({ to: message.to, subject: message.subject }, 'mail sent');
  }
}

/**
 * The local mailbox of the embedded mode: every mail is a JSON file `<time>-<id>.json` (to, subject, text,
 * html, sentAt) under the directory, newest last by name. README explains how to read it.
 */
export class MailboxMailer implements Mailer {
  constructor(private readonly dir: string) {}

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const sentAt = new Date().toISOString();
    const base = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    const file = path.join(this.dir, `${base}.json`);
    // Attachments are files beside the mail (`<mail>-<n>-<name>`), written first; the mail names them.
    const attachments: StoredAttachment[] = [];
    for (const [index, attachment] of (message.attachments ?? []).entries()) {
      const name = `${base}-${index + 1}-${attachment.filename.replace(/[^\w.-]+/g, '_')}`;
      await fs.writeFile(path.join(this.dir, name), attachment.content);
      attachments.push({ filename: attachment.filename, contentType: attachment.contentType, file: name });
    }
    const stored = { ...message, attachments, sentAt };
    // Written aside and renamed, so a reader never sees half a mail.
    await fs.writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
    await fs.rename(`${file}.tmp`, file);
    logger.info({ to: message.to, subject: message.subject, file }, 'mail kept in the local mailbox');
  }
}

/** An attachment kept in the mailbox: the file beside the mail's JSON. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  file: string;
}

export interface StoredMail extends Omit<MailMessage, 'attachments'> {
  sentAt: string;
  attachments?: StoredAttachment[];
}

/** The mailbox's mails, oldest first (tests and the `npm run mailbox` script read it). */
export async function readMailbox(dir: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredMail),
  );
}

export function mailboxDir(dataDir: string): string {
  return path.join(dataDir, 'mailbox');
}

export function createMailer(smtpUrl: string | undefined, from: string, dataDir: string): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new MailboxMailer(mailboxDir(dataDir));
}
