// Offer expiry (SPEC.md 4): relative to the start of today, an offer that has not expired is
// active; one that expired less than 7 days ago is shown as expired; 7 or more days ago, hidden.
import { EXPIRED_VISIBLE_DAYS } from './constants.ts';

export type ExpiryStatus = 'active' | 'expired' | 'hidden';

/** Business time zone for "today": the head office's (decision in docs/decisions.md). */
export const BUSINESS_TIMEZONE = 'America/Detroit';

/**
 * Built once: creating an Intl formatter costs far more than formatting with it
 * (docs/performance.md).
 */
const TODAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date (YYYY-MM-DD) in the business time zone. */
export function businessToday(now: Date = new Date()): string {
  return TODAY_FORMAT.format(now);
}

const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>([[BUSINESS_TIMEZONE, TODAY_FORMAT]]);

/**
 * The date (YYYY-MM-DD) of `at` in a market's time zone (markets.timezone): analytics count each
 * event on the business day of the market where it happened. Formatters are kept per zone.
 */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(timeZone, format);
  }
  return format.format(at);
}

/** Whole days between two YYYY-MM-DD dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The expiry status of an offer whose last valid day is `expiresAt` (YYYY-MM-DD). An offer is
 * valid through its expiry date; it counts as expired N days ago from the day after.
 */
export function expiryStatus(expiresAt: string | null | undefined, today: string = businessToday()): ExpiryStatus {
  if (!expiresAt) return 'active';
  const daysExpired = daysBetween(expiresAt.slice(0, 10), today);
  if (daysExpired <= 0) return 'active';
  return daysExpired < EXPIRED_VISIBLE_DAYS ? 'expired' : 'hidden';
}

/** The first expiry date that is still visible (recently expired) today. */
export function oldestVisibleExpiry(today: string = businessToday()): string {
  return addDays(today, -(EXPIRED_VISIBLE_DAYS - 1));
}

/** MM/DD/YYYY as shown on cards, the modal and the PDF (SPEC.md 9). */
export function formatDisplayDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** The expiry line of a coupon (SPEC.md 2 'Expires: {date}', 9 MM/DD/YYYY): 'Expired: {date}' once it has expired. */
export function expiryLabel(expiresAt: string, status: ExpiryStatus): string {
  return `${status === 'active' ? 'Expires' : 'Expired'}: ${formatDisplayDate(expiresAt)}`;
}
