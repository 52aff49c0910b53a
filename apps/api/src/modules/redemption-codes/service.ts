// Checking and redeeming a copy's code (docs/api.md "Redemption codes", docs/security.md
// "Redemption codes"). Anyone may check a code and sees no personal data; the offer's merchant's
// team (owner, manager, cashier at their locations) or a till paired to one of its locations may
// redeem it, once. Refused tries are recorded for staff, and unknown codes from one address are
// rate limited.
import type { CodeCheckOut, CodeLocationOut, CodeStatus, RedemptionAttemptListOut } from '@market/domain/api/redemption-codes';
import { BUSINESS_TIMEZONE, businessToday, formatDisplayDate } from '@market/domain/expiry';
import { formatRedemptionCode, parseRedemptionCode } from '@market/domain/redemption-code';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { LOGIN_REQUIRED_DETAIL, type AuthUser } from '../auth/lib/guard.ts';
import { MERCHANT_SECOND_FACTOR, NOT_ON_TEAM, membershipOf, membershipsOf, redeemsAt, type Membership, type StoreDevice } from '../merchant-access/lib/access.ts';
import {
  addMemberRedemption,
  countRecentUnknown,
  findAttemptsPage,
  findCopyByCode,
  findLocations,
  insertAttempt,
  redeemCopy,
  type AttemptFilter,
  type AttemptReason,
  type CodeCopyRow,
  type LocationRow,
} from './repository.ts';

/** Unknown or malformed codes one address may try per window before 429 (docs/security.md). */
export const UNKNOWN_CODES_PER_WINDOW = 20;
export const UNKNOWN_CODE_WINDOW_SECONDS = 15 * 60;

export const UNKNOWN_CODE = 'No coupon has this code. Check it against the coupon.';
export const TOO_MANY_UNKNOWN = 'Too many unknown codes from this address. Please try again in 15 minutes.';
export const DEVICE_NOT_PAIRED = 'This till is no longer paired. Ask the owner to pair it again.';
export const WRONG_MERCHANT = 'This coupon is for another business.';
export const WRONG_LOCATION = 'This coupon is not valid at this location.';
export const NOT_YOUR_LOCATION = 'You redeem only at the locations you were given.';
export const DEVICE_OWN_LOCATION = 'A paired till redeems at its own location only.';
export const UNKNOWN_LOCATION = 'Pick one of this business’s locations.';
export const CODE_VOID = 'This copy is void: it was undone by the saver or withdrawn.';
export const CODE_EXPIRED = 'This coupon has expired.';

/** Who is asking: a signed-in account, a paired till (its header), or nobody, and from where. */
export interface Caller {
  user: AuthUser | null;
  device: StoreDevice | undefined;
  /** A device header was sent but names no live till (revoked or unknown). */
  deadDevice: boolean;
  ip: string;
}

type Role = 'owner' | 'manager' | 'cashier' | 'device';

interface Authority {
  as: Role;
  membership: Membership | null;
  device: StoreDevice | null;
}

function toLocation(l: LocationRow): CodeLocationOut {
  return { id: l.id, name: l.name, address: l.address };
}

function statusOf(copy: CodeCopyRow, now = new Date()): CodeStatus {
  if (copy.voidedAt || !copy.offerActive) return 'void';
  if (copy.redeemedAt) return 'redeemed';
  if (copy.offerExpiresAt < businessToday(now)) return 'expired';
  if (copy.kind === 'mobile' && copy.expiresAt <= now) return 'expired';
  return 'valid';
}

/** When and where, as a person reads it: "11/26/2026, 3:04 PM at Main Street". */
function whenAndWhere(at: Date, location: CodeLocationOut | null): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, hour: 'numeric', minute: '2-digit' }).format(at);
  const day = formatDisplayDate(businessToday(at));
  return `${day}, ${time}${location ? ` at ${location.name}` : ''}`;
}

