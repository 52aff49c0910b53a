import { describe, expect, it } from 'vitest';
import { estimateSaving, formatCents, offerValueSchema, readOfferValue, regularPriceLine, valueBadge, valueSpoken } from './offer-value.ts';

const messages = (input: unknown) => {
  const r = offerValueSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('offer value', () => {
  it('reads each kind as a badge', () => {
    expect(valueBadge({ kind: 'amount_off', amount_cents: 500 })).toBe('$5 off');
    expect(valueBadge({ kind: 'amount_off', amount_cents: 250 })).toBe('$2.50 off');
    expect(valueBadge({ kind: 'percent_off', percent: 20 })).toBe('20% off');
    expect(valueBadge({ kind: 'bogo' })).toBe('BOGO');
    expect(valueBadge({ kind: 'price', price_cents: 1999, regular_price_cents: 2999 })).toBe('$19.99');
    expect(valueBadge({ kind: 'free_item', item: '  dessert ' })).toBe('Free dessert');
    expect(valueBadge({ kind: 'price', price_cents: 123456 })).toBe('$1,234.56');
    expect(valueBadge(null)).toBeNull();
    expect(valueBadge({ kind: 'amount_off', amount_cents: -5 })).toBeNull();
    expect(valueBadge('$5 off')).toBeNull();
  });

  it('says the badge in words', () => {
    expect(valueSpoken({ kind: 'bogo' })).toBe('Buy one, get one free');
    expect(valueSpoken({ kind: 'price', price_cents: 1999 })).toBe('Price $19.99');
    expect(valueSpoken({ kind: 'amount_off', amount_cents: 500 })).toBe('$5 off');
    expect(valueSpoken(null)).toBeNull();
  });

  it('formats cents without empty decimals', () => {
    expect(formatCents(500)).toBe('$5');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1050)).toBe('$10.50');
  });

  it('writes the regular price line', () => {
    expect(regularPriceLine({ kind: 'bogo', regular_price_cents: 1200 })).toBe('Regular price $12');
    expect(regularPriceLine({ kind: 'bogo' })).toBeNull();
  });

  it('accepts well-formed values and trims the item', () => {
    expect(readOfferValue({ kind: 'free_item', item: ' fries ', regular_price_cents: 399 })).toEqual({ kind: 'free_item', item: 'fries', regular_price_cents: 399 });
    expect(messages({ kind: 'percent_off', percent: 100 })).toEqual([]);
    expect(messages({ kind: 'amount_off', amount_cents: 10_000_000 })).toEqual([]);
  });

  it('refuses bad values with messages that name the field', () => {
    expect(messages({ kind: 'coupon' })).toEqual(['kind: Choose the kind of value: amount_off, percent_off, bogo, price or free_item.']);
    expect(messages({})).toEqual(['kind: Choose the kind of value: amount_off, percent_off, bogo, price or free_item.']);
    expect(messages('5 off')).toEqual([': Send the value as an object {kind, …}.']);
    expect(messages({ kind: 'percent_off', percent: 0 })).toEqual(['percent: Enter the percent off as a whole number from 1 to 100.']);
    expect(messages({ kind: 'percent_off', percent: 101 })).toEqual(['percent: Enter the percent off as a whole number from 1 to 100.']);
    expect(messages({ kind: 'percent_off', percent: 12.5 })).toEqual(['percent: Enter the percent off as a whole number from 1 to 100.']);
    expect(messages({ kind: 'amount_off', amount_cents: 2.5 })).toEqual(['amount_cents: Enter the amount in cents, a whole number.']);
    expect(messages({ kind: 'amount_off', amount_cents: 0 })).toEqual(['amount_cents: Enter an amount above zero.']);
    expect(messages({ kind: 'amount_off' })).toEqual(['amount_cents: Enter the amount in cents, a whole number.']);
    expect(messages({ kind: 'price', price_cents: 10_000_001 })).toEqual(['price_cents: That price is too large.']);
    expect(messages({ kind: 'bogo', regular_price_cents: 0 })).toEqual(['regular_price_cents: Enter a regular price above zero.']);
    expect(messages({ kind: 'bogo', regular_price_cents: '12' })).toEqual(['regular_price_cents: Enter the regular price in cents, a whole number.']);
    expect(messages({ kind: 'free_item', item: '   ' })).toEqual(['item: Enter the free item, e.g. “dessert”.']);
    expect(messages({ kind: 'free_item', item: 'x'.repeat(61) })).toEqual(['item: Use at most 60 characters for the free item.']);
    expect(messages({ kind: 'free_item', item: 'pie\u0000' })).toEqual(['item: Enter text.']);
    expect(messages({ kind: 'bogo', percent: 50 })[0]).toMatch(/^: /);
  });

  it('estimates the saving', () => {
    expect(estimateSaving({ kind: 'amount_off', amount_cents: 500, regular_price_cents: 2000 })).toEqual({ cents: 500, percent: 25 });
    expect(estimateSaving({ kind: 'percent_off', percent: 15, regular_price_cents: 1099 })).toEqual({ cents: 165, percent: 15 });
    expect(estimateSaving({ kind: 'percent_off', percent: 20 })).toEqual({ cents: null, percent: 20 });
    expect(estimateSaving({ kind: 'bogo', regular_price_cents: 899 })).toEqual({ cents: 899, percent: 50 });
    expect(estimateSaving({ kind: 'price', price_cents: 1999, regular_price_cents: 2999 })).toEqual({ cents: 1000, percent: 33 });
    expect(estimateSaving({ kind: 'price', price_cents: 1999 })).toEqual({ cents: null, percent: null });
    expect(estimateSaving({ kind: 'free_item', item: 'pie' })).toEqual({ cents: null, percent: null });
    expect(estimateSaving(null)).toEqual({ cents: null, percent: null });
  });
});
