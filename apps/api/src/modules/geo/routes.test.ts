import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '@market/domain/markets';
import { places } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { buildMmdb, usCityRecord } from './mmdb.fixtures.ts';
import { openGeoIp } from './lib/user-location.ts';

// Made-up city names no real US place starts with, so the seeded places never interfere.
const TEST_PLACES = [
  { key: 'zqorville', name: 'Zqorville', state: 'MI', lat: 42.5, lng: -83.2, population: 5000 },
  { key: 'zqorLake', name: 'Zqor Lake', state: 'MI', lat: 42.52, lng: -83.22, population: 800 },
  { key: 'zqoraSprings', name: 'Zqora Springs', state: 'FL', lat: 27.9, lng: -82.5, population: 90_000 },
  { key: 'zqorton', name: 'Zqorton', state: 'MN', lat: 44.95, lng: -93.2, population: 20_000 },
  // Two points in Lake Michigan, where no real city is within a few km.
  { key: 'zqlakeport', name: 'Zqlakeport', state: 'MI', lat: 43.6, lng: -87.0, population: 300 },
  { key: 'zqlakeview', name: 'Zqlakeview', state: 'MI', lat: 43.65, lng: -87.0, population: 200 },
  ...Array.from({ length: 12 }, (_, i) => ({ key: `many${i}`, name: `Zqmany ${String(i).padStart(2, '0')}`, state: 'IL', lat: 41.5 + i / 100, lng: -88, population: 1000 + i })),
] as const;

type Ids = Record<string, number>;

async function insertPlaces(t: TestApp): Promise<Ids> {
  const rows = await t.db.db
    .insert(places)
    .values(TEST_PLACES.map(({ key: _key, ...p }) => ({ ...p, zips: [] })))
    .returning({ id: places.id, name: places.name });
  return Object.fromEntries(TEST_PLACES.map((p) => [p.key, rows.find((r) => r.name === p.name)!.id]));
}

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp();
  ids = await insertPlaces(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) => t.app.inject({ method: 'GET', url, ...options });