async function parsedOrRefused(deps: AppDeps, raw: string, caller: Caller): Promise<string> {
  if ((await countRecentUnknown(deps.db.db, caller.ip, UNKNOWN_CODE_WINDOW_SECONDS)) >= UNKNOWN_CODES_PER_WINDOW) {
    throw new AppError('too_many', TOO_MANY_UNKNOWN);
  }
  const parsed = parseRedemptionCode(raw);
  if (!parsed.ok) {
    await insertAttempt(deps.db.db, { code: raw.slice(0, 40), reason: 'unknown', ip: caller.ip, userId: caller.user?.id ?? null, deviceId: caller.device?.id ?? null });
    throw new AppError('invalid', parsed.error, { code: [parsed.error] });
  }
  return parsed.code;
}

async function copyOrNotFound(deps: AppDeps, code: string, caller: Caller): Promise<CodeCopyRow> {
  const copy = await findCopyByCode(deps.db.db, code);
  if (!copy) {
    await insertAttempt(deps.db.db, { code, reason: 'unknown', ip: caller.ip, userId: caller.user?.id ?? null, deviceId: caller.device?.id ?? null });
    throw new AppError('not_found', UNKNOWN_CODE);
  }
  return copy;
}

/**
 * What the caller may do for the copy's merchant: a team role or a till of one of its locations.
 * Null when the caller is no one of the merchant (owners and managers also need a session that
 * passed the second factor, as everywhere in the merchant centre).
 */
async function authorityOver(deps: AppDeps, copy: CodeCopyRow, caller: Caller): Promise<Authority | null> {
  if (caller.device) return caller.device.merchantId === copy.merchantId ? { as: 'device', membership: null, device: caller.device } : null;
  if (!caller.user) return null;
  const membership = await membershipOf(deps.db.db, caller.user.id, copy.merchantId);
  if (!membership) return null;
  if (membership.role !== 'cashier' && caller.user.sessionKind !== 'staff') return null;
  return { as: membership.role, membership, device: null };
}

async function redeemLocations(deps: AppDeps, copy: CodeCopyRow, authority: Authority): Promise<LocationRow[]> {
  if (authority.device) return findLocations(deps.db.db, { ids: [authority.device.locationId] });
  const all = await findLocations(deps.db.db, { merchantId: copy.merchantId });
  return all.filter((l) => redeemsAt(authority.membership!, l.id));
}

async function answer(deps: AppDeps, copy: CodeCopyRow, authority: Authority | null): Promise<CodeCheckOut> {
  const ids = [copy.offerLocationId, ...(copy.redeemedLocationId ? [copy.redeemedLocationId] : [])];
  const places = new Map((await findLocations(deps.db.db, { ids })).map((l) => [l.id, toLocation(l)]));
  return {
    code: formatRedemptionCode(copy.code),
    status: statusOf(copy),
    kind: copy.kind,
    offer: { id: copy.offerId, name: copy.offerName, code: copy.offerCode },
    merchant: { id: copy.merchantId, name: copy.merchantName, slug: copy.merchantSlug },
    valid_at: places.get(copy.offerLocationId)!,
    expires_at: copy.offerExpiresAt,
    valid_until: copy.kind === 'mobile' ? copy.expiresAt.toISOString() : null,
    redeemed_at: copy.redeemedAt?.toISOString() ?? null,
    location: copy.redeemedLocationId ? (places.get(copy.redeemedLocationId) ?? null) : null,
    redeemer: authority ? { as: authority.as, locations: (await redeemLocations(deps, copy, authority)).map(toLocation) } : null,
  };
}

/** GET /api/redemption-codes/{code}/: the copy's state for anyone; for its merchant's team, where they may redeem. */
export async function checkCode(deps: AppDeps, raw: string, caller: Caller): Promise<CodeCheckOut> {
  const code = await parsedOrRefused(deps, raw, caller);
  const copy = await copyOrNotFound(deps, code, caller);
  return answer(deps, copy, await authorityOver(deps, copy, caller));
}

