// Checking and redeeming a copy's code (docs/api.md "Redemption codes", docs/security.md
// "Redemption codes"). Anyone may check a code and sees no personal data; the offer's merchant's
// team (owner, manager, cashier at their locations) or a till paired to one of its locations may
// redeem it, once. Refused tries are recorded for staff, and unknown codes from one address are
// rate limited.
import type { AttemptReason, CodeCheckOut, CodeLocationOut, CodeStatus, RedemptionAttemptListOut } from '@market/domain/api/redemption-codes';
import { formatRedemptionCode, parseRedemptionCode } from '@market/domain/redemption-code';
import {
  conditions,
  decideVerdict,
  formatVerdictTime,
  verdictPlace,
  verdictTimeZone,
  VERDICT_MESSAGES,
  type Verdict,
  type VerdictCaller,
  type VerdictCopy,
  type VerdictOffer,
  type VerdictPlace,
  type VerdictReason,
} from '@market/domain/redemption-verdict';
import { locationTimeZone } from '@market/domain/location-time-zone';
import type { AppDeps } from '../../context.ts';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
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
  type CodeCopyRow,
  type LocationRow,
} from './repository.ts';

/** Unknown or malformed codes one address may try per window before 429 (docs/security.md). */
export const UNKNOWN_CODES_PER_WINDOW = 20;
export const UNKNOWN_CODE_WINDOW_SECONDS = 15 * 60;

export const UNKNOWN_CODE = 'No coupon has this code. Check it against the coupon.';
export const TOO_MANY_UNKNOWN = 'Too many unknown codes from this address. Please try again in 15 minutes.';
export const DEVICE_NOT_PAIRED = 'This till is no longer paired. Ask the owner to pair it again.';
export const WRONG_LOCATION = 'This coupon is not valid at this location.';
export const NOT_YOUR_LOCATION = 'You redeem only at the locations you were given.';
export const DEVICE_OWN_LOCATION = 'A paired till redeems at its own location only.';
export const UNKNOWN_LOCATION = 'Pick one of this business’s locations.';

/**
 * The status of a refused redeem by the verdict's reason (docs/api.md "Redemption codes"): the
 * wave-2 statuses stay (403 another business or location, 409 second use, 410 void or expired for
 * good); the refusals of the moment that may pass (paused, not started, outside its hours) are 422.
 */
const REFUSAL: Record<VerdictReason, ErrorCode> = {
  void: 'gone',
  redeemed: 'conflict',
  other_merchant: 'forbidden',
  expired: 'gone',
  paused: 'unprocessable',
  not_started: 'unprocessable',
  wrong_location: 'forbidden',
  outside_hours: 'unprocessable',
};

/** The attempts table keeps its wave-2 names for two reasons; the others are the verdict's. */
const ATTEMPT_REASON: Record<VerdictReason, AttemptReason> = {
  void: 'void',
  redeemed: 'already_redeemed',
  other_merchant: 'wrong_merchant',
  expired: 'expired',
  paused: 'paused',
  not_started: 'not_started',
  wrong_location: 'wrong_location',
  outside_hours: 'outside_hours',
};

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

/** The instant verdicts are read at: the real clock, or the one a test pins (AppDeps.clock). */
function nowOf(deps: AppDeps): Date {
  return deps.clock ? deps.clock() : new Date();
}

function toLocation(l: LocationRow): CodeLocationOut {
  return { id: l.id, name: l.name, address: l.address };
}

