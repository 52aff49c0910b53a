// Sort, distance and radius of the offer lists (/api/entities/, /api/search/) and the place of a
// ZIP code (/api/places/zip/{zip}/), docs/api.md "Sort, distance and radius". The tests create
// their own rows around a point far from the seed's offers (a unique category keeps lists apart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { addCategory, addLocation, addMerchant, addOffer, addPlace, north, uid } from './catalogue.fixtures.ts';

interface Item {
  entitiable_id: number;
  name: string;
  distance: number | null;
  expires_at: string;
}

describe('sort, distance and radius', () => {
  let t: TestApp;
  const u = uid();
  const slug = `tsort-${u}`;
  const word = `zorbix${u.replace(/\d/g, '')}`;
  // Detroit, MI: the listing circle is the market radius (100 miles) around it.
  const origin = { lat: 42.3314, lng: -83.0458 };
  const ids: Record<string, number> = {};
  const zip = '00013';

  async function get(url: string) {
    return t.app.inject({ method: 'GET', url });
  }
  async function list(url: string): Promise<Item[]> {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item[];
  }
  const idsOf = (items: Item[]) => items.map((i) => i.entitiable_id);
  const place = `lat=${origin.lat}&lng=${origin.lng}`;

  beforeAll(async () => {
    t = await createTestApp();
    const today = t.today;
    const category = await addCategory(t.db, { kind: 'main', slug, name: `Sort Test ${u}`, orderNum: 95 });
    const merchant = await addMerchant(t.db, { name: `Sortable ${word}` });
    const base = Date.parse('2026-02-01T00:00:00Z');
    // [key, miles from the origin, days to expiry, minutes after base created]
    const rows: Array<[string, number, number, number]> = [
      ['m0_4', 0.4, 30, 1],
      ['m4_9', 4.95, 3, 5],
      ['m5_1', 5.05, 60, 2],
      ['m12', 12.4, 10, 4],
      ['m49', 49.9, 1, 3],
      ['m51', 50.1, 20, 6],
    ];
    for (const [key, miles, days, minutes] of rows) {
      const location = await addLocation(t.db, merchant, north(origin, miles));
      ids[key] = (
        await addOffer(t.db, location, category, {
          name: `${word} deal ${key}`,
          expiresAt: addDays(today, days),
          createdAt: new Date(base + minutes * 60_000),
        })
      ).id;
    }
    // Two places share the ZIP code: the more populous one is the answer.
    await addPlace(t.db, { name: `Zipville${u}`, state: 'MI', lat: north(origin, 3).lat, lng: origin.lng, population: 40_000, zips: [zip, '00014'] });
    await addPlace(t.db, { name: `Smallzip${u}`, state: 'MI', lat: north(origin, 30).lat, lng: origin.lng, population: 300, zips: [zip] });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/entities/', () => {
    it('sorts nearest first by default, and ending soon or newest when asked', async () => {
      const nearest = [ids.m0_4, ids.m4_9, ids.m5_1, ids.m12, ids.m49, ids.m51];
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}`))).toEqual(nearest);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&order=distance`))).toEqual(nearest);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&order=ending`))).toEqual([ids.m49, ids.m4_9, ids.m12, ids.m51, ids.m0_4, ids.m5_1]);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&order=newest`))).toEqual([ids.m51, ids.m4_9, ids.m12, ids.m49, ids.m5_1, ids.m0_4]);
    });

    it('keeps the order across pages', async () => {
      const whole = idsOf(await list(`/api/entities/?category=${slug}&${place}&order=ending`));
      const pages = [
        ...idsOf(await list(`/api/entities/?category=${slug}&${place}&order=ending&limit=4`)),
        ...idsOf(await list(`/api/entities/?category=${slug}&${place}&order=ending&limit=4&offset=4`)),
      ];
      expect(pages).toEqual(whole);
    });

    it('answers each offer\'s distance in miles from the place', async () => {
      const items = await list(`/api/entities/?category=${slug}&${place}`);
      expect(items.map((i) => i.distance)).toEqual([0.4, 4.95, 5.05, 12.4, 49.9, 50.1]);
    });

    it('filters by radius: an offer just inside stays, one just outside goes', async () => {
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&radius=5`))).toEqual([ids.m0_4, ids.m4_9]);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&radius=10`))).toEqual([ids.m0_4, ids.m4_9, ids.m5_1]);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&radius=25`))).toEqual([ids.m0_4, ids.m4_9, ids.m5_1, ids.m12]);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&radius=50`))).toEqual([ids.m0_4, ids.m4_9, ids.m5_1, ids.m12, ids.m49]);
      expect(idsOf(await list(`/api/entities/?category=${slug}&${place}&radius=5&order=newest`))).toEqual([ids.m4_9, ids.m0_4]);
      // Empty is the default: the market radius.
      expect(await list(`/api/entities/?category=${slug}&${place}&radius=`)).toHaveLength(6);
    });

    it('answers 400 naming the field for an unknown order or radius', async () => {
      for (const [query, field] of [
        ['order=biggest', 'order'],
        ['radius=7', 'radius'],
        ['radius=100', 'radius'],
        ['radius=abc', 'radius'],
        ['radius=-5', 'radius'],
      ] as const) {
        const res = await get(`/api/entities/?${place}&${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toHaveProperty(field);
      }
    });
  });

  describe('GET /api/search/', () => {
    it('sorts, measures and filters by radius like the browse list', async () => {
      const q = `q=${word}&${place}`;
      expect(new Set(idsOf(await list(`/api/search/?${q}`)))).toEqual(new Set(Object.values(ids)));
      expect(idsOf(await list(`/api/search/?${q}&order=distance`))).toEqual([ids.m0_4, ids.m4_9, ids.m5_1, ids.m12, ids.m49, ids.m51]);
      expect(idsOf(await list(`/api/search/?${q}&order=ending`))).toEqual([ids.m49, ids.m4_9, ids.m12, ids.m51, ids.m0_4, ids.m5_1]);
      expect(idsOf(await list(`/api/search/?${q}&order=newest`))).toEqual([ids.m51, ids.m4_9, ids.m12, ids.m49, ids.m5_1, ids.m0_4]);
      const near = await list(`/api/search/?${q}&radius=10`);
      expect(idsOf(near)).toEqual([ids.m0_4, ids.m4_9, ids.m5_1]);
      expect(near.map((i) => i.distance)).toEqual([0.4, 4.95, 5.05]);
      const bad = await get(`/api/search/?${q}&radius=3`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('radius');
    });
  });

  describe('GET /api/places/zip/{zip}/', () => {
    it('answers the most populous place with the ZIP code', async () => {
      const res = await get(`/api/places/zip/${zip}/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ city: `Zipville${u}`, stateShort: 'MI', state: 'Michigan', market: 'detroit' });
      expect((await get('/api/places/zip/00014/')).json()).toMatchObject({ city: `Zipville${u}` });
    });

    it('answers 404 for a ZIP code no place has', async () => {
      const res = await get('/api/places/zip/00012/');
      expect(res.statusCode).toBe(404);
    });

    it('answers 400 naming zip for anything but five digits', async () => {
      for (const bad of ['1234', '123456', 'abcde', '12a45', '%20%2012']) {
        const res = await get(`/api/places/zip/${bad}/`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json(), bad).toHaveProperty('zip');
      }
    });
  });
});
