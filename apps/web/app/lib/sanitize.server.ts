// The one allow-list sanitiser for stored HTML (offer descriptions and terms, contest rules and
// descriptions, merchant "about" texts). Everything rendered with dangerouslySetInnerHTML passes
// through here on the server; the browser only ever receives the cleaned string.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'blockquote', 'span', 'small', 'sup', 'sub'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave in a new tab and cannot reach back into the page; headings stay below the page's.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    h1: 'h3',
    h2: 'h3',
  },
};

/** Cleans stored HTML down to simple formatting and safe links. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

// Our own long documents (blog posts, terms, privacy): headings, tables and pictures are kept;
// links to our own pages stay in the tab, others leave in a new one.
const DOCUMENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'h2', 'h3', 'h4', 'hr', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'del'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], h2: ['id'], h3: ['id'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => (/^https?:/i.test(attribs.href ?? '') ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } } : { tagName, attribs }),
    h1: 'h2',
  },
};

/** Cleans one of our Markdown documents rendered to HTML. */
export function sanitizeDocument(html: string): string {
  return sanitizeHtml(html, DOCUMENT_OPTIONS).trim();
}

/** Plain text of stored HTML (for meta descriptions and JSON-LD). */
export function plainText(html: string | null | undefined, limit = 300): string {
  const text = sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit - 3).trimEnd()}...` : text;
}
