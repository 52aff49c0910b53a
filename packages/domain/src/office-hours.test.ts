import { describe, expect, it } from 'vitest';
import { MARKETS } from './markets.ts';
import { clockText, contactMarket, openingHoursText } from './office-hours.ts';

describe('office hours (SPEC.md 9)', () => {
  it('reads Monday to Friday 8:30am-5:00pm, Florida 9:00am-5:00pm', () => {
    expect(openingHoursText(MARKETS.detroit.openingHours)).toBe('Monday to Friday 8:30am-5:00pm');
    expect(openingHoursText(MARKETS.chicago.openingHours)).toBe('Monday to Friday 8:30am-5:00pm');
    expect(openingHoursText(MARKETS.minneapolis.openingHours)).toBe('Monday to Friday 8:30am-5:00pm');
    expect(openingHoursText(MARKETS.florida.openingHours)).toBe('Monday to Friday 9:00am-5:00pm');
  });

  it('writes noon and midnight the American way', () => {
    expect(clockText('12:00')).toBe('12:00pm');
    expect(clockText('00:15')).toBe('12:15am');
  });

  it('keeps an unknown format as it is', () => {
    expect(openingHoursText('by appointment')).toBe('by appointment');
  });
});

describe('contact office', () => {
  it('answers chicago, minneapolis and florida, and Detroit for anything else', () => {
    expect(contactMarket('chicago').id).toBe('chicago');
    expect(contactMarket('Minneapolis').id).toBe('minneapolis');
    expect(contactMarket(' florida ').id).toBe('florida');
    expect(contactMarket('detroit').id).toBe('detroit');
    expect(contactMarket('paris').id).toBe('detroit');
    expect(contactMarket(null).id).toBe('detroit');
    expect(contactMarket('').id).toBe('detroit');
  });
});
