import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LISTS } from '@market/domain/category-lists';
import { HOME_PROS_CATEGORIES, MAIN_CATEGORIES } from '@market/domain/categories';
import { addDays } from '@market/domain/expiry';
import { isInSoutheastMichigan, MARKETS, type MarketId } from '@market/domain/markets';
import { openDatabase, type DbHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { BUSINESS_KINDS } from './content.ts';
import { CatalogueGenerator } from './catalogue.ts';
import { buildCategories } from './categories.ts';
import { buildCityPools } from './geography.ts';
import { DRAW_METHOD, pickWinners } from '../../modules/contests/lib/draw.ts';
import { isSeeded, seedDatabase } from './index.ts';
import { loadUsPlaces } from './places.ts';

const MARKET_IDS = Object.keys(MARKETS) as MarketId[];

/** A hash of the ordered rows of the tables a seed writes. */
async function dumpHash(db: DbHandle): Promise<Record<string, string>> {
  const tables = ['categories', 'places', 'merchants', 'locations', 'offers', 'offer_index', 'contests', 'contest_entities', 'users', 'contest_entries', 'contest_draws', 'contest_winners', 'callouts', 'callout_settings'];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const key = table === 'offer_index' ? 'offer_id' : 'id';
    const rows = await db.rows<{ j: string }>(sql`SELECT row_to_json(t)::text AS j FROM ${sql.identifier(table)} t ORDER BY ${sql.identifier(key)}`);
    out[table] = `${rows.length}:${createHash('sha256').update(rows.map((r) => r.j).join('\n')).digest('hex')}`;
  }
  return out;
}

describe('seed determinism', () => {
  it('gives identical rows for the same seed, scale and day', async () => {
    const hashes: Array<Record<string, string>> = [];
    for (let run = 0; run < 2; run++) {
      const db = await openDatabase({});
      try {
        await migrate(db);
        expect(await isSeeded(db)).toBe(false);
        await seedDatabase(db, { seed: 7, scale: 0.25, today: '2026-03-01' });
        expect(await isSeeded(db)).toBe(true);
        hashes.push(await dumpHash(db));
      } finally {
        await db.close();
      }
    }
    expect(hashes[1]).toEqual(hashes[0]);
    expect(hashes[0]!.offers!.startsWith('0:')).toBe(false);
  }, 180_000);

  it('gives different data for another seed number, and scales the volume', () => {
    const { places, zipPoints } = loadUsPlaces();
    const categories = buildCategories();
    const pools = buildCityPools(places);
    const run = (seed: number, scale: number) => {
      const g = new CatalogueGenerator({ seed, scale, today: '2026-03-01', categories, pools, zipPoints });
      const totals = { merchants: 0, locations: 0, offers: 0, names: [] as string[] };
      for (const chunk of g.chunks(500)) {
        totals.merchants += chunk.merchants.length;
        totals.locations += chunk.locations.length;
        totals.offers += chunk.offers.length;
        if (totals.names.length < 20) totals.names.push(...chunk.merchants.slice(0, 20).map((m) => m.name));
      }
      return totals;
    };
    const a = run(1, 1);
    const b = run(2, 1);
    expect(b.names).not.toEqual(a.names);
    // The demo data: about 1,200 merchants, 3,000 locations and 5,000 offers at scale 1.
    expect(a.merchants).toBe(1200);
    expect(a.locations).toBeGreaterThan(2700);
    expect(a.locations).toBeLessThan(3300);
    expect(a.offers).toBeGreaterThan(4500);
    expect(a.offers).toBeLessThan(5500);
    const double = run(1, 2);
    expect(double.merchants).toBe(2400);
    expect(double.offers).toBeGreaterThan(a.offers * 1.8);
  }, 60_000);

  it('knows the words of every subcategory it names', () => {
    for (const kind of BUSINESS_KINDS) {
      if (!kind.listId) continue;
      const slugs = new Set(CATEGORY_LISTS.find((l) => l.id === kind.listId)!.entries.map((e) => e.slug));
      for (const key of Object.keys(kind.flavours)) expect(slugs.has(key), `${kind.key}: ${key}`).toBe(true);
    }
    expect(BUSINESS_KINDS.reduce((n, k) => n + k.weight, 0)).toBeCloseTo(1, 6);
  });
});

