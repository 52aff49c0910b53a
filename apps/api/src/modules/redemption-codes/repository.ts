// Copies by their redemption code, the one redeem statement, and the refused attempts staff see.
// The redeem is a single conditional UPDATE (redeemed_at IS NULL AND voided_at IS NULL), so any
// number of tills trying one code at the same moment get exactly one row back between them, on
// PostgreSQL (row lock, then re-check of the WHERE) and on PGlite (one session).
import { sql, type SQL } from 'drizzle-orm';
import type { AttemptReason } from '@market/domain/api/redemption-codes';
import type { Executor } from '../../db/client.ts';
import { cappedCount } from '../../lib/console-list.ts';

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

export interface LocationRow {
  id: number;
  merchantId: number;
  name: string;
  address: string;
  /** For the location's own time zone (@market/domain/location-time-zone). */
  state: string;
  lat: number;
  lng: number;
}

export interface CodeCopyRow {
  id: number;
  code: string;
  kind: 'print' | 'download' | 'mobile';
  userId: number | null;
  expiresAt: Date;
  createdAt: Date;
  redeemedAt: Date | null;
  redeemedLocationId: number | null;
  voidedAt: Date | null;
  offerId: number;
  offerName: string;
  offerCode: string;
  offerExpiresAt: string;
  offerStartsAt: string | null;
  offerStatus: 'draft' | 'live' | 'paused';
  offerFinePrint: unknown;
  offerLocationId: number;
  merchantId: number;
  merchantName: string;
  merchantSlug: string;
}

/** A copy by its canonical code, with its offer and merchant. */
export async function findCopyByCode(db: Executor, code: string): Promise<CodeCopyRow | undefined> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT c.id, c.code, c.kind, c.user_id, c.expires_at, c.created_at, c.redeemed_at, c.redeemed_location_id, c.voided_at,
          o.id AS offer_id, o.name AS offer_name, o.code AS offer_code, o.expires_at::text AS offer_expires_at, o.starts_at::text AS offer_starts_at,
          o.status AS offer_status, o.fine_print AS offer_fine_print,
          o.location_id AS offer_location_id, m.id AS merchant_id, m.name AS merchant_name, m.slug AS merchant_slug
        FROM print_copies c
        JOIN offers o ON o.id = c.offer_id
        JOIN merchants m ON m.id = o.merchant_id
        WHERE c.code = ${code}`,
  );
  const r = found[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    code: String(r.code),
    kind: r.kind as CodeCopyRow['kind'],
    userId: r.user_id === null ? null : Number(r.user_id),
    expiresAt: toDate(r.expires_at)!,
    createdAt: toDate(r.created_at)!,
    redeemedAt: toDate(r.redeemed_at),
    redeemedLocationId: r.redeemed_location_id === null ? null : Number(r.redeemed_location_id),
    voidedAt: toDate(r.voided_at),
    offerId: Number(r.offer_id),
    offerName: String(r.offer_name),
    offerCode: String(r.offer_code),
    offerExpiresAt: String(r.offer_expires_at),
    offerStartsAt: r.offer_starts_at === null || r.offer_starts_at === undefined ? null : String(r.offer_starts_at),
    offerStatus: r.offer_status as CodeCopyRow['offerStatus'],
    offerFinePrint: r.offer_fine_print ?? null,
    offerLocationId: Number(r.offer_location_id),
    merchantId: Number(r.merchant_id),
    merchantName: String(r.merchant_name),
    merchantSlug: String(r.merchant_slug),
  };
}

/** Locations by id, or every location of a merchant; ordered by name. */
export async function findLocations(db: Executor, filter: { ids: number[] } | { merchantId: number }): Promise<LocationRow[]> {
  const where =
    'ids' in filter
      ? filter.ids.length
        ? sql`l.id IN (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`
      : sql`l.merchant_id = ${filter.merchantId}`;
  const found = await rows<{ id: number; merchant_id: number; display_name: string; address: string; city: string; state: string; lat: number; lng: number }>(
    db,
    sql`SELECT l.id, l.merchant_id, l.display_name, l.address, l.city, l.state, l.lat, l.lng FROM locations l WHERE ${where} ORDER BY l.display_name, l.id`,
  );
  return found.map((l) => ({
    id: Number(l.id),
    merchantId: Number(l.merchant_id),
    name: l.display_name,
    address: [l.address, l.city, l.state].filter(Boolean).join(', '),
    state: l.state,
    lat: Number(l.lat),
    lng: Number(l.lng),
  }));
}

export interface Redeemer {
  locationId: number;
  userId: number | null;
  deviceId: number | null;
}

/** Redeems the copy once: undefined when it is already redeemed, void, or a mobile code past its time. */
export async function redeemCopy(db: Executor, copyId: number, by: Redeemer): Promise<{ redeemedAt: Date } | undefined> {
  const found = await rows<{ redeemed_at: unknown }>(
    db,
    sql`UPDATE print_copies
        SET redeemed_at = now(), redeemed_location_id = ${by.locationId}, redeemed_by = ${by.userId}, redeemed_device_id = ${by.deviceId}
        WHERE id = ${copyId} AND redeemed_at IS NULL AND voided_at IS NULL AND (kind <> 'mobile' OR expires_at > now())
        RETURNING redeemed_at`,
  );
  return found[0] ? { redeemedAt: toDate(found[0].redeemed_at)! } : undefined;
}

/** The saver's redeemed list gains the offer (once per member and offer, SPEC.md 4). */
export async function addMemberRedemption(db: Executor, userId: number, offerId: number): Promise<void> {
  await db.execute(sql`INSERT INTO redemptions (user_id, offer_id) VALUES (${userId}, ${offerId}) ON CONFLICT (user_id, offer_id) DO NOTHING`);
}

export type { AttemptReason };

export interface NewAttempt {
  code: string;
  reason: AttemptReason;
  ip: string | null;
  offerMerchantId?: number | null;
  triedMerchantId?: number | null;
  triedLocationId?: number | null;
  userId?: number | null;
  deviceId?: number | null;
}

export async function insertAttempt(db: Executor, a: NewAttempt): Promise<void> {
  await db.execute(sql`
    INSERT INTO redemption_attempts (code, reason, ip, offer_merchant_id, tried_merchant_id, tried_location_id, user_id, device_id)
    VALUES (${a.code}, ${a.reason}, ${a.ip}, ${a.offerMerchantId ?? null}, ${a.triedMerchantId ?? null}, ${a.triedLocationId ?? null}, ${a.userId ?? null}, ${a.deviceId ?? null})`);
}

/** Unknown or malformed codes tried from one address within the last `seconds`. */
export async function countRecentUnknown(db: Executor, ip: string, seconds: number): Promise<number> {
  const found = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM redemption_attempts WHERE ip = ${ip} AND reason = 'unknown' AND at > now() - make_interval(secs => ${seconds})`,
  );
  return Number(found[0]?.n ?? 0);
}

