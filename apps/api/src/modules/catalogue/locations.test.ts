// GET /api/locations/{id}/, /api/locations/ (?slug=), /api/categories/ and /api/spotlight/
// (issue 2 section 4; SPEC.md 3 Location, Categories, Spotlight merchant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE } from '@market/domain/markets';
import { categories } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { locationsByIds } from './service.ts';
import { addCategory, addLocation, addMerchant, addOffer, countQueries, north, uid } from './catalogue.fixtures.ts';

let t: TestApp;
const u = uid();
const slug = { main: `lmain-${u}`, sub: `lsub-${u}`, other: `lother-${u}`, group: `lgroup-${u}`, groupSub: `lgsub-${u}` };
const loc: Record<string, number> = {};
const offer: Record<string, number> = {};
const merchant: Record<string, { id: number; slug: string }> = {};

interface LocationBody {
  id: number;
  entities: Array<{ entitiable_id: number; additional_offers: number }>;
  offer: { entitiable_id: number } | null;
  additional_offers: number;
  distance: number | null;
  [key: string]: unknown;
}

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const today = t.today;
  const origin = DEFAULT_PLACE;
  const main = await addCategory(db, { kind: 'main', slug: slug.main, name: `Loc Main ${u}`, display: 'Loc Main', orderNum: 95, icon: 'utensils' });
  const sub = await addCategory(db, { kind: 'sub', slug: slug.sub, name: `Loc Sub ${u}`, parentId: main.id, list: 'restaurants', count: 7, extra: 'x' });
  const other = await addCategory(db, { kind: 'main', slug: slug.other, name: `Loc Other ${u}`, orderNum: 96 });
  const group = await addCategory(db, { kind: 'homepros', slug: slug.group, name: `Loc Group ${u}`, orderNum: 97 });
  await addCategory(db, { kind: 'sub', slug: slug.groupSub, name: `Loc Group Sub ${u}`, parentId: group.id, list: 'home-services', count: 0 });
  await db.db
    .insert(categories)
    .values({ kind: 'main', slug: 'contests', name: 'Contests', display: 'Contests', orderNum: 4 })
    .onConflictDoNothing();

  const p = await addMerchant(db, {
    name: 'Pine Bistro',
    about: '<p>Family <em>owned</em></p>',
    websiteUrl: 'https://pine.example',
    logoPath: '/media/logos/pine.svg',
    isCertified: true,
    categoryId: main.id,
  });
  const n = await addMerchant(db, { name: 'Quiet Tailor', categoryId: main.id, websiteUrl: '' });
  const q = await addMerchant(db, { name: 'Quarry Hardware', categoryId: other.id });
  Object.assign(merchant, { p, n, q });
  const p1 = await addLocation(db, p, north(origin, 2), { displayName: 'Pine Downtown', address: '2 Pine St', address2: 'Suite 5', phone: '(313) 555-0199' });
  const p2 = await addLocation(db, p, north(origin, 30), { displayName: 'Pine North' });
  const p3 = await addLocation(db, p, north(origin, 150), { displayName: 'Pine Far' });
  const n1 = await addLocation(db, n, north(origin, 5));
  const q1 = await addLocation(db, q, north(origin, 3));
  Object.assign(loc, { p1: p1.id, p2: p2.id, p3: p3.id, n1: n1.id, q1: q1.id });

  const add = async (key: string, at: typeof p1, values: Parameters<typeof addOffer>[3], category = main) => {
    offer[key] = (await addOffer(db, at, category, values)).id;
  };
  await add('f2', p1, { name: 'Soup special', expiresAt: addDays(today, 5) });
  await add('f1', p1, { name: 'Featured brunch', expiresAt: addDays(today, 30), isFeatured: true });
  await add('f3', p1, { name: 'Dessert deal', expiresAt: addDays(today, 10) });
  await add('gone', p1, { name: 'Old deal', expiresAt: addDays(today, -3) });
  await add('off', p1, { name: 'Paused deal', expiresAt: addDays(today, 30), isActive: false });
  await add('q', q1, { name: 'Key cutting', expiresAt: addDays(today, 30), subcategoryIds: [sub.id] });

  // Spotlight: s1 has two locations (nearest counts), s2 is out of reach.
  const s1 = await addMerchant(db, { name: 'Spotless Cleaning', isSpotlight: true, about: '<p>We clean</p>', logoPath: '/media/logos/s1.svg' });
  const s2 = await addMerchant(db, { name: 'Faraway Roofing', isSpotlight: true });
  merchant.s1 = s1;
  loc.s1far = (await addLocation(db, s1, north(origin, 20), { city: 'Troy' })).id;
  loc.s1near = (await addLocation(db, s1, north(origin, 8), { city: 'Royal Oak' })).id;
  loc.s2 = (await addLocation(db, s2, north(origin, 120))).id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/locations/{id}/', () => {
  it('answers the Location fields with its active offers, the first offer and total minus one', async () => {
    const body = await get<LocationBody>(`/api/locations/${loc.p1}/`);
    expect(body).toMatchObject({
      id: loc.p1,
      display_name: 'Pine Downtown',
      address: '2 Pine St',
      address2: 'Suite 5',
      city: 'Testville',
      state: 'MI',
      zip: '48201',
      phone: '(313) 555-0199',
      latitude: north(DEFAULT_PLACE, 2).lat,
      longitude: DEFAULT_PLACE.lng,
      merchant_slug: merchant.p!.slug,
      merchant_name: 'Pine Bistro',
      is_certified: true,
      logo: { path: '/media/logos/pine.svg' },
      merchant: { id: merchant.p!.id, display: 'Pine Bistro', slug: merchant.p!.slug, is_certified: true, about: '<p>Family <em>owned</em></p>', website: 'https://pine.example' },
      category: { slug: slug.main, display: 'Loc Main' },
      additional_offers: 2,
    });
    // Featured first, then ending soonest; expired and inactive offers are not shown.
    expect(body.entities.map((e) => e.entitiable_id)).toEqual([offer.f1, offer.f2, offer.f3]);
    expect(body.entities.every((e) => e.additional_offers === 2)).toBe(true);
    expect(body.offer!.entitiable_id).toBe(offer.f1);
  });

  it('keeps the locations of a merchant with no online offers', async () => {
    const body = await get<LocationBody>(`/api/locations/${loc.n1}/`);
    expect(body).toMatchObject({ entities: [], offer: null, additional_offers: 0, merchant: { website: null } });
  });

  it('404s unknown ids and 400s malformed ones', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/locations/2000000000/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Location not found.' });
    for (const bad of ['abc', '0', '1e3x', '%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/locations/${bad}/` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toHaveProperty('id');
    }
  });
});

