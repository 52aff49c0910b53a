// offers.market_id and merchants.market_ids follow the locations (migration 0015's triggers):
// the console lists filter and count by them, so they must never drift from the locations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './support/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Facts {
  offer_markets: string[];
  merchant_markets: string[];
}

async function facts(merchantId: number): Promise<Facts> {
  const [row] = await t.db.rows<Facts>(sql`
    SELECT ARRAY(SELECT DISTINCT o.market_id FROM offers o WHERE o.merchant_id = ${merchantId} ORDER BY 1) AS offer_markets,
           (SELECT market_ids FROM merchants WHERE id = ${merchantId}) AS merchant_markets`);
  return row!;
}

describe('market columns kept from the locations', () => {
  it('agree with the locations for every seeded offer and merchant', async () => {
    const [drift] = await t.db.rows<{ offers: number; merchants: number }>(sql`
      SELECT (SELECT count(*)::int FROM offers o JOIN locations l ON l.id = o.location_id WHERE o.market_id IS DISTINCT FROM l.market_id) AS offers,
             (SELECT count(*)::int FROM merchants m WHERE m.market_ids IS DISTINCT FROM coalesce(
                (SELECT array_agg(DISTINCT l.market_id ORDER BY l.market_id) FROM locations l WHERE l.merchant_id = m.id), '{}')) AS merchants`);
    expect(drift).toEqual({ offers: 0, merchants: 0 });
    const [count] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM offers WHERE market_id IS NOT NULL`);
    expect(count!.n).toBeGreaterThan(0);
  });

  it('follow a new location, a moved location, a new offer, an offer moved and a removed location', async () => {
    const [offer] = await t.db.rows<{ id: number; merchant_id: number; location_id: number; market_id: string }>(
      sql`SELECT o.id, o.merchant_id, o.location_id, o.market_id FROM offers o JOIN locations l ON l.id = o.location_id WHERE l.market_id = 'detroit' ORDER BY o.id LIMIT 1`,
    );
    const merchantId = offer!.merchant_id;
    const before = await facts(merchantId);
    expect(before.merchant_markets).toContain('detroit');

    // A second location in another market.
    const [loc] = await t.db.rows<{ id: number }>(sql`
      INSERT INTO locations (merchant_id, market_id, display_name, address, city, state, zip, lat, lng)
      SELECT merchant_id, 'florida', display_name, address, 'Tampa', 'FL', '33602', 27.95, -82.46 FROM locations WHERE id = ${offer!.location_id}
      RETURNING id`);
    expect((await facts(merchantId)).merchant_markets).toContain('florida');

    // An offer moved to it takes its market.
    await t.db.rows(sql`UPDATE offers SET location_id = ${loc!.id} WHERE id = ${offer!.id} RETURNING id`);
    const [moved] = await t.db.rows<{ market_id: string }>(sql`SELECT market_id FROM offers WHERE id = ${offer!.id}`);
    expect(moved!.market_id).toBe('florida');

    // The location moves market: its offers follow.
    await t.db.rows(sql`UPDATE locations SET market_id = 'chicago' WHERE id = ${loc!.id} RETURNING id`);
    const [followed] = await t.db.rows<{ market_id: string }>(sql`SELECT market_id FROM offers WHERE id = ${offer!.id}`);
    expect(followed!.market_id).toBe('chicago');
    expect((await facts(merchantId)).merchant_markets).toContain('chicago');
    expect((await facts(merchantId)).merchant_markets).not.toContain('florida');

    // The offer goes back and the extra location is removed: the merchant's markets are as before.
    await t.db.rows(sql`UPDATE offers SET location_id = ${offer!.location_id} WHERE id = ${offer!.id} RETURNING id`);
    await t.db.rows(sql`DELETE FROM locations WHERE id = ${loc!.id} RETURNING id`);
    expect(await facts(merchantId)).toEqual(before);
  });
});
