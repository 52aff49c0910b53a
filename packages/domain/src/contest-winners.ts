// How a contest winner is shown (SPEC.md 3 Contest winner: name, date, 'city state' with the city
// in capitalised words, and winning). Pure rules shared by the web and the API.
import { businessToday, formatDisplayDate } from './expiry.ts';

/** 'st. clair SHORES' -> 'St. Clair Shores'; also capitalises after hyphens ('winston-salem'). */
export function capitalizeWords(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** 'jane', 'doe' (or 'D') -> 'Jane D.': the first name and the last initial only. */
export function winnerDisplayName(firstName: string, lastName: string): string {
  const first = capitalizeWords(firstName);
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** 'DETROIT', 'mi' -> 'Detroit MI' (SPEC.md 3: 'city state', city in capitalised words). */
export function winnerDisplayLocation(city: string, state: string): string {
  return [capitalizeWords(city), state.trim().toUpperCase()].filter(Boolean).join(' ');
}

/** The selection date as MM/DD/YYYY (SPEC.md 9), on the business calendar. */
export function winnerDisplayDate(selectedAt: Date | string): string {
  const date = typeof selectedAt === 'string' ? new Date(selectedAt) : selectedAt;
  return formatDisplayDate(businessToday(date));
}
