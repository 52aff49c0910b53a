// Redemption codes for the bench (docs/performance.md "Codes a cashier checks and redeems"): copies
// of the 500-offer chain's offers (bench/lib/merchant-dataset.ts), each with a fresh code, and one
// paired till per chain location. A redeem names a code no request has redeemed before, sent by
// the till of the offer's own location, as at a real counter; checks read random codes. New codes
// are issued on every run (the table keeps the earlier runs' copies, as a live one would).
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { newRedemptionCode } from '@market/domain/redemption-code';

export interface IssuedCode {
  code: string;
  /** The `X-Store-Device` token of the till at the copy's offer's location. */
  till: string;
}

/** `count` fresh anonymous print copies of the chain's offers, spread over its locations, with their tills. */
export async function issueCodes(url: string, merchantId: number, count: number): Promise<IssuedCode[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const offers = (await c.query(`SELECT id, location_id FROM offers WHERE merchant_id = $1 ORDER BY id`, [merchantId])).rows as Array<{ id: number; location_id: number }>;
    if (!offers.length) throw new Error(`merchant ${merchantId} has no offers`);
    const tills = new Map<number, string>();
    for (const locationId of new Set(offers.map((o) => o.location_id))) {
      const token = randomBytes(32).toString('base64url');
      await c.query(`INSERT INTO store_devices (merchant_id, location_id, name, token_hash) VALUES ($1, $2, 'Bench till', $3)`, [
        merchantId,
        locationId,
        createHash('sha256').update(token, 'utf8').digest('hex'),
      ]);
      tills.set(locationId, token);
    }
    const issued: IssuedCode[] = [];
    const BATCH = 5_000;
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const codes = Array.from({ length: size }, () => newRedemptionCode());
      const offerIds = codes.map((_, k) => offers[(start + k) % offers.length]!.id);
      await c.query(
        `INSERT INTO print_copies (offer_id, client_address, kind, expires_at, code)
         SELECT o, '203.0.113.7', 'print', now() + interval '30 days', code FROM unnest($1::int[], $2::text[]) AS t(o, code)`,
        [offerIds, codes],
      );
      codes.forEach((code, k) => issued.push({ code, till: tills.get(offers[(start + k) % offers.length]!.location_id)! }));
    }
    await c.query('ANALYZE print_copies');
    return issued;
  } finally {
    await c.end();
  }
}
