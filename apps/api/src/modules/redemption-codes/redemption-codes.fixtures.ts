// Test helpers for redemption-code tests: a merchant's team members and paired tills, written
// straight into merchant_members, access_tokens and store_devices (the invitation and pairing
// flows are the merchant centre's, tested there).
//
//   const cashier = await addTeamMember(t.db, merchant.id, 'cashier', [location.id]);
//   const till = await addStoreDevice(t.db, merchant.id, location.id);
//   await t.app.inject({ method: 'POST', url: `/api/redemption-codes/${code}/redeem/`, headers: cashier.headers });
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import type { MerchantRole } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../auth/lib/tokens.ts';

export interface TeamMember {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

export interface TestDevice {
  id: number;
  token: string;
  headers: { 'x-store-device': string };
}

/**
 * `count` people of a merchant's team in three statements (fast enough for a thousand). Owners
 * and managers get a session that passed the second factor unless `secondFactor` is false;
 * cashiers a password session.
 */
export async function addTeamMembers(
  db: DbHandle,
  merchantId: number,
  role: MerchantRole,
  count: number,
  options: { locationIds?: number[] | null; secondFactor?: boolean } = {},
): Promise<TeamMember[]> {
  const people = Array.from({ length: count }, () => ({ email: `team-${randomUUID().slice(0, 13)}@example.com`, token: newToken() }));
  const rows = people.map((p) => sql`(${p.email}, 'fixture-no-password', 'Team', ${role}, 'MI', '48226')`);
  const users = await db.rows<{ id: number; email: string }>(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, state, zip) VALUES ${sql.join(rows, sql`, `)}
    RETURNING id, email`);
  const idOf = new Map(users.map((u) => [u.email, Number(u.id)]));
  const kind = role !== 'cashier' && options.secondFactor !== false ? 'staff' : 'member';
  const values = people.map((p) => sql`(${idOf.get(p.email)!}, ${hashToken(p.token)}, now() + interval '1 day', ${kind})`);
  await db.rows(sql`INSERT INTO access_tokens (user_id, token_hash, expires_at, kind) VALUES ${sql.join(values, sql`, `)}`);
  const locations = role === 'cashier' ? (options.locationIds ?? []) : null;
  const locationArray = locations === null ? sql`NULL` : sql.raw(`ARRAY[${locations.map(Number).join(',')}]::int[]`);
  const members = people.map((p) => sql`(${merchantId}, ${idOf.get(p.email)!}, ${role}, ${locationArray})`);
  await db.rows(sql`INSERT INTO merchant_members (merchant_id, user_id, role, location_ids) VALUES ${sql.join(members, sql`, `)}`);
  return people.map((p) => ({ id: idOf.get(p.email)!, email: p.email, token: p.token, headers: { authorization: `Bearer ${p.token}` } }));
}

/** One person of a merchant's team (see addTeamMembers). */
export async function addTeamMember(db: DbHandle, merchantId: number, role: MerchantRole, locationIds: number[] | null = null, options: { secondFactor?: boolean } = {}): Promise<TeamMember> {
  const [member] = await addTeamMembers(db, merchantId, role, 1, { locationIds, ...options });
  return member!;
}

/** `count` tills paired to a location in one statement; `revoked` makes them ones the owner has unpaired. */
export async function addStoreDevices(db: DbHandle, merchantId: number, locationId: number, count: number, options: { revoked?: boolean } = {}): Promise<TestDevice[]> {
  const tokens = Array.from({ length: count }, () => newToken());
  const values = tokens.map((token) => sql`(${merchantId}, ${locationId}, 'Front till', ${hashToken(token)}, ${options.revoked ? sql`now()` : sql`NULL`})`);
  const rows = await db.rows<{ id: number; token_hash: string }>(sql`
    INSERT INTO store_devices (merchant_id, location_id, name, token_hash, revoked_at)
    VALUES ${sql.join(values, sql`, `)}
    RETURNING id, token_hash`);
  const idOf = new Map(rows.map((r) => [r.token_hash, Number(r.id)]));
  return tokens.map((token) => ({ id: idOf.get(hashToken(token))!, token, headers: { 'x-store-device': token } }));
}

/** A till paired to a location; `revoked` makes it one the owner has unpaired. */
export async function addStoreDevice(db: DbHandle, merchantId: number, locationId: number, options: { revoked?: boolean } = {}): Promise<TestDevice> {
  const [device] = await addStoreDevices(db, merchantId, locationId, 1, options);
  return device!;
}
