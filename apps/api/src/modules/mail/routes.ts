// The mail module: starts the app's queue with the app and stops it on close, and when a
// developer turns it on serves the local mailbox at /dev/mailbox/ so a person can open the mails
// and click their links. The page holds every mail (password reset links, leads' names and addresses), so the
// path exists only with DEV_MAILBOX=true (refused in production by config/env.ts) and no SMTP_URL
// (docs/decisions.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env.ts';
import { notFound } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { escapeHtml } from './lib/compose.ts';
import { listMailbox, mailboxDir, readMailboxEntry, readMailboxRaw } from './lib/mailbox.ts';
import { MailboxEntryParams } from './schema.ts';

/** The mailbox pages show our own mails: inline styles only, no scripts, links open normally. */
const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#1f2933}table{border-collapse:collapse;width:100%}td,th{padding:6px 10px;border-bottom:1px solid #e4e7eb;text-align:left;vertical-align:top}a{color:#0f766e}.meta{color:#52606d}pre{white-space:pre-wrap;background:#f5f7fa;padding:12px}</style>
</head><body>${body}</body></html>`;
}

export function isMailboxPageEnabled(env: Env): boolean {
  return env.DEV_MAILBOX && env.NODE_ENV !== 'production' && !env.SMTP_URL;
}

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // The queue is the app's (deps.mail, made by buildApp); it works while the app runs.
  const queue = app.deps.mail;
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());

  if (!isMailboxPageEnabled(app.deps.env)) return;
  const dir = mailboxDir(app.deps.env);

  app.get('/dev/mailbox/', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await listMailbox(dir);
    const rows = entries
      .map(
        (e) =>
          `<tr><td class="meta">${escapeHtml(e.date.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(e.to)}</td><td><a href="/dev/mailbox/${encodeURIComponent(e.name)}">${escapeHtml(e.subject)}</a></td><td><a href="/dev/mailbox/${encodeURIComponent(e.name)}/raw">.eml</a></td></tr>`,
      )
      .join('');
    privateNoStore(reply).header('content-security-policy', MAILBOX_CSP).type('text/html; charset=utf-8');
    return page(
      'Local mailbox',
      `<h1>Local mailbox</h1><p class="meta">Mails the app sent while SMTP_URL is not set, newest first (${entries.length}).</p>` +
        (entries.length ? `<table><tr><th>Date (UTC)</th><th>To</th><th>Subject</th><th>Raw</th></tr>${rows}</table>` : '<p>No mail yet.</p>'),
    );
  });

  app.get('/dev/mailbox/:name', { schema: { hide: true, params: MailboxEntryParams } }, async (request, reply) => {
    const entry = await readMailboxEntry(dir, request.params.name);
    if (!entry) throw notFound('Unknown message.');
    privateNoStore(reply).header('content-security-policy', MAILBOX_CSP).type('text/html; charset=utf-8');
    return page(
      entry.subject,
      `<p><a href="/dev/mailbox/">&larr; Mailbox</a></p><table><tr><th>From</th><td>${escapeHtml(entry.from)}</td></tr><tr><th>To</th><td>${escapeHtml(entry.to)}</td></tr><tr><th>Subject</th><td>${escapeHtml(entry.subject)}</td></tr><tr><th>Date</th><td>${escapeHtml(entry.date)}</td></tr></table>` +
        // The HTML part was built by compose.ts from escaped text: it is shown as the recipient sees it.
        `<h2>HTML part</h2><div>${entry.html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, '')}</div><h2>Plain-text part</h2><pre>${escapeHtml(entry.text)}</pre>`,
    );
  });

  app.get('/dev/mailbox/:name/raw', { schema: { hide: true, params: MailboxEntryParams } }, async (request, reply) => {
    const raw = await readMailboxRaw(dir, request.params.name);
    if (!raw) throw notFound('Unknown message.');
    privateNoStore(reply).type('message/rfc822').header('content-disposition', `attachment; filename="${request.params.name}.eml"`);
    return raw;
  });
};
