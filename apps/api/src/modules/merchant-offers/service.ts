// A merchant's own offers and the staff review of them (docs/api.md "Merchant centre"). A merchant
// never writes an offer directly: each new offer and each change is a proposal (offer_revisions)
// going draft -> submitted -> approved (or sent back with a note). A new offer is an offers row in
// status 'draft' that savers never see until staff approve it; a change to a published offer
// leaves the published version showing until approval. Every write is one transaction with its
// audit entry; a stale `version` is a 409 with the offer as it now stands, like the console.
import { findCategoryKind } from '../console-offers/repository.ts';
import { previewCouponPdf } from '../prints/service.ts';
import type { ConsoleOffer } from '@market/domain/api/console-offers';
import type { MerchantMembershipOut, MerchantOfferFields, MerchantOfferOut, MerchantOfferStatus, ReviewList, ReviewOut } from '@market/domain/api/merchant-centre';
import { businessToday } from '@market/domain/expiry';
import { finePrintLines } from '@market/domain/fine-print';
import { valueBadge } from '@market/domain/offer-value';
import { EXPIRES_BEFORE_START, type MerchantOfferCreateInput, type MerchantOfferUpdateInput } from '@market/domain/validation/console-offers';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { AuthUser } from '../auth/lib/guard.ts';
import { applyApprovedProposal, checkOfferReferences, insertProposedOffer, normaliseProposal, proposalOf, readOffer, readOffers } from '../console-offers/service.ts';
import type { MerchantMember } from '../merchant-access/lib/access.ts';
import { assertNotOwnBusiness, ownBusinessIds } from '../merchant-access/lib/separation-of-duties.ts';
import { assertMarket, staffMarketFilter, type StaffUser } from '../staff/lib/guard.ts';
import {
  findLatestRevisions,
  findLocationsOfMerchants,
  findMerchantsOfMember,
  findOfferIdsOfMerchant,
  findRevision,
  findSubmittedRevisions,
  insertRevision,
  lockOfferOfMerchant,
  lockRevision,
  updateRevisionAtVersion,
  type LocationRefRow,
  type RevisionRow,
} from './repository.ts';

type Deps = Pick<AppDeps, 'db' | 'answers'>;

export const NO_MERCHANT_OFFER = 'There is no offer with this id at this business.';
export const UNDER_REVIEW = 'This offer is waiting for LocalSaver’s review; you can change it again once it is reviewed.';
export const NOTHING_TO_SUBMIT = 'There are no changes to submit: edit the offer first.';
export const ALREADY_REVIEWED = 'This proposal was already reviewed or withdrawn.';
export const NO_REVIEW = 'There is no proposal with this id.';
export const STALE_PROPOSAL = 'Someone else changed this offer since you opened it. Compare their version with yours before saving again.';
const OFFERS_LISTED = 200;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

// ---------------------------------------------------------------------------------------------
// The account's merchants

/** GET /api/merchant/: the merchants the account is on the team of, with their locations. */
export async function listMyMerchants(deps: Pick<AppDeps, 'db'>, user: AuthUser): Promise<MerchantMembershipOut[]> {
  const merchants = await findMerchantsOfMember(deps.db, user.id);
  const locations = await findLocationsOfMerchants(deps.db, merchants.map((m) => m.id));
  return merchants.map((m) => {
    const cashierAt = m.role === 'cashier' ? (m.location_ids ?? []) : null;
    return {
      id: m.id,
      name: m.name,
      slug: m.slug,
      role: m.role,
      location_ids: cashierAt,
      locations: locations.filter((l) => l.merchant_id === m.id && (cashierAt === null || cashierAt.includes(l.id))).map(locationOut),
      second_factor_passed: user.sessionKind === 'staff',
    };
  });
}

function locationOut(l: LocationRefRow): MerchantOfferOut['location'] {
  return { id: l.id, display_name: l.display_name, address: l.address, city: l.city, state: l.state, market_id: l.market_id };
}

