// Who may act for a merchant (docs/security.md "Merchant centre"): the people of its team
// (merchant_members: owner, manager, cashier) and the tills paired to one of its locations
// (store_devices). Shared by the merchant centre (/api/merchant/) and the redemption codes.
//
//   app.patch('/api/merchant/:merchant_id/offers/:id/', { onRequest: requireMerchantRole('owner', 'manager'), ... },
//     async (request) => updateOffer(deps, currentMember(request), ...));
//
//   // a till's token travels in its own header, never with a bearer token
//   const device = await storeDeviceOf(request);
//
// Owners and managers act only in a session that passed the second factor (sessionKind 'staff'
// means "second factor passed", whatever the account); cashiers may use a password session.
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../../db/client.ts';
import type { MerchantRole } from '../../../db/schema/index.ts';
import { AppError, invalid } from '../../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../auth/lib/guard.ts';
import { hashToken } from '../../auth/lib/tokens.ts';

/** The header a paired till sends its device token in. */
export const STORE_DEVICE_HEADER = 'x-store-device';

export const NOT_ON_TEAM = 'You are not on this business’s team.';
export const MERCHANT_ROLE_MISSING = 'Your role at this business does not allow this.';
export const MERCHANT_SECOND_FACTOR = 'Sign in to the business centre with your second factor to do this.';
export const BAD_MERCHANT_ID = 'Enter a whole number.';
export const LAST_OWNER = 'A business keeps at least one owner: make someone else owner first.';

export interface Membership {
  id: number;
  merchantId: number;
  role: MerchantRole;
  /** Cashiers: the locations they redeem at. Owners and managers: null (every location). */
  locationIds: number[] | null;
}

export interface MerchantMember extends Membership {
  user: AuthUser;
}

export interface StoreDevice {
  id: number;
  merchantId: number;
  locationId: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMerchantRole. */
    merchantMember?: MerchantMember;
  }
}

interface MembershipRow {
  id: number;
  merchant_id: number;
  role: MerchantRole;
  location_ids: number[] | null;
}

const toMembership = (r: MembershipRow): Membership => ({ id: r.id, merchantId: r.merchant_id, role: r.role, locationIds: r.role === 'cashier' ? (r.location_ids ?? []) : null });

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Every merchant team the account is on. */
export async function membershipsOf(db: Executor, userId: number): Promise<Membership[]> {
  const found = await rows<MembershipRow>(db, sql`SELECT id, merchant_id, role, location_ids FROM merchant_members WHERE user_id = ${userId} ORDER BY merchant_id`);
  return found.map(toMembership);
}

/** The account's place on one merchant's team, if any. */
export async function membershipOf(db: Executor, userId: number, merchantId: number): Promise<Membership | undefined> {
  const found = await rows<MembershipRow>(db, sql`SELECT id, merchant_id, role, location_ids FROM merchant_members WHERE user_id = ${userId} AND merchant_id = ${merchantId}`);
  return found[0] ? toMembership(found[0]) : undefined;
}

/** Whether the account owns or manages any merchant (such accounts sign in with two factors). */
export async function needsSecondFactor(db: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(db, sql`SELECT 1 AS one FROM merchant_members WHERE user_id = ${userId} AND role IN ('owner', 'manager') LIMIT 1`);
  return found.length > 0;
}

/** Whether a member of the team may redeem at a location (cashiers only at theirs). */
export function redeemsAt(membership: Membership, locationId: number): boolean {
  return membership.locationIds === null || membership.locationIds.includes(locationId);
}

/** The live paired till of a device token, if any; notes its use. */
export async function storeDeviceByToken(db: Executor, token: string): Promise<StoreDevice | undefined> {
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) return undefined;
  const found = await rows<{ id: number; merchant_id: number; location_id: number; name: string }>(
    db,
    sql`UPDATE store_devices SET last_used_at = now()
        WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL
        RETURNING id, merchant_id, location_id, name`,
  );
  const row = found[0];
  return row ? { id: row.id, merchantId: row.merchant_id, locationId: row.location_id, name: row.name } : undefined;
}