async function refuse(deps: AppDeps, copy: CodeCopyRow, caller: Caller, reason: AttemptReason, error: AppError, tried: { merchantId?: number | null; locationId?: number | null } = {}): Promise<never> {
  await insertAttempt(deps.db.db, {
    code: copy.code,
    reason,
    ip: caller.ip,
    offerMerchantId: copy.merchantId,
    triedMerchantId: tried.merchantId ?? caller.device?.merchantId ?? null,
    triedLocationId: tried.locationId ?? caller.device?.locationId ?? null,
    userId: caller.user?.id ?? null,
    deviceId: caller.device?.id ?? null,
  });
  throw error;
}

/** The 409 of a copy redeemed before: when and where. */
async function alreadyRedeemed(deps: AppDeps, copy: CodeCopyRow): Promise<AppError> {
  const [where] = copy.redeemedLocationId ? await findLocations(deps.db.db, { ids: [copy.redeemedLocationId] }) : [];
  const location = where ? toLocation(where) : null;
  const at = copy.redeemedAt!;
  return new AppError('conflict', `This code was already redeemed on ${whenAndWhere(at, location)}.`, undefined, { redeemed_at: at.toISOString(), location });
}

/**
 * POST /api/redemption-codes/{code}/redeem/: succeeds exactly once per copy (one conditional
 * UPDATE), at a location the offer is valid at, by its merchant's team or till. The copy's member
 * gets the offer in their redeemed list; the merchant's analytics count a verified redemption.
 */
