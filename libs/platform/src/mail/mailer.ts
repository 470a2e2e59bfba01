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
    const file = path.join(this.dir, `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
    // Written aside and renamed, so a reader never sees half a mail.
    await fs.writeFile(`${file}.tmp`, JSON.stringify({ ...message, sentAt }, null, 2));
    await fs.rename(`${file}.tmp`, file);
    logger.info({ to: message.to, subject: message.subject, file }, 'mail kept in the local mailbox');
  }
}

export interface StoredMail extends MailMessage {
  sentAt: string;
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
