// How a member's first name greets them, in the header, on the home page and in e-mails
// (SPEC.md 2 Home: the first name in capitalised words). Shared by the web and the API.

/**
 * The whole first name as the member typed it, each word starting with a capital:
 * 'walker' -> 'Walker', 'mary ann' -> 'Mary Ann', 'jean-luc' -> 'Jean-Luc'. Other letters stay as
 * typed, so 'McKenzie' and 'DeShawn' keep their capitals (docs/decisions.md).
 */
export function greetingName(firstName: string): string {
  return firstName
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, letter: string) => sep + letter.toLocaleUpperCase('en-US'));
}
