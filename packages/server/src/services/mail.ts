import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxEntry extends MailMessage {
  /** `email` went (or would go) over SMTP; `sms` is a text to a phone number. */
  channel: 'email' | 'sms';
  at: string;
}

export interface Mailer {
  sendEmail(message: MailMessage): Promise<void>;
  /** There is no SMS gateway yet: texts always go to the outbox, logged and kept. */
  sendSms(to: string, text: string): Promise<void>;
  /** What went to the dev outbox (newest last); empty when SMTP carries the mail. */
  outbox(): readonly OutboxEntry[];
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where the dev outbox is appended as JSON lines; undefined keeps it in memory only. */
  outboxFile: string | undefined;
  log: Logger;
}

const OUTBOX_KEPT = 500;

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const kept: OutboxEntry[] = [];

  async function keep(entry: OutboxEntry): Promise<void> {
    kept.push(entry);
    if (kept.length > OUTBOX_KEPT) kept.shift();
    options.log.info({ outbox: entry }, `dev outbox: ${entry.channel} to ${entry.to}`);
    if (options.outboxFile) {
      await fs.mkdir(path.dirname(options.outboxFile), { recursive: true });
      await fs.appendFile(options.outboxFile, JSON.stringify(entry) + '\n');
    }
  }

  return {
    async sendEmail(message) {
      if (transport) {
        await transport.sendMail({ from: options.from, ...message });
        return;
      }
      await keep({ ...message, channel: 'email', at: new Date().toISOString() });
    },
    async sendSms(to, text) {
      await keep({ to, subject: 'SMS', text, channel: 'sms', at: new Date().toISOString() });
    },
    outbox: () => kept,
    async close() {
      transport?.close();
    },
  };
}
