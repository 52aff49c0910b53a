// Turns the content of a mail into its plain-text and HTML parts, both ending with the company's
// postal address (every mail has HTML and plain text and the postal address).
import { HEADQUARTERS } from '@market/domain/markets';

/** What a template produces: the layout adds the greeting style, the button and the footer. */
export interface MailContent {
  to: string;
  subject: string;
  /** Short line shown by mail clients next to the subject. */
  preheader?: string;
  /** Plain-text paragraphs; escaped for the HTML part. */
  paragraphs: string[];
  /** One call-to-action link, shown as a button and as a plain URL. */
  action?: { label: string; url: string };
  /** Paragraphs after the button (e.g. "the link expires in an hour"). */
  after?: string[];
  /** Extra message headers, e.g. List-Unsubscribe (RFC 8058 one-click unsubscribe). */
  headers?: Record<string, string>;
  /** Both parts already rendered by a template library (the saver notifications): used as they are. */
  rendered?: { html: string; text: string };
}

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The postal address every mail carries, one line per element. */
export function postalAddressLines(): string[] {
  return [HEADQUARTERS.name, HEADQUARTERS.street, `${HEADQUARTERS.city}, ${HEADQUARTERS.state} ${HEADQUARTERS.zip}`];
}

/** The headers of a mail with a one-click unsubscribe link (RFC 8058): mail clients POST to `url`. */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Builds both parts of a mail from its content. */
export function composeMail(content: MailContent): ComposedMail {
  if (content.rendered) return { to: content.to, subject: content.subject, ...content.rendered, ...(content.headers ? { headers: content.headers } : {}) };
  const address = postalAddressLines();
  const after = content.after ?? [];
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...after,
    ['--', ...address].join('\n'),
  ].join('\n\n');

  const p = (s: string) => `<p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif;color:#1f2933">${escapeHtml(s)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;border-radius:4px;font:bold 16px Arial,sans-serif;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font:13px/1.5 Arial,sans-serif;color:#52606d">Or paste this address into your browser: <a href="${escapeHtml(content.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader ?? '')}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font:bold 20px Arial,sans-serif;color:#0f766e">LocalSaver</p>
${content.paragraphs.map(p).join('\n')}
${button}
${after.map(p).join('\n')}
</td></tr></table>
<p style="margin:16px 0 0;font:12px/1.5 Arial,sans-serif;color:#7b8794">${address.map(escapeHtml).join('<br>')}</p>
</td></tr></table>
</body></html>`;
  return { to: content.to, subject: content.subject, text, html, ...(content.headers ? { headers: content.headers } : {}) };
}
