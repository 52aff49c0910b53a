// Where mails go: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in the local
// mailbox (docs/operations.md). nodemailer builds the raw message in both cases.
import nodemailer from 'nodemailer';
import type { Env } from '../../../config/env.ts';
import type { ComposedMail } from './compose.ts';
import { mailboxDir, writeToMailbox } from './mailbox.ts';

export interface MailSender {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: ComposedMail, meta: { kind: string; id: string }): Promise<void>;
  close(): void;
}

function fileStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

export function createSender(env: Env): MailSender {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = mailboxDir(env);
  return {
    kind: 'mailbox',
    async send(mail, meta) {
      const date = new Date();
      const info = await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, date, ...(mail.headers ? { headers: mail.headers } : {}) });
      const safeKind = meta.kind.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40);
      const name = `${fileStamp(date)}-${safeKind}-${meta.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`;
      await writeToMailbox(dir, { name, kind: meta.kind, from: env.MAIL_FROM, to: mail.to, subject: mail.subject, date: date.toISOString(), text: mail.text, html: mail.html }, info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