export async function redeemCode(deps: AppDeps, raw: string, locationId: number | undefined, caller: Caller): Promise<CodeCheckOut> {
  if (caller.deadDevice) throw new AppError('unauthorized', DEVICE_NOT_PAIRED);
  if (!caller.user && !caller.device) throw new AppError('unauthorized', LOGIN_REQUIRED_DETAIL);
  const code = await parsedOrRefused(deps, raw, caller);
  const copy = await copyOrNotFound(deps, code, caller);

  const authority = await authorityOver(deps, copy, caller);
  if (!authority) {
    if (caller.user && !caller.device) {
      const membership = await membershipOf(deps.db.db, caller.user.id, copy.merchantId);
      if (membership) throw new AppError('unauthorized', MERCHANT_SECOND_FACTOR);
      const others = await membershipsOf(deps.db.db, caller.user.id);
      // Someone of another business trying this code is worth a look; a saver or staff is not.
      if (others.length) await refuse(deps, copy, caller, 'wrong_merchant', new AppError('forbidden', WRONG_MERCHANT), { merchantId: others[0]!.merchantId });
      throw new AppError('forbidden', NOT_ON_TEAM);
    }
    return refuse(deps, copy, caller, 'wrong_merchant', new AppError('forbidden', WRONG_MERCHANT));
  }

  let where: number;
  if (authority.device) {
    if (locationId !== undefined && locationId !== authority.device.locationId) throw new AppError('invalid', DEVICE_OWN_LOCATION, { location_id: [DEVICE_OWN_LOCATION] });
    where = authority.device.locationId;
  } else {
    const mine = await redeemLocations(deps, copy, authority);
    if (locationId === undefined) {
      // One choice, or the offer's own location when it is among them: nothing to pick.
      const pick = mine.find((l) => l.id === copy.offerLocationId) ?? (mine.length === 1 ? mine[0] : undefined);
      if (!pick) throw new AppError('invalid', UNKNOWN_LOCATION, { location_id: [UNKNOWN_LOCATION] });
      where = pick.id;
    } else {
      const [known] = await findLocations(deps.db.db, { ids: [locationId] });
      if (!known || known.merchantId !== copy.merchantId) throw new AppError('invalid', UNKNOWN_LOCATION, { location_id: [UNKNOWN_LOCATION] });
      if (!mine.some((l) => l.id === locationId)) throw new AppError('forbidden', NOT_YOUR_LOCATION, { location_id: [NOT_YOUR_LOCATION] });
      where = locationId;
    }
  }
  if (where !== copy.offerLocationId) {
    await refuse(deps, copy, caller, 'wrong_location', new AppError('forbidden', WRONG_LOCATION, { location_id: [WRONG_LOCATION] }), { merchantId: copy.merchantId, locationId: where });
  }

  const before = statusOf(copy);
  if (before === 'redeemed') return refuse(deps, copy, caller, 'already_redeemed', await alreadyRedeemed(deps, copy), { merchantId: copy.merchantId, locationId: where });
  if (before === 'void') return refuse(deps, copy, caller, 'void', new AppError('gone', CODE_VOID), { merchantId: copy.merchantId, locationId: where });
  if (before === 'expired') return refuse(deps, copy, caller, 'expired', new AppError('gone', CODE_EXPIRED), { merchantId: copy.merchantId, locationId: where });

  const actor = caller.user && !authority.device ? caller.user : null;
  const done = await deps.db.db.transaction(async (tx) => {
    const redeemed = await redeemCopy(tx, copy.id, { locationId: where, userId: actor?.id ?? null, deviceId: authority.device?.id ?? null });
    if (!redeemed) return undefined;
    if (copy.userId !== null) await addMemberRedemption(tx, copy.userId, copy.offerId);
    await recordAudit(tx, {
      actor: actor ? { id: actor.id, email: actor.email } : null,
      action: 'redemption_code.redeem',
      entity: 'print_copy',
      entityId: copy.id,
      after: { code: formatRedemptionCode(copy.code), offer_id: copy.offerId, location_id: where, as: authority.as, device_id: authority.device?.id ?? null },
      ip: caller.ip,
    });
    return redeemed;
  });
  if (!done) {
    // Another till won the race (or the saver undid it): say what happened to it.
    const now = (await findCopyByCode(deps.db.db, copy.code))!;
    const status = statusOf(now);
    if (status === 'redeemed') return refuse(deps, now, caller, 'already_redeemed', await alreadyRedeemed(deps, now), { merchantId: copy.merchantId, locationId: where });
    if (status === 'void') return refuse(deps, now, caller, 'void', new AppError('gone', CODE_VOID), { merchantId: copy.merchantId, locationId: where });
    return refuse(deps, now, caller, 'expired', new AppError('gone', CODE_EXPIRED), { merchantId: copy.merchantId, locationId: where });
  }
  deps.analytics.record({
    event: 'redemption.verified',
    source: 'server',
    offerId: copy.offerId,
    locationId: where,
    userId: copy.userId,
    data: { copy_id: copy.id, kind: copy.kind, by: authority.as, ...(authority.device ? { device_id: authority.device.id } : {}) },
  });
  return answer(deps, { ...copy, redeemedAt: done.redeemedAt, redeemedLocationId: where }, authority);
}

/** GET /api/console/redemption-attempts/: refused tries, newest first (support and admins). */
export async function listAttempts(deps: AppDeps, filter: AttemptFilter, page: { page: number; pageSize: number }): Promise<RedemptionAttemptListOut> {
  const { rows, count } = await findAttemptsPage(deps.db.db, filter, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return {
    results: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      code: r.reason === 'unknown' ? r.code : formatRedemptionCode(r.code),
      reason: r.reason,
      ip: r.ip,
      offer_merchant: r.offerMerchantId !== null ? { id: r.offerMerchantId, name: r.offerMerchantName ?? '' } : null,
      tried_merchant: r.triedMerchantId !== null ? { id: r.triedMerchantId, name: r.triedMerchantName ?? '' } : null,
      tried_location_id: r.triedLocationId,
      user_id: r.userId,
      device_id: r.deviceId,
    })),
    count,
    page: page.page,
    page_size: page.pageSize,
  };
}
