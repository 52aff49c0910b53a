// The answer cache (docs/performance.md) keeps whole public list answers until the catalogue
// changes, and a 12-offer page costs a bounded number of SQL statements (counted and logged here).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE } from '@market/domain/markets';
import { addCategory, addLocation, addMerchant, addOffer, north, uid } from '../modules/catalogue/catalogue.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';

let t: TestApp;
const u = uid();
const slug = `cache-${u}`;
let category: { id: number };
let location: { id: number; merchantId: number };

/** The SQL texts a block sends, from the driver (PGlite's `query` or the pg pool's). */
async function statements<T>(run: () => Promise<T>): Promise<{ result: T; sqls: string[] }> {
  const target = (t.db.pglite ?? t.db.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  try {
    const result = await run();
    const sqls = spy.mock.calls.map((call) => {
      const first = call[0] as string | { text: string };
      return (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').trim();
    });
    return { result, sqls };
  } finally {
    spy.mockRestore();
  }
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const idsOf = (body: string) => (JSON.parse(body) as Array<{ entitiable_id: number }>).map((i) => i.entitiable_id);

/**
 * Changes reach the cache through the database's notifications, which on PostgreSQL arrive over
 * another connection, in commit order: once a marker sent now has cleared the cache, every
 * earlier change has too.
 */
async function settle(): Promise<void> {
  const before = t.app.deps.answers.currentGeneration();
  await t.db.rows(sql`SELECT pg_notify('catalogue_changed', 'test')`);
  for (let i = 0; i < 250 && t.app.deps.answers.currentGeneration() === before; i++) await new Promise((r) => setTimeout(r, 20));
  expect(t.app.deps.answers.currentGeneration()).toBeGreaterThan(before);
  // The first change seen may be an earlier one: wait until the notifications stop coming.
  for (let seen = -1; seen !== t.app.deps.answers.currentGeneration(); ) {
    seen = t.app.deps.answers.currentGeneration();
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  category = await addCategory(t.db, { kind: 'main', slug, name: `Cache Main ${u}`, orderNum: 95 });
  const merchant = await addMerchant(t.db, { name: `Cache Merchant ${u}` });
  location = await addLocation(t.db, merchant, north(DEFAULT_PLACE, 2));
  for (let i = 0; i < 14; i++) await addOffer(t.db, location, category, { name: `Cache offer ${i} ${u}`, expiresAt: addDays(t.today, 10 + i) });
  await settle();
});

afterAll(async () => {
  await t?.close();
});

describe('the answer cache', () => {
  it('answers a 12-offer page with one catalogue statement, then from memory until an offer changes', async () => {
    const url = `/api/entities/?category=${slug}&limit=12`;
    const first = await statements(() => get(url));
    expect(first.result.statusCode).toBe(200);
    expect(idsOf(first.result.body)).toHaveLength(12);
    // Logged for the record: the statements one page costs (the category table is read once and kept).
    console.info(`GET ${url}: ${first.sqls.length} statement(s)\n${first.sqls.map((s) => `  ${s.slice(0, 160)}`).join('\n')}`);
    expect(first.sqls.length).toBeGreaterThanOrEqual(1);
    expect(first.sqls.length).toBeLessThanOrEqual(3);
    // One of them picks and enriches the page; the others read category data (kept afterwards).
    expect(first.sqls.filter((s) => /offer_index/.test(s) && !/pg_stats/.test(s))).toHaveLength(1);

    const again = await statements(() => get(url));
    expect(again.sqls).toEqual([]);
    expect(again.result.body).toBe(first.result.body);
    expect(again.result.headers.etag).toBe(first.result.headers.etag);
    expect(again.result.headers['cache-control']).toBe(first.result.headers['cache-control']);
    expect(again.result.headers['content-type']).toBe(first.result.headers['content-type']);

    // A conditional request for the same answer gets 304.
    const conditional = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.result.headers.etag) } });
    expect(conditional.statusCode).toBe(304);

    // The nearest offer is switched off: the next answer leaves it out.
    const nearest = idsOf(first.result.body)[0]!;
    await t.db.rows(sql`UPDATE offers SET is_active = false WHERE id = ${nearest}`);
    await settle();
    const after = await get(url);
    expect(idsOf(after.body)).not.toContain(nearest);
    expect(idsOf(after.body)).toHaveLength(12);
  });

  it('keeps only successful answers to the routes that opt in', async () => {
    const bad = `/api/entities/?category=${slug}&limit=0`;
    expect((await get(bad)).statusCode).toBe(400);
    const again = await statements(() => get(bad));
    expect(again.result.statusCode).toBe(400);
    // Member answers never come from it.
    expect((await get('/api/userfavorites/')).statusCode).toBe(401);
  });

  it("keeps the home page's callout rows (shuffled per request) and anonymous contest lists until their tables change", async () => {
    // Callouts: the rows and settings are read once, the selection and its shuffle are made per request.
    await t.db.rows(sql`INSERT INTO callout_settings (id, use_default_callouts, number_of_default_callouts_to_use, randomize_callout_order) VALUES (1, false, 10, true)
      ON CONFLICT (id) DO UPDATE SET use_default_callouts = false, number_of_default_callouts_to_use = 10, randomize_callout_order = true`);
    await settle();
    const calloutsUrl = '/api/content/callouts/?state=MI';
    const orderOf = (body: string) => (JSON.parse(body) as { objects: Array<{ id: number }> }).objects.map((c) => c.id).join(',');
    const first = await get(calloutsUrl);
    expect(first.statusCode).toBe(200);
    const count = orderOf(first.body).split(',').filter(Boolean).length;
    const orders = new Set<string>();
    const repeated = await statements(async () => {
      for (let i = 0; i < 30; i++) orders.add(orderOf((await get(calloutsUrl)).body));
    });
    expect(repeated.sqls).toEqual([]);
    // The seeded data has several callouts for Michigan: 30 shuffles are not all the same.
    expect(count).toBeGreaterThanOrEqual(2);
    expect(orders.size).toBeGreaterThan(1);
    await t.db.rows(sql`UPDATE callout_settings SET number_of_default_callouts_to_use = 1, randomize_callout_order = false WHERE id = 1`);
    await settle();
    const changed = JSON.parse((await get(calloutsUrl)).body) as { objects: unknown[]; settings: { number_of_default_callouts_to_use: number } };
    expect(changed.settings.number_of_default_callouts_to_use).toBe(1);
    expect(changed.objects.length).toBeLessThanOrEqual(1);

    // Contests: an anonymous list is kept whole; a request with a bearer token never uses it.
    const contestsUrl = `/api/contests/?lat=${DEFAULT_PLACE.lat}&lng=${DEFAULT_PLACE.lng}`;
    const list = await get(contestsUrl);
    expect(list.statusCode).toBe(200);
    const again = await statements(() => get(contestsUrl));
    expect(again.sqls).toEqual([]);
    expect(again.result.body).toBe(list.body);
    const withToken = await statements(() => t.app.inject({ method: 'GET', url: contestsUrl, headers: { authorization: 'Bearer not-a-real-token' } }));
    expect(withToken.sqls.length).toBeGreaterThan(0);
    const items = JSON.parse(list.body) as Array<{ contest: { id: number; display_name: string } }>;
    expect(items.length).toBeGreaterThan(0);
    const renamed = `Renamed contest ${u}`;
    await t.db.rows(sql`UPDATE contests SET display_name = ${renamed} WHERE id = ${items[0]!.contest.id}`);
    await settle();
    const after = JSON.parse((await get(contestsUrl)).body) as Array<{ contest: { display_name: string } }>;
    expect(after.map((i) => i.contest.display_name)).toContain(renamed);
  });

  it('is turned off by ANSWER_CACHE_SECONDS=0', async () => {
    const off = await createTestApp({ ANSWER_CACHE_SECONDS: '0' });
    try {
      const url = `/api/entities/?limit=12&lat=${DEFAULT_PLACE.lat}&lng=${DEFAULT_PLACE.lng}`;
      expect((await off.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const target = (off.db.pglite ?? off.db.pool) as unknown as { query: (...args: unknown[]) => unknown };
      const spy = vi.spyOn(target, 'query');
      expect((await off.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1);
      spy.mockRestore();
    } finally {
      await off.close();
    }
  });
});
