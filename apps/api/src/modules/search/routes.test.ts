// GET /api/search/ and /api/searchautocomplete/ (SPEC.md 4, 7). The tests
// create their own rows; made-up words and a unique category keep the seed's offers out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE, MARKETS } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { buildTsQuery } from '../catalogue/lib/offer-query-sql.ts';
import { listOffers, type TextQuery } from '../catalogue/service.ts';
import { addCategory, addLocation, addMerchant, addOffer, countQueries, north, uid } from '../catalogue/catalogue.fixtures.ts';
import { rebuildSearchSupport } from '../../db/search-terms.ts';
import { findNamesStartingWith } from './repository.ts';
import { searchWords } from './service.ts';

let t: TestApp;
const u = uid();
const mainSlug = `smain-${u}`;
const subSlug = `ssub-${u}`;
const ids: Record<string, number> = {};
const merchantIds: Record<string, number> = {};

interface Item {
  entitiable_id: number;
  distance: number | null;
  [key: string]: unknown;
}

async function search(query: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Item[]).map((i) => i.entitiable_id);
}

interface SuggestionOut {
  suggestion: string;
  id: string;
  group: string;
  place?: { city: string; state: string; lat: number; lng: number };
}

async function suggestAll(query: string): Promise<SuggestionOut[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/searchautocomplete/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SuggestionOut[];
}

/** The category and merchant suggestions (places left out). */
async function suggest(query: string): Promise<SuggestionOut[]> {
  return (await suggestAll(query)).filter((s) => s.group !== 'place');
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const today = t.today;
  const origin = DEFAULT_PLACE;
  const main = await addCategory(db, { kind: 'main', slug: mainSlug, name: `Search Main ${u}`, orderNum: 99 });
  const sub = await addCategory(db, { kind: 'sub', slug: subSlug, name: 'Xylophonic Cuisine', parentId: main.id, list: 'restaurants' });

  const luigi = await addMerchant(db, { name: 'Luigi Pizza House' });
  const grill = await addMerchant(db, { name: 'Corner Grill' });
  const salon = await addMerchant(db, { name: 'Zephyrine Salon' });
  const farSalon = await addMerchant(db, { name: 'Zephyrine Faraway Spa' });
  Object.assign(merchantIds, { luigi: luigi.id, salon: salon.id, farSalon: farSalon.id });

  const at = (m: { id: number }, miles: number) => addLocation(db, m, north(origin, miles));
  const luigiLoc = await at(luigi, 5);
  const grillLoc = await at(grill, 1);
  const salonLoc = await at(salon, 3);
  const farLoc = await at(luigi, 150);
  await at(farSalon, 150);

  const add = async (key: string, loc: { id: number; merchantId: number }, values: Parameters<typeof addOffer>[3], category = main) => {
    ids[key] = (await addOffer(db, loc, category, values)).id;
  };
  await add('nameMatch', luigiLoc, { name: 'Two large pies', expiresAt: addDays(today, 30) });
  await add('descMatch', grillLoc, { name: 'Burger combo', description: '<p>Add a pizza slice for $1</p>', expiresAt: addDays(today, 30) });
  await add('cuisine', grillLoc, { name: 'Chef tasting menu', subcategoryIds: [sub.id], expiresAt: addDays(today, 30) });
  await add('salon', salonLoc, { name: 'Half price haircut', expiresAt: addDays(today, 30) });
  await add('far', farLoc, { name: 'Pizza party far away', expiresAt: addDays(today, 30) });
  await add('expired', luigiLoc, { name: 'Old pizza deal', expiresAt: addDays(today, -2) });
  await add('inactive', luigiLoc, { name: 'Paused pizza deal', expiresAt: addDays(today, 30), isActive: false });

  // Typos, synonyms and words close to other words (SPEC.md 7 typo tolerance; search-synonyms).
  const shop = async (key: string, merchant: string, offer: string, miles = 2) => {
    const m = await addMerchant(db, { name: merchant });
    await add(key, await at(m, miles), { name: offer, expiresAt: addDays(today, 30) });
  };
  await shop('oil', 'Lubrix Garage', 'Full synthetic oil change special');
  await shop('vorpalix', 'Vorpalix Bakery', 'Cookie box');
  await shop('vorpalax', 'Vorpalax Grill', 'Steak night');
  await shop('autoShop', 'Quibbleton Auto Works', 'Brake inspection');
  await shop('carSpa', 'Quibbleton Car Spa', 'Hand wash');
  await shop('plumbing', 'Wombleby Plumbing', 'Drain cleaning for $79');
  await shop('heating', 'Frostwick Heating & Cooling', 'Furnace tune-up');
  await shop('roofing', 'Frostwick Roofing', 'Free roof inspection');

  // Twelve merchants sharing a prefix, for the 10-suggestion cap.
  for (let i = 1; i <= 12; i++) await at(await addMerchant(db, { name: `Quillfeather ${String(i).padStart(2, '0')}` }), 2);

  await rebuildSearchSupport(db);
});

