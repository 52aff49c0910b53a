// How a kind of mail is written. Each module exports its templates by kind, modules/index.ts
// lists them all (MAIL_TEMPLATES) and the queue is made with that list; the queue worker renders a
// job with the template of its kind (so secrets such as one-time tokens are made by the worker
// and never stored in the job).
import type { Env } from '../../../config/env.ts';
import type { DbHandle } from '../../../db/client.ts';
import type { MailContent } from './compose.ts';

export interface MailContext {
  db: DbHandle;
  env: Env;
}

/** Data stored with a queued mail: JSON only, and nothing secret. */
export type MailData = Record<string, unknown>;

/**
 * Writes one mail. Answer null to send nothing (e.g. a password reset asked for an address that
 * has no account: the caller could not tell, the worker can).
 */
export type MailTemplate = (ctx: MailContext, to: string, data: MailData) => Promise<MailContent | null> | MailContent | null;

/** Templates by mail kind. */
export type MailTemplates = Readonly<Record<string, MailTemplate>>;

/** The kind of the ready-made notice (messageMail). */
export const MESSAGE_MAIL = 'message';

/**
 * A ready-made kind for simple notices: data = { subject, paragraphs, action?: {label, url},
 * after? }. Other modules (leads, contests) can send with it without writing a template.
 */
export const messageMail: MailTemplate = (_ctx, to, data) => {
  const paragraphs = Array.isArray(data.paragraphs) ? data.paragraphs.map(String) : [];
  const action = data.action && typeof data.action === 'object' ? (data.action as { label?: unknown; url?: unknown }) : undefined;
  return {
    to,
    subject: String(data.subject ?? 'A message from LocalSaver'),
    paragraphs,
    ...(action && typeof action.url === 'string' ? { action: { label: String(action.label ?? 'Open'), url: action.url } } : {}),
    ...(Array.isArray(data.after) ? { after: data.after.map(String) } : {}),
  };
};