// ---------------------------------------------------------------------------------------------
// A merchant's offers

/** The merchant's status of an offer: an open or refused proposal first, else what savers see. */
function merchantStatus(offer: ConsoleOffer, latest: RevisionRow | undefined): MerchantOfferStatus {
  if (latest?.status === 'draft') return 'draft';
  if (latest?.status === 'submitted') return 'submitted';
  if (latest?.status === 'rejected') return 'sent_back';
  return offer.status === 'draft' ? 'draft' : offer.status;
}

/** The version a merchant sends back: its latest proposal's (1 for an offer staff made and nobody proposed a change to). */
const versionOf = (latest: RevisionRow | undefined): number => latest?.version ?? 1;

function fieldsOf(offer: ConsoleOffer, latest: RevisionRow | undefined): MerchantOfferFields {
  if (latest && latest.status !== 'approved' && latest.status !== 'withdrawn') return latest.fields as unknown as MerchantOfferFields;
  return proposalOf(offer);
}

function merchantOfferOut(offer: ConsoleOffer, latest: RevisionRow | undefined, locations: LocationRefRow[]): MerchantOfferOut {
  const fields = fieldsOf(offer, latest);
  const location = locations.find((l) => l.id === fields.location_id);
  return {
    id: offer.id,
    merchant_id: offer.merchant.id,
    status: merchantStatus(offer, latest),
    offer_status: offer.status,
    version: versionOf(latest),
    fields,
    fine_print_lines: finePrintLines(fields.fine_print),
    badge: valueBadge(fields.value),
    location: location ? locationOut(location) : offer.location,
    revision: latest
      ? { id: latest.id, status: latest.status, review_note: latest.review_note, submitted_at: iso(latest.submitted_at), reviewed_at: iso(latest.reviewed_at), updated_at: iso(latest.updated_at)! }
      : null,
    updated_at: [offer.updated_at, latest ? iso(latest.updated_at)! : ''].sort().at(-1)!,
  };
}

async function offerOfMerchant(deps: Pick<AppDeps, 'db'>, merchantId: number, offerId: number, executor?: Executor): Promise<MerchantOfferOut> {
  const offer = await readOffer(deps, offerId, executor);
  if (!offer || offer.merchant.id !== merchantId) throw notFound(NO_MERCHANT_OFFER);
  const [latest] = await findLatestRevisions(deps.db, [offerId], executor);
  return merchantOfferOut(offer, latest, await findLocationsOfMerchants(deps.db, [merchantId], executor));
}

/** GET /api/merchant/{merchant_id}/offers/: the merchant's offers, the latest changed first. */
export async function listMerchantOffers(deps: Pick<AppDeps, 'db'>, member: MerchantMember): Promise<MerchantOfferOut[]> {
  const ids = await findOfferIdsOfMerchant(deps.db, member.merchantId, OFFERS_LISTED);
  const [offers, latest, locations] = await Promise.all([readOffers(deps, ids), findLatestRevisions(deps.db, ids), findLocationsOfMerchants(deps.db, [member.merchantId])]);
  const out: MerchantOfferOut[] = [];
  for (const id of ids) {
    const offer = offers.get(id);
    if (offer) out.push(merchantOfferOut(offer, latest.find((r) => r.offer_id === id), locations));
  }
  return out;
}

/** GET /api/merchant/{merchant_id}/offers/{id}/. */
export function getMerchantOffer(deps: Pick<AppDeps, 'db'>, member: MerchantMember, offerId: number): Promise<MerchantOfferOut> {
  return offerOfMerchant(deps, member.merchantId, offerId);
}

interface WriteContext {
  member: MerchantMember;
  ip: string | null;
}

const actorOf = (member: MerchantMember) => ({ id: member.user.id, email: member.user.email });