/** The paired till calling, from its header; undefined when none is sent or it is not live. */
export async function storeDeviceOf(request: FastifyRequest): Promise<StoreDevice | undefined> {
  const header = request.headers[STORE_DEVICE_HEADER];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return storeDeviceByToken(request.server.deps.db.db, header.trim());
}

function merchantIdParam(request: FastifyRequest): number {
  const raw = (request.params as Record<string, unknown> | undefined)?.merchant_id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalid('merchant_id', BAD_MERCHANT_ID);
  return id;
}

/**
 * onRequest hook for `/api/merchant/:merchant_id/...`: a signed-in person on that merchant's team
 * with one of `roles` (owners pass every check). 401 without a session; 403 off the team or
 * without the role; owners and managers need a session that passed the second factor (401).
 */
export function requireMerchantRole(...roles: MerchantRole[]) {
  return async function merchantOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const user = request.user!;
    const merchantId = merchantIdParam(request);
    const membership = await membershipOf(request.server.deps.db.db, user.id, merchantId);
    if (!membership) throw new AppError('forbidden', NOT_ON_TEAM);
    if (membership.role !== 'owner' && !roles.includes(membership.role)) throw new AppError('forbidden', MERCHANT_ROLE_MISSING);
    if (membership.role !== 'cashier' && user.sessionKind !== 'staff') {
      reply.header('www-authenticate', 'Bearer error="insufficient_user_authentication"');
      throw new AppError('unauthorized', MERCHANT_SECOND_FACTOR);
    }
    request.merchantMember = { ...membership, user };
  };
}

/** The team member of a call that went through requireMerchantRole. */
export function currentMember(request: FastifyRequest): MerchantMember {
  if (!request.merchantMember) throw new AppError('forbidden', NOT_ON_TEAM);
  return request.merchantMember;
}

/**
 * Locks the team's rows for the rest of the transaction and refuses (409) a change that would
 * leave the business without an owner: the person (by membership id or account) taking `role`,
 * or leaving the team (`role` null). The one rule of the team page's changes and removals and of
 * an accepted invitation (an owner's invitation to their own address with another role).
 */
export async function assertOwnerRemains(tx: Executor, merchantId: number, change: { memberId?: number; userId?: number; role: MerchantRole | null }): Promise<void> {
  const team = await rows<{ id: number; user_id: number; role: MerchantRole }>(tx, sql`SELECT id, user_id, role FROM merchant_members WHERE merchant_id = ${merchantId} ORDER BY id FOR UPDATE`);
  const person = team.find((m) => (change.memberId !== undefined ? m.id === change.memberId : m.user_id === change.userId));
  if (person?.role !== 'owner' || change.role === 'owner') return;
  if (team.filter((m) => m.role === 'owner').length <= 1) throw new AppError('conflict', LAST_OWNER);
}

/**
 * Puts an account on a merchant's team (an accepted invitation); an account already on it takes the
 * new role and locations, unless it is the business's last owner (409).
 */
export async function joinTeam(
  db: Executor,
  member: { merchantId: number; userId: number; role: MerchantRole; locationIds: number[] | null; invitedBy: number | null },
): Promise<Membership> {
  await assertOwnerRemains(db, member.merchantId, { userId: member.userId, role: member.role });
  const locations = member.role === 'cashier' ? `{${(member.locationIds ?? []).join(',')}}` : null;
  const found = await rows<MembershipRow>(
    db,
    sql`INSERT INTO merchant_members (merchant_id, user_id, role, location_ids, invited_by)
        VALUES (${member.merchantId}, ${member.userId}, ${member.role}, ${locations}::int[], ${member.invitedBy})
        ON CONFLICT (merchant_id, user_id) DO UPDATE
          SET role = EXCLUDED.role, location_ids = EXCLUDED.location_ids, version = merchant_members.version + 1
        RETURNING id, merchant_id, role, location_ids`,
  );
  return toMembership(found[0]!);
}
