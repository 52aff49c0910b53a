// The map area of the offer lists (docs/api.md "Map area"): `bbox` on /api/entities/ and
// /api/search/ lists the offers inside the box, nearest its centre first, whatever the place;
// a bad or too large box is a 400 naming bbox. And the embedded basemap, /api/map/basemap/.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { addCategory, addLocation, addMerchant, addOffer, north, uid } from './catalogue.fixtures.ts';

interface Item {
  entitiable_id: number;
  distance: number | null;
}

describe('map area', () => {
  let t: TestApp;
  const u = uid();
  const slug = `tmap-${u}`;
  const word = `mapquix${u.replace(/\d/g, '')}`;
  // Grand Rapids, MI: inside the Detroit market, away from the sort tests' rows.
  const origin = { lat: 42.9634, lng: -85.6681 };
  const ids: Record<string, number> = {};

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  async function list(url: string): Promise<Item[]> {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item[];
  }
  const idsOf = (items: Item[]) => items.map((i) => i.entitiable_id);
  /** A box from `south` to `north` miles north of the origin, 0.05° either side of its meridian. */
  const box = (south: number, northMiles: number) => [origin.lng - 0.05, north(origin, south).lat, origin.lng + 0.05, north(origin, northMiles).lat].join(',');

  beforeAll(async () => {
    t = await createTestApp();
    const category = await addCategory(t.db, { kind: 'main', slug, name: `Map Test ${u}`, orderNum: 96 });
    const merchant = await addMerchant(t.db, { name: `Mappable ${word}` });
    for (const [key, miles] of [['m1', 1], ['m3', 3], ['m8', 8]] as const) {
      const location = await addLocation(t.db, merchant, north(origin, miles));
      ids[key] = (await addOffer(t.db, location, category, { name: `${word} deal ${key}`, expiresAt: addDays(t.today, 30) })).id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the offers inside the box, nearest its centre first, with distances from the centre', async () => {
    const items = await list(`/api/entities/?category=${slug}&bbox=${box(0, 5)}`);
    expect(idsOf(items)).toEqual([ids.m3, ids.m1]);
    expect(items.map((i) => i.distance)).toEqual([0.5, 1.5]);
    expect(idsOf(await list(`/api/entities/?category=${slug}&bbox=${box(2, 10)}`))).toEqual([ids.m8, ids.m3]);
    expect(await list(`/api/entities/?category=${slug}&bbox=${box(10, 20)}`)).toEqual([]);
  });

  it('takes the box over the place, and keeps the other choices', async () => {
    // Chicago is the place, but the box is in Michigan.
    expect(idsOf(await list(`/api/entities/?category=${slug}&city=Chicago&state=IL&bbox=${box(0, 10)}&order=distance`))).toEqual([ids.m3, ids.m8, ids.m1]);
    expect(idsOf(await list(`/api/entities/?category=${slug}&bbox=${box(0, 10)}&radius=5`))).toEqual([ids.m3, ids.m8, ids.m1]);
    expect(idsOf(await list(`/api/entities/?category=${slug}&bbox=${box(0, 10)}&limit=1&offset=1`))).toEqual([ids.m8]);
  });

  it('narrows a search to the box', async () => {
    expect(idsOf(await list(`/api/search/?q=${word}&bbox=${box(0, 5)}`))).toEqual([ids.m3, ids.m1]);
    expect(idsOf(await list(`/api/search/?q=${word}&bbox=${box(0, 5)}&order=relevance`)).sort()).toEqual([ids.m1, ids.m3].sort());
  });

  it('answers 400 naming bbox for a box it cannot use', async () => {
    for (const bad of ['abc', '1,2,3', '1,2,3,4,5', '-85,43,-86,44', '-86,44,-85,43', '-200,40,-199,41', '-86,91,-85,92', '-86,4e1,-85,41', '-100,30,-80,45', 'x'.repeat(300)]) {
      for (const path of ['/api/entities/', `/api/search/?q=${word}&`]) {
        const res = await get(`${path}${path.endsWith('&') ? '' : '?'}bbox=${encodeURIComponent(bad)}`);
        expect(res.statusCode, `${path} ${bad}`).toBe(400);
        expect(res.json(), bad).toHaveProperty('bbox');
      }
    }
    expect((await get('/api/entities/?bbox=-100,30,-80,45')).json()).toEqual({ bbox: [expect.stringContaining('too large')] });
    // Empty is no box.
    expect((await get(`/api/entities/?category=${slug}&lat=${origin.lat}&lng=${origin.lng}&bbox=`)).statusCode).toBe(200);
  });

  describe('GET /api/map/basemap/', () => {
    it('answers state polygons, county lines and named cities as GeoJSON, cacheable', async () => {
      const res = await get('/api/map/basemap/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toMatch(/public, max-age=86400/);
      const body = res.json() as { type: string; features: Array<{ properties: { kind: string; name?: string; minzoom?: number }; geometry: { type: string } }> };
      expect(body.type).toBe('FeatureCollection');
      const states = body.features.filter((f) => f.properties.kind === 'state').map((f) => f.properties.name);
      expect(states).toEqual(expect.arrayContaining(['Michigan', 'Illinois', 'Minnesota', 'Florida', 'Wisconsin']));
      expect(states).not.toContain('California');
      expect(body.features.some((f) => f.properties.kind === 'county-line' && f.geometry.type === 'MultiLineString')).toBe(true);
      const cities = body.features.filter((f) => f.properties.kind === 'city');
      expect(cities.length).toBeGreaterThan(0);
      for (const c of cities) expect(c).toMatchObject({ properties: { name: expect.any(String), minzoom: expect.any(Number) }, geometry: { type: 'Point' } });
      // Small enough to send whole: about 300 kB, a quarter of that gzipped.
      expect(res.rawPayload.length).toBeLessThan(600_000);
    });

    it('sends the same document gzipped to a client that takes gzip', async () => {
      const plain = await get('/api/map/basemap/');
      const zipped = await t.app.inject({ method: 'GET', url: '/api/map/basemap/', headers: { 'accept-encoding': 'gzip, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    });
  });
});
