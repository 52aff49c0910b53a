// The "biggest saving" order of the offer lists (/api/entities/, /api/search/), docs/api.md
// "Offer values": saving in cents first, then in percent, offers without a value last, then
// nearest; the same over pages. The tests create their own rows far from the seed's offers
// (a unique category and word keep the lists apart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import type { OfferValue } from '@market/domain/offer-value';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { addCategory, addLocation, addMerchant, addOffer, north, uid } from './catalogue.fixtures.ts';

interface Item {
  entitiable_id: number;
  value: OfferValue | null;
  badge: string | null;
}

describe('order=saving', () => {
  let t: TestApp;
  const u = uid();
  const slug = `tsave-${u}`;
  const word = `savix${u.replace(/\d/g, '')}`;
  const origin = { lat: 42.3314, lng: -83.0458 };
  const place = `lat=${origin.lat}&lng=${origin.lng}`;
  const ids: Record<string, number> = {};

  async function get(url: string) {
    return t.app.inject({ method: 'GET', url });
  }
  async function list(url: string): Promise<Item[]> {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item[];
  }
  const idsOf = (items: Item[]) => items.map((i) => i.entitiable_id);

  // [key, miles from the origin, value]: cents decide, then percent, then distance; no saving last.
  const rows: Array<[string, number, OfferValue | null]> = [
    ['none_near', 0.2, null],
    ['off5', 3, { kind: 'amount_off', amount_cents: 500 }],
    ['off5_reg', 9, { kind: 'amount_off', amount_cents: 500, regular_price_cents: 1000 }],
    ['off5_far', 20, { kind: 'amount_off', amount_cents: 500 }],
    ['price', 1, { kind: 'price', price_cents: 1999, regular_price_cents: 2999 }],
    ['bogo', 2, { kind: 'bogo', regular_price_cents: 1200 }],
    ['pct20', 4, { kind: 'percent_off', percent: 20 }],
    ['pct50', 6, { kind: 'percent_off', percent: 50 }],
    ['bogo_bare', 7, { kind: 'bogo' }],
    ['free', 5, { kind: 'free_item', item: 'dessert' }],
    ['none_far', 30, null],
  ];
  // Expected: 1200 (bogo), 1000 (price), 500 with 50% (off5_reg), 500 nearer (off5), 500 far,
  // then no cents: 50, 50 (pct50 at 6 mi, bogo_bare at 7 mi), 20, then no saving told (a free item
  // without a regular price, no value) nearest first.
  const expected = ['bogo', 'price', 'off5_reg', 'off5', 'off5_far', 'pct50', 'bogo_bare', 'pct20', 'none_near', 'free', 'none_far'];

  beforeAll(async () => {
    t = await createTestApp();
    const category = await addCategory(t.db, { kind: 'main', slug, name: `Saving Test ${u}`, orderNum: 96 });
    const merchant = await addMerchant(t.db, { name: `Saver ${word}` });
    for (const [key, miles, value] of rows) {
      const location = await addLocation(t.db, merchant, north(origin, miles));
      ids[key] = (await addOffer(t.db, location, category, { name: `${word} deal ${key}`, expiresAt: addDays(t.today, 30), value })).id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the biggest saving first, with each value and badge', async () => {
    const items = await list(`/api/entities/?category=${slug}&${place}&order=saving`);
    expect(idsOf(items)).toEqual(expected.map((k) => ids[k]));
    const bogo = items.find((i) => i.entitiable_id === ids.bogo)!;
    expect(bogo.value).toEqual({ kind: 'bogo', regular_price_cents: 1200 });
    expect(bogo.badge).toBe('BOGO');
    expect(items.find((i) => i.entitiable_id === ids.none_near)).toMatchObject({ value: null, badge: null });
    expect(items.find((i) => i.entitiable_id === ids.price)!.badge).toBe('$19.99');
  });

  it('holds over pages: no offer twice, none missed, for every page size', async () => {
    const whole = idsOf(await list(`/api/entities/?category=${slug}&${place}&order=saving`));
    for (const size of [1, 2, 3, 4, 5]) {
      const paged: number[] = [];
      for (let offset = 0; offset < whole.length + size; offset += size) {
        paged.push(...idsOf(await list(`/api/entities/?category=${slug}&${place}&order=saving&limit=${size}&offset=${offset}`)));
      }
      expect(paged, `limit=${size}`).toEqual(whole);
    }
  });

  it('sorts search results the same way', async () => {
    expect(idsOf(await list(`/api/search/?q=${word}&category=${slug}&${place}&order=saving`))).toEqual(expected.map((k) => ids[k]));
    const page2 = idsOf(await list(`/api/search/?q=${word}&category=${slug}&${place}&order=saving&limit=4&offset=4`));
    expect(page2).toEqual(expected.slice(4, 8).map((k) => ids[k]));
  });

  it('answers 400 naming the field for a bad order', async () => {
    for (const url of [`/api/entities/?${place}&order=savings`, `/api/entities/?${place}&order=SAVING`, `/api/search/?q=${word}&${place}&order=biggest`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toHaveProperty('order');
    }
  });
});
