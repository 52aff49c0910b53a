// The structured value of an offer (docs/api.md "Offer values"): what the deal is worth, stored as
// JSON on offers.value and copied to offer_index with the saving the SQL functions
// offer_saving_cents / offer_saving_percent (migration 0017) estimate from it. The card badge, the
// offer modal and the printed coupon all word it through offer-value-text.ts, so the three never
// word a value differently; estimateSaving is the same arithmetic as the SQL (a test compares them).
import './validation/zod-jitless.ts';
import { z } from 'zod';
import { hasNoNul } from './validation/fields.ts';
import { badgeText, formatCents, spokenText, type OfferValue as TextValue } from './offer-value-text.ts';

export { formatCents } from './offer-value-text.ts';

export const OFFER_VALUE_KINDS = ['amount_off', 'percent_off', 'bogo', 'price', 'free_item'] as const;
export type OfferValueKind = (typeof OFFER_VALUE_KINDS)[number];
/** $100,000: far above any local deal, low enough that sums of cents never overflow an integer. */
export const VALUE_MAX_CENTS = 10_000_000;
export const FREE_ITEM_MAX = 60;

const KIND_MESSAGE = 'Choose the kind of value: amount_off, percent_off, bogo, price or free_item.';

const cents = (what: string) =>
  z
    .number({ error: `Enter the ${what} in cents, a whole number.` })
    .int(`Enter the ${what} in cents, a whole number.`)
    .min(1, `Enter ${what === 'amount' ? 'an' : 'a'} ${what} above zero.`)
    .max(VALUE_MAX_CENTS, `That ${what} is too large.`);

const regular = { regular_price_cents: cents('regular price').optional() };

/** What offers.value holds: one of five kinds, each with an optional regular price. */
export const offerValueSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('amount_off'), amount_cents: cents('amount'), ...regular }).strict(),
    z
      .object({
        kind: z.literal('percent_off'),
        percent: z
          .number({ error: 'Enter the percent off as a whole number from 1 to 100.' })
          .int('Enter the percent off as a whole number from 1 to 100.')
          .min(1, 'Enter the percent off as a whole number from 1 to 100.')
          .max(100, 'Enter the percent off as a whole number from 1 to 100.'),
        ...regular,
      })
      .strict(),
    z.object({ kind: z.literal('bogo'), ...regular }).strict(),
    z.object({ kind: z.literal('price'), price_cents: cents('price'), ...regular }).strict(),
    z
      .object({
        kind: z.literal('free_item'),
        item: z
          .string({ error: 'Enter the free item, e.g. “dessert”.' })
          .trim()
          .min(1, 'Enter the free item, e.g. “dessert”.')
          .max(FREE_ITEM_MAX, `Use at most ${FREE_ITEM_MAX} characters for the free item.`)
          .refine(hasNoNul, 'Enter text.'),
        ...regular,
      })
      .strict(),
  ],
  { error: (iss) => (iss.input !== null && typeof iss.input === 'object' && !Array.isArray(iss.input) ? KIND_MESSAGE : 'Send the value as an object {kind, …}.') },
);

export type OfferValue = z.output<typeof offerValueSchema>;
// offer-value-text.ts spells the same shape without zod (for the saver card's bundle).
type SameShape = OfferValue extends TextValue ? (TextValue extends OfferValue ? true : never) : never;
const sameShape: SameShape = true;
void sameShape;

/** A stored value as a value: null when absent or not well formed (never trusted blindly). */
export function readOfferValue(value: unknown): OfferValue | null {
  if (value === null || value === undefined) return null;
  const parsed = offerValueSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The badge a saver reads: '$5 off', '20% off', 'BOGO', '$19.99', 'Free dessert'; null without a well-formed value. */
export function valueBadge(value: unknown): string | null {
  const v = readOfferValue(value);
  return v ? badgeText(v) : null;
}

/** The badge as a screen reader says it: 'BOGO' in words, a bare price named as one. */
export function valueSpoken(value: unknown): string | null {
  const v = readOfferValue(value);
  return v ? spokenText(v) : null;
}

/** 'Regular price $24' when the value tells it (the offer modal and the coupon show it under the badge). */
export function regularPriceLine(value: unknown): string | null {
  const v = readOfferValue(value);
  return v?.regular_price_cents ? `Regular price ${formatCents(v.regular_price_cents)}` : null;
}

export interface SavingEstimate {
  /** The saving in cents, when the value tells it. */
  cents: number | null;
  /**
   * The saving in percent of the regular price (BOGO: half of two), 0..100; null when the value
   * does not tell it (or there is no value).
   */
  percent: number | null;
}

/**
 * The saving a value promises, the same arithmetic as the SQL offer_saving_cents /
 * offer_saving_percent that fill offer_index for the "biggest saving" sort. Reads the raw JSON
 * leniently like the SQL does: a number field is read when it is a number, otherwise ignored.
 */
export function estimateSaving(value: unknown): SavingEstimate {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { cents: null, percent: null };
  const v = value as Record<string, unknown>;
  const num = (k: string) => (typeof v[k] === 'number' ? (v[k] as number) : null);
  const amount = num('amount_cents');
  const percent = num('percent');
  const price = num('price_cents');
  const reg = num('regular_price_cents');
  // PostgreSQL rounds numeric halves away from zero; Math.round rounds them up.
  const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));
  const clampPercent = (x: number | null) => (x === null ? null : Math.min(100, Math.max(0, round(x))));
  switch (v.kind) {
    case 'amount_off':
      return { cents: amount === null ? null : round(amount), percent: clampPercent(amount !== null && reg !== null && reg > 0 ? (100 * amount) / reg : null) };
    case 'percent_off':
      return { cents: percent !== null && reg !== null ? round((percent * reg) / 100) : null, percent: clampPercent(percent) };
    case 'bogo':
      return { cents: reg === null ? null : round(reg), percent: 50 };
    case 'price': {
      const saves = price !== null && reg !== null && reg > price;
      return { cents: saves ? round(reg - price) : null, percent: clampPercent(saves && reg > 0 ? (100 * (reg - price)) / reg : null) };
    }
    case 'free_item':
      return { cents: reg === null ? null : round(reg), percent: null };
    default:
      return { cents: null, percent: null };
  }
}
