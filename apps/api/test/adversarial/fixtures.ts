// Shared set-up of the adversarial suites: members in every state a token can be in, real ids to
// put in requests, and snapshots of every row a member owns (docs/security.md).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { App } from '../../src/app.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { hashToken } from '../../src/modules/auth/lib/tokens.ts';
import { signUpMember, type TestMember } from '../../src/modules/auth/members.fixtures.ts';
import { signUpMerchantPerson, type TestMerchantPerson } from '../../src/modules/merchant-access/merchant.fixtures.ts';
import type { Operation, RequestParts } from './operations.ts';
import { validRequest } from './schema-arbitraries.ts';

export const SEED = 20_261_124;

export interface RealIds {
  offerId: number;
  locationId: number;
  contestEntityId: number;
  contestId: number;
  placeId: number;
}

/** Ids of real, active catalogue rows of the seed. */
export async function realIds(db: DbHandle): Promise<RealIds> {
  const [offer] = await db.rows<{ id: number; location_id: number }>(sql`SELECT id, location_id FROM offers WHERE is_active ORDER BY id LIMIT 1`);
  const [entity] = await db.rows<{ id: number; contest_id: number }>(sql`SELECT id, contest_id FROM contest_entities ORDER BY id LIMIT 1`);
  const [place] = await db.rows<{ id: number }>(sql`SELECT id FROM places ORDER BY id LIMIT 1`);
  return { offerId: offer!.id, locationId: offer!.location_id, contestEntityId: entity!.id, contestId: entity!.contest_id, placeId: place!.id };
}

/**
 * The owner of the real offer's merchant (a session that passed the second factor): the input
 * suites try merchant operations as them, on that merchant, so the checks behind the team guard
 * are reached.
 */
export async function realMerchantOwner(app: App, db: DbHandle, ids: RealIds): Promise<TestMerchantPerson> {
  const [offer] = await db.rows<{ merchant_id: number }>(sql`SELECT merchant_id FROM offers WHERE id = ${ids.offerId}`);
  return signUpMerchantPerson(app, offer!.merchant_id, 'owner');
}

/** The caller of an operation in the input suites: staff for console operations, the owner for merchant ones. */
export function callerHeaders(op: Operation, callers: { member: TestMember; admin: { headers: Record<string, string> }; owner: TestMerchantPerson }): Record<string, string> {
  if (!op.secured) return {};
  if (op.id.includes(' /api/console/')) return callers.admin.headers;
  if (op.id.includes(' /api/merchant/')) return callers.owner.headers;
  return callers.member.headers;
}

/** A member whose token has expired (its row says so; the token itself is real). */
export async function expiredMember(app: App, db: DbHandle): Promise<TestMember> {
  const member = await signUpMember(app);
  await db.rows(sql`UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashToken(member.token)}`);
  return member;
}

/** A member who signed out: the token was revoked by POST /auth/logout/. */
export async function revokedMember(app: App): Promise<TestMember> {
  const member = await signUpMember(app);
  const res = await app.inject({ method: 'POST', url: '/auth/logout/', headers: member.headers, remoteAddress: member.ip });
  if (res.statusCode >= 300) throw new Error(`logout answered ${res.statusCode}`);
  return member;
}

/**
 * Field values that make a write reach the database: real ids for id fields, the owner's ids for
 * saved ids. Anything not named keeps its generated value.
 */
export function realisticValues(ids: RealIds, owned: { savedId?: number; favoriteId?: number } = {}): Record<string, unknown> {
  return {
    offer_id: ids.offerId,
    offer: ids.offerId,
    location_id: ids.locationId,
    favoritable_id: ids.locationId,
    favoritable_type: 'Location',
    contest: ids.contestEntityId,
    contest_id: ids.contestEntityId,
    entity_id: ids.contestEntityId,
    rules_agree: true,
    rules: true,
    state: 'MI',
    zipcode: '48075',
    id: owned.savedId ?? ids.offerId,
  };
}

/** One request of `op` that follows its schemas, with realistic values where the fields are named. */
export function sampleRequest(op: Operation, values: Record<string, unknown>, seed = SEED): RequestParts {
  const [parts] = fc.sample(validRequest(op), { numRuns: 1, seed });
  const out: RequestParts = { path: { ...parts!.path }, query: { ...parts!.query }, ...(parts!.body !== undefined ? { body: parts!.body } : {}) };
  for (const key of Object.keys(out.path)) if (values[key] !== undefined) out.path[key] = String(values[key]);
  for (const key of Object.keys(out.query)) if (values[key] !== undefined) out.query[key] = String(values[key]);
  if (out.body && typeof out.body === 'object' && !Array.isArray(out.body)) {
    const body = { ...(out.body as Record<string, unknown>) };
    const props = Object.keys(op.body?.properties ?? {});
    for (const key of props) if (values[key] !== undefined) body[key] = values[key];
    out.body = body;
  } else if (op.body && out.body === undefined) {
    out.body = {};
  }
  return out;
}

/** Every table with a user_id column (present and future: saves, prints, entries, leads...). */
export async function memberTables(db: DbHandle): Promise<string[]> {
  const rows = await db.rows<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Every row a member owns, as JSON text per table, plus their users row. */
export async function memberSnapshot(db: DbHandle, userId: number, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const [user] = await db.rows<{ j: string }>(sql`SELECT row_to_json(u)::text AS j FROM users u WHERE id = ${userId}`);
  out.users = user?.j ?? 'missing';
  for (const table of tables) {
    const rows = await db.rows<{ j: string }>(
      sql`SELECT coalesce(json_agg(t ORDER BY t::text)::text, '[]') AS j FROM ${sql.identifier(table)} t WHERE user_id = ${userId}`,
    );
    out[table] = rows[0]?.j ?? '[]';
  }
  return out;
}
