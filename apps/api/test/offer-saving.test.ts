// The saving that offer_index keeps for the "biggest saving" order (migration 0017:
// offer_saving_cents, offer_saving_percent) is the arithmetic of @market/domain/offer-value's
// estimateSaving: both are asked about the same values, well formed or not, including halves
// that round, regular prices below the price and numbers sent as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { estimateSaving } from '@market/domain/offer-value';
import { createTestApp, type TestApp } from './support/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const VALUES: unknown[] = [
  null,
  'bogo',
  [],
  {},
  { kind: 'nonsense', amount_cents: 500 },
  { kind: 'bogo' },
  { kind: 'free_item', item: 'dessert' },
  { kind: 'amount_off', amount_cents: '500' },
  { kind: 'amount_off', amount_cents: 500, regular_price_cents: 0 },
  { kind: 'amount_off', amount_cents: 500, regular_price_cents: 'x' },
  { kind: 'amount_off', amount_cents: 3000, regular_price_cents: 2000 },
  { kind: 'amount_off', amount_cents: 2.5 },
  { kind: 'percent_off', percent: 12.5 },
  { kind: 'percent_off', percent: -5 },
  { kind: 'percent_off', percent: 150, regular_price_cents: 1000 },
  { kind: 'price', price_cents: 1999 },
  { kind: 'price', price_cents: 2999, regular_price_cents: 1999 },
  { kind: 'price', price_cents: 1999, regular_price_cents: 1999 },
  { kind: 'price', price_cents: 0, regular_price_cents: 0 },
];
// Every kind against a spread of amounts, percents and regular prices (halves included).
const AMOUNTS = [1, 50, 99, 250, 500, 1000, 1999, 4999, 10_000_000];
const PERCENTS = [1, 5, 10, 15, 20, 25, 33, 50, 99, 100];
const REGULARS: (number | undefined)[] = [undefined, 1, 3, 99, 150, 899, 1099, 2000, 2999, 12_345, 10_000_000];
for (const regular_price_cents of REGULARS) {
  const reg = regular_price_cents === undefined ? {} : { regular_price_cents };
  VALUES.push({ kind: 'bogo', ...reg }, { kind: 'free_item', item: 'fries', ...reg });
  for (const a of AMOUNTS) VALUES.push({ kind: 'amount_off', amount_cents: a, ...reg }, { kind: 'price', price_cents: a, ...reg });
  for (const percent of PERCENTS) VALUES.push({ kind: 'percent_off', percent, ...reg });
}

describe('saving in SQL agrees with the domain estimate', () => {
  it(`offer_saving_cents and offer_saving_percent on ${VALUES.length} values`, async () => {
    const rows = await t.db.rows<{ i: number; cents: number | null; percent: number | null }>(sql`
      SELECT v.i::int AS i, offer_saving_cents(v.j) AS cents, offer_saving_percent(v.j)::int AS percent
      FROM jsonb_array_elements(${JSON.stringify(VALUES)}::jsonb) WITH ORDINALITY AS v(j, i) ORDER BY v.i`);
    expect(rows).toHaveLength(VALUES.length);
    VALUES.forEach((value, n) => {
      expect({ cents: rows[n]!.cents, percent: rows[n]!.percent }, JSON.stringify(value)).toEqual(estimateSaving(value));
    });
  });
});

describe('saving of an offer without a value', () => {
  it('is no saving, in cents or in percent (such offers come last in order=saving)', async () => {
    const [row] = await t.db.rows<{ cents: number | null; percent: number | null }>(sql`SELECT offer_saving_cents(NULL::jsonb) AS cents, offer_saving_percent(NULL::jsonb)::int AS percent`);
    expect(row).toEqual({ cents: null, percent: null });
  });
});