/** The references of a proposal (location of this merchant, categories); answers its market. */
function checkProposal(deps: Pick<AppDeps, 'db'>, tx: Executor, merchantId: number, fields: MerchantOfferFields): Promise<string> {
  return checkOfferReferences(deps, tx, { merchantId, locationId: fields.location_id, categoryId: fields.category_id, subcategoryIds: fields.subcategory_ids });
}

/** POST /api/merchant/{merchant_id}/offers/: a new offer, as a draft proposal savers do not see. */
export async function createMerchantOffer(deps: Pick<AppDeps, 'db'>, ctx: WriteContext, input: MerchantOfferCreateInput): Promise<MerchantOfferOut> {
  const { member } = ctx;
  return deps.db.db.transaction(async (tx) => {
    const fields = normaliseProposal(input as MerchantOfferFields);
    const marketId = await checkProposal(deps, tx, member.merchantId, fields);
    const offerId = await insertProposedOffer(tx, member.merchantId, fields, member.user.id);
    const revisionId = await insertRevision(deps.db, tx, { offerId, merchantId: member.merchantId, fields, createdBy: member.user.id, version: 1 });
    const after = await offerOfMerchant(deps, member.merchantId, offerId, tx);
    await recordAudit(tx, { actor: actorOf(member), action: 'offer_revision.create', entity: 'offer_revision', entityId: revisionId, marketId, after, ip: ctx.ip });
    return after;
  });
}

/**
 * PATCH /api/merchant/{merchant_id}/offers/{id}/: changes the open draft proposal, or starts a new
 * one from the offer as published (or from the proposal staff sent back). A proposal under review
 * cannot change (409).
 */
export async function updateMerchantOffer(deps: Pick<AppDeps, 'db'>, ctx: WriteContext, offerId: number, input: MerchantOfferUpdateInput): Promise<MerchantOfferOut> {
  const { member } = ctx;
  const { version, ...changes } = input;
  return deps.db.db.transaction(async (tx) => {
    const before = await lockedOffer(deps, tx, member.merchantId, offerId);
    if (before.version !== version) throw stale(before);
    if (before.revision?.status === 'submitted') throw new AppError('conflict', UNDER_REVIEW, { detail: [UNDER_REVIEW] }, { current: before });
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<MerchantOfferFields>;
    const fields = normaliseProposal({ ...before.fields, ...defined });
    if (fields.starts_at && fields.expires_at < fields.starts_at) throw invalid(defined.expires_at !== undefined ? 'expires_at' : 'starts_at', EXPIRES_BEFORE_START);
    const marketId = await checkProposal(deps, tx, member.merchantId, fields);
    let revisionId: number;
    if (before.revision?.status === 'draft') {
      revisionId = before.revision.id;
      if (!(await updateRevisionAtVersion(deps.db, tx, revisionId, version, { fields }))) throw stale(await offerOfMerchant(deps, member.merchantId, offerId, tx));
    } else {
      revisionId = await insertRevision(deps.db, tx, { offerId, merchantId: member.merchantId, fields, createdBy: member.user.id, version: version + 1 });
    }
    const after = await offerOfMerchant(deps, member.merchantId, offerId, tx);
    await recordAudit(tx, { actor: actorOf(member), action: 'offer_revision.update', entity: 'offer_revision', entityId: revisionId, marketId, before, after, ip: ctx.ip });
    return after;
  });
}

