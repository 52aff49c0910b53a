// What every one-click unsubscribe endpoint shares (the newsletter's and the saver notifications'):
// RFC 8058 mail clients POST "List-Unsubscribe=One-Click" as a form, and the pages a person sees
// when following the link are small server pages that work without signing in or JavaScript.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './compose.ts';

/** Accepts form bodies in this plugin (RFC 8058 one-click POSTs and the confirmation form). */
export function acceptOneClickForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => done(null, { form: String(text) }));
}

/** The pages' own policy: their inline style, a form posting back to us, nothing else. */
export const UNSUBSCRIBE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** A small page: a title, a sentence, optional trusted HTML (a form) and links home (and to `more`). */
export function unsubscribePage(title: string, text: string, options: { html?: string; more?: { label: string; href: string } } = {}): string {
  const more = options.more ? ` · <a href="${escapeHtml(options.more.href)}">${escapeHtml(options.more.label)}</a>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px 16px;color:#1f2933}main{max-width:560px;margin:0 auto}button{font:inherit;padding:10px 18px;border:0;border-radius:4px;background:#00857c;color:#fff;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #1f2933;outline-offset:2px}a{color:#00665f}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${options.html ?? ''}<p><a href="/">Back to LocalSaver</a>${more}</p></main></body></html>`;
}
