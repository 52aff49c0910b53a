// Seeded offers carry the value their name states: every headline the seed can write reads as a
// well-formed value (or none) whose badge repeats the headline's own number.
import { describe, expect, it } from 'vitest';
import { offerValueSchema, valueBadge } from '@market/domain/offer-value';
import { BUSINESS_KINDS, PURCHASE_HEADLINES } from './content.ts';
import { seedOfferTerms, valueFromHeadline } from './offer-values.ts';
import { finePrintSchema } from '@market/domain/fine-print';

const headlines = new Set<string>(PURCHASE_HEADLINES);
for (const kind of BUSINESS_KINDS) {
  for (const flavour of Object.values(kind.flavours)) {
    for (const h of [...kind.headlines, ...(flavour.headlines ?? [])]) for (const item of flavour.items) headlines.add(h.replaceAll('{item}', item));
  }
}

describe('seeded offer values', () => {
  it('reads the value a headline states', () => {
    expect(valueFromHeadline('$5 off an oil change')).toEqual({ kind: 'amount_off', amount_cents: 500 });
    expect(valueFromHeadline('$1,000 off a new high-efficiency furnace')).toEqual({ kind: 'amount_off', amount_cents: 100000 });
    expect(valueFromHeadline('20% off your entire bill')).toEqual({ kind: 'percent_off', percent: 20 });
    expect(valueFromHeadline('Free in-home estimate + 10% off kitchen remodel')).toEqual({ kind: 'percent_off', percent: 10 });
    expect(valueFromHeadline('10% off any roof (up to $1,000 off)')).toEqual({ kind: 'percent_off', percent: 10 });
    expect(valueFromHeadline('Buy one latte, get one free')).toEqual({ kind: 'bogo' });
    expect(valueFromHeadline('Buy one entrée, get one free (up to $12 value)')).toEqual({ kind: 'bogo', regular_price_cents: 1200 });
    expect(valueFromHeadline('Buy one entrée, get one 50% off')).toBeNull();
    expect(valueFromHeadline('Two medium 1-topping pizzas for $19.99')).toEqual({ kind: 'price', price_cents: 1999 });
    expect(valueFromHeadline('$79 furnace tune-up')).toEqual({ kind: 'price', price_cents: 7900 });
    expect(valueFromHeadline('First pest treatment $49')).toEqual({ kind: 'price', price_cents: 4900 });
    expect(valueFromHeadline('Free dessert with any dinner entrée')).toEqual({ kind: 'free_item', item: 'dessert' });
    expect(valueFromHeadline('0% financing for 18 months on windows')).toBeNull();
    expect(valueFromHeadline('First month free')).toBeNull();
    expect(valueFromHeadline('New clients: facial for half price')).toEqual({ kind: 'percent_off', percent: 50 });
    expect(valueFromHeadline('Free delivery on orders over $50')).toEqual({ kind: 'free_item', item: 'delivery' });
  });

  it(`gives each of ${headlines.size} headlines a valid value whose badge it states`, () => {
    let valued = 0;
    for (const h of headlines) {
      const { value, fine_print } = seedOfferTerms(1, 7, h, { restaurant: true, secondaryType: 'other' });
      if (fine_print) expect(finePrintSchema.safeParse(fine_print).success, h).toBe(true);
      if (!value) continue;
      valued++;
      expect(offerValueSchema.safeParse(value).success, h).toBe(true);
      const badge = valueBadge(value)!;
      const stated = badge.match(/[\d,.]+/)?.[0];
      if (stated) expect(h.replace('half price', '50%'), `${h} -> ${badge}`).toContain(stated);
      if (value.kind === 'free_item') expect(h.toLowerCase()).toContain(value.item.toLowerCase());
      if (value.regular_price_cents && value.kind === 'price') expect(value.regular_price_cents).toBeGreaterThan(value.price_cents);
    }
    expect(valued / headlines.size).toBeGreaterThan(0.6);
  });

  it('leaves leases without a value and is the same every time', () => {
    expect(seedOfferTerms(1, 3, 'Lease a new 2026 Civic for $299/mo', { restaurant: false, secondaryType: 'lease' })).toEqual({ value: null, fine_print: null });
    expect(seedOfferTerms(5, 42, '$5 off any large pizza', { restaurant: true, secondaryType: 'other' })).toEqual(
      seedOfferTerms(5, 42, '$5 off any large pizza', { restaurant: true, secondaryType: 'other' }),
    );
  });
});
