// The merchant-centre part of the bench data set (docs/performance.md "Merchant dashboard"): the
// seed's largest merchant has about 50 offers, so one chain with 500 offers over 20 Detroit and 5
// Chicago locations is added, with 400 days of daily counters per offer, location and merchant,
// and background counters for every 20th offer of the catalogue (60 days), so analytics_daily is
// not the merchant's alone. Everything is a function of ids and day numbers: the same data set
// always gets the same rows. Added once per database (the chain's slug marks it).
import pg from 'pg';

export const CHAIN_SLUG = 'bench-chain-500';
const CHAIN_OFFERS = 500;
const HISTORY_DAYS = 400;
const BACKGROUND_DAYS = 60;

export interface MerchantDataset {
  merchantId: number;
  offers: number;
  dailyRows: number;
  seconds: number | null;
}

/** Adds the 500-offer chain and its counters when missing; answers its id. */
export async function ensureMerchantDataset(url: string, log: (line: string) => void): Promise<MerchantDataset> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const existing = await c.query(`SELECT id FROM merchants WHERE slug = $1`, [CHAIN_SLUG]);
    if (existing.rows.length) {
      const id = existing.rows[0].id as number;
      const n = await c.query(`SELECT count(*)::int AS n FROM offers WHERE merchant_id = $1`, [id]);
      const d = await c.query(`SELECT count(*)::int AS n FROM analytics_daily WHERE scope = 'merchant' AND scope_id = $1`, [id]);
      return { merchantId: id, offers: n.rows[0].n, dailyRows: d.rows[0].n, seconds: null };
    }
    const started = Date.now();
    log(`Adding the ${CHAIN_OFFERS}-offer merchant and its daily counters...`);
    await c.query('BEGIN');
    const category = (await c.query(`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)).rows[0].id as number;
    const merchant = (await c.query(`INSERT INTO merchants (slug, name, about) VALUES ($1, 'Bench Chain Auto Group', '<p>Benchmark merchant.</p>') RETURNING id`, [CHAIN_SLUG])).rows[0].id as number;
    // 20 Detroit locations and 5 in Chicago (two business time zones), 20 offers each.
    await c.query(
      `INSERT INTO locations (merchant_id, market_id, display_name, address, city, state, zip, lat, lng)
       SELECT $1, CASE WHEN k <= 20 THEN 'detroit' ELSE 'chicago' END, 'Bench Chain #' || k, k || ' Bench Ave',
              CASE WHEN k <= 20 THEN 'Detroit' ELSE 'Chicago' END, CASE WHEN k <= 20 THEN 'MI' ELSE 'IL' END,
              CASE WHEN k <= 20 THEN '48201' ELSE '60601' END,
              CASE WHEN k <= 20 THEN 42.33 + k * 0.004 ELSE 41.88 + k * 0.004 END,
              CASE WHEN k <= 20 THEN -83.05 - k * 0.004 ELSE -87.63 - k * 0.004 END
       FROM generate_series(1, 25) AS k`,
      [merchant],
    );
    await c.query(
      `INSERT INTO offers (merchant_id, location_id, category_id, name, slug, starts_at, expires_at, secondary_type)
       SELECT $1, l.id, $2, 'Bench chain offer ' || ((l.rn - 1) * 20 + k), 'bench-chain-offer',
              (now() AT TIME ZONE 'America/Detroit')::date - 200, (now() AT TIME ZONE 'America/Detroit')::date + 90 + k, 'other'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM locations WHERE merchant_id = $1) l
       CROSS JOIN generate_series(1, $3::int / 25) AS k`,
      [merchant, category, CHAIN_OFFERS],
    );
    // Offer counters: impressions every day; the rest on some days, by a fixed mix of id and day.
    await c.query(
      `INSERT INTO analytics_daily (day, scope, scope_id, metric, count)
       SELECT d.day, 'offer', o.id, m.metric, m.n
       FROM offers o
       CROSS JOIN LATERAL (SELECT ((now() AT TIME ZONE 'America/Detroit')::date - g) AS day, g FROM generate_series(0, $2::int - 1) AS g) d
       CROSS JOIN LATERAL (VALUES
         ('impressions', 5 + (o.id * 31 + d.g * 17) % 60),
         ('prints', CASE WHEN (o.id + d.g) % 2 = 0 THEN 1 + (o.id + d.g * 7) % 6 END),
         ('downloads', CASE WHEN (o.id + d.g) % 3 = 0 THEN 1 + (o.id * 3 + d.g) % 4 END),
         ('saves', CASE WHEN (o.id * 7 + d.g) % 5 = 0 THEN 1 + (o.id + d.g) % 3 END),
         ('shares', CASE WHEN (o.id * 11 + d.g) % 9 = 0 THEN 1 END),
         ('verified_redemptions', CASE WHEN (o.id * 13 + d.g) % 4 = 0 THEN 1 + (o.id + d.g) % 2 END)
       ) AS m(metric, n)
       WHERE o.merchant_id = $1 AND m.n IS NOT NULL`,
      [merchant, HISTORY_DAYS],
    );
    // Location and merchant counters are the sums of their offers', plus page views per location.
    await c.query(
      `INSERT INTO analytics_daily (day, scope, scope_id, metric, count)
       SELECT d.day, 'location', o.location_id, d.metric, sum(d.count)::int FROM analytics_daily d JOIN offers o ON o.id = d.scope_id
       WHERE d.scope = 'offer' AND o.merchant_id = $1 GROUP BY d.day, o.location_id, d.metric`,
      [merchant],
    );
    await c.query(
      `INSERT INTO analytics_daily (day, scope, scope_id, metric, count)
       SELECT (now() AT TIME ZONE 'America/Detroit')::date - g, 'location', l.id, 'location_views', 1 + (l.id + g) % 12
       FROM locations l CROSS JOIN generate_series(0, $2::int - 1) AS g WHERE l.merchant_id = $1`,
      [merchant, HISTORY_DAYS],
    );
    await c.query(
      `INSERT INTO analytics_daily (day, scope, scope_id, metric, count)
       SELECT d.day, 'merchant', $1, d.metric, sum(d.count)::int FROM analytics_daily d JOIN locations l ON l.id = d.scope_id
       WHERE d.scope = 'location' AND l.merchant_id = $1 GROUP BY d.day, d.metric`,
      [merchant],
    );
    // Background: every 20th offer of the catalogue, impressions and prints for 60 days.
    await c.query(
      `INSERT INTO analytics_daily (day, scope, scope_id, metric, count)
       SELECT (now() AT TIME ZONE 'America/Detroit')::date - g, 'offer', o.id, m.metric, m.n
       FROM offers o CROSS JOIN generate_series(0, $2::int - 1) AS g
       CROSS JOIN LATERAL (VALUES ('impressions', 1 + (o.id + g) % 40), ('prints', 1 + (o.id * 3 + g) % 5)) AS m(metric, n)
       WHERE o.id % 20 = 0 AND o.merchant_id <> $1`,
      [merchant, BACKGROUND_DAYS],
    );
    await c.query('COMMIT');
    await c.query('ANALYZE analytics_daily');
    const rows = await c.query(`SELECT count(*)::int AS n FROM analytics_daily WHERE scope = 'merchant' AND scope_id = $1`, [merchant]);
    const seconds = (Date.now() - started) / 1000;
    log(`Added merchant ${merchant} with ${CHAIN_OFFERS} offers and its counters in ${seconds.toFixed(1)} s.`);
    return { merchantId: merchant, offers: CHAIN_OFFERS, dailyRows: rows.rows[0].n, seconds };
  } catch (error) {
    await c.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await c.end();
  }
}

/** An owner of the chain with a session that passed the second factor, written straight into the database. */
export async function chainOwnerSession(url: string, merchantId: number, tokenHash: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const user = await c.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, state, zip) VALUES ($1, 'no-password', 'Bench', 'Owner', 'MI', '') RETURNING id`,
      [`bench-owner-${Date.now()}@example.com`],
    );
    await c.query(`INSERT INTO merchant_members (merchant_id, user_id, role) VALUES ($1, $2, 'owner')`, [merchantId, user.rows[0].id]);
    await c.query(`INSERT INTO access_tokens (user_id, token_hash, expires_at, kind) VALUES ($1, $2, now() + interval '12 hours', 'staff')`, [user.rows[0].id, tokenHash]);
  } finally {
    await c.end();
  }
}