/** POST /api/merchant/{merchant_id}/offers/{id}/submit/: sends the draft proposal to staff. */
export async function submitMerchantOffer(deps: Pick<AppDeps, 'db'>, ctx: WriteContext, offerId: number, version: number | undefined): Promise<MerchantOfferOut> {
  const { member } = ctx;
  return deps.db.db.transaction(async (tx) => {
    const before = await lockedOffer(deps, tx, member.merchantId, offerId);
    if (version !== undefined && before.version !== version) throw stale(before);
    const revision = before.revision;
    if (revision?.status === 'submitted') throw new AppError('conflict', UNDER_REVIEW, { detail: [UNDER_REVIEW] }, { current: before });
    if (revision?.status !== 'draft') throw new AppError('conflict', NOTHING_TO_SUBMIT, { detail: [NOTHING_TO_SUBMIT] }, { current: before });
    if (before.fields.expires_at < businessToday()) throw invalid('expires_at', 'The last valid day has passed: set a new one before submitting.');
    const marketId = await checkProposal(deps, tx, member.merchantId, before.fields);
    if (!(await updateRevisionAtVersion(deps.db, tx, revision.id, before.version, { status: 'submitted', submitted: true, reviewNote: null }))) throw stale(await offerOfMerchant(deps, member.merchantId, offerId, tx));
    const after = await offerOfMerchant(deps, member.merchantId, offerId, tx);
    await recordAudit(tx, { actor: actorOf(member), action: 'offer_revision.submit', entity: 'offer_revision', entityId: revision.id, marketId, before, after, ip: ctx.ip });
    return after;
  });
}

async function lockedOffer(deps: Pick<AppDeps, 'db'>, tx: Executor, merchantId: number, offerId: number): Promise<MerchantOfferOut> {
  if (!(await lockOfferOfMerchant(tx, merchantId, offerId))) throw notFound(NO_MERCHANT_OFFER);
  return offerOfMerchant(deps, merchantId, offerId, tx);
}

const stale = (current: MerchantOfferOut) => new AppError('conflict', STALE_PROPOSAL, undefined, { current });

// ---------------------------------------------------------------------------------------------
// Staff review

function reviewOut(row: RevisionRow & { merchant_name: string; market_id: string; offer_status: string }, current: ConsoleOffer | undefined, ownBusiness: boolean): ReviewOut {
  const after = row.fields as unknown as MerchantOfferFields;
  return {
    id: row.id,
    offer_id: row.offer_id,
    merchant: { id: row.merchant_id, name: row.merchant_name },
    market_id: row.market_id,
    is_new: row.offer_status === 'draft',
    submitted_at: iso(row.submitted_at),
    submitted_by: row.submitted_by_email,
    before: current && row.offer_status !== 'draft' ? proposalOf(current) : null,
    after,
    fine_print_lines: finePrintLines(after.fine_print),
    badge: valueBadge(after.value),
    own_business: ownBusiness,
  };
}

const REVIEWS_LISTED = 100;

/** GET /api/console/reviews/: proposals waiting, oldest first, in the staff member's markets. */
export async function listReviews(deps: Pick<AppDeps, 'db'>, staff: StaffUser, query: { market?: string | undefined }): Promise<ReviewList> {
  if (query.market) assertMarket(staff, query.market);
  const { rows, count } = await findSubmittedRevisions(deps.db, query.market ? [query.market] : staffMarketFilter(staff), REVIEWS_LISTED);
  const [offers, own] = await Promise.all([readOffers(deps, rows.map((r) => r.offer_id)), ownBusinessIds(deps.db.db, staff.id)]);
  return { results: rows.map((row) => reviewOut(row, offers.get(row.offer_id), own.has(row.merchant_id))), count };
}

/** The submitted proposal of a review call, locked, with the market its location is in (checked). */
async function lockSubmitted(deps: Pick<AppDeps, 'db'>, tx: Executor, staff: StaffUser, id: number): Promise<{ revision: RevisionRow; marketId: string }> {
  const revision = await lockRevision(deps.db, tx, id);
  if (!revision) throw notFound(NO_REVIEW);
  const fields = revision.fields as unknown as MerchantOfferFields;
  const marketId = await checkOfferReferences(deps, tx, { merchantId: revision.merchant_id, locationId: fields.location_id, categoryId: fields.category_id, subcategoryIds: fields.subcategory_ids }, (m) =>
    assertMarket(staff, m),
  );
  if (revision.status !== 'submitted') throw new AppError('conflict', ALREADY_REVIEWED, { detail: [ALREADY_REVIEWED] });
  return { revision, marketId };
}

