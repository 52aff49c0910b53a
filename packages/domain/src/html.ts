// The one sanitiser for stored HTML (docs/security.md): offer descriptions and terms, contest
// descriptions and rules, merchant "about" texts and spotlight text. The seed/ingest path cleans
// HTML before it is stored and the web cleans it again before rendering it, both with this
// allow-list. sanitizeRichText is idempotent: cleaning twice equals cleaning once.
import sanitizeHtml from 'sanitize-html';

/** Tags stored HTML may keep; everything else is dropped (its text kept, scripts and styles removed). */
export const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'blockquote', 'span', 'small', 'sup', 'sub'] as const;

const LINK_REL = 'noopener noreferrer nofollow';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // No on* handlers, no style, no class: only what a link needs.
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is never shown (sanitize-html's default list plus the ones that hold code).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'xmp', 'iframe', 'noembed', 'noframes', 'title', 'svg', 'math', 'object'],
  transformTags: {
    // Links leave in a new tab and cannot reach back into the page; headings stay below the page's.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: LINK_REL } }),
    h1: 'h3',
    h2: 'h3',
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

// Our own long documents (blog posts, terms, privacy rendered from Markdown): headings, tables and
// pictures are kept; links to our own pages stay in the tab, others leave in a new one.
const DOCUMENT: sanitizeHtml.IOptions = {
  ...RICH_TEXT,
  allowedTags: [...ALLOWED_TAGS, 'h2', 'hr', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'del'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], h2: ['id'], h3: ['id'], th: ['align'], td: ['align'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: {
    a: (tagName, attribs) => (/^https?:/i.test(attribs.href ?? '') ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } } : { tagName, attribs }),
    h1: 'h2',
  },
  exclusiveFilter: undefined,
};

/** Cleans one of our Markdown documents rendered to HTML (a wider allow-list for our own texts). */
export function sanitizeDocument(html: string): string {
  return sanitizeHtml(html, DOCUMENT).trim();
}

const NO_TAGS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: RICH_TEXT.nonTextTags!,
};

/** Cleans stored HTML down to simple formatting and safe links (idempotent). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  // A second pass settles the few inputs whose first cleaning forms new markup (e.g. entity-encoded
  // tags inside dropped elements), so that sanitising twice always equals sanitising once.
  const once = sanitizeHtml(html, RICH_TEXT).trim();
  const twice = sanitizeHtml(once, RICH_TEXT).trim();
  return twice === once ? once : sanitizeHtml(twice, RICH_TEXT).trim();
}

const TEXT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The visible text of stored HTML, with entities decoded, whitespace collapsed (for meta tags, cards). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b".
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote)\s*>|<br\s*\/?>/gi, (m) => `${m} `);
  // sanitize-html decodes every entity while parsing and escapes only these on output.
  return sanitizeHtml(spaced, NO_TAGS)
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => TEXT_ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text cut to `limit` characters with '...' when longer (meta descriptions, JSON-LD). */
export function plainText(html: string | null | undefined, limit = 300): string {
  const text = htmlToText(html);
  return text.length > limit ? `${text.slice(0, limit - 3).trimEnd()}...` : text;
}
