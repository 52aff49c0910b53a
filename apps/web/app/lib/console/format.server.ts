// How console loaders write times and devices for a page. Times are in the business time zone
// with its name, written on the server, so every staff member reads the same text and the page
// carries no date code of its own.
import { BUSINESS_TIMEZONE } from '@market/domain/expiry';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, dateStyle: 'medium', timeStyle: 'short' });
const ZONE = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, timeZoneName: 'short' });

/** "Nov 26, 2026, 3:04 PM EST"; '' for a missing or unreadable time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const zone = ZONE.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${DATE_TIME.format(at)} ${zone}`.trim();
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows" from a User-Agent header; the header itself when it names neither. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 80);
}
