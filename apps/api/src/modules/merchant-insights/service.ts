// The merchant centre's analytics, leads inbox, team and tills (docs/api.md "Merchant centre:
// analytics, leads, team, tills"). Who may call is settled by requireMerchantRole before a
// function here runs; each function is handed the merchant id of the path and answers only about
// that merchant: an offer, location, person or till of another merchant is a 404 here.
import { randomBytes } from 'node:crypto';
import { BUSINESS_TIMEZONE, addDays, dayIn, daysBetween } from '@market/domain/expiry';
import type { MerchantInvitationOut } from '@market/domain/api/merchant-centre';
import type { MerchantInvitationInput } from '@market/domain/validation/merchant-centre';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { MerchantRole } from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/console-list.ts';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { hashToken } from '../auth/lib/tokens.ts';
import { takeInvitation } from '../auth/lib/send-limits.ts';
import { checkOwnPassword, inviteToMerchant, mailInvitation } from '../auth/service.ts';
import { LAST_OWNER, assertOwnerRemains, type MerchantMember, type StoreDevice } from '../merchant-access/lib/access.ts';
import { findPendingMerchantInvitations } from '../console-merchants/repository.ts';
import {
  countMerchantLeads,
  deleteTeamMember,
  findDevice,
  findDevices,
  findMerchantLead,
  findMerchantLeads,
  findMerchantLocations,
  findMerchantOffer,
  findMerchantOffers,
  findMerchantTimeZones,
  findTeam,
  findTillPlace,
  findTeamMember,
  insertDevice,
  lockTeam,
  merchantLeadsSelect,
  revokeDevice,
  setLeadHandled,
  sumDailyByDay,
  sumDailyByLocation,
  sumDailyByOffer,
  sumDailyByPeriod,
  updateTeamMember,
  type DeviceRow,
  type MerchantLeadRow,
  type Scope,
  type TeamRow,
} from './repository.ts';
import { MAX_SPAN_DAYS, MEASURES, type AnalyticsOut, type AnalyticsQuery, type Counts, type DeviceOut, type Measure, type MerchantLeadOut, type TeamMemberOut, type TeamUpdateBody } from './schema.ts';

// ---------------------------------------------------------------------------------------------
// Analytics

/**
 * The analytics_daily metric behind each measure (docs/decisions.md "Merchant analytics
 * measures"). offer.impression is sent when an offer's details open (SPEC.md 4); the business's
 * location page (location.view) is the detail view. Verified redemptions are the cashier-confirmed
 * redemptions of the redemption codes. Leads are counted from the leads table.
 */
export const METRIC_OF_MEASURE: Record<Exclude<Measure, 'leads'>, string> = {
  impressions: 'impressions',
  detail_views: 'location_views',
  saves: 'saves',
  shares: 'shares',
  prints: 'prints',
  downloads: 'downloads',
  verified_redemptions: 'verified_redemptions',
};
const MEASURE_OF_METRIC = new Map(Object.entries(METRIC_OF_MEASURE).map(([measure, metric]) => [metric, measure as Measure]));
const METRICS = Object.values(METRIC_OF_MEASURE);

const zeroCounts = (): Counts => Object.fromEntries(MEASURES.map((m) => [m, 0])) as Counts;

export const OFFER_NOT_FOUND = 'This business has no such offer.';
export const LOCATION_NOT_FOUND = 'This business has no such location.';

