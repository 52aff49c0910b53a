// Office hours as people read them (SPEC.md 9: Monday to Friday 8:30am-5:00pm, Florida
// 9:00am-5:00pm, closed weekends), from the schema.org form kept on each market ('Mo-Fr 08:30-17:00').
import { MARKETS, type Market, type MarketId } from './markets.ts';

const DAY_NAMES: Record<string, string> = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' };

/** '08:30' -> '8:30am', '17:00' -> '5:00pm'. */
export function clockText(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h! >= 12 ? 'pm' : 'am';
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, '0')}${suffix}`;
}

/** 'Mo-Fr 08:30-17:00' -> 'Monday to Friday 8:30am-5:00pm'. */
export function openingHoursText(openingHours: string): string {
  const match = /^(\w\w)-(\w\w) (\d\d:\d\d)-(\d\d:\d\d)$/.exec(openingHours);
  if (!match) return openingHours;
  return `${DAY_NAMES[match[1]!] ?? match[1]} to ${DAY_NAMES[match[2]!] ?? match[2]} ${clockText(match[3]!)}-${clockText(match[4]!)}`;
}

/**
 * The offices /contact can show: citycontact chicago, minneapolis or florida; Detroit otherwise
 * (SPEC.md 2 Routes).
 */
export function contactMarket(citycontact: string | null | undefined): Market {
  const id = (citycontact ?? '').trim().toLowerCase();
  return id === 'chicago' || id === 'minneapolis' || id === 'florida' ? MARKETS[id as MarketId] : MARKETS.detroit;
}