/** Separation of duties: a reviewer on the proposal's business's team is refused (403, audited). */
async function refuseOwnBusinessReview(deps: Pick<AppDeps, 'db'>, staff: StaffUser, id: number, action: string, ip: string | null): Promise<void> {
  const revision = await findRevision(deps.db, id);
  if (revision) await assertNotOwnBusiness(deps.db.db, staff, revision.merchant_id, { action, entity: 'offer_revision', entityId: id, ip });
}

/**
 * POST /api/console/reviews/{id}/approve/: the proposal's fields become the offer's; a new offer
 * is published (live, or scheduled by its dates). Savers see it at once (the answer cache drops).
 */
export async function approveReview(deps: Deps, staff: StaffUser, id: number, ip: string | null): Promise<ConsoleOffer> {
  await refuseOwnBusinessReview(deps, staff, id, 'offer_revision.approve', ip);
  const out = await deps.db.db.transaction(async (tx) => {
    const { revision, marketId } = await lockSubmitted(deps, tx, staff, id);
    const { before, after } = await applyApprovedProposal(deps, tx, revision.offer_id, revision.fields as unknown as MerchantOfferFields);
    await updateRevisionAtVersion(deps.db, tx, revision.id, revision.version, { status: 'approved', reviewedBy: staff.id, reviewed: true });
    await recordAudit(tx, { actor: staff, action: 'offer_revision.approve', entity: 'offer_revision', entityId: revision.id, marketId, before, after: { ...after, revision_id: revision.id }, ip });
    return after;
  });
  deps.answers.clear();
  return out;
}

/** POST /api/console/reviews/{id}/reject/: sends the proposal back with a note the merchant reads. */
export async function rejectReview(deps: Pick<AppDeps, 'db'>, staff: StaffUser, id: number, note: string, ip: string | null): Promise<{ id: number; status: 'rejected'; review_note: string }> {
  await refuseOwnBusinessReview(deps, staff, id, 'offer_revision.reject', ip);
  return deps.db.db.transaction(async (tx) => {
    const { revision, marketId } = await lockSubmitted(deps, tx, staff, id);
    await updateRevisionAtVersion(deps.db, tx, revision.id, revision.version, { status: 'rejected', reviewNote: note, reviewedBy: staff.id, reviewed: true });
    await recordAudit(tx, { actor: staff, action: 'offer_revision.reject', entity: 'offer_revision', entityId: revision.id, marketId, before: { status: 'submitted' }, after: { status: 'rejected', review_note: note, offer_id: revision.offer_id }, ip });
    return { id: revision.id, status: 'rejected' as const, review_note: note };
  });
}

/**
 * GET /api/merchant/{merchant_id}/offers/{id}/preview.pdf: the printed coupon of the proposal (or
 * the offer as published when none is open), from the savers' renderer, marked PREVIEW. No copy,
 * print or event.
 */
export async function previewProposalPdf(deps: Pick<AppDeps, 'db' | 'images'>, member: MerchantMember, offerId: number, publicUrl: string) {
  const offer = await offerOfMerchant(deps, member.merchantId, offerId);
  const f = offer.fields;
  const homePros = (await findCategoryKind(deps.db, f.category_id)) === 'homepros';
  return previewCouponPdf(deps, offerId, {
    homePros,
    publicUrl,
    proposal: (stored) => ({
      ...stored,
      name: f.name,
      description: f.description,
      expires_at: f.expires_at,
      code: f.code,
      retailer_terms: f.retailer_terms,
      consumer_terms: f.consumer_terms,
      fine_print_lines: offer.fine_print_lines,
      ...(f.value !== undefined ? { value: f.value } : {}),
    }),
  });
}
