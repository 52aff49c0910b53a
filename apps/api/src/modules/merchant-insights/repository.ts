// The only merchant-insights file that talks SQL. Analytics are summed in the database from the
// daily counters (analytics_daily, primary key (scope, scope_id, day, metric)): one merchant, one
// offer or one location is a range of that key, and the per-offer table walks the merchant's
// offers (offers_merchant_idx) into it, so the cost follows the merchant's size, not the catalogue's.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { MerchantRole } from '../../db/schema/index.ts';

const rowsOf = async <T>(db: Executor, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const intArray = (values: readonly number[]) => (values.length ? sql`ARRAY[${list(values)}]::int[]` : sql`ARRAY[]::int[]`);

export type Scope = 'offer' | 'location' | 'merchant';

/** The time zones of the markets a merchant has locations in. */
export async function findMerchantTimeZones(db: Executor, merchantId: number): Promise<string[]> {
  const rows = await rowsOf<{ timezone: string }>(db, sql`SELECT DISTINCT mk.timezone FROM locations l JOIN markets mk ON mk.id = l.market_id WHERE l.merchant_id = ${merchantId}`);
  return rows.map((r) => r.timezone);
}

/** One of the merchant's offers, if it is theirs. */
export async function findMerchantOffer(db: Executor, merchantId: number, offerId: number) {
  const [row] = await rowsOf<{ id: number; location_id: number }>(db, sql`SELECT id, location_id FROM offers WHERE id = ${offerId} AND merchant_id = ${merchantId}`);
  return row;
}

/** The merchant's offers among `ids`. */
export function findMerchantOffers(db: Executor, merchantId: number, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return rowsOf<{ id: number; name: string; location_id: number }>(db, sql`SELECT id, name, location_id FROM offers WHERE merchant_id = ${merchantId} AND id IN (${list(ids)})`);
}

/** The merchant's locations (all, or those among `ids`). */
export function findMerchantLocations(db: Executor, merchantId: number, ids?: readonly number[]) {
  return rowsOf<{ id: number; display_name: string; city: string }>(
    db,
    sql`SELECT id, display_name, city FROM locations WHERE merchant_id = ${merchantId} ${ids ? sql`AND id IN (${ids.length ? list(ids) : sql`NULL`})` : sql``} ORDER BY display_name, id`,
  );
}

/** Counters of one scope summed per day and metric between two days (inclusive). */
export function sumDailyByDay(db: Executor, scope: Scope, scopeId: number, metrics: readonly string[], from: string, to: string) {
  return rowsOf<{ day: string; metric: string; n: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, sum(count)::int AS n FROM analytics_daily
        WHERE scope = ${scope} AND scope_id = ${scopeId} AND day BETWEEN ${from}::date AND ${to}::date AND metric IN (${list(metrics)})
        GROUP BY day, metric`,
  );
}

/** Counters of one scope summed per metric over the period from..to and the one before it (previousFrom..from-1). */
export function sumDailyByPeriod(db: Executor, scope: Scope, scopeId: number, metrics: readonly string[], previousFrom: string, from: string, to: string) {
  return rowsOf<{ metric: string; current: number; previous: number }>(
    db,
    sql`SELECT metric,
          coalesce(sum(count) FILTER (WHERE day >= ${from}::date), 0)::int AS current,
          coalesce(sum(count) FILTER (WHERE day < ${from}::date), 0)::int AS previous
        FROM analytics_daily
        WHERE scope = ${scope} AND scope_id = ${scopeId} AND day BETWEEN ${previousFrom}::date AND ${to}::date AND metric IN (${list(metrics)})
        GROUP BY metric`,
  );
}

/**
 * Per offer of the merchant (optionally at one location, or one offer): each metric summed over
 * from..to, one row per offer with any count (the metrics in `metrics` order as `n0`, `n1`...).
 */
export function sumDailyByOffer(db: Executor, merchantId: number, filter: { locationId: number | null; offerId: number | null }, metrics: readonly string[], from: string, to: string) {
  const sums = sql.join(metrics.map((m, k) => sql`coalesce(sum(d.count) FILTER (WHERE d.metric = ${m}), 0)::int AS ${sql.identifier(`n${k}`)}`), sql`, `);
  return rowsOf<{ offer_id: number; name: string; location_id: number } & Record<`n${number}`, number>>(
    db,
    sql`SELECT o.id AS offer_id, min(o.name) AS name, min(o.location_id) AS location_id, ${sums}
        FROM offers o
        JOIN analytics_daily d ON d.scope = 'offer' AND d.scope_id = o.id AND d.day BETWEEN ${from}::date AND ${to}::date AND d.metric IN (${list(metrics)})
        WHERE o.merchant_id = ${merchantId}
          ${filter.locationId ? sql`AND o.location_id = ${filter.locationId}` : sql``}
          ${filter.offerId ? sql`AND o.id = ${filter.offerId}` : sql``}
        GROUP BY o.id`,
  );
}

/** Per location of the merchant (optionally one): counters summed over from..to. */
export function sumDailyByLocation(db: Executor, merchantId: number, locationId: number | null, metrics: readonly string[], from: string, to: string) {
  return rowsOf<{ location_id: number; metric: string; n: number }>(
    db,
    sql`SELECT l.id AS location_id, d.metric, sum(d.count)::int AS n
        FROM locations l
        JOIN analytics_daily d ON d.scope = 'location' AND d.scope_id = l.id AND d.day BETWEEN ${from}::date AND ${to}::date AND d.metric IN (${list(metrics)})
        WHERE l.merchant_id = ${merchantId} ${locationId ? sql`AND l.id = ${locationId}` : sql``}
        GROUP BY l.id, d.metric`,
  );
}

/**
 * The merchant's leads (spam aside) counted per business day of the lead's market, offer and
 * location, from a day before `from` to a day after `to` (the caller keeps the days it asked
 * for). Reads leads_merchant_created_idx.
 */
export function countMerchantLeads(db: Executor, merchantId: number, from: string, to: string) {
  return rowsOf<{ day: string; offer_id: number | null; location_id: number | null; n: number }>(
    db,
    sql`SELECT to_char(l.created_at AT TIME ZONE mk.timezone, 'YYYY-MM-DD') AS day,
          CASE WHEN l.details->>'offer_id' ~ '^[0-9]{1,9}$' THEN (l.details->>'offer_id')::int END AS offer_id,
          CASE WHEN l.details->>'location_id' ~ '^[0-9]{1,9}$' THEN (l.details->>'location_id')::int END AS location_id,
          count(*)::int AS n
        FROM leads l JOIN markets mk ON mk.id = l.market_id
        WHERE l.merchant_id = ${merchantId} AND l.status <> 'spam'
          AND l.created_at >= (${from}::date - 1)::timestamp AT TIME ZONE 'UTC' AND l.created_at < (${to}::date + 2)::timestamp AT TIME ZONE 'UTC'
        GROUP BY 1, 2, 3`,
  );
}

// ---------------------------------------------------------------------------------------------
// Leads inbox

export interface MerchantLeadRow {
  id: number;
  kind: string;
  status: 'new' | 'in_progress' | 'done';
  created_at: Date | string;
  email: string | null;
  details: Record<string, unknown>;
  merchant_handled_at: Date | string | null;
  handled_by_name: string | null;
}

export interface LeadFilter {
  status?: string | undefined;
  handled?: boolean | undefined;
}

const leadFilter = (merchantId: number, f: LeadFilter) =>
  sql`FROM leads l LEFT JOIN users hb ON hb.id = l.merchant_handled_by
      WHERE l.merchant_id = ${merchantId} AND l.status <> 'spam'
      ${f.status ? sql`AND l.status = ${f.status}` : sql``}
      ${f.handled === undefined ? sql`` : f.handled ? sql`AND l.merchant_handled_at IS NOT NULL` : sql`AND l.merchant_handled_at IS NULL`}`;

const leadColumns = sql`l.id, l.kind, l.status, l.created_at, l.email, l.details, l.merchant_handled_at,
  CASE WHEN hb.id IS NULL THEN NULL ELSE trim(hb.first_name || ' ' || hb.last_name) END AS handled_by_name`;

/** A page of the merchant's leads, newest first (leads_merchant_created_idx). */
export function findMerchantLeads(db: Executor, merchantId: number, f: LeadFilter, limit: number, offset: number) {
  return rowsOf<MerchantLeadRow>(db, sql`SELECT ${leadColumns} ${leadFilter(merchantId, f)} ORDER BY l.created_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`);
}

/** One of the merchant's leads (spam aside). */
export async function findMerchantLead(db: Executor, merchantId: number, id: number): Promise<MerchantLeadRow | undefined> {
  const [row] = await rowsOf<MerchantLeadRow>(db, sql`SELECT ${leadColumns} ${leadFilter(merchantId, {})} AND l.id = ${id}`);
  return row;
}

/** Marks a lead handled by `userId` now, or not handled; false when it already stood so. */
export async function setLeadHandled(tx: Executor, merchantId: number, id: number, handled: boolean, userId: number): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    handled
      ? sql`UPDATE leads SET merchant_handled_at = now(), merchant_handled_by = ${userId} WHERE id = ${id} AND merchant_id = ${merchantId} AND merchant_handled_at IS NULL RETURNING id`
      : sql`UPDATE leads SET merchant_handled_at = NULL, merchant_handled_by = NULL WHERE id = ${id} AND merchant_id = ${merchantId} AND merchant_handled_at IS NOT NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** The select the capped count of the inbox runs over. */
export function merchantLeadsSelect(merchantId: number, f: LeadFilter): SQL {
  return sql`SELECT 1 ${leadFilter(merchantId, f)}`;
}

// ---------------------------------------------------------------------------------------------
// Team

export interface TeamRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: MerchantRole;
  location_ids: number[] | null;
  created_at: Date | string;
  version: number;
}

const teamColumns = sql`mm.id, mm.user_id, u.first_name, u.last_name, u.email, mm.role, mm.location_ids, mm.created_at, mm.version`;

/** The merchant's people: owners, then managers, then cashiers, by name. */
export function findTeam(db: Executor, merchantId: number) {
  return rowsOf<TeamRow>(
    db,
    sql`SELECT ${teamColumns} FROM merchant_members mm JOIN users u ON u.id = mm.user_id WHERE mm.merchant_id = ${merchantId}
        ORDER BY CASE mm.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, lower(u.last_name), lower(u.first_name), mm.id`,
  );
}

/**
 * The merchant's team rows, locked in id order for the rest of the transaction, so two owners
 * demoting each other at once cannot both pass the "one owner stays" check.
 */
export function lockTeam(tx: Executor, merchantId: number) {
  return rowsOf<{ id: number; role: MerchantRole }>(tx, sql`SELECT id, role FROM merchant_members WHERE merchant_id = ${merchantId} ORDER BY id FOR UPDATE`);
}

/** One person of the merchant's team. */
export async function findTeamMember(db: Executor, merchantId: number, id: number): Promise<TeamRow | undefined> {
  const [row] = await rowsOf<TeamRow>(db, sql`SELECT ${teamColumns} FROM merchant_members mm JOIN users u ON u.id = mm.user_id WHERE mm.merchant_id = ${merchantId} AND mm.id = ${id}`);
  return row;
}

/** Sets a person's role and locations; the version goes up. */
export async function updateTeamMember(tx: Executor, id: number, role: MerchantRole, locationIds: number[] | null): Promise<void> {
  await rowsOf(tx, sql`UPDATE merchant_members SET role = ${role}, location_ids = ${locationIds === null ? null : intArray(locationIds)}, version = version + 1 WHERE id = ${id}`);
}

/** Takes a person off the team (their account stays). */
export async function deleteTeamMember(tx: Executor, id: number): Promise<void> {
  await rowsOf(tx, sql`DELETE FROM merchant_members WHERE id = ${id}`);
}

// ---------------------------------------------------------------------------------------------
// Store devices

export interface DeviceRow {
  id: number;
  name: string;
  location_id: number;
  location_name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const deviceSelect = sql`SELECT d.id, d.name, d.location_id, l.display_name AS location_name, d.created_at, d.last_used_at, d.revoked_at
  FROM store_devices d JOIN locations l ON l.id = d.location_id`;

/** Pairs a till; answers its id. */
export async function insertDevice(tx: Executor, values: { merchantId: number; locationId: number; name: string; tokenHash: string; createdBy: number }): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`INSERT INTO store_devices (merchant_id, location_id, name, token_hash, created_by)
        VALUES (${values.merchantId}, ${values.locationId}, ${values.name}, ${values.tokenHash}, ${values.createdBy}) RETURNING id`,
  );
  return row!.id;
}

/** The merchant's tills, live ones first, newest first (store_devices_merchant_idx). */
export function findDevices(db: Executor, merchantId: number) {
  return rowsOf<DeviceRow>(db, sql`${deviceSelect} WHERE d.merchant_id = ${merchantId} ORDER BY d.revoked_at IS NOT NULL, d.created_at DESC, d.id DESC LIMIT 500`);
}

/** One of the merchant's tills. */
export async function findDevice(db: Executor, merchantId: number, id: number): Promise<DeviceRow | undefined> {
  const [row] = await rowsOf<DeviceRow>(db, sql`${deviceSelect} WHERE d.merchant_id = ${merchantId} AND d.id = ${id}`);
  return row;
}

/** Revokes a live till; false when it was already revoked. */
export async function revokeDevice(tx: Executor, merchantId: number, id: number, by: number): Promise<boolean> {
  const rows = await rowsOf(tx, sql`UPDATE store_devices SET revoked_at = now(), revoked_by = ${by} WHERE id = ${id} AND merchant_id = ${merchantId} AND revoked_at IS NULL RETURNING id`);
  return rows.length > 0;
}

/** A live till's business and location, for the till itself. */
export async function findTillPlace(db: Executor, deviceId: number) {
  const [row] = await rowsOf<{ id: number; name: string; merchant_id: number; merchant_name: string; location_id: number; location_name: string; city: string }>(
    db,
    sql`SELECT d.id, d.name, d.merchant_id, m.name AS merchant_name, d.location_id, l.display_name AS location_name, l.city
        FROM store_devices d JOIN locations l ON l.id = d.location_id JOIN merchants m ON m.id = d.merchant_id WHERE d.id = ${deviceId}`,
  );
  return row;
}
