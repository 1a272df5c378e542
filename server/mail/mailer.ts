import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { log } from '@/server/logger';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `<…@…>`: the same message sent again carries the same id (an idempotency key). */
  messageId?: string;
  /** More header lines (List-Unsubscribe, server/mail/unsubscribe.ts). */
  headers?: Record<string, string>;
};

export type TMailer = { send: (mail: TMail) => Promise<void> };

/** Mail through nodemailer over SMTP (`SMTP_URL`). */
export async function smtpMailer(smtpUrl: string, from: string): Promise<TMailer> {
  const nodemailer = await import('nodemailer');
  // Every send ends within the outbox's claim of a minute (server/services/notifications/
  // mail-outbox.ts), so no other sender takes a row whose e-mail is still leaving.
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
      log('info', 'mail sent', { to: mail.to, subject: mail.subject });
    },
  };
}

/**
 * Without SMTP: each mail is written as an .eml file to `dir` and its place logged, so that
 * recovery works on a laptop (open the file to read the code).
 */
export function outboxMailer(dir: string, from: string): TMailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
      const body = [
        `From: ${from}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        ...(mail.messageId ? [`Message-ID: ${mail.messageId}`] : []),
        ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        'Content-Type: text/plain; charset=utf-8',
        '',
        mail.text,
      ].join('\n');
      await fs.writeFile(file, body, { mode: 0o600 });
      log('info', 'mail written to the outbox (no SMTP_URL)', { to: mail.to, file });
    },
  };
}