describe('GET /api/locations/', () => {
  it("lists a merchant's locations by slug, nearest first, wherever they are", async () => {
    const list = await get<LocationBody[]>(`/api/locations/?slug=${merchant.p!.slug}`);
    expect(list.map((l) => l.id)).toEqual([loc.p1, loc.p2, loc.p3]);
    expect(list[0]!.distance).toBeCloseTo(2, 2);
    expect(await get<LocationBody[]>(`/api/locations/?slug=${merchant.n!.slug}`)).toHaveLength(1);
    expect(await get<LocationBody[]>(`/api/locations/?slug=no-such-merchant-${u}`)).toEqual([]);
  });

  it('lists locations near the place by category, with merchants that have no online offers', async () => {
    // By the merchant's category (p1, p2, n1) or an active offer there (q1); p3 is 150 miles away.
    const list = await get<LocationBody[]>(`/api/locations/?category=${slug.main}`);
    expect(list.map((l) => l.id)).toEqual([loc.p1, loc.q1, loc.n1, loc.p2]);
    expect(list[0]!.offer!.entitiable_id).toBe(offer.f1);
    expect((await get<LocationBody[]>(`/api/locations/?category=${slug.sub}`)).map((l) => l.id)).toEqual([loc.q1]);
    const excluded = await get<LocationBody[]>(`/api/locations/?category=${slug.main}&exclude=${loc.q1},${loc.p2}`);
    expect(excluded.map((l) => l.id)).toEqual([loc.p1, loc.n1]);
    const paged = await get<LocationBody[]>(`/api/locations/?category=${slug.main}&limit=2&offset=1`);
    expect(paged.map((l) => l.id)).toEqual([loc.q1, loc.n1]);
  });

  it('answers bad parameters with a 4xx naming the field', async () => {
    for (const [query, field] of [
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['category=%3Cscript%3E', 'category'],
      ['slug=%3Cscript%3E', 'slug'],
      ['lat=91&lng=0', 'lat'],
      ['exclude=a,b', 'exclude'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/locations/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
  });

  it('sends a bounded number of SQL statements for a page of 12 locations', async () => {
    const { result, queries } = await countQueries(t.db, () => t.app.inject({ method: 'GET', url: '/api/locations/?limit=12' }));
    expect(result.statusCode).toBe(200);
    expect(queries).toBe(2);
  });
});

describe('GET /api/categories/', () => {
  interface Category {
    slug: string;
    count: number;
    order: number;
    display: string;
    icon: string | null;
    subcategories: Array<{ slug: string; name: string; count: number; list: string | null; extra: string | null }>;
  }
  it('answers main categories, the filter list without contests and the home-pros groups', async () => {
    const body = await get<{ main: Category[]; filter: Category[]; homepros: Category[] }>('/api/categories/');
    const mine = body.main.find((c) => c.slug === slug.main)!;
    // Active offers in the category: f1, f2, f3 and the subcategory offer at q1.
    expect(mine).toMatchObject({ count: 4, order: 95, display: 'Loc Main', icon: 'utensils' });
    expect(mine.subcategories).toEqual([expect.objectContaining({ slug: slug.sub, count: 7, list: 'restaurants', extra: 'x' })]);
    expect(body.main.map((c) => c.slug)).toContain('contests');
    expect(body.filter.map((c) => c.slug)).not.toContain('contests');
    expect(body.filter.map((c) => c.slug)).toContain(slug.main);
    const orders = body.main.map((c) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const group = body.homepros.find((c) => c.slug === slug.group)!;
    expect(group.subcategories.map((s) => s.slug)).toEqual([slug.groupSub]);
    expect(body.main.map((c) => c.slug)).not.toContain(slug.group);
  });
});

describe('GET /api/spotlight/', () => {
  interface Spotlight {
    id: number;
    slug: string;
    merchant: { id: number; display: string };
    city: string;
    state: string;
    about: string;
    logo: { path: string | null };
  }
  it('lists spotlight merchants near the place at their nearest location', async () => {
    const list = await get<Spotlight[]>('/api/spotlight/');
    const mine = list.filter((s) => s.slug === merchant.s1!.slug);
    expect(mine).toEqual([
      expect.objectContaining({
        id: loc.s1near,
        merchant: { id: merchant.s1!.id, display: 'Spotless Cleaning' },
        city: 'Royal Oak',
        state: 'MI',
        about: '<p>We clean</p>',
        logo: { path: '/media/logos/s1.svg' },
      }),
    ]);
    expect(list.map((s) => s.id)).not.toContain(loc.s2);
    expect(list.map((s) => s.slug)).not.toContain(merchant.p!.slug);
  });

  it('rejects bad coordinates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/spotlight/?lat=abc&lng=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('lat');
  });
});

describe('locationsByIds (for saved items)', () => {
  it('answers Location shapes in the order asked, unknown ids left out', async () => {
    const got = await locationsByIds(t.app.deps, [loc.n1!, 2_000_000_000, loc.p1!]);
    expect(got.map((l) => l.id)).toEqual([loc.n1, loc.p1]);
    expect(got[1]!.entities.map((e) => e.entitiable_id)).toEqual([offer.f1, offer.f2, offer.f3]);
    expect(got[0]!.offer).toBeNull();
  });
});
