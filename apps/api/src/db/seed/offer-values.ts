// The structured value and fine print of a seeded offer, read from its headline so the name and
// the badge always agree ("$5 off any large pizza" is amount_off 500, "Buy one latte, get one
// free" a BOGO, "$79 furnace tune-up" a price): a headline that promises no single value (a
// lease, "First month free") gets none. Each offer draws from its own generator, seeded by
// (seed, offer id), so the rows generated before this existed stay byte-identical.
import type { FinePrint } from '@market/domain/fine-print';
import { FREE_ITEM_MAX, type OfferValue } from '@market/domain/offer-value';
import { Random } from './random.ts';

/** '$1,500' or '$13.99' as cents. */
function cents(dollars: string): number {
  return Math.round(Number(dollars.replace(/,/g, '')) * 100);
}

const DOLLARS = String.raw`\$(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)`;
const AMOUNT_OFF = new RegExp(`${DOLLARS} (?:off|below MSRP|cash back)\\b`, 'i');
const PERCENT_OFF = /\b(\d{1,3})% off\b|\bsave an extra (\d{1,3})%/i;
const HALF_OFF_SECOND = /get one (?:half|50%) off/i;
const BOGO = /^buy one .+, get one (?:\w+ )?free|\b2-for-1\b/i;
const UP_TO_VALUE = new RegExp(`up to ${DOLLARS} value`, 'i');
const PRICE = [new RegExp(`\\bfor ${DOLLARS}(?!/)`, 'i'), new RegExp(`^${DOLLARS} (?!off\\b)`, 'i'), new RegExp(` ${DOLLARS}$`)];
const FREE_ITEM = /^free (.+?)(?: with .*| on .*| \+ .*)?$/i;
const MIN_PURCHASE = new RegExp(`(?:of|over) ${DOLLARS}(?: or more)?`, 'i');

/** The value a headline states, without a regular price; null when it states none. */
export function valueFromHeadline(headline: string): OfferValue | null {
  if (HALF_OFF_SECOND.test(headline)) return null;
  if (BOGO.test(headline)) {
    const upTo = headline.match(UP_TO_VALUE);
    return upTo ? { kind: 'bogo', regular_price_cents: cents(upTo[1]!) } : { kind: 'bogo' };
  }
  // The first of "$X off" and "N% off" is the headline's main value ("Free estimate + 10% off").
  const amount = headline.match(AMOUNT_OFF);
  const percent = headline.match(PERCENT_OFF);
  if (amount || percent) {
    if (amount && (!percent || amount.index! < percent.index!)) return { kind: 'amount_off', amount_cents: cents(amount[1]!) };
    const p = Number(percent![1] ?? percent![2]);
    if (p >= 1 && p <= 100) return { kind: 'percent_off', percent: p };
  }
  if (/\bfor half price\b/i.test(headline)) return { kind: 'percent_off', percent: 50 };
  // "Free delivery on orders over $50": the free item, the amount is a condition.
  const free = headline.match(FREE_ITEM);
  if (free && free[1]!.length <= FREE_ITEM_MAX) return { kind: 'free_item', item: free[1]! };
  for (const pattern of PRICE) {
    const m = headline.match(pattern);
    if (m && cents(m[1]!) > 0) return { kind: 'price', price_cents: cents(m[1]!) };
  }
  return null;
}

/** A price shoppers would recognise: whole dollars, or ending in .99 below $100. */
function shelfPrice(r: Random, low: number, high: number): number {
  const dollars = r.int(Math.max(1, Math.round(low / 100)), Math.max(1, Math.round(high / 100)));
  return dollars < 100 && r.chance(0.6) ? dollars * 100 - 1 : dollars * 100;
}

/** The headline's value, with a regular price for some (what the saving is measured against). */
function withRegularPrice(r: Random, value: OfferValue, restaurant: boolean): OfferValue {
  switch (value.kind) {
    case 'price':
      return r.chance(0.7) ? { ...value, regular_price_cents: shelfPrice(r, value.price_cents * 1.2, value.price_cents * 1.7) } : value;
    case 'bogo':
      if (value.regular_price_cents) return value;
      return r.chance(0.6) ? { ...value, regular_price_cents: restaurant ? shelfPrice(r, 400, 1800) : shelfPrice(r, 600, 3000) } : value;
    case 'free_item':
      return r.chance(0.5) ? { ...value, regular_price_cents: restaurant ? shelfPrice(r, 200, 1200) : shelfPrice(r, 2500, 15000) } : value;
    case 'amount_off':
      return r.chance(0.25) ? { ...value, regular_price_cents: shelfPrice(r, value.amount_cents * 2, value.amount_cents * 6) } : value;
    case 'percent_off':
      return r.chance(0.2) ? { ...value, regular_price_cents: restaurant ? shelfPrice(r, 1500, 6000) : shelfPrice(r, 5000, 40000) } : value;
  }
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
/** Headlines that name their day ("Taco Tuesday", "on Tuesdays"). */
const NAMED_DAYS: Array<[RegExp, NonNullable<FinePrint['days']>]> = [[/\btuesdays?\b/i, ['tue']]];

/** Fine print for about half of the offers: when, minimum purchase, who, service, limit, exclusions. */
function finePrintFor(r: Random, headline: string, restaurant: boolean): FinePrint | null {
  const out: FinePrint = {};
  const named = NAMED_DAYS.find(([pattern]) => pattern.test(headline));
  if (named) out.days = named[1];
  const min = headline.match(MIN_PURCHASE);
  if (min) out.min_purchase_cents = cents(min[1]!);
  if (/\b(first|new (patient|client)s?)\b/i.test(headline)) out.new_customers_only = true;
  if (!r.chance(0.5) && !Object.keys(out).length) return null;
  if (!out.days && r.chance(0.35)) out.days = r.pick<FinePrint['days']>([[...WEEKDAYS], ['mon', 'tue', 'wed', 'thu'], ['sat', 'sun'], ['tue', 'wed', 'thu']]);
  if (restaurant && r.chance(0.3)) out.hours = r.pick([{ from: '11:00', to: '15:00' }, { from: '14:00', to: '17:00' }, { from: '16:00', to: '22:00' }]);
  if (!out.min_purchase_cents && r.chance(0.2)) out.min_purchase_cents = r.pick([1500, 2000, 2500, 5000]);
  if (restaurant && r.chance(0.3)) out.service = r.pick(['dine_in', 'takeout', 'both'] as const);
  if (r.chance(0.6)) out.limit = r.pick(['one_per_household', 'one_per_visit', 'one_per_customer'] as const);
  if (r.chance(0.25)) out.exclusions = restaurant ? r.pick(['alcohol and gift cards', 'daily specials', 'catering orders']) : r.pick(['prior purchases', 'sale items', 'gift cards']);
  return out;
}

/** The value and fine print of one seeded offer (cars: the lease and purchase headlines). */
export function seedOfferTerms(
  seed: number,
  offerId: number,
  headline: string,
  options: { restaurant: boolean; secondaryType: 'lease' | 'purchase' | 'other' },
): { value: OfferValue | null; fine_print: FinePrint | null } {
  const r = new Random(seed, 'offer-terms', offerId);
  // A monthly lease payment is not a price the badge could show without "/mo".
  const stated = options.secondaryType === 'lease' ? null : valueFromHeadline(headline);
  const value = stated && options.secondaryType === 'other' ? withRegularPrice(r, stated, options.restaurant) : stated;
  const fine_print = options.secondaryType === 'other' ? finePrintFor(r, headline, options.restaurant) : null;
  return { value, fine_print };
}
