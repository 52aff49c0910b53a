// Spotlight descriptions on the home-pros home (SPEC.md 5: "markup stripped and cut to 175
// characters plus an ellipsis"; SPEC.md 9).
import { SPOTLIGHT_DESCRIPTION_CHARS } from './constants.ts';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of an HTML fragment: tags (and script/style contents) removed, entities decoded, whitespace collapsed. */
export function stripMarkup(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*|#39);/gi, (match, name: string) => {
      const key = name.toLowerCase();
      if (key.startsWith('#x')) return safeCodePoint(Number.parseInt(key.slice(2), 16)) ?? match;
      if (key.startsWith('#') && key !== '#39') return safeCodePoint(Number.parseInt(key.slice(1), 10)) ?? match;
      return NAMED_ENTITIES[key] ?? match;
    })
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(code: number): string | undefined {
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return String.fromCodePoint(code);
}

/** The spotlight card text: markup stripped, then cut to 175 characters plus '...' when longer. */
export function spotlightDescription(html: string | null | undefined, limit: number = SPOTLIGHT_DESCRIPTION_CHARS): string {
  const text = stripMarkup(html ?? '');
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}...`;
}
