// GET /api/entities/, /api/offers/{id}/ and /api/recommendations/ (SPEC.md 3,
// 4, 7, 9). The tests create their own rows (unique category slugs keep the seed out of the way).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE, MARKETS } from '@market/domain/markets';
import { derivedOfferCode } from '@market/domain/offer-code';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { listOffers, offerListItemsByIds, locationsByIds } from './service.ts';
import { createCatalogueState } from './lib/state.ts';
import { addCategory, addLocation, addMerchant, addOffer, addPlace, countQueries, north, uid } from './catalogue.fixtures.ts';
import { categories } from '../../db/schema/index.ts';

describe('offers', () => {
  let t: TestApp;
  const u = uid();
  const slug = { main: `tmain-${u}`, sub: `tsub-${u}`, other: `tother-${u}`, twin: `ttwin-${u}` };
  const ids: Record<string, number> = {};
  const loc: Record<string, number> = {};
  let merchantA: { id: number; slug: string };

  interface Item {
    entitiable_id: number;
    entitiable_type: string;
    name: string;
    distance: number | null;
    additional_offers: number;
    [key: string]: unknown;
  }

  async function list(query: string): Promise<Item[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/entities/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item[];
  }

  const idsOf = (items: Item[]) => items.map((i) => i.entitiable_id);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const today = t.today;
    const main = await addCategory(db, { kind: 'main', slug: slug.main, name: `Test Main ${u}`, orderNum: 90 });
    const sub = await addCategory(db, { kind: 'sub', slug: slug.sub, name: `Test Cuisine ${u}`, parentId: main.id, list: 'restaurants', count: 42 });
    const other = await addCategory(db, { kind: 'main', slug: slug.other, name: `Test Other ${u}`, orderNum: 91 });
    const twin = await addCategory(db, { kind: 'main', slug: slug.twin, name: `Test Twin ${u}`, orderNum: 92 });

    const origin = DEFAULT_PLACE;
    const a = await addMerchant(db, { name: 'Alpha Grill', logoPath: '/media/logos/alpha.svg', isCertified: true });
    merchantA = a;
    const b = await addMerchant(db, { name: 'Bravo Motors' });
    const near = await addLocation(db, a, north(origin, 1), { address: '1 Near St', city: 'Detroit', zip: '48201' });
    const mid = await addLocation(db, b, north(origin, 10), { address: '10 Mid Ave', city: 'Ferndale', zip: '48220' });
    const at99 = await addLocation(db, a, north(origin, 99));
    const at101 = await addLocation(db, a, north(origin, 101));
    Object.assign(loc, { near: near.id, mid: mid.id, at99: at99.id, at101: at101.id });

    const base = Date.parse('2026-01-01T00:00:00Z');
    const created = (minutes: number) => new Date(base + minutes * 60_000);
    const o = async (key: string, location: typeof near, values: Parameters<typeof addOffer>[3], category = main) => {
      ids[key] = (await addOffer(db, location, category, values)).id;
    };
    await o('near1', near, { name: 'Two for one burgers', expiresAt: addDays(today, 30), picturePath: '/media/offers/n1.svg', createdAt: created(1) });
    await o('near2', near, { name: 'Free dessert', expiresAt: addDays(today, 40), subcategoryIds: [sub.id], createdAt: created(2) });
    await o('code', near, {
      name: 'Ten percent off',
      expiresAt: addDays(today, 20),
      code: 'SAVE10',
      externalOfferUrl: 'https://example.com/deal',
      createdAt: created(3),
    });
    await o('today', mid, { name: 'Last day oil change', expiresAt: today, createdAt: created(4) });
    await o('lease', mid, {
      name: 'Lease a sedan',
      expiresAt: addDays(today, 60),
      secondaryType: 'lease',
      code: '',
      externalOfferUrl: '  ',
      description: '<p>Lease <strong>now</strong></p>',
      retailerTerms: 'One per customer',
      consumerTerms: 'Not valid with other offers',
      maxPrints: 5,
      createdAt: created(5),
    });
    await o('featured', at99, { name: 'Featured far deal', expiresAt: addDays(today, 10), isFeatured: true, createdAt: created(9) });
    await o('far', at101, { name: 'Too far deal', expiresAt: addDays(today, 10), createdAt: created(6) });
    await o('expired6', mid, { name: 'Expired six days ago', expiresAt: addDays(today, -6), createdAt: created(7) });
    await o('expired7', mid, { name: 'Expired seven days ago', expiresAt: addDays(today, -7), createdAt: created(8) });
    await o('inactive', mid, { name: 'Switched off', expiresAt: addDays(today, 30), isActive: false, createdAt: created(10) });
    await o('other', near, { name: 'Other category deal', expiresAt: addDays(today, 30) }, other);
    await o('other2', mid, { name: 'Other category second deal', expiresAt: addDays(today, 30) }, other);

    // Twin Cities: 200 miles around a Minneapolis position (SPEC.md 9).
    const mpls = { lat: MARKETS.minneapolis.lat, lng: MARKETS.minneapolis.lng };
    const tc = await addMerchant(db, { name: 'North Woods Outfitters' });
    const at199 = await addLocation(db, tc, north(mpls, 199), { marketId: 'minneapolis', state: 'MN' });
    const at201 = await addLocation(db, tc, north(mpls, 201), { marketId: 'minneapolis', state: 'MN' });
    await o('tc199', at199, { name: 'Cabin rental', expiresAt: addDays(today, 30) }, twin);
    await o('tc201', at201, { name: 'Canoe rental', expiresAt: addDays(today, 30) }, twin);

    // Places: two of the same name; the more populous one wins. It sits on the `mid` location.
    await addPlace(db, { name: `Zedtown${u}`, state: 'MI', lat: north(origin, 10).lat, lng: origin.lng, population: 50_000 });
    await addPlace(db, { name: `Zedtown${u}`, state: 'MI', lat: north(origin, 60).lat, lng: origin.lng, population: 900 });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/entities/', () => {
    it('lists active offers around Detroit, MI by default, nearest first, with every list-item field', async () => {
      const items = await list(`category=${slug.main}`);
      // 1 mile (three offers, id order), 10 miles, 99 miles; not expired, inactive or 101 miles away.
      expect(idsOf(items)).toEqual([ids.near1, ids.near2, ids.code, ids.today, ids.lease, ids.featured]);
      const first = items[0]!;
      expect(first).toEqual({
        entitiable_id: ids.near1,
        entitiable_type: 'Offer',
        name: 'Two for one burgers',
        path: '/media/offers/n1.svg',
        merchant_logo: '/media/logos/alpha.svg',
        merchant_name: 'Alpha Grill',
        merchant_slug: merchantA.slug,
        merchant_id: merchantA.id,
        location_id: loc.near,
        location: { address: '1 Near St', city: 'Detroit', state: 'MI', zip: '48201' },
        expires_at: addDays(t.today, 30),
        latitude: north(DEFAULT_PLACE, 1).lat,
        longitude: DEFAULT_PLACE.lng,
        is_certified: true,
        secondary_type: 'other',
        // near2, code and the other-category offer share the location.
        additional_offers: 3,
        is_featured: false,
        distance: 1,
        // No structured value stored: no badge.
        value: null,
        badge: null,
        // No hours stored, no fine print: open state unknown, valid every day (lib/open-now.ts).
        open_now: null,
        hours_label: null,
        valid_today: true,
        valid_now: true,
        valid_label: 'Valid today',
      });
      expect(items.find((i) => i.entitiable_id === ids.lease)!.secondary_type).toBe('lease');
      expect(items.find((i) => i.entitiable_id === ids.featured)!.distance).toBeCloseTo(99, 1);
    });

    it('keeps the expiry window of SPEC.md 4: expiring today is listed, expired 6 days ago is not', async () => {
      const got = idsOf(await list(`category=${slug.main}&limit=100`));
      expect(got).toContain(ids.today);
      expect(got).not.toContain(ids.expired6);
      expect(got).not.toContain(ids.expired7);
      expect(got).not.toContain(ids.inactive);
    });

    it('lists offers up to 100 miles from Detroit and not beyond', async () => {
      const got = idsOf(await list(`category=${slug.main}&lat=${DEFAULT_PLACE.lat}&lng=${DEFAULT_PLACE.lng}`));
      expect(got).toContain(ids.featured);
      expect(got).not.toContain(ids.far);
    });

    it('lists offers up to 200 miles from a Minneapolis position and not beyond', async () => {
      const mpls = MARKETS.minneapolis;
      const got = idsOf(await list(`category=${slug.twin}&lat=${mpls.lat}&lng=${mpls.lng}`));
      expect(got).toEqual([ids.tc199]);
      // The same offers are out of reach from Detroit.
      expect(await list(`category=${slug.twin}`)).toEqual([]);
    });

    it('resolves city and state through places, the most populous match first', async () => {
      const items = await list(`category=${slug.main}&city=zedtown${u}&state=mi`);
      // The larger Zedtown sits on the 10-mile location.
      expect(items[0]!.entitiable_id).toBe(ids.today);
      expect(items[0]!.distance).toBe(0);
    });

    it('filters by main category and by subcategory slug, ignoring contests', async () => {
      expect(idsOf(await list(`category=${slug.sub}`))).toEqual([ids.near2]);
      expect(idsOf(await list(`category=${slug.other}`))).toEqual([ids.other, ids.other2]);
      expect(idsOf(await list(`category=${slug.sub},${slug.other}`))).toEqual([ids.near2, ids.other, ids.other2]);
      expect(idsOf(await list(`category=contests,${slug.sub}`))).toEqual([ids.near2]);
      expect(await list(`category=no-such-category-${u}`)).toEqual([]);
    });

    it('leaves out excluded offers and excluded locations', async () => {
      const got = idsOf(await list(`category=${slug.main}&exclude=${ids.near1},${ids.today}`));
      expect(got).toEqual([ids.near2, ids.code, ids.lease, ids.featured]);
      const byLocation = idsOf(await list(`category=${slug.main}&exclude_location_ids=${loc.near}`));
      expect(byLocation).toEqual([ids.today, ids.lease, ids.featured]);
    });

    it('lists featured offers only with featured=1', async () => {
      expect(idsOf(await list(`category=${slug.main}&featured=1`))).toEqual([ids.featured]);
      expect(idsOf(await list(`category=${slug.main}&featured=0`))).toHaveLength(6);
    });

    it('orders featured first, newest, ending soon', async () => {
      expect(idsOf(await list(`category=${slug.main}&order=featured`))).toEqual([ids.featured, ids.near1, ids.near2, ids.code, ids.today, ids.lease]);
      expect(idsOf(await list(`category=${slug.main}&order=newest`))).toEqual([ids.featured, ids.lease, ids.today, ids.code, ids.near2, ids.near1]);
      expect(idsOf(await list(`category=${slug.main}&order=ending`))).toEqual([ids.today, ids.featured, ids.code, ids.near1, ids.near2, ids.lease]);
    });

    it('orders car offers (lease, purchase) first with order=cars, each group nearest first, for the auto special edition', async () => {
      const carsFirst = idsOf(await list(`category=${slug.main}&order=cars`));
      expect(carsFirst).toEqual([ids.lease, ids.near1, ids.near2, ids.code, ids.today, ids.featured]);
      const pages = [...idsOf(await list(`category=${slug.main}&order=cars&limit=4`)), ...idsOf(await list(`category=${slug.main}&order=cars&limit=4&offset=4`))];
      expect(pages).toEqual(carsFirst);
    });

    it('pages through featured-first order without repeats', async () => {
      const all = idsOf(await list(`category=${slug.main}&order=featured`));
      const pages = [...idsOf(await list(`category=${slug.main}&order=featured&limit=4`)), ...idsOf(await list(`category=${slug.main}&order=featured&limit=4&offset=4`))];
      expect(pages).toEqual(all);
    });

    it('gives a stable random order: the same request, the same order; another seed, another order', async () => {
      const q = `category=${slug.main}&order=random`;
      const once = idsOf(await list(q));
      expect(idsOf(await list(q))).toEqual(once);
      expect([...once].sort((x, y) => x! - y!)).toEqual([ids.near1, ids.near2, ids.code, ids.today, ids.lease, ids.featured].sort((x, y) => x! - y!));
      const orders = new Set<string>();
      for (const seed of [1, 2, 3, 4]) {
        const seeded = idsOf(await list(`${q}&seed=${seed}`));
        expect(idsOf(await list(`${q}&seed=${seed}`))).toEqual(seeded);
        orders.add(seeded.join(','));
      }
      expect(orders.size).toBeGreaterThan(1);
    });

    it('pages with limit and offset', async () => {
      const all = idsOf(await list(`category=${slug.main}`));
      expect(idsOf(await list(`category=${slug.main}&limit=2&offset=2`))).toEqual(all.slice(2, 4));
      expect(await list(`category=${slug.main}&offset=9000`)).toEqual([]);
    });

    it('answers malformed parameters with a 4xx naming the field', async () => {
      const cases: Array<[string, string]> = [
        ['limit=abc', 'limit'],
        ['limit=0', 'limit'],
        ['limit=100000', 'limit'],
        ['limit=1.5', 'limit'],
        ['offset=-1', 'offset'],
        ['offset=99999999999999999999', 'offset'],
        ['lat=999&lng=1', 'lat'],
        ['lat=42&lng=abc', 'lng'],
        ['lat=42', 'lng'],
        ['category=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'category'],
        ['exclude=abc', 'exclude'],
        ['exclude=1,-2', 'exclude'],
        ['exclude_location_ids=1;DROP TABLE offers', 'exclude_location_ids'],
        ['type=Contest', 'type'],
        ['order=cheapest', 'order'],
        ['featured=maybe', 'featured'],
        ['state=Michigan', 'state'],
        ['seed=-5', 'seed'],
        ['limit=1&limit=2', 'limit'],
        ['category=a&category=b', 'category'],
        ['lat=Infinity&lng=0', 'lat'],
        [`exclude=${Array.from({ length: 301 }, (_, i) => i + 1).join(',')}`, 'exclude'],
      ];
      for (const [query, field] of cases) {
        const res = await t.app.inject({ method: 'GET', url: `/api/entities/?${query}` });
        expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, query).toBeLessThan(500);
        expect(Object.keys(res.json() as object), query).toContain(field);
      }
    });

    it('accepts type=Offer and drops empty parameters', async () => {
      const got = idsOf(await list(`type=Offer&category=${slug.sub}&city=&state=&lat=&lng=&exclude=&order=&limit=`));
      expect(got).toEqual([ids.near2]);
    });

    it('sends a bounded number of SQL statements for a 12-offer page', async () => {
      const byDefault = await countQueries(t.db, () => t.app.inject({ method: 'GET', url: '/api/entities/?limit=12' }));
      expect(byDefault.result.statusCode).toBe(200);
      // The default place needs no lookup: one statement picks and enriches the page.
      expect(byDefault.queries).toBe(1);
      const byCity = await countQueries(t.db, () => t.app.inject({ method: 'GET', url: '/api/entities/?limit=12&city=Nowhere&state=FL' }));
      expect(byCity.result.statusCode).toBe(200);
      expect(byCity.queries).toBeGreaterThanOrEqual(2);
      expect(byCity.queries).toBeLessThanOrEqual(3);
    });

    it("keeps place answers, category rows and planner statistics in the app's catalogue state: warm, a list sends one statement; a new state starts cold", async () => {
      const q = { city: 'Nowhere', state: 'FL', category: [slug.main], limit: 12, offset: 0 };
      const own = { ...t.app.deps, catalogue: createCatalogueState() };
      const cold = await countQueries(t.db, () => listOffers(own, q));
      const warm = await countQueries(t.db, () => listOffers(own, q));
      expect(warm.result).toEqual(cold.result);
      expect(warm.queries).toBe(1);
      // The place lookup, the category rows and the category statistics, besides the page.
      expect(cold.queries).toBeGreaterThanOrEqual(4);
      // State belongs to its owner, not to the database: another one on the same database looks everything up again.
      const other = await countQueries(t.db, () => listOffers({ ...t.app.deps, catalogue: createCatalogueState() }, q));
      expect(other.queries).toBe(cold.queries);
      expect(other.result).toEqual(cold.result);
    });

    it('is cacheable by a CDN', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/entities/?category=${slug.main}` });
      expect(res.headers['cache-control']).toContain('public');
      expect(res.headers.etag).toBeTruthy();
    });
  });

  describe('GET /api/offers/{id}/', () => {
    it('answers every detail field', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/offers/${ids.lease}/` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({
        id: ids.lease,
        type: 'lease',
        name: 'Lease a sedan',
        slug: 'lease-a-sedan',
        path: null,
        // No logo of its own: the illustrated logo (docs/api.md "Images").
        merchant_logo: expect.stringMatching(/^\/media\/logos\/[a-z0-9-]+\.svg$/),
        description: '<p>Lease <strong>now</strong></p>',
        expires_at: addDays(t.today, 60),
        expiry_status: 'active',
        max_prints: 5,
        is_certified: false,
        secondary_type: 'lease',
        code: await derivedOfferCode(ids.lease!),
        is_featured: false,
        is_active: true,
        external_offer_url: null,
        location_id: loc.mid,
        location: { id: loc.mid, address: '10 Mid Ave', address2: '', city: 'Ferndale', state: 'MI', zip: '48220' },
        retailer_terms: 'One per customer',
        consumer_terms: 'Not valid with other offers',
        additional_offers: 2,
      });
      expect(body.merchant_id).toBe((body.merchant as { id: number }).id);
      expect((body.merchant as { slug: string }).slug).toMatch(/^bravo-motors-/);
      expect(body.code).toMatch(/^[0-9A-F]{8}$/);
    });

    it('keeps an offer its own code and external link; other offers are typed offer', async () => {
      const body = (await t.app.inject({ method: 'GET', url: `/api/offers/${ids.code}/` })).json() as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'SAVE10', external_offer_url: 'https://example.com/deal', type: 'offer' });
    });

    it('answers an offer expired 6 days ago as expired, and 404s one expired 7 days ago', async () => {
      const six = await t.app.inject({ method: 'GET', url: `/api/offers/${ids.expired6}/` });
      expect(six.statusCode).toBe(200);
      expect(six.json()).toMatchObject({ expiry_status: 'expired', expires_at: addDays(t.today, -6) });
      const seven = await t.app.inject({ method: 'GET', url: `/api/offers/${ids.expired7}/` });
      expect(seven.statusCode).toBe(404);
      expect(seven.json()).toEqual({ detail: 'Offer not found.' });
    });

    it('still answers an inactive offer, with is_active false', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/offers/${ids.inactive}/` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_active: false, merchant: { slug: expect.stringMatching(/^bravo-motors-/) } });
    });

    it('404s unknown ids and 400s malformed ones, naming the field', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/offers/2000000000/' })).statusCode).toBe(404);
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999', '%3Cscript%3E']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/offers/${bad}/` });
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys(res.json() as object), bad).toContain('id');
      }
    });
  });

  describe('GET /api/recommendations/', () => {
    it('answers 4 offers near the place by default, anonymously', async () => {
      const items = (await t.app.inject({ method: 'GET', url: '/api/recommendations/' })).json() as Item[];
      expect(items).toHaveLength(4);
      for (const item of items) expect(item.distance!).toBeLessThanOrEqual(100);
    });

    it('favours the categories of saved offers and leaves the saved offers out', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/recommendations/?offer_ids=${ids.other}&limit=4` });
      expect(res.statusCode).toBe(200);
      const got = idsOf(res.json() as Item[]);
      expect(got[0]).toBe(ids.other2);
      expect(got).not.toContain(ids.other);
    });

    it('accepts preference flags and rejects unknown ones', async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/api/recommendations/?preferences=food_dining_preference,health_beauty_preference&limit=2' });
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as Item[]).length).toBeLessThanOrEqual(2);
      const bad = await t.app.inject({ method: 'GET', url: '/api/recommendations/?preferences=pizza_preference' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('preferences');
      const badIds = await t.app.inject({ method: 'GET', url: '/api/recommendations/?offer_ids=x' });
      expect(badIds.json()).toHaveProperty('offer_ids');
    });
  });

  describe('offerListItemsByIds (for saved items)', () => {
    it('answers list items in the order asked, active ones only by default', async () => {
      const got = await offerListItemsByIds(t.app.deps, [ids.today!, ids.near1!, ids.expired6!, 2_000_000_000, ids.near1!]);
      expect(got.map((i) => [i.entitiable_id, i.expiry_status])).toEqual([
        [ids.today, 'active'],
        [ids.near1, 'active'],
      ]);
      expect(got[1]).toMatchObject({ name: 'Two for one burgers', additional_offers: 3, is_active: true, distance: null });
    });

    it('with includeExpired, also answers expired, hidden and inactive offers with their status', async () => {
      const got = await offerListItemsByIds(t.app.deps, [ids.expired6!, ids.expired7!, ids.inactive!, ids.lease!], { includeExpired: true });
      expect(got.map((i) => [i.entitiable_id, i.expiry_status, i.is_active])).toEqual([
        [ids.expired6, 'expired', true],
        [ids.expired7, 'hidden', true],
        [ids.inactive, 'active', false],
        [ids.lease, 'active', true],
      ]);
      expect(got[3]!.secondary_type).toBe('lease');
    });

    it('adds the distance from a point when asked, and answers nothing for no ids', async () => {
      const [item] = await offerListItemsByIds(t.app.deps, [ids.near1!], { near: DEFAULT_PLACE });
      expect(item!.distance).toBe(1);
      expect(await offerListItemsByIds(t.app.deps, [])).toEqual([]);
    });
  });
});

// GET /api/locations/{id}/, /api/locations/ (?slug=), /api/categories/ and /api/spotlight/
// (SPEC.md 3 Location, Categories, Spotlight merchant).
describe('locations', () => {
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
});
