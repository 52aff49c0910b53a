// Builds the database of the stored-XSS browser test (e2e/tests/stored-xss.spec.ts): a small
// seeded catalogue whose offers, offer terms and merchant texts hold the XSS payloads as raw rows,
// written straight into the table so they bypass the ingest sanitiser (the worst case: a row that
// reached the database some other way). The pages must still run none of them.
//   node apps/api/test/adversarial/xss-fixture.ts <dataDir> <out.json>
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { XSS_PAYLOADS } from '@market/domain/testing/xss-payloads';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { DEFAULT_SEED, seedDatabase } from '../../src/db/seed/index.ts';

export interface XssFixtureOffer {
  payload: number;
  offerId: number;
  locationId: number;
  merchantSlug: string;
}

const [dataDir, out] = process.argv.slice(2);
if (!dataDir || !out) throw new Error('usage: xss-fixture.ts <dataDir> <out.json>');

const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
try {
  await migrate(db);
  await seedDatabase(db, { seed: DEFAULT_SEED, scale: 0.05 });
  const rows = await db.rows<{ offer_id: number; location_id: number; merchant_id: number; slug: string }>(sql`
    SELECT o.id AS offer_id, o.location_id, o.merchant_id, m.slug
    FROM offers o JOIN merchants m ON m.id = o.merchant_id
    WHERE o.is_active AND o.expires_at >= current_date AND o.secondary_type = 'other'
    ORDER BY o.id
    LIMIT ${XSS_PAYLOADS.length}`);
  if (rows.length < XSS_PAYLOADS.length) throw new Error(`only ${rows.length} offers for ${XSS_PAYLOADS.length} payloads`);
  const offers: XssFixtureOffer[] = [];
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const row = rows[i]!;
    await db.rows(sql`UPDATE offers SET description = ${`<p>Payload ${i}</p>${payload}`}, retailer_terms = ${payload}, consumer_terms = ${payload} WHERE id = ${row.offer_id}`);
    // A merchant with several offers keeps the last payload in its about text.
    await db.rows(sql`UPDATE merchants SET about = ${payload} WHERE id = ${row.merchant_id}`);
    offers.push({ payload: i, offerId: row.offer_id, locationId: row.location_id, merchantSlug: row.slug });
  }
  writeFileSync(out, JSON.stringify(offers));
} finally {
  await db.close();
}