export interface AttemptFilter {
  reason?: AttemptReason | undefined;
  merchantId?: number | undefined;
}

export interface AttemptRow {
  id: number;
  at: Date;
  code: string;
  reason: AttemptReason;
  ip: string | null;
  offerMerchantId: number | null;
  offerMerchantName: string | null;
  triedMerchantId: number | null;
  triedMerchantName: string | null;
  triedLocationId: number | null;
  userId: number | null;
  deviceId: number | null;
}

/** A page of attempts, newest first, with the names of the merchants involved. */
export async function findAttemptsPage(db: Executor, filter: AttemptFilter, page: { limit: number; offset: number }): Promise<{ rows: AttemptRow[]; count: number }> {
  const conditions: SQL[] = [sql`true`];
  if (filter.reason) conditions.push(sql`a.reason = ${filter.reason}`);
  if (filter.merchantId) conditions.push(sql`(a.offer_merchant_id = ${filter.merchantId} OR a.tried_merchant_id = ${filter.merchantId})`);
  const where = sql.join(conditions, sql` AND `);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT a.id, a.at, a.code, a.reason, a.ip, a.offer_merchant_id, om.name AS offer_merchant_name, a.tried_merchant_id, tm.name AS tried_merchant_name,
          a.tried_location_id, a.user_id, a.device_id
        FROM redemption_attempts a
        LEFT JOIN merchants om ON om.id = a.offer_merchant_id
        LEFT JOIN merchants tm ON tm.id = a.tried_merchant_id
        WHERE ${where}
        ORDER BY a.at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const count = await cappedCount(db, sql`SELECT 1 FROM redemption_attempts a WHERE ${where}`);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    count,
    rows: found.map((r) => ({
      id: Number(r.id),
      at: toDate(r.at)!,
      code: String(r.code),
      reason: r.reason as AttemptReason,
      ip: (r.ip as string | null) ?? null,
      offerMerchantId: num(r.offer_merchant_id),
      offerMerchantName: (r.offer_merchant_name as string | null) ?? null,
      triedMerchantId: num(r.tried_merchant_id),
      triedMerchantName: (r.tried_merchant_name as string | null) ?? null,
      triedLocationId: num(r.tried_location_id),
      userId: num(r.user_id),
      deviceId: num(r.device_id),
    })),
  };
}