describe('GET /api/markets/', () => {
  it('lists the four regional offices with their radii (SPEC.md 9)', async () => {
    const res = await get('/api/markets/');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: string; radius: number; opening_hours: string }>;
    expect(body.map((m) => m.id).sort()).toEqual(['chicago', 'detroit', 'florida', 'minneapolis']);
    expect(body.find((m) => m.id === 'minneapolis')!.radius).toBe(321_868);
    expect(body.find((m) => m.id === 'detroit')!.radius).toBe(160_934);
    expect(body.find((m) => m.id === 'florida')!.opening_hours).toBe(MARKETS.florida.openingHours);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/markets/');
    const again = await get('/api/markets/', { headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers unknown API paths with the 4xx error shape', async () => {
    const res = await get('/api/does-not-exist/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /api/places/autocomplete/', () => {
  const ours = (body: Array<{ suggestion: string; id: number }>) => body.filter((s) => s.suggestion.startsWith('Zq'));

  it('needs 2 characters after trimming (SPEC.md 4, 5)', async () => {
    for (const q of ['', 'z', '  z  ', '%20']) {
      const res = await get(`/api/places/autocomplete/?q=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    expect((await get('/api/places/autocomplete/')).json()).toEqual([]);
    expect(ours((await get('/api/places/autocomplete/?q=%20zq%20')).json()).length).toBeGreaterThan(0);
  });

  it('matches the start of the city name, most populous first, as "City, ST" with the place id', async () => {
    const res = await get('/api/places/autocomplete/?q=ZQOR');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.json()).toEqual([
      { suggestion: 'Zqora Springs, FL', id: ids.zqoraSprings },
      { suggestion: 'Zqorton, MN', id: ids.zqorton },
      { suggestion: 'Zqorville, MI', id: ids.zqorville },
      { suggestion: 'Zqor Lake, MI', id: ids.zqorLake },
    ]);
  });

  it('ranks nearby cities first when lat/lng are given', async () => {
    const res = await get('/api/places/autocomplete/?q=zqor&lat=42.5&lng=-83.2');
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([ids.zqorville, ids.zqorLake, ids.zqoraSprings, ids.zqorton]);
  });

  it('accepts "City, ST" and "City, State name" input', async () => {
    expect((await get('/api/places/autocomplete/?q=zqor,%20mi')).json().map((s: { id: number }) => s.id)).toEqual([ids.zqorville, ids.zqorLake]);
    expect((await get('/api/places/autocomplete/?q=Zqor,%20Minn')).json()).toEqual([{ suggestion: 'Zqorton, MN', id: ids.zqorton }]);
    expect((await get('/api/places/autocomplete/?q=Zqorton,')).json()).toEqual([{ suggestion: 'Zqorton, MN', id: ids.zqorton }]);
    expect((await get('/api/places/autocomplete/?q=zqor,%20zz')).json()).toEqual([]);
  });

  it('answers at most 10 suggestions', async () => {
    const body = (await get('/api/places/autocomplete/?q=zqmany')).json() as Array<{ suggestion: string }>;
    expect(body).toHaveLength(10);
    // Most populous first: 'Zqmany 11' has the largest population of the twelve.
    expect(body[0]!.suggestion).toBe('Zqmany 11, IL');
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [url, field] of [
      ['/api/places/autocomplete/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'q'],
      ['/api/places/autocomplete/?q=zq%25', 'q'],
      [`/api/places/autocomplete/?q=${'a'.repeat(101)}`, 'q'],
      ['/api/places/autocomplete/?q=zq&lat=999&lng=1', 'lat'],
      ['/api/places/autocomplete/?q=zq&lat=42', 'lng'],
      ['/api/places/autocomplete/?q=zq&lng=abc&lat=1', 'lng'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toContain(field);
    }
  });
});

describe('GET /api/places/{id}/', () => {
  it('resolves a suggestion to {state, stateShort, city, lat, lng} with its market and Twin Cities flag', async () => {
    const res = await get(`/api/places/${ids.zqorton}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ids.zqorton, city: 'Zqorton', state: 'Minnesota', stateShort: 'MN', lat: 44.95, lng: -93.2, market: 'minneapolis', twin_cities: true });
    const detroit = (await get(`/api/places/${ids.zqorville}/`)).json();
    expect(detroit).toMatchObject({ state: 'Michigan', stateShort: 'MI', market: 'detroit', twin_cities: false });
  });

  it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
    const missing = await get('/api/places/2147483000/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Place not found.' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/places/${bad}/`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json())).toEqual(['id']);
    }
  });
});

describe('GET /api/places/reverse/', () => {
  it('answers the nearest city to the point', async () => {
    const a = await get('/api/places/reverse/?lat=43.601&lng=-87.001');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ id: ids.zqlakeport, city: 'Zqlakeport', stateShort: 'MI', state: 'Michigan', market: 'detroit' });
    const b = await get('/api/places/reverse/?lat=43.64&lng=-87.0');
    expect(b.json()).toMatchObject({ id: ids.zqlakeview, city: 'Zqlakeview' });
  });

  it("answers 400 'Invalid coordinates' when lat or lng is missing or unusable (SPEC.md 5)", async () => {
    expect((await get('/api/places/reverse/?lat=43.6')).json()).toEqual({ lng: ['Invalid coordinates'] });
    expect((await get('/api/places/reverse/?lng=-87')).json()).toEqual({ lat: ['Invalid coordinates'] });
    const none = await get('/api/places/reverse/');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ lat: ['Invalid coordinates'], lng: ['Invalid coordinates'] });
    for (const query of ['lat=&lng=-87', 'lat=abc&lng=-87', 'lat=91&lng=-87', 'lat=43&lng=181', 'lat=1e999&lng=1', 'lat=43&lat=44&lng=-87']) {
      const res = await get(`/api/places/reverse/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.values(res.json()).flat(), query).toEqual(['Invalid coordinates']);
    }
  });

  it('answers 404 when no city is within 100 miles', async () => {
    const res = await get('/api/places/reverse/?lat=0&lng=-150');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No city near these coordinates.' });
  });
});

describe('GET /api/places/market/', () => {
  it('answers the market, office, Twin Cities test and home layout of a point (SPEC.md 9)', async () => {
    const res = await get('/api/places/market/?lat=44.98&lng=-93.27');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ market: 'minneapolis', twin_cities: true, home_layout: 'homepros' });
    expect(body.office).toMatchObject({ id: 'minneapolis', name: 'Twin Cities', radius: 321_868, telephone: MARKETS.minneapolis.telephone });
    // Duluth is in the Twin Cities market but outside the Twin Cities area.
    expect((await get('/api/places/market/?lat=46.7867&lng=-92.1005')).json()).toMatchObject({ market: 'minneapolis', twin_cities: false, home_layout: 'coupons' });
  });

  it('counts Minneapolis, MN as inside whatever the data, and resolves a city through places', async () => {
    expect((await get('/api/places/market/?city=Minneapolis&state=MN')).json()).toMatchObject({ market: 'minneapolis', twin_cities: true, home_layout: 'homepros' });
    expect((await get('/api/places/market/?city=zqorton&state=mn')).json()).toMatchObject({ market: 'minneapolis', twin_cities: true });
    expect((await get('/api/places/market/?city=Zqora%20Springs')).json()).toMatchObject({ market: 'florida', twin_cities: false, home_layout: 'coupons' });
  });

  it('falls back to Detroit, MI when nothing is known', async () => {
    const body = (await get('/api/places/market/')).json();
    expect(body).toMatchObject({ market: 'detroit', twin_cities: false, home_layout: 'coupons' });
    expect(body.office.fullAdministrativeArea).toBe('Michigan');
    expect((await get('/api/places/market/?state=FL')).json().market).toBe('florida');
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [query, field] of [
      ['state=Michigan', 'state'],
      ['lat=44', 'lng'],
      ['lng=-93', 'lat'],
      ['lat=x&lng=1', 'lat'],
      [`city=${'a'.repeat(101)}`, 'city'],
    ] as const) {
      const res = await get(`/api/places/market/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toContain(field);
    }
  });
});

describe('GET /api/userlocation/ without trusted proxies', () => {
  it('ignores CDN geo headers: anyone can send them', async () => {
    const res = await get('/api/userlocation/', { headers: { 'cf-ipcity': 'Zqorton', 'cf-region-code': 'MN', 'cf-iplatitude': '44.95', 'cf-iplongitude': '-93.2', 'cf-ipcountry': 'US' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/userlocation/ behind a trusted proxy, with a GeoIP database', () => {
  const PROXY = '127.0.0.1';
  const STRANGER = '198.51.100.20';
  let trusted: TestApp;
  let dir: string;
  let trustedIds: Ids;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'geoip-'));
    const db = join(dir, 'city.mmdb');
    writeFileSync(
      db,
      buildMmdb([
        { network: '203.0.113.0', prefix: 24, record: usCityRecord('Zqorton', 'MN', 44.95, -93.2) },
        { network: '198.51.100.0', prefix: 24, record: usCityRecord('Zqorville', 'MI', 42.5, -83.2) },
        { network: '192.0.2.0', prefix: 24, record: { country: { iso_code: 'CA' }, location: { latitude: 43.65, longitude: -79.38 } } },
      ]),
    );
    trusted = await createTestApp({ TRUSTED_PROXIES: PROXY, MAXMIND_DB: db });
    trustedIds = await insertPlaces(trusted);
  });
  afterAll(async () => {
    await trusted?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = (remoteAddress: string, headers: Record<string, string> = {}) => trusted.app.inject({ method: 'GET', url: '/api/userlocation/', remoteAddress, headers });

  it('believes Cloudflare geo headers from the trusted proxy', async () => {
    const res = await ask(PROXY, { 'cf-ipcity': 'Zqorton', 'cf-region-code': 'MN', 'cf-iplatitude': '44.95', 'cf-iplongitude': '-93.2', 'cf-ipcountry': 'US' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ market: 'minneapolis', state: 'MN', city: 'Zqorton', lat: 44.95, lng: -93.2 });
  });

  it('ignores CDN geo headers sent by anyone else', async () => {
    const res = await ask('192.0.2.200', { 'cf-ipcity': 'Zqorton', 'cf-region-code': 'MN', 'cf-iplatitude': '44.95', 'cf-iplongitude': '-93.2' });
    // 192.0.2.0/24 is Canadian in the GeoIP fixture: no US location, so null.
    expect(res.json()).toBeNull();
  });

  it('fills coordinates from the city, and the city from the nearest place', async () => {
    expect((await ask(PROXY, { 'cf-ipcity': 'Zqorton', 'cf-region-code': 'mn' })).json()).toEqual({ market: 'minneapolis', state: 'MN', city: 'Zqorton', lat: 44.95, lng: -93.2 });
    expect((await ask(PROXY, { 'cf-iplatitude': '43.6', 'cf-iplongitude': '-87.0' })).json()).toEqual({ market: 'detroit', state: 'MI', city: 'Zqlakeport', lat: 43.6, lng: -87 });
    void trustedIds;
  });

  it('reads CloudFront viewer headers too', async () => {
    const res = await ask(PROXY, { 'cloudfront-viewer-city': 'Zqora%20Springs', 'cloudfront-viewer-country-region': 'FL', 'cloudfront-viewer-latitude': '27.9', 'cloudfront-viewer-longitude': '-82.5', 'cloudfront-viewer-country': 'US' });
    expect(res.json()).toEqual({ market: 'florida', state: 'FL', city: 'Zqora Springs', lat: 27.9, lng: -82.5 });
  });

  it('answers null for visitors outside the US and ignores malformed header values', async () => {
    expect((await ask(PROXY, { 'cf-ipcity': 'Toronto', 'cf-region-code': 'ON', 'cf-iplatitude': '43.65', 'cf-iplongitude': '-79.38', 'cf-ipcountry': 'CA' })).json()).toBeNull();
    expect((await ask(PROXY, { 'cf-ipcity': '<script>', 'cf-region-code': 'XX', 'cf-iplatitude': '999', 'cf-iplongitude': 'abc' })).json()).toBeNull();
  });

  it('looks the forwarded client address up only when the forwarder is the trusted proxy', async () => {
    const viaProxy = await ask(PROXY, { 'x-forwarded-for': '203.0.113.9' });
    expect(viaProxy.json()).toEqual({ market: 'minneapolis', state: 'MN', city: 'Zqorton', lat: 44.95, lng: -93.2 });
    // The same header from an untrusted peer is ignored: the peer's own address is looked up.
    const spoofed = await ask(STRANGER, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.json()).toEqual({ market: 'detroit', state: 'MI', city: 'Zqorville', lat: 42.5, lng: -83.2 });
    expect((await ask('203.0.113.77')).json()).toMatchObject({ city: 'Zqorton', market: 'minneapolis' });
  });

  it('answers null when neither source knows the visitor', async () => {
    expect((await ask(PROXY)).json()).toBeNull();
    expect((await ask(PROXY, { 'x-forwarded-for': '192.0.2.1' })).json()).toBeNull();
    expect((await ask(PROXY, { 'x-forwarded-for': 'not-an-address' })).statusCode).toBe(200);
  });

  it('refuses to start with an unreadable MAXMIND_DB, in one line', async () => {
    await expect(openGeoIp(join(dir, 'missing.mmdb'))).rejects.toThrow(/^Invalid configuration: MAXMIND_DB: cannot open .*missing\.mmdb/);
    expect(await openGeoIp(undefined)).toBeNull();
  });
});

describe('place names written with St./Saint, Ft./Fort, Mt./Mount', () => {
  type Suggestion = { suggestion: string; id: number };
  const suggestions = async (q: string) => {
    const res = await get(`/api/places/autocomplete/?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, q).toBe(200);
    return (res.json() as Suggestion[]).map((s) => s.suggestion);
  };

  it('finds Saint Paul from "St. Paul" and "St Paul", and St. Petersburg from "Saint Petersburg"', async () => {
    for (const q of ['St. Paul', 'St Paul', 'st. paul, mn', 'Saint Paul', 'ST.  PAUL']) expect(await suggestions(q), q).toContain('Saint Paul, MN');
    for (const q of ['Saint Petersburg', 'St Petersburg', 'St. Petersburg, FL', 'saint pete']) expect(await suggestions(q), q).toContain('St. Petersburg, FL');
    // A word still being typed is not read as an abbreviation: "st" is also Sterling Heights.
    const st = await suggestions('st');
    expect(st.some((s) => s.startsWith('St. ') || s.startsWith('Saint ') || s.startsWith('Ste'))).toBe(true);
    expect(await suggestions('Port St. Lucie')).toContain('Port Saint Lucie, FL');
  });

  it('finds Fort Myers from "Ft. Myers" and "Ft Myers", and Mount Pleasant from "Mt. Pleasant"', async () => {
    for (const q of ['Ft. Myers', 'Ft Myers', 'Fort Myers', 'ft. myers, fl']) expect(await suggestions(q), q).toContain('Fort Myers, FL');
    for (const q of ['Mt. Pleasant', 'Mt Pleasant', 'Mount Pleasant', 'Mt. Pleasant, MI']) expect(await suggestions(q), q).toContain('Mount Pleasant, MI');
    expect(await suggestions('Mt. Pleasant, MI')).toEqual(['Mount Pleasant, MI']);
  });

});