describe('the seeded test database', () => {
  let t: TestApp;
  const q = <T>(query: ReturnType<typeof sql>) => t.db.rows<T>(query);
  const count = async (query: ReturnType<typeof sql>) => (await q<{ n: number }>(query))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has the categories: main, home-pros groups and every static list entry', async () => {
    const mains = await q<{ slug: string; order_num: number }>(sql`SELECT slug, order_num FROM categories WHERE kind = 'main' ORDER BY order_num`);
    expect(mains.map((m) => m.slug)).toEqual([...MAIN_CATEGORIES.map((c) => c.slug), 'community', 'locations']);
    const groups = await q<{ slug: string; parent: string }>(sql`
      SELECT c.slug, p.slug AS parent FROM categories c JOIN categories p ON p.id = c.parent_id WHERE c.kind = 'homepros' ORDER BY c.order_num`);
    expect(groups.map((g) => g.slug)).toEqual(HOME_PROS_CATEGORIES.filter((c) => c.slug !== 'home-improvement').map((c) => c.slug));
    expect(new Set(groups.map((g) => g.parent))).toEqual(new Set(['home-improvement']));
    const subs = await count(sql`SELECT count(*)::int AS n FROM categories WHERE kind = 'sub' AND parent_id IS NOT NULL AND list IS NOT NULL`);
    expect(subs).toBe(CATEGORY_LISTS.reduce((n, l) => n + l.entries.length, 0));
    const [pizza] = await q<{ count: number; extra: string; parent: string }>(sql`
      SELECT c.count, c.extra, p.slug AS parent FROM categories c JOIN categories p ON p.id = c.parent_id WHERE c.list = 'restaurants' AND c.slug = 'pizza'`);
    expect(pizza).toMatchObject({ count: 603, parent: 'food-dining' });
    expect(pizza!.extra).toContain('pizza');
  });

  it('loads every US city with its ZIP codes', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM places`)).toBeGreaterThan(16_000);
    const [minneapolis] = await q<{ zips: string[]; population: number }>(sql`SELECT zips, population FROM places WHERE name = 'Minneapolis' AND state = 'MN' ORDER BY population DESC LIMIT 1`);
    expect(minneapolis!.zips).toContain('55401');
    expect(minneapolis!.population).toBeGreaterThan(300_000);
    expect(await count(sql`SELECT count(*)::int AS n FROM places WHERE '48226' = ANY (zips) AND name = 'Detroit'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM places WHERE cardinality(zips) = 0`)).toBeLessThan(200);
  });

  it('spreads merchants over real cities of the four markets with 5-digit ZIPs', async () => {
    const perMarket = await q<{ market_id: MarketId; n: number; states: string[] }>(sql`
      SELECT market_id, count(*)::int AS n, array_agg(DISTINCT state) AS states FROM locations GROUP BY market_id`);
    expect(perMarket.map((m) => m.market_id).sort()).toEqual([...MARKET_IDS].sort());
    for (const m of perMarket) {
      expect(m.n).toBeGreaterThan(300);
      expect(m.states).toEqual([MARKETS[m.market_id].state]);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM locations WHERE zip !~ '^[0-9]{5}$'`)).toBe(0);
    // Every location's city is a real place of its state.
    expect(await count(sql`SELECT count(*)::int AS n FROM locations l WHERE NOT EXISTS (SELECT 1 FROM places p WHERE p.name = l.city AND p.state = l.state)`)).toBe(0);
    const detroit = await q<{ lat: number; lng: number; city: string }>(sql`SELECT lat, lng, city FROM locations WHERE market_id = 'detroit'`);
    const inBox = detroit.filter((p) => isInSoutheastMichigan(p));
    expect(inBox.length).toBeGreaterThan(detroit.length / 2);
    expect(detroit.length - inBox.length).toBeGreaterThan(50);
    const twinCities = await q<{ city: string }>(sql`SELECT DISTINCT city FROM locations WHERE market_id = 'minneapolis'`);
    for (const city of ['Minneapolis', 'Saint Paul', 'Bloomington']) expect(twinCities.map((c) => c.city)).toContain(city);
    const florida = await q<{ city: string }>(sql`SELECT DISTINCT city FROM locations WHERE market_id = 'florida'`);
    for (const city of ['Tampa', 'Orlando', 'Miami', 'Jacksonville']) expect(florida.map((c) => c.city)).toContain(city);
  });

  it('has Twin Cities offers within 200 miles of Minneapolis', async () => {
    const n = await count(sql`
      SELECT count(*)::int AS n FROM offer_index
      WHERE earth_distance(earth, ll_to_earth(44.9778, -93.265)) <= 321868 AND is_active AND expires_at >= ${t.today}::date`);
    expect(n).toBeGreaterThan(300);
  });

  it('covers every main category and every home-pros group and subcategory', async () => {
    const mains = await q<{ slug: string }>(sql`SELECT DISTINCT c.slug FROM offers o JOIN categories c ON c.id = o.category_id`);
    for (const c of MAIN_CATEGORIES) if (c.slug !== 'contests') expect(mains.map((m) => m.slug)).toContain(c.slug);
    const uncoveredHomePros = await q<{ list: string; slug: string }>(sql`
      SELECT s.list, s.slug FROM categories s
      WHERE s.kind = 'sub' AND s.list IN ('home-improvement', 'home-services', 'cleaning-restoration', 'outdoor', 'home')
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE s.id = ANY (o.subcategory_ids))`);
    expect(uncoveredHomePros).toEqual([]);
    expect(await count(sql`SELECT count(DISTINCT c.slug)::int AS n FROM merchants m JOIN categories c ON c.id = m.category_id WHERE c.kind = 'homepros'`)).toBe(4);
    // subcategory_ids only reference sub rows.
    expect(await count(sql`SELECT count(*)::int AS n FROM offers o, unnest(o.subcategory_ids) s(id) WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = s.id AND c.kind = 'sub')`)).toBe(0);
    const cuisines = await count(sql`SELECT count(DISTINCT s.id)::int AS n FROM offers o, unnest(o.subcategory_ids) s(id) JOIN categories c ON c.id = s.id WHERE c.list = 'restaurants'`);
    expect(cuisines).toBe(34);
  });

  it('has live offers of every home-pros group and subcategory in every market, within its listing radius', async () => {
    // What a saver at the market's default place finds: active offers within the market radius
    // (offer_index.category_ids holds the subcategories and their groups).
    const missing = await q<{ market_id: string; kind: string; slug: string }>(sql`
      SELECT m.id AS market_id, s.kind, coalesce(s.list, '') || ':' || s.slug AS slug FROM markets m CROSS JOIN categories s
      WHERE (s.kind = 'homepros' OR (s.kind = 'sub' AND s.list IN ('home-improvement', 'home-services', 'cleaning-restoration', 'outdoor', 'home')))
        AND NOT EXISTS (
          SELECT 1 FROM offer_index oi
          WHERE s.id = ANY (oi.category_ids) AND earth_distance(oi.earth, ll_to_earth(m.lat, m.lng)) <= m.radius_m
            AND oi.is_active AND oi.expires_at >= ${t.today}::date AND (oi.starts_at IS NULL OR oi.starts_at <= ${t.today}::date))
      ORDER BY 1, 2, 3`);
    expect(missing).toEqual([]);
  });

  it('gives most locations opening hours and some offers day or hour limits (valid right now)', async () => {
    const [row] = await q<{ locations: number; hours: number; open_week: number; offers: number; limited: number }>(sql`
      SELECT (SELECT count(*)::int FROM locations) AS locations,
        (SELECT count(*)::int FROM locations WHERE opening_hours IS NOT NULL) AS hours,
        (SELECT count(*)::int FROM offer_index WHERE open_week IS NOT NULL) AS open_week,
        (SELECT count(*)::int FROM offers) AS offers,
        (SELECT count(*)::int FROM offer_index WHERE valid_week IS NOT NULL) AS limited`);
    expect(row!.hours / row!.locations).toBeGreaterThan(0.8);
    expect(row!.hours).toBeLessThan(row!.locations);
    expect(row!.open_week).toBeGreaterThan(0);
    expect(row!.limited / row!.offers).toBeGreaterThan(0.05);
    expect(row!.limited / row!.offers).toBeLessThan(0.4);
  });

  it('has every offer state the screens show (SPEC.md 4)', async () => {
    const today = t.today;
    const states = await q<{ market_id: string; featured: number; today: number; recent: number; six: number; seven: number; hidden: number; inactive: number }>(sql`
      SELECT l.market_id,
        count(*) FILTER (WHERE o.is_featured AND o.is_active AND o.expires_at >= ${today}::date)::int AS featured,
        count(*) FILTER (WHERE o.is_active AND o.expires_at = ${today}::date)::int AS today,
        count(*) FILTER (WHERE o.is_active AND o.expires_at BETWEEN ${addDays(today, -6)}::date AND ${addDays(today, -1)}::date)::int AS recent,
        count(*) FILTER (WHERE o.expires_at = ${addDays(today, -6)}::date)::int AS six,
        count(*) FILTER (WHERE o.expires_at = ${addDays(today, -7)}::date)::int AS seven,
        count(*) FILTER (WHERE o.expires_at < ${addDays(today, -6)}::date)::int AS hidden,
        count(*) FILTER (WHERE NOT o.is_active)::int AS inactive
      FROM offers o JOIN locations l ON l.id = o.location_id GROUP BY l.market_id`);
    expect(states).toHaveLength(4);
    for (const s of states) {
      expect(s.featured, s.market_id).toBeGreaterThan(5);
      expect(s.today, s.market_id).toBeGreaterThan(0);
      expect(s.recent, s.market_id).toBeGreaterThan(0);
      expect(s.hidden, s.market_id).toBeGreaterThan(0);
      expect(s.inactive, s.market_id).toBeGreaterThan(0);
    }
    expect(states.reduce((n, s) => n + s.six, 0)).toBeGreaterThan(0);
    expect(states.reduce((n, s) => n + s.seven, 0)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM offer_index`)).toBe(await count(sql`SELECT count(*)::int AS n FROM offers`));
  });

  it('fills the offer detail fields with variety: codes, URLs, prints, HTML and terms', async () => {
    const [s] = await q<{ empty_code: number; code: number; url: number; no_url: number; min_prints: number; max_prints: number; html: number; terms: number; total: number; horizontal: number }>(sql`
      SELECT count(*) FILTER (WHERE code = '')::int AS empty_code, count(*) FILTER (WHERE code <> '')::int AS code,
        count(*) FILTER (WHERE external_offer_url LIKE 'https://%')::int AS url, count(*) FILTER (WHERE external_offer_url = '')::int AS no_url,
        min(max_prints)::int AS min_prints, max(max_prints)::int AS max_prints,
        count(*) FILTER (WHERE description LIKE '<p>%' AND description LIKE '%<strong>%' AND description LIKE '%<ul><li>%')::int AS html,
        count(*) FILTER (WHERE retailer_terms <> '' AND consumer_terms <> '')::int AS terms,
        count(*) FILTER (WHERE horizontal)::int AS horizontal, count(*)::int AS total
      FROM offers`);
    expect(s!.empty_code).toBeGreaterThan(100);
    expect(s!.code).toBeGreaterThan(100);
    expect(s!.url).toBeGreaterThan(100);
    expect(s!.no_url).toBeGreaterThan(100);
    expect([s!.min_prints, s!.max_prints]).toEqual([1, 5]);
    expect(s!.html).toBe(s!.total);
    expect(s!.terms).toBe(s!.total);
    expect(s!.horizontal).toBeGreaterThan(0);
  });

  it('sells cars (lease and purchase offers) in Michigan only', async () => {
    const rows = await q<{ secondary_type: string; state: string; dealer: boolean }>(sql`
      SELECT o.secondary_type, l.state, bool_or(s.slug = 'auto-dealers') AS dealer
      FROM offers o JOIN locations l ON l.id = o.location_id JOIN categories s ON s.id = ANY (o.subcategory_ids)
      WHERE o.secondary_type IN ('lease', 'purchase') GROUP BY o.id, l.state`);
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.secondary_type))).toEqual(new Set(['lease', 'purchase']));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['MI']));
    expect(rows.every((r) => r.dealer)).toBe(true);
  });

  it('has certified contractors, spotlight merchants per market, chains and merchants with no online offers', async () => {
    const [c] = await q<{ certified: number; not_fully: number }>(sql`
      SELECT count(*) FILTER (WHERE is_certified)::int AS certified,
             count(*) FILTER (WHERE is_certified AND NOT (licensed AND bonded AND insured))::int AS not_fully FROM merchants`);
    expect(c!.certified).toBeGreaterThan(50);
    expect(c!.not_fully).toBe(0);
    const spotlight = await q<{ market_id: string; n: number }>(sql`
      SELECT l.market_id, count(DISTINCT m.id)::int AS n FROM merchants m JOIN locations l ON l.merchant_id = m.id
      WHERE m.is_spotlight AND m.about LIKE '<p>%' GROUP BY l.market_id`);
    expect(spotlight.map((s) => s.market_id).sort()).toEqual([...MARKET_IDS].sort());
    expect(await count(sql`SELECT count(*)::int AS n FROM (SELECT merchant_id FROM locations GROUP BY 1 HAVING count(*) >= 3) x`)).toBeGreaterThan(50);
    const noOnline = await count(sql`
      SELECT count(*)::int AS n FROM merchants m WHERE EXISTS (SELECT 1 FROM offers o WHERE o.merchant_id = m.id)
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.merchant_id = m.id AND o.is_active AND o.expires_at >= ${addDays(t.today, -6)}::date)`);
    expect(noOnline).toBeGreaterThan(5);
    expect(await count(sql`SELECT count(DISTINCT slug)::int AS n FROM merchants`)).toBe(await count(sql`SELECT count(*)::int AS n FROM merchants`));
  });

  it('has contests in every market with exactly one featured entity, winning numbers and winners', async () => {
    const perMarket = await q<{ market_id: string; contests: number; featured: number }>(sql`
      SELECT e.market_id, count(DISTINCT e.contest_id)::int AS contests, count(*) FILTER (WHERE e.is_featured)::int AS featured
      FROM contest_entities e JOIN contests c ON c.id = e.contest_id WHERE c.is_active AND c.ends_at >= ${t.today}::date GROUP BY e.market_id`);
    expect(perMarket.map((m) => m.market_id).sort()).toEqual([...MARKET_IDS].sort());
    for (const m of perMarket) {
      expect(m.contests, m.market_id).toBeGreaterThanOrEqual(4);
      expect(m.featured, m.market_id).toBe(1);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM contest_entities WHERE is_featured`)).toBe(4);
    expect(await count(sql`SELECT count(*)::int AS n FROM contests WHERE rules_html NOT LIKE '%No purchase necessary%'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM contests WHERE cardinality(sweepstakes_numbers) > 0`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(DISTINCT contest_id)::int AS n FROM contest_winners`)).toBeGreaterThanOrEqual(2);
    expect(await count(sql`SELECT count(*)::int AS n FROM contests WHERE merchant_id IS NULL OR banner_path IS NULL OR picture_path IS NULL`)).toBe(0);
    // Lists deduplicate by display name: the seed has a display name shared by two contests.
    expect(await count(sql`SELECT count(*)::int AS n FROM (SELECT display_name FROM contests GROUP BY 1 HAVING count(*) > 1) x`)).toBeGreaterThan(0);
  });

  it('has one ended contest with entrants and a recorded draw that reproduces its winners', async () => {
    const [draw] = await q<{ contest_id: number; seed: number; entry_ids: number[]; winners_requested: number; entrants: number; method: string; ends_at: string }>(sql`
      SELECT d.contest_id, d.seed, d.entry_ids, d.winners_requested, d.entrants, d.method, c.ends_at::text AS ends_at
      FROM contest_draws d JOIN contests c ON c.id = d.contest_id`);
    expect(draw!.ends_at < t.today).toBe(true);
    expect(draw!.method).toBe(DRAW_METHOD);
    expect(await count(sql`SELECT count(*)::int AS n FROM contest_entries WHERE contest_id = ${draw!.contest_id}`)).toBe(draw!.entrants);
    const winners = await q<{ entry_id: number }>(sql`
      SELECT e.id AS entry_id FROM contest_winners w JOIN contest_entries e ON e.contest_id = w.contest_id AND e.user_id = w.user_id
      WHERE w.contest_id = ${draw!.contest_id} ORDER BY w.id`);
    expect(winners.map((w) => w.entry_id)).toEqual(pickWinners(draw!.entry_ids, draw!.winners_requested, draw!.contest_id, Number(draw!.seed)));
    // Seeded entrants never sign in: their password hash is not a hash.
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE password_hash LIKE '$argon2%'`)).toBe(0);
  });

  it('has callouts per state, for all states, the default set and the settings row', async () => {
    for (const state of ['MI', 'IL', 'MN', 'FL']) {
      expect(await count(sql`SELECT count(*)::int AS n FROM callouts WHERE ${state} = ANY (states)`), state).toBeGreaterThan(0);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM callouts WHERE show_for_all_states`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM callouts WHERE is_default`)).toBeGreaterThanOrEqual(4);
    expect(await q(sql`SELECT id, number_of_default_callouts_to_use FROM callout_settings`)).toEqual([{ id: 1, number_of_default_callouts_to_use: 4 }]);
  });

  it('leaves the id sequences past the seeded rows', async () => {
    const [next] = await q<{ id: number; max: number }>(sql`SELECT nextval(pg_get_serial_sequence('offers', 'id'))::int AS id, (SELECT max(id) FROM offers)::int AS max`);
    expect(next!.id).toBeGreaterThan(next!.max);
  });
});