/** Today in the merchant's markets: the latest of their dates, so today is in every market's range. */
async function merchantToday(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<string> {
  const zones = await findMerchantTimeZones(deps.db.db, merchantId);
  const now = new Date();
  return (zones.length ? zones : [BUSINESS_TIMEZONE]).map((z) => dayIn(z, now)).sort().at(-1)!;
}

interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/** from..to (default: the 30 days to today), at most MAX_SPAN_DAYS, and the period of the same length before it. */
async function periodOf(deps: Pick<AppDeps, 'db'>, merchantId: number, q: Pick<AnalyticsQuery, 'from' | 'to'>): Promise<Period> {
  const to = q.to ?? (q.from ? addDays(q.from, 29) : await merchantToday(deps, merchantId));
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw invalid('from', 'from must not be after to.');
  const days = daysBetween(from, to) + 1;
  if (days > MAX_SPAN_DAYS) throw invalid('from', `Ask for at most ${MAX_SPAN_DAYS} days.`);
  return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** The offer and location filters, each the merchant's own (404 otherwise, the same for any other id). */
async function filtersOf(deps: Pick<AppDeps, 'db'>, merchantId: number, q: Pick<AnalyticsQuery, 'offer_id' | 'location_id'>) {
  const offer = q.offer_id ? await findMerchantOffer(deps.db.db, merchantId, q.offer_id) : undefined;
  if (q.offer_id && !offer) throw notFound(OFFER_NOT_FOUND);
  if (q.location_id) {
    const [location] = await findMerchantLocations(deps.db.db, merchantId, [q.location_id]);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    if (offer && offer.location_id !== q.location_id) throw notFound(OFFER_NOT_FOUND);
  }
  const scope: [Scope, number] = q.offer_id ? ['offer', q.offer_id] : q.location_id ? ['location', q.location_id] : ['merchant', merchantId];
  return { offerId: q.offer_id ?? null, locationId: q.location_id ?? null, scope };
}

const pctChange = (current: number, previous: number) => (previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10);
const rate = (count: number, of: number) => (of === 0 ? null : Math.round((count / of) * 10_000) / 10_000);

function addMetric(counts: Counts, metric: string, n: number): void {
  const measure = MEASURE_OF_METRIC.get(metric);
  if (measure) counts[measure] += n;
}

/**
 * A merchant's dashboard (SPEC.md-silent, docs/api.md): the measures per day of from..to, their
 * totals against the period of the same length before, the funnel from view to redemption, and
 * the same measures per offer and per location. Days are the business days of the market of each
 * location (docs/decisions.md).
 */
export async function merchantAnalytics(deps: Pick<AppDeps, 'db'>, merchantId: number, q: AnalyticsQuery): Promise<AnalyticsOut> {
  const period = await periodOf(deps, merchantId, q);
  const filter = await filtersOf(deps, merchantId, q);
  const db = deps.db.db;
  const [scopeType, scopeId] = filter.scope;
  const [byDay, byPeriod, byOffer, byLocation, leadRows, locations] = await Promise.all([
    sumDailyByDay(db, scopeType, scopeId, METRICS, period.from, period.to),
    sumDailyByPeriod(db, scopeType, scopeId, METRICS, period.previousFrom, period.from, period.to),
    sumDailyByOffer(db, merchantId, filter, METRICS, period.from, period.to),
    filter.offerId ? Promise.resolve([]) : sumDailyByLocation(db, merchantId, filter.locationId, METRICS, period.from, period.to),
    countMerchantLeads(db, merchantId, period.previousFrom, period.to),
    filter.offerId ? Promise.resolve([]) : findMerchantLocations(db, merchantId, filter.locationId ? [filter.locationId] : undefined),
  ]);

  const days = new Map<string, Counts>();
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.set(d, zeroCounts());
  for (const r of byDay) addMetric(days.get(r.day)!, r.metric, r.n);

  const totals = zeroCounts();
  const previousTotals = zeroCounts();
  for (const r of byPeriod) {
    addMetric(totals, r.metric, r.current);
    addMetric(previousTotals, r.metric, r.previous);
  }

  const offers = new Map<number, Counts & { offer_id: number; name: string; location_id: number }>();
  for (const r of byOffer) {
    const row = { offer_id: r.offer_id, name: r.name, location_id: r.location_id, ...zeroCounts() };
    METRICS.forEach((metric, k) => addMetric(row, metric, r[`n${k}`] ?? 0));
    offers.set(r.offer_id, row);
  }
  const locationRows = new Map(locations.map((l) => [l.id, { location_id: l.id, name: l.display_name, city: l.city, ...zeroCounts() }]));
  for (const r of byLocation) {
    const row = locationRows.get(r.location_id);
    if (row) addMetric(row, r.metric, r.n);
  }

  // Leads: from the leads table, per business day of the lead's market.
  const leadOffers: Array<{ id: number; n: number }> = [];
  for (const r of leadRows) {
    if (filter.offerId && r.offer_id !== filter.offerId) continue;
    if (filter.locationId && r.location_id !== filter.locationId) continue;
    if (r.day >= period.previousFrom && r.day <= period.previousTo) previousTotals.leads += r.n;
    if (r.day < period.from || r.day > period.to) continue;
    totals.leads += r.n;
    days.get(r.day)!.leads += r.n;
    if (r.offer_id) leadOffers.push({ id: r.offer_id, n: r.n });
    const location = r.location_id ? locationRows.get(r.location_id) : undefined;
    if (location) location.leads += r.n;
  }
  for (const { id, n } of leadOffers) {
    const row = offers.get(id);
    if (row) row.leads += n;
  }
  // Offers with leads but no counters in the period still get a row.
  const missing = leadOffers.filter((o) => !offers.has(o.id));
  if (missing.length) {
    for (const offer of await findMerchantOffers(db, merchantId, [...new Set(missing.map((o) => o.id))])) {
      offers.set(offer.id, { offer_id: offer.id, name: offer.name, location_id: offer.location_id, ...zeroCounts() });
    }
    for (const { id, n } of missing) {
      const row = offers.get(id);
      if (row) row.leads += n;
    }
  }

  const change = Object.fromEntries(MEASURES.map((m) => [m, pctChange(totals[m], previousTotals[m])])) as AnalyticsOut['change'];
  const copies = totals.prints + totals.downloads;
  return {
    merchant_id: merchantId,
    from: period.from,
    to: period.to,
    offer_id: filter.offerId,
    location_id: filter.locationId,
    previous: { from: period.previousFrom, to: period.previousTo },
    totals,
    previous_totals: previousTotals,
    change,
    funnel: [
      { step: 'viewed', count: totals.impressions, rate: null },
      { step: 'took_a_copy', count: copies, rate: rate(copies, totals.impressions) },
      { step: 'redeemed', count: totals.verified_redemptions, rate: rate(totals.verified_redemptions, copies) },
    ],
    days: [...days.entries()].map(([day, counts]) => ({ day, ...counts })),
    offers: [...offers.values()].sort((a, b) => b.impressions - a.impressions || a.offer_id - b.offer_id),
    locations: [...locationRows.values()],
  };
}

/** The file name of the CSV export. */
export function analyticsFileName(merchantId: number, out: Pick<AnalyticsOut, 'from' | 'to'>): string {
  return `analytics-${merchantId}-${out.from}-to-${out.to}.csv`;
}

/** The dashboard's days as CSV: a header, one row per day, then the totals and the previous period's. */
export async function merchantAnalyticsCsv(deps: Pick<AppDeps, 'db'>, merchantId: number, q: AnalyticsQuery): Promise<{ name: string; csv: string }> {
  const out = await merchantAnalytics(deps, merchantId, q);
  const line = (first: string, counts: Counts) => [first, ...MEASURES.map((m) => String(counts[m]))].join(',');
  const lines = [
    ['day', ...MEASURES].join(','),
    ...out.days.map((d) => line(d.day, d)),
    line('total', out.totals),
    line(`previous ${out.previous.from} to ${out.previous.to}`, out.previous_totals),
  ];
  return { name: analyticsFileName(merchantId, out), csv: `${lines.join('\r\n')}\r\n` };
}

// ---------------------------------------------------------------------------------------------
// Leads inbox

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function leadOut(r: MerchantLeadRow): MerchantLeadOut {
  const d = r.details;
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    created_at: iso(r.created_at),
    request: text(d.offer_type),
    offer_id: id(d.offer_id),
    offer_name: text(d.offer_name),
    location_id: id(d.location_id),
    first_name: text(d.first_name),
    last_name: text(d.last_name),
    email: r.email ?? text(d.email),
    phone: text(d.phone),
    zip: text(d.zip),
    handled_at: r.merchant_handled_at ? iso(r.merchant_handled_at) : null,
    handled_by: r.merchant_handled_at ? r.handled_by_name : null,
  };
}

/**
 * The merchant's leads, newest first (spam left out); `status` is the office's follow-up state,
 * `handled` the business's own mark.
 */
export async function listMerchantLeads(deps: Pick<AppDeps, 'db'>, merchantId: number, q: { status?: string | undefined; handled?: boolean | undefined; page: number; page_size: number }) {
  const filter = { status: q.status, handled: q.handled };
  const [rows, count] = await Promise.all([
    findMerchantLeads(deps.db.db, merchantId, filter, q.page_size, (q.page - 1) * q.page_size),
    cappedCount(deps.db.db, merchantLeadsSelect(merchantId, filter)),
  ]);
  return { results: rows.map(leadOut), count, page: q.page, page_size: q.page_size };
}

export const LEAD_NOT_FOUND = 'This business has no such lead.';

/**
 * Marks one of the merchant's leads handled (or not) by the person calling: the business's own
 * mark, beside the office's status. Setting what already stands changes nothing and writes no
 * second audit entry.
 */
export async function markLeadHandled(deps: AppDeps, actor: MerchantMember, merchantId: number, leadId: number, handled: boolean, ip: string | null): Promise<MerchantLeadOut> {
  return deps.db.db.transaction(async (tx) => {
    const before = await findMerchantLead(tx, merchantId, leadId);
    if (!before) throw notFound(LEAD_NOT_FOUND);
    if (!(await setLeadHandled(tx, merchantId, leadId, handled, actor.user.id))) return leadOut(before);
    const after = leadOut((await findMerchantLead(tx, merchantId, leadId))!);
    await recordAudit(tx, {
      actor: actor.user,
      action: 'lead.merchant_handled',
      entity: 'lead',
      entityId: leadId,
      before: { merchant_id: merchantId, handled_at: leadOut(before).handled_at },
      after: { merchant_id: merchantId, handled_at: after.handled_at, handled: handled },
      ip,
    });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Team

function teamOut(r: TeamRow): TeamMemberOut {
  return {
    id: r.id,
    user_id: r.user_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    role: r.role,
    location_ids: r.role === 'cashier' ? (r.location_ids ?? []) : null,
    created_at: iso(r.created_at),
    version: r.version,
  };
}

export const NOT_ON_THIS_TEAM = 'There is no such person on this business’s team.';
export { LAST_OWNER };
export const PASSWORD_FOR_ROLE = 'Enter your password to change a role.';
export const FOREIGN_LOCATION = 'Choose locations of this business.';
export const LOCATIONS_ONLY_CASHIERS = 'Only cashiers are limited to locations; owners and managers work at every location.';

/** The merchant's people with their roles and (cashiers) locations. */
export async function listTeam(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<TeamMemberOut[]> {
  return (await findTeam(deps.db.db, merchantId)).map(teamOut);
}

async function checkLocations(deps: Pick<AppDeps, 'db'>, merchantId: number, ids: number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return unique;
  const found = await findMerchantLocations(deps.db.db, merchantId, unique);
  if (found.length !== unique.length) throw invalid(field, FOREIGN_LOCATION);
  return unique;
}

/**
 * An owner changes a person's role or (cashiers) locations. A change of role asks for the owner's
 * password again, as the console's staff changes do; the last owner cannot be demoted.
 */
export async function changeTeamMember(deps: AppDeps, actor: MerchantMember, merchantId: number, memberId: number, body: TeamUpdateBody, ip: string | null): Promise<TeamMemberOut> {
  const before = await findTeamMember(deps.db.db, merchantId, memberId);
  if (!before) throw notFound(NOT_ON_THIS_TEAM);
  const role: MerchantRole = body.role ?? before.role;
  if (role !== before.role) {
    if (!body.current_password) throw invalid('current_password', PASSWORD_FOR_ROLE);
    await checkOwnPassword(deps, actor.user.id, body.current_password);
  }
  if (role !== 'cashier' && body.location_ids && body.location_ids.length) throw invalid('location_ids', LOCATIONS_ONLY_CASHIERS);
  const locationIds = role === 'cashier' ? await checkLocations(deps, merchantId, body.location_ids ?? before.location_ids ?? [], 'location_ids') : null;
  return deps.db.db.transaction(async (tx) => {
    await lockTeam(tx, merchantId);
    const current = await findTeamMember(tx, merchantId, memberId);
    if (!current) throw notFound(NOT_ON_THIS_TEAM);
    if (body.version !== undefined && body.version !== current.version) throw staleVersion('person', teamOut(current));
    await assertOwnerRemains(tx, merchantId, { memberId, role });
    await updateTeamMember(tx, memberId, role, locationIds);
    const after = (await findTeamMember(tx, merchantId, memberId))!;
    await recordAudit(tx, { actor: actor.user, action: 'merchant_member.update', entity: 'merchant_member', entityId: memberId, before: { merchant_id: merchantId, ...teamOut(current) }, after: { merchant_id: merchantId, ...teamOut(after) }, ip });
    return teamOut(after);
  });
}

/** An owner takes a person off the team (the membership only; the account stays). Not the last owner. */
export async function removeTeamMember(deps: AppDeps, actor: MerchantMember, merchantId: number, memberId: number, ip: string | null): Promise<void> {
  await deps.db.db.transaction(async (tx) => {
    await lockTeam(tx, merchantId);
    const current = await findTeamMember(tx, merchantId, memberId);
    if (!current) throw notFound(NOT_ON_THIS_TEAM);
    await assertOwnerRemains(tx, merchantId, { memberId, role: null });
    await deleteTeamMember(tx, memberId);
    await recordAudit(tx, { actor: actor.user, action: 'merchant_member.remove', entity: 'merchant_member', entityId: memberId, before: { merchant_id: merchantId, ...teamOut(current) }, ip });
  });
}

/**
 * An owner invites a person to their own team by e-mail, through the same invitation service as
 * the console's (inviteToMerchant, mailInvitation): the same link, the same 72 hours, the same
 * acceptance. A cashier's locations must be this business's. Audited; mailed after the commit.
 */
export async function inviteTeamPerson(deps: AppDeps, actor: MerchantMember, merchantId: number, input: MerchantInvitationInput, ip: string | null): Promise<MerchantInvitationOut> {
  if (input.location_ids) await checkLocations(deps, merchantId, input.location_ids, 'location_ids');
  const made = await deps.db.db.transaction(async (tx) => {
    await takeInvitation(tx, actor.user.id, input.email);
    const row = await inviteToMerchant(tx as Database, { email: input.email, role: input.role, merchantId, locationIds: input.location_ids }, actor.user.id);
    const out: MerchantInvitationOut = {
      id: row.id,
      email: row.email,
      role: input.role,
      merchant_id: merchantId,
      location_ids: row.locationIds ?? null,
      created_at: iso(row.createdAt),
      expires_at: iso(row.expiresAt),
      accepted_at: null,
    };
    await recordAudit(tx, { actor: actor.user, action: 'merchant.invite', entity: 'invitation', entityId: row.id, after: out, ip });
    return { row, out };
  });
  await mailInvitation(deps, made.row);
  return made.out;
}

// ---------------------------------------------------------------------------------------------
// Store devices

function deviceOut(r: DeviceRow): DeviceOut {
  return {
    id: r.id,
    name: r.name,
    location_id: r.location_id,
    location_name: r.location_name,
    created_at: iso(r.created_at),
    last_used_at: r.last_used_at ? iso(r.last_used_at) : null,
    revoked_at: r.revoked_at ? iso(r.revoked_at) : null,
  };
}

export const DEVICE_NOT_FOUND = 'This business has no such till.';

/** The merchant's paired tills (at most 500, live ones first). */
export async function listDevices(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<DeviceOut[]> {
  return (await findDevices(deps.db.db, merchantId)).map(deviceOut);
}

/**
 * Pairs a till to one of the merchant's locations: a new random token (32 bytes, base64url)
 * answered once; only its SHA-256 is kept. The till sends it as `X-Store-Device`.
 */
export async function pairDevice(deps: AppDeps, actor: MerchantMember, merchantId: number, body: { location_id: number; name: string }, ip: string | null): Promise<DeviceOut & { token: string }> {
  await checkLocations(deps, merchantId, [body.location_id], 'location_id');
  const token = randomBytes(32).toString('base64url');
  return deps.db.db.transaction(async (tx) => {
    const id = await insertDevice(tx, { merchantId, locationId: body.location_id, name: body.name, tokenHash: hashToken(token), createdBy: actor.user.id });
    const out = deviceOut((await findDevice(tx, merchantId, id))!);
    await recordAudit(tx, { actor: actor.user, action: 'store_device.pair', entity: 'store_device', entityId: id, after: { merchant_id: merchantId, ...out }, ip });
    return { ...out, token };
  });
}

/** Revokes a till at once (its token stops working); revoking a revoked till changes nothing. */
export async function unpairDevice(deps: AppDeps, actor: MerchantMember, merchantId: number, deviceId: number, ip: string | null): Promise<void> {
  await deps.db.db.transaction(async (tx) => {
    const before = await findDevice(tx, merchantId, deviceId);
    if (!before) throw notFound(DEVICE_NOT_FOUND);
    if (!(await revokeDevice(tx, merchantId, deviceId, actor.user.id))) return;
    const after = (await findDevice(tx, merchantId, deviceId))!;
    await recordAudit(tx, { actor: actor.user, action: 'store_device.revoke', entity: 'store_device', entityId: deviceId, before: { merchant_id: merchantId, ...deviceOut(before) }, after: { merchant_id: merchantId, ...deviceOut(after) }, ip });
  });
}

export const NOT_A_TILL = 'This device is not a paired till (or it was revoked).';

/** The till calling (its token in X-Store-Device): the business and location it is paired to. */
export async function currentTill(deps: Pick<AppDeps, 'db'>, device: StoreDevice | undefined) {
  const place = device ? await findTillPlace(deps.db.db, device.id) : undefined;
  if (!place) throw new AppError('unauthorized', NOT_A_TILL);
  return place;
}

/** The team's invitations not yet accepted (at most 100, newest first). */
export async function listPendingInvitations(deps: Pick<AppDeps, 'db'>, merchantId: number): Promise<MerchantInvitationOut[]> {
  return (await findPendingMerchantInvitations(deps.db.db, merchantId)).map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    merchant_id: r.merchant_id,
    location_ids: r.location_ids,
    created_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
    accepted_at: null,
  }));
}