/** The wave-2 status of the copy itself, whoever asks: a paused or withdrawn offer reads as void. */
function statusOf(anonymous: Verdict): CodeStatus {
  if (anonymous.reason === 'void' || anonymous.reason === 'paused') return 'void';
  if (anonymous.reason === 'redeemed' || anonymous.reason === 'expired') return anonymous.reason;
  return 'valid';
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

/**
 * A `location_id` the caller sent, checked: a till names only its own (400); a person only one of
 * the business's locations (400) among theirs (403). Undefined when none was sent.
 */
async function checkedLocationChoice(deps: AppDeps, copy: CodeCopyRow, authority: Authority, mine: LocationRow[], locationId: number | undefined): Promise<number | undefined> {
  if (locationId === undefined) return undefined;
  if (authority.device) {
    if (locationId !== authority.device.locationId) throw new AppError('invalid', DEVICE_OWN_LOCATION, { location_id: [DEVICE_OWN_LOCATION] });
    return locationId;
  }
  const [known] = await findLocations(deps.db.db, { ids: [locationId] });
  if (!known || known.merchantId !== copy.merchantId) throw new AppError('invalid', UNKNOWN_LOCATION, { location_id: [UNKNOWN_LOCATION] });
  if (!mine.some((l) => l.id === locationId)) throw new AppError('forbidden', NOT_YOUR_LOCATION, { location_id: [NOT_YOUR_LOCATION] });
  return locationId;
}

/** Everything the verdict is decided from, read once per call. */
interface Judgement {
  offer: VerdictOffer;
  copy: VerdictCopy;
  caller: VerdictCaller;
  /** The caller's locations when on the offer's merchant's team or its till (the wave-2 `redeemer`). */
  mine: LocationRow[];
  /** A person of another business: their merchant (the attempt records it). */
  otherMerchantId: number | null;
}

/** The copy, its offer and the caller, in the words of @market/domain/redemption-verdict. */
async function judgement(deps: AppDeps, copy: CodeCopyRow, caller: Caller, authority: Authority | null, locationId: number | undefined): Promise<Judgement> {
  const ids = [copy.offerLocationId, ...(copy.redeemedLocationId ? [copy.redeemedLocationId] : []), ...(caller.device ? [caller.device.locationId] : [])];
  const places = new Map((await findLocations(deps.db.db, { ids })).map((l) => [l.id, l]));
  const offer: VerdictOffer = {
    merchantId: copy.merchantId,
    status: copy.offerStatus === 'live' ? 'active' : copy.offerStatus === 'paused' ? 'paused' : 'void',
    startsAt: copy.offerStartsAt,
    expiresAt: copy.offerExpiresAt,
    finePrint: copy.offerFinePrint,
    locations: [places.get(copy.offerLocationId)!],
  };
  const mobileEnd = copy.kind === 'mobile' ? copy.expiresAt : null;
  const state: VerdictCopy = copy.voidedAt
    ? { kind: copy.kind, state: 'void' }
    : copy.redeemedAt
      ? { kind: copy.kind, state: 'redeemed', redeemedAt: copy.redeemedAt, location: copy.redeemedLocationId ? (places.get(copy.redeemedLocationId) ?? null) : null }
      : { kind: copy.kind, state: 'live', expiresAt: mobileEnd };

  let who: VerdictCaller = caller.user ? { kind: 'saver' } : { kind: 'anonymous' };
  let mine: LocationRow[] = [];
  let otherMerchantId: number | null = null;
  if (authority) {
    mine = await redeemLocations(deps, copy, authority);
    const chosen = await checkedLocationChoice(deps, copy, authority, mine, locationId);
    who = authority.device
      ? { kind: 'till', merchantId: copy.merchantId, location: places.get(authority.device.locationId)! }
      : { kind: 'team', role: authority.membership!.role, merchantId: copy.merchantId, locations: mine, locationId: chosen };
  } else if (caller.device) {
    otherMerchantId = caller.device.merchantId;
    who = { kind: 'till', merchantId: caller.device.merchantId, location: places.get(caller.device.locationId)! };
  } else if (caller.user) {
    const own = await membershipOf(deps.db.db, caller.user.id, copy.merchantId);
    const first = own ? undefined : (await membershipsOf(deps.db.db, caller.user.id))[0];
    // Someone of another business: the verdict says so (a saver, staff, or this business's owner
    // without the second factor read as a saver).
    if (first) {
      otherMerchantId = first.merchantId;
      who = { kind: 'team', role: first.role, merchantId: first.merchantId, locations: [] };
    }
  }
  return { offer, copy: state, caller: who, mine, otherMerchantId };
}

function verdictOf(deps: AppDeps, j: Judgement): Verdict {
  return decideVerdict({ offer: j.offer, copy: j.copy, caller: j.caller, now: nowOf(deps) });
}

function answer(deps: AppDeps, copy: CodeCopyRow, j: Judgement, authority: Authority | null, verdict: Verdict): CodeCheckOut {
  const home = j.offer.locations[0]!;
  const redeemedAt = j.copy.state === 'redeemed' ? j.copy.redeemedAt : null;
  const where = j.copy.state === 'redeemed' ? j.copy.location : null;
  return {
    code: formatRedemptionCode(copy.code),
    status: statusOf(decideVerdict({ offer: j.offer, copy: j.copy, caller: { kind: 'anonymous' }, now: nowOf(deps) })),
    kind: copy.kind,
    offer: { id: copy.offerId, name: copy.offerName, code: copy.offerCode },
    merchant: { id: copy.merchantId, name: copy.merchantName, slug: copy.merchantSlug },
    valid_at: { id: home.id, name: home.name, address: home.address },
    expires_at: copy.offerExpiresAt,
    valid_until: copy.kind === 'mobile' ? copy.expiresAt.toISOString() : null,
    redeemed_at: redeemedAt?.toISOString() ?? null,
    location: where ? { id: where.id, name: where.name, address: where.address } : null,
    redeemer: authority ? { as: authority.as, locations: j.mine.map(toLocation) } : null,
    verdict,
    conditions: conditions(j.offer),
  };
}

/**
 * GET /api/redemption-codes/{code}/: the copy's state for anyone, with the verdict for the caller
 * (at `location_id` for a cashier or manager who sends one); for its merchant's team, where they
 * may redeem.
 */
export async function checkCode(deps: AppDeps, raw: string, caller: Caller, locationId?: number): Promise<CodeCheckOut> {
  const code = await parsedOrRefused(deps, raw, caller);
  const copy = await copyOrNotFound(deps, code, caller);
  const authority = await authorityOver(deps, copy, caller);
  const j = await judgement(deps, copy, caller, authority, locationId);
  return answer(deps, copy, j, authority, verdictOf(deps, j));
}

/** "11/26/2026, 3:04 PM at Main Street", on the clock of the place it was redeemed. */
function whenAndWhere(at: Date, where: VerdictPlace | null, fallbackZone: string): string {
  return `${formatVerdictTime(at, where ? locationTimeZone(where) : fallbackZone, false)}${where ? ` at ${where.name}` : ''}`;
}

/**
 * The refusal of a redeem the verdict does not allow, recorded for staff: its status by reason
 * (REFUSAL) and a body carrying the verdict's reason and message (docs/api.md).
 */
async function refuse(deps: AppDeps, copy: CodeCopyRow, caller: Caller, j: Judgement, verdict: Verdict): Promise<never> {
  const reason = verdict.reason!;
  const place = verdictPlace(j.offer, j.caller);
  await insertAttempt(deps.db.db, {
    code: copy.code,
    reason: ATTEMPT_REASON[reason],
    ip: caller.ip,
    offerMerchantId: copy.merchantId,
    triedMerchantId: j.otherMerchantId ?? (j.caller.kind === 'team' || j.caller.kind === 'till' ? j.caller.merchantId : null),
    triedLocationId: place?.id ?? null,
    userId: caller.user?.id ?? null,
    deviceId: caller.device?.id ?? null,
  });
  const { redeemable: _r, reason: _reason, message, ...extra } = verdict;
  if (reason === 'redeemed' && j.copy.state === 'redeemed') {
    const detail = `This code was already redeemed on ${whenAndWhere(j.copy.redeemedAt, j.copy.location, verdictTimeZone(j.offer, j.caller))}.`;
    throw new AppError('conflict', detail, undefined, { reason, message, redeemed_at: extra.redeemed_at, location: extra.location ?? null });
  }
  // A refused location also names the field, as every location error of this call does.
  const fields = reason === 'wrong_location' ? { location_id: [WRONG_LOCATION] } : undefined;
  throw new AppError(REFUSAL[reason], message, fields, { reason, message, ...extra });
}

/**
 * POST /api/redemption-codes/{code}/redeem/: succeeds exactly once per copy (one conditional
 * UPDATE), when the verdict for this caller at this location and instant is redeemable (the same
 * decideVerdict as the check), by the offer's merchant's team or till. The copy's member gets the
 * offer in their redeemed list; the merchant's analytics count a verified redemption.
 */
export async function redeemCode(deps: AppDeps, raw: string, locationId: number | undefined, caller: Caller): Promise<CodeCheckOut> {
  if (caller.deadDevice) throw new AppError('unauthorized', DEVICE_NOT_PAIRED);
  if (!caller.user && !caller.device) throw new AppError('unauthorized', LOGIN_REQUIRED_DETAIL);
  const code = await parsedOrRefused(deps, raw, caller);
  const copy = await copyOrNotFound(deps, code, caller);

  const authority = await authorityOver(deps, copy, caller);
  if (!authority && caller.user && !caller.device) {
    // This business's owner or manager without the second factor; a saver or staff (not a business).
    if (await membershipOf(deps.db.db, caller.user.id, copy.merchantId)) throw new AppError('unauthorized', MERCHANT_SECOND_FACTOR);
  }
  const j = await judgement(deps, copy, caller, authority, locationId);
  if (!authority && j.otherMerchantId === null) throw new AppError('forbidden', NOT_ON_TEAM);
  const verdict = verdictOf(deps, j);
  if (!verdict.redeemable || !authority) return refuse(deps, copy, caller, j, verdict);
  const where = verdictPlace(j.offer, j.caller)!;

  const actor = caller.user && !authority.device ? caller.user : null;
  const done = await deps.db.db.transaction(async (tx) => {
    const redeemed = await redeemCopy(tx, copy.id, { locationId: where.id, userId: actor?.id ?? null, deviceId: authority.device?.id ?? null });
    if (!redeemed) return undefined;
    if (copy.userId !== null) await addMemberRedemption(tx, copy.userId, copy.offerId);
    await recordAudit(tx, {
      actor: actor ? { id: actor.id, email: actor.email } : null,
      action: 'redemption_code.redeem',
      entity: 'print_copy',
      entityId: copy.id,
      after: { code: formatRedemptionCode(copy.code), offer_id: copy.offerId, location_id: where.id, as: authority.as, device_id: authority.device?.id ?? null },
      ip: caller.ip,
    });
    return redeemed;
  });
  if (!done) {
    // Another till won the race (or the saver undid it, or the phone code ran out): say what
    // happened to it, in the verdict's words.
    const now = (await findCopyByCode(deps.db.db, copy.code))!;
    const again = await judgement(deps, now, caller, authority, locationId);
    const after = verdictOf(deps, again);
    const refusal: Verdict = after.redeemable ? { redeemable: false, reason: 'expired', message: VERDICT_MESSAGES.mobileExpired } : after;
    return refuse(deps, now, caller, again, refusal);
  }
  deps.analytics.record({
    event: 'redemption.verified',
    source: 'server',
    offerId: copy.offerId,
    locationId: where.id,
    userId: copy.userId,
    data: { copy_id: copy.id, kind: copy.kind, by: authority.as, ...(authority.device ? { device_id: authority.device.id } : {}) },
  });
  const redeemed: CodeCopyRow = { ...copy, redeemedAt: done.redeemedAt, redeemedLocationId: where.id };
  const k = await judgement(deps, redeemed, caller, authority, locationId);
  return answer(deps, redeemed, k, authority, verdictOf(deps, k));
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
