// Spotlight descriptions on the home-pros home (SPEC.md 5: "markup stripped and cut to 175
// characters plus an ellipsis"; SPEC.md 9).
import { SPOTLIGHT_DESCRIPTION_CHARS } from './constants.ts';
import { htmlToText } from './html.ts';

/** Plain text of an HTML fragment: the one sanitiser's text (html.ts), entities decoded, whitespace collapsed. */
export function stripMarkup(html: string): string {
  return htmlToText(html);
}

/** The spotlight card text: markup stripped, then cut to 175 characters plus '...' when longer. */
export function spotlightDescription(html: string | null | undefined, limit: number = SPOTLIGHT_DESCRIPTION_CHARS): string {
  const text = stripMarkup(html ?? '');
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}...`;
}
