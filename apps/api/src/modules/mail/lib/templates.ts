// The registry of mail kinds. A module registers how to write its mails once, at import time;
// the queue worker renders a job with the template of its kind (so secrets such as one-time
// tokens are made by the worker and never stored in the job).
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

const templates = new Map<string, MailTemplate>();

/** Registers the template of a mail kind (idempotent for the same function). */
export function registerMailTemplate(kind: string, template: MailTemplate): void {
  const existing = templates.get(kind);
  if (existing && existing !== template) throw new Error(`Mail kind "${kind}" is already registered.`);
  templates.set(kind, template);
}

export function mailTemplate(kind: string): MailTemplate | undefined {
  return templates.get(kind);
}

/**
 * A ready-made kind for simple notices: data = { subject, paragraphs, action?: {label, url},
 * after? }. Other modules (leads, contests) can send with it without writing a template.
 */
registerMailTemplate('message', (_ctx, to, data) => {
  const paragraphs = Array.isArray(data.paragraphs) ? data.paragraphs.map(String) : [];
  const action = data.action && typeof data.action === 'object' ? (data.action as { label?: unknown; url?: unknown }) : undefined;
  return {
    to,
    subject: String(data.subject ?? 'A message from LocalSaver'),
    paragraphs,
    ...(action && typeof action.url === 'string' ? { action: { label: String(action.label ?? 'Open'), url: action.url } } : {}),
    ...(Array.isArray(data.after) ? { after: data.after.map(String) } : {}),
  };
});