afterAll(async () => {
  await t?.close();
});

describe('search text', () => {
  it('splits words and builds a tsquery of letters and digits only', () => {
    expect(searchWords("  Tony's  PIZZA & <script>alert(1)</script> ")).toEqual(['tony', 's', 'pizza', 'script', 'alert', '1']);
    expect(buildTsQuery(['piza', 'hut'], new Map([['piza', ['pizza', 'plaza']]]))).toBe('(piza:* | pizza | plaza) & hut:*');
    expect(buildTsQuery(['a'], new Map())).toBe('a');
    // Restricted to weight classes: names only (A), names and categories (AB).
    expect(buildTsQuery(['piza', 'hut'], new Map([['piza', ['pizza', 'plaza']]]), 'A')).toBe('(piza:*A | pizza:A | plaza:A) & hut:*A');
    expect(buildTsQuery(['a'], new Map(), 'AB')).toBe('a:AB');
  });
});

describe('GET /api/search/', () => {
  it('finds offers by merchant name, offer text, description and subcategory', async () => {
    expect(await search(`q=zephyrine&category=${mainSlug}`)).toEqual([ids.salon]);
    expect(await search(`q=burger&category=${mainSlug}`)).toEqual([ids.descMatch]);
    expect(await search(`q=xylophonic&category=${mainSlug}`)).toEqual([ids.cuisine]);
    expect(await search(`q=haircut`)).toContain(ids.salon);
  });

  it('ranks a name match above a closer description match', async () => {
    expect(await search(`q=pizza&category=${mainSlug}`)).toEqual([ids.nameMatch, ids.descMatch]);
    // order=distance puts the nearer one first instead.
    expect(await search(`q=pizza&category=${mainSlug}&order=distance`)).toEqual([ids.descMatch, ids.nameMatch]);
  });

  it('tolerates typos: "piza" finds the pizza offers', async () => {
    const got = await search(`q=piza&category=${mainSlug}`);
    expect(got).toEqual([ids.nameMatch, ids.descMatch]);
    expect(await search(`q=zefyrine%20salon&category=${mainSlug}`)).toEqual([ids.salon]);
  });

  it('matches word prefixes', async () => {
    expect(await search(`q=xyloph&category=${mainSlug}`)).toEqual([ids.cuisine]);
  });

  it('keeps to active offers within the market radius', async () => {
    const got = await search(`q=pizza&limit=100&category=${mainSlug}`);
    expect(got).not.toContain(ids.far);
    expect(got).not.toContain(ids.expired);
    expect(got).not.toContain(ids.inactive);
    // From a position next to the far location, it is found.
    const far = north(DEFAULT_PLACE, 150);
    expect(await search(`q=pizza&category=${mainSlug}&lat=${far.lat}&lng=${far.lng}`)).toContain(ids.far);
    const mpls = MARKETS.minneapolis;
    expect(await search(`q=pizza&category=${mainSlug}&lat=${mpls.lat}&lng=${mpls.lng}`)).toEqual([]);
  });

  it('drops empty parameters and honours exclude', async () => {
    expect(await search(`q=pizza&category=${mainSlug}&city=&state=&lat=&lng=&order=&exclude=${ids.nameMatch}`)).toEqual([ids.descMatch]);
  });

  it('answers text without searchable words with an empty list', async () => {
    expect(await search('q=%21%21%21')).toEqual([]);
  });

  it('answers a blank or missing q with a 400 on q, and bad parameters with a 4xx naming the field', async () => {
    for (const [query, field] of [
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      ['', 'q'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=pizza&limit=abc', 'limit'],
      ['q=pizza&limit=0', 'limit'],
      ['q=pizza&offset=-1', 'offset'],
      ['q=pizza&lat=999&lng=0', 'lat'],
      ['q=pizza&category=%3Cscript%3E', 'category'],
      ['q=pizza&order=cheapest', 'order'],
      ['q=pizza&exclude=x', 'exclude'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    }
  });

  it('answers a <script> text as a plain search', async () => {
    expect(await search(`q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&category=${mainSlug}`)).toEqual([]);
  });

  it('sends a bounded number of SQL statements', async () => {
    const { result, queries } = await countQueries(t.db, () => t.app.inject({ method: 'GET', url: '/api/search/?q=piza%20house&limit=12' }));
    expect(result.statusCode).toBe(200);
    // Corrections, the planner's word statistics (once per ten minutes), at most two pages (the
    // nearest name matches, then every match ranked); no place lookup for the default place.
    expect(queries).toBeGreaterThanOrEqual(2);
    expect(queries).toBeLessThanOrEqual(4);
    // The same search again within a minute is answered from memory.
    const again = await countQueries(t.db, () => t.app.inject({ method: 'GET', url: '/api/search/?q=piza%20house&limit=12' }));
    expect(again.result.json()).toEqual(result.json());
    expect(again.queries).toBe(0);
  });
});

describe('typo tolerance per word and synonyms', () => {
  const inCat = (q: string) => search(`q=${encodeURIComponent(q)}&category=${mainSlug}&limit=50`);

  it('corrects a typo in any word of several, as for one word', async () => {
    expect(await inCat('oil chnage')).toEqual([ids.oil]);
    expect(await inCat('oil chnge')).toEqual([ids.oil]);
    expect(await inCat('chnage')).toEqual([ids.oil]);
    expect(await inCat('pizzza')).toEqual([ids.nameMatch, ids.descMatch]);
    expect(await inCat('lubrix garag')).toEqual([ids.oil]);
  });

  it('leaves correct words alone: a known word does not pull in its near neighbours', async () => {
    expect(await inCat('vorpalix')).toEqual([ids.vorpalix]);
    expect(await inCat('vorpalax')).toEqual([ids.vorpalax]);
    expect(await inCat('quibbleton spa')).toEqual([ids.carSpa]);
    expect(await inCat('frostwick roofing')).toEqual([ids.roofing]);
  });

  it('matches trades and services both ways: plumber, hvac, auto and car, roofer', async () => {
    expect(await inCat('wombleby plumber')).toEqual([ids.plumbing]);
    expect(await inCat('frostwick hvac')).toEqual([ids.heating]);
    expect(await inCat('quibbleton car')).toEqual(expect.arrayContaining([ids.autoShop, ids.carSpa]));
    expect(await inCat('quibbleton auto')).toEqual(expect.arrayContaining([ids.autoShop, ids.carSpa]));
    expect(await inCat('frostwick roofer')).toEqual([ids.roofing]);
    expect(await inCat('plumbr')).toEqual([ids.plumbing]);
  });

  it('finds the seed catalogue by trade, typo and synonym', async () => {
    const mpls = MARKETS.minneapolis;
    expect((await search(`q=plumber&lat=${mpls.lat}&lng=${mpls.lng}`)).length).toBeGreaterThan(0);
    const oil = await search('q=oil%20change&limit=50');
    expect(oil.length).toBeGreaterThan(0);
    expect(await search('q=oil%20chnage&limit=50')).toEqual(oil);
    expect((await search('q=pizzza')).length).toBeGreaterThan(0);
    expect((await search('q=hvac')).length).toBeGreaterThan(0);
    for (const market of Object.values(MARKETS)) {
      for (const q of ['plumber', 'electrician', 'roofer', 'hvac', 'mechanic']) {
        expect((await search(`q=${q}&lat=${market.lat}&lng=${market.lng}`)).length, `${q} in ${market.id}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('GET /api/searchautocomplete/', () => {
  it('groups the suggestions: categories, then merchants, then places, each with its group', async () => {
    const mpls = MARKETS.minneapolis;
    const got = await suggestAll(`q=minn&lat=${mpls.lat}&lng=${mpls.lng}`);
    const place = got.find((s) => s.suggestion === 'Minneapolis, MN');
    expect(place).toMatchObject({ group: 'place', place: { city: 'Minneapolis', state: 'MN' } });
    expect(place!.id).toMatch(/^place:\d+$/);
    const order = ['category', 'merchant', 'place'];
    const groups = got.map((s) => order.indexOf(s.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(got.filter((s) => s.group === 'place').length).toBeLessThanOrEqual(3);
    const plumb = await suggestAll('q=plumb');
    expect(plumb).toContainEqual({ suggestion: 'Plumbing', id: expect.stringMatching(/^category:/), group: 'category' });
    // A place of another market is not suggested here.
    expect((await suggestAll('q=minneapolis')).filter((s) => s.group === 'place')).toEqual([]);
  });

  it('suggests merchant names near the user that start with q, with stable ids', async () => {
    expect(await suggest('q=zeph')).toEqual([{ suggestion: 'Zephyrine Salon', id: `merchant:${merchantIds.salon}`, group: 'merchant' }]);
    const far = north(DEFAULT_PLACE, 150);
    const there = await suggest(`q=Zeph&lat=${far.lat}&lng=${far.lng}`);
    expect(there).toContainEqual({ suggestion: 'Zephyrine Faraway Spa', id: `merchant:${merchantIds.farSalon}`, group: 'merchant' });
  });

  it('suggests category names', async () => {
    expect(await suggest('q=xylo')).toEqual([{ suggestion: 'Xylophonic Cuisine', id: `category:${subSlug}`, group: 'category' }]);
  });

  it('needs 2 characters and answers at most 10', async () => {
    expect(await suggest('q=z')).toEqual([]);
    expect(await suggest('q=%20z%20')).toEqual([]);
    expect(await suggest('')).toEqual([]);
    const many = await suggest('q=quillfeather');
    expect(many).toHaveLength(10);
    expect(many[0]!.suggestion).toBe('Quillfeather 01');
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await suggest('q=%25%25')).toEqual([]);
    expect(await suggest('q=__')).toEqual([]);
  });

  it('answers from memory exactly what SQL answers, and reloads after a merchant changes', async () => {
    const nameIndex = t.app.deps.catalogue.names;
    const circle = { ...DEFAULT_PLACE, radiusM: MARKETS.detroit.radiusM };
    nameIndex.fromMemory(t.db, 'qu', circle, 10);
    expect(await nameIndex.settled()).toBe(true);
    const far = { ...north(DEFAULT_PLACE, 150), radiusM: MARKETS.detroit.radiusM };
    for (const prefix of ['qu', 'quillfeather 1', 'zeph', 'Zephyrine F', 'xylo', 'pi', 'sa', 'a', '%%', 'nothing-like-this']) {
      for (const c of [circle, far, { ...circle, radiusM: 3 * 1609.344 }]) {
        const fromSql = await findNamesStartingWith(t.db, prefix, c, 10);
        expect(nameIndex.fromMemory(t.db, prefix, c, 10), `${prefix} ${c.lat}`).toEqual(fromSql.map((r) => ({ ...r })));
      }
    }
    // A new merchant nearby: the index is dropped at once and SQL answers until it is reloaded.
    const newcomer = await addMerchant(t.db, { name: `Quillfeather New ${u}` });
    await addLocation(t.db, newcomer, north(DEFAULT_PLACE, 1));
    const found = (await suggest('q=quillfeather%20new')).map((s) => s.id);
    expect(found).toEqual([`merchant:${newcomer.id}`]);
    expect(await nameIndex.settled()).toBeTypeOf('boolean');
  });

  it('rejects bad parameters naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/searchautocomplete/?q=pi&lng=abc&lat=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('lng');
  });
});

describe('relevance order: the nearest name matches first, when they are enough', () => {
  // Made-up word: 15 merchants named with it 1-15 miles out, a category named with it and
  // description matches next door. Names (class A) outrank categories (B) and descriptions (C).
  const word = 'quokkaburger';
  const catSlug = `qcat-${u}`;
  const names: number[] = [];
  let categoryMatch = 0;
  const descMatches: number[] = [];

  beforeAll(async () => {
    const db = t.db;
    const cat = await addCategory(db, { kind: 'main', slug: catSlug, name: `Quokka Main ${u}`, orderNum: 98 });
    const sub = await addCategory(db, { kind: 'sub', slug: `qsub-${u}`, name: 'Quokkaburger Joints', parentId: cat.id, list: 'restaurants' });
    for (let i = 1; i <= 15; i++) {
      const m = await addMerchant(db, { name: `Quokkaburger Shack ${i}` });
      const loc = await addLocation(db, m, north(DEFAULT_PLACE, i));
      names.push((await addOffer(db, loc, cat, { name: 'Lunch special', expiresAt: addDays(t.today, 30) })).id);
    }
    const diner = await addMerchant(db, { name: 'Harbour Diner' });
    for (const miles of [0.2, 0.4]) {
      const loc = await addLocation(db, diner, north(DEFAULT_PLACE, miles));
      descMatches.push((await addOffer(db, loc, cat, { name: 'Dinner deal', description: `<p>A ${word} on the side</p>`, expiresAt: addDays(t.today, 30) })).id);
    }
    const joint = await addMerchant(db, { name: 'Corner Joint' });
    const jointLoc = await addLocation(db, joint, north(DEFAULT_PLACE, 0.3));
    categoryMatch = (await addOffer(db, jointLoc, cat, { name: 'Two for one', subcategoryIds: [sub.id], expiresAt: addDays(t.today, 30) })).id;
  });

  // The same search with the plan fixed: every match ranked, or the name walk first.
  const match = () => {
    const text = (bestClassWalk: boolean): TextQuery => ({ words: [word], corrections: new Map(), bestClassWalk });
    return { ranked: text(false), walked: text(true) };
  };
  const ids = (items: Array<{ entitiable_id: number }>) => items.map((i) => i.entitiable_id);

  it('ranks names, then categories, then descriptions, each nearest first', async () => {
    const got = await search(`q=${word}&category=${catSlug}&limit=100`);
    expect(got).toEqual([...names, categoryMatch, ...descMatches]);
  });

  it('answers from the name walk alone when its last row outranks any other match, the same page as ranking every match', async () => {
    const { ranked, walked } = match();
    const cases = [
      { limit: 5, offset: 0, walkAlone: true },
      { limit: 12, offset: 0, walkAlone: true },
      { limit: 4, offset: 8, walkAlone: true },
      // Past the name matches: the walk is short, every match is ranked.
      { limit: 12, offset: 12, walkAlone: false },
    ];
    const base = { category: [catSlug], lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng };
    await listOffers(t.app.deps, { ...base, limit: 1, offset: 0 }, ranked); // category rows cached
    for (const c of cases) {
      const page = { ...base, limit: c.limit, offset: c.offset };
      const full = await listOffers(t.app.deps, page, ranked);
      const { result, queries } = await countQueries(t.db, () => listOffers(t.app.deps, page, walked));
      expect(ids(result), JSON.stringify(c)).toEqual(ids(full));
      expect(queries, JSON.stringify(c)).toBe(c.walkAlone ? 1 : 2);
    }
    expect(ids(await listOffers(t.app.deps, { ...base, limit: 12, offset: 0 }, walked))).toEqual(names.slice(0, 12));
  });

  it('ranks the matches within reach when the last name found is too far to be sure it outranks every other match', async () => {
    const { ranked, walked } = match();
    // 30 and 50 miles south: the 12th name is 42 or 62 miles away (relevance 1 / (1 + 42/25) < 0.4).
    for (const miles of [30, 50]) {
      const from = north(DEFAULT_PLACE, -miles);
      const page = { category: [catSlug], lat: from.lat, lng: from.lng, limit: 12, offset: 0 };
      const full = await listOffers(t.app.deps, page, ranked);
      const { result, queries } = await countQueries(t.db, () => listOffers(t.app.deps, page, walked));
      expect(ids(result), `${miles}`).toEqual(ids(full));
      expect(queries).toBe(2);
      // Still names first: that far away they outrank the category match next to them.
      expect(ids(full)).toEqual(names.slice(0, 12));
    }
    // Asking for all of them: the walk runs out, every match in the circle is ranked.
    const all = { category: [catSlug], lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng, limit: 30, offset: 0 };
    expect(ids(await listOffers(t.app.deps, all, walked))).toEqual(ids(await listOffers(t.app.deps, all, ranked)));
  });
});
