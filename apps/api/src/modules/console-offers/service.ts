// Offers in the staff console (docs/api.md "Staff console: offers"): list, read, create, edit,
// publish, pause, resume, expire now and duplicate. Every write runs in one transaction with its
// audit entry, carries the version the editor read (a stale one is a 409 with the record as it now
// stands), keeps is_active equal to status = 'live' in the same UPDATE (the saver lists read
// is_active through offer_index), and drops the saver answer cache after the commit so savers see
// the change at once.
import type { ConsoleOffer, ConsoleOfferListItem, ConsoleOfferPage } from '@market/domain/api/console-offers';
import type { MerchantOfferFields } from '@market/domain/api/merchant-centre';
import { addDays, businessToday } from '@market/domain/expiry';
import { finePrintLines, normaliseFinePrint, readFinePrint } from '@market/domain/fine-print';
import { readOfferValue, valueBadge } from '@market/domain/offer-value';
import { sanitizeRichText } from '@market/domain/html';
import { slugify } from '@market/domain/category-lists';
import { offerStatus, type OfferStatus, type StoredOfferStatus } from '@market/domain/offer-status';
import { EXPIRES_BEFORE_START, OFFER_NAME_MAX, type OfferCreateInput, type OfferUpdateInput } from '@market/domain/validation/console-offers';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Sort } from '../../lib/console-list.ts';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { assertNotOwnBusiness } from '../merchant-access/lib/separation-of-duties.ts';
import { IMAGE_SHAPES, saveUploadedImage } from '../media/lib/uploaded-images.ts';
import { previewCouponPdf } from '../prints/service.ts';
import { assertMarket, staffMarketFilter, type StaffUser } from '../staff/lib/guard.ts';
import {
  findCategoryIds,
  findCategoryKind,
  findMerchantAndLocation,
  findOffer,
  findOffers,
  findOfferPage,
  insertOffer,
  updateOfferAtVersion,
  type OfferFilter,
  type OfferRow,
  type OfferSortField,
  type OfferValues,
} from './repository.ts';

type Deps = Pick<AppDeps, 'db' | 'answers'>;

const NO_OFFER = 'There is no offer with this id.';
/** Main categories and home-pros groups carry offers; subcategories come from the static lists. */
const OFFER_CATEGORY_KINDS = ['main', 'homepros'] as const;

const iso = (v: Date | string): string => new Date(v).toISOString();

function listItemOut(r: OfferRow, today: string): ConsoleOfferListItem {
  return {
    id: r.id,
    name: r.name,
    status: offerStatus({ status: r.status, startsAt: r.starts_at, expiresAt: r.expires_at }, today),
    version: r.version,
    merchant: { id: r.merchant_id, name: r.merchant_name },
    location: { id: r.location_id, display_name: r.location_name, address: r.address, city: r.city, state: r.state, market_id: r.market_id },
    market_id: r.market_id,
    category_id: r.category_id,
    starts_at: r.starts_at,
    expires_at: r.expires_at,
    is_featured: r.is_featured,
    secondary_type: r.secondary_type,
    updated_at: iso(r.updated_at),
  };
}

function offerOut(r: OfferRow, today: string): ConsoleOffer {
  const finePrint = readFinePrint(r.fine_print);
  const value = readOfferValue(r.value);
  return {
    ...listItemOut(r, today),
    slug: r.slug,
    subcategory_ids: r.subcategory_ids,
    description: r.description,
    picture_path: r.picture_path,
    max_prints: r.max_prints,
    code: r.code,
    external_offer_url: r.external_offer_url,
    retailer_terms: r.retailer_terms,
    consumer_terms: r.consumer_terms,
    fine_print: finePrint,
    fine_print_lines: finePrintLines(finePrint),
    value,
    badge: valueBadge(value),
    created_by: r.created_by,
    created_at: iso(r.created_at),
  };
}

export interface OfferListQuery {
  q?: string | undefined;
  status?: OfferStatus | undefined;
  market?: string | undefined;
  merchant_id?: number | undefined;
  category?: number | undefined;
  featured?: boolean | undefined;
  secondary_type?: string | undefined;
  sort: Sort<OfferSortField>;
  page: number;
  page_size: number;
}

/** A page of offers; staff limited to some markets see only theirs (403 for a market of others). */
export async function listOffers(deps: Deps, staff: StaffUser, query: OfferListQuery): Promise<ConsoleOfferPage> {
  const today = businessToday();
  if (query.market) assertMarket(staff, query.market);
  const categoryKind = query.category === undefined ? undefined : await findCategoryKind(deps.db, query.category);
  if (query.category !== undefined && !categoryKind) throw invalid('category', 'There is no category with this id.');
  const filter: OfferFilter = {
    q: query.q,
    status: query.status,
    markets: query.market ? [query.market] : staffMarketFilter(staff),
    merchantId: query.merchant_id,
    mainCategoryId: categoryKind && categoryKind !== 'sub' ? query.category : undefined,
    subcategoryId: categoryKind === 'sub' ? query.category : undefined,
    featured: query.featured,
    secondaryType: query.secondary_type,
  };
  const { rows, count } = await findOfferPage(deps.db, filter, query.sort, { limit: query.page_size, offset: (query.page - 1) * query.page_size, today });
  return { results: rows.map((r) => listItemOut(r, today)), count, page: query.page, page_size: query.page_size };
}

async function offerInMarket(deps: Deps, staff: StaffUser, id: number, executor?: Executor): Promise<OfferRow> {
  const row = await findOffer(deps.db, id, executor);
  if (!row) throw notFound(NO_OFFER);
  assertMarket(staff, row.market_id);
  return row;
}

/** One offer as the console edits it. */
export async function getOffer(deps: Deps, staff: StaffUser, id: number): Promise<ConsoleOffer> {
  return offerOut(await offerInMarket(deps, staff, id), businessToday());
}

/**
 * The merchant exists, the location is one of its own in a market the staff member works on, the
 * category carries offers and the subcategories are of the static lists: each miss is a 400 on
 * its field.
 */
async function checkReferences(
  deps: Deps,
  staff: StaffUser,
  executor: Executor,
  refs: { merchantId: number; locationId: number; categoryId: number; subcategoryIds: readonly number[] },
): Promise<void> {
  await checkOfferReferences(deps, executor, refs, (marketId) => assertMarket(staff, marketId));
}

/**
 * The references of an offer's fields, for staff and for a merchant's proposal alike: answers the
 * location's market. `beforeCategories` sees the market first (staff's market check).
 */
export async function checkOfferReferences(
  deps: Pick<AppDeps, 'db'>,
  executor: Executor,
  refs: { merchantId: number; locationId: number; categoryId: number; subcategoryIds: readonly number[] },
  beforeCategories?: (marketId: string | null) => void,
): Promise<string> {
  const owner = await findMerchantAndLocation(deps.db, refs.merchantId, refs.locationId, executor);
  if (!owner) throw invalid('merchant_id', 'There is no merchant with this id.');
  if (owner.location_merchant_id !== refs.merchantId) throw invalid('location_id', 'Choose a location of this merchant.');
  beforeCategories?.(owner.market_id);
  const categories = await findCategoryIds(deps.db, [refs.categoryId], OFFER_CATEGORY_KINDS, executor);
  if (!categories.length) throw invalid('category_id', 'Choose a main category or a home-pros group.');
  const subs = await findCategoryIds(deps.db, refs.subcategoryIds, ['sub'], executor);
  if (subs.length !== refs.subcategoryIds.length) throw invalid('subcategory_ids', 'Choose subcategories from the lists.');
  return owner.market_id ?? '';
}

/** The stored columns of the fields a create or an edit carries; HTML goes through the one sanitiser. */
function columnsOf(input: Partial<Omit<OfferCreateInput, 'merchant_id'>> & { merchant_id?: number | undefined }): Partial<OfferValues> {
  const out: Partial<OfferValues> = {};
  if (input.merchant_id !== undefined) out.merchantId = input.merchant_id;
  if (input.location_id !== undefined) out.locationId = input.location_id;
  if (input.category_id !== undefined) out.categoryId = input.category_id;
  if (input.subcategory_ids !== undefined) out.subcategoryIds = input.subcategory_ids;
  if (input.name !== undefined) {
    out.name = input.name;
    out.slug = slugify(input.name) || 'offer';
  }
  if (input.description !== undefined) out.description = sanitizeRichText(input.description);
  if (input.starts_at !== undefined) out.startsAt = input.starts_at;
  if (input.expires_at !== undefined) out.expiresAt = input.expires_at;
  if (input.max_prints !== undefined) out.maxPrints = input.max_prints;
  if (input.code !== undefined) out.code = input.code;
  if (input.external_offer_url !== undefined) out.externalOfferUrl = input.external_offer_url;
  if (input.retailer_terms !== undefined) out.retailerTerms = sanitizeRichText(input.retailer_terms);
  if (input.consumer_terms !== undefined) out.consumerTerms = sanitizeRichText(input.consumer_terms);
  if (input.secondary_type !== undefined) out.secondaryType = input.secondary_type;
  if (input.is_featured !== undefined) out.isFeatured = input.is_featured;
  if (input.fine_print !== undefined) out.finePrint = normaliseFinePrint(input.fine_print);
  if (input.value !== undefined) out.value = input.value;
  return out;
}

interface WriteContext {
  staff: StaffUser;
  ip: string | null;
}

/** Creates an offer as a draft (publish it to show it to savers). */
export async function createOffer(deps: Deps, ctx: WriteContext, input: OfferCreateInput): Promise<ConsoleOffer> {
  const today = businessToday();
  await assertNotOwnBusiness(deps.db.db, ctx.staff, input.merchant_id, { action: 'offer.create', entity: 'merchant', entityId: input.merchant_id, ip: ctx.ip });
  const out = await deps.db.db.transaction(async (tx) => {
    await checkReferences(deps, ctx.staff, tx, { merchantId: input.merchant_id, locationId: input.location_id, categoryId: input.category_id, subcategoryIds: input.subcategory_ids });
    const columns = columnsOf(input) as OfferValues;
    const id = await insertOffer(tx, { ...columns, status: 'draft', isActive: false, createdBy: ctx.staff.id });
    const after = offerOut((await findOffer(deps.db, id, tx))!, today);
    await recordAudit(tx, { actor: ctx.staff, action: 'offer.create', entity: 'offer', entityId: id, marketId: after.market_id, after, ip: ctx.ip });
    return after;
  });
  deps.answers.clear();
  return out;
}

/**
 * One write at the version the editor read: checks the market, applies `change` (which answers the
 * columns and the audit action), records before and after, and answers the offer as it now is.
 */
async function writeAtVersion(
  deps: Deps,
  ctx: WriteContext,
  id: number,
  version: number,
  change: (before: OfferRow, tx: Executor, today: string) => Promise<{ columns: Partial<OfferValues>; action: string }>,
): Promise<ConsoleOffer> {
  const today = businessToday();
  const out = await deps.db.db.transaction(async (tx) => {
    const before = await offerInMarket(deps, ctx.staff, id, tx);
    if (before.version !== version) throw staleVersion('offer', offerOut(before, today));
    const { columns, action } = await change(before, tx, today);
    if (!(await updateOfferAtVersion(tx, id, version, columns))) {
      // Someone saved between our read and our write (the row lock made us wait for them).
      const current = await findOffer(deps.db, id, tx);
      throw current ? staleVersion('offer', offerOut(current, today)) : notFound(NO_OFFER);
    }
    const after = offerOut((await findOffer(deps.db, id, tx))!, today);
    await recordAudit(tx, { actor: ctx.staff, action, entity: 'offer', entityId: id, marketId: after.market_id, before: offerOut(before, today), after, ip: ctx.ip });
    return after;
  });
  deps.answers.clear();
  return out;
}

/**
 * Separation of duties: a staff member on the team of the offer's business (or of the business it
 * would move to) is refused, 403 and audited. An unknown id passes: the write answers its 404.
 */
async function refuseOwnBusinessOffer(deps: Pick<AppDeps, 'db'>, ctx: WriteContext, id: number, action: string, movesTo?: number): Promise<void> {
  const row = await findOffer(deps.db, id);
  if (row) await assertNotOwnBusiness(deps.db.db, ctx.staff, [row.merchant_id, movesTo], { action, entity: 'offer', entityId: id, marketId: row.market_id, ip: ctx.ip });
}

/** The audit verb of an edit: a change of dates alone is a schedule, of is_featured alone a (un)feature. */
function editAction(changed: string[], isFeatured: boolean | undefined): string {
  if (changed.length === 1 && changed[0] === 'is_featured') return isFeatured ? 'offer.feature' : 'offer.unfeature';
  if (changed.length > 0 && changed.every((k) => k === 'starts_at' || k === 'expires_at')) return 'offer.schedule';
  return 'offer.update';
}

/** Edits any fields of an offer (schedule by its dates, feature by is_featured). */
export async function updateOffer(deps: Deps, ctx: WriteContext, id: number, input: OfferUpdateInput): Promise<ConsoleOffer> {
  const { version, ...fields } = input;
  await refuseOwnBusinessOffer(deps, ctx, id, 'offer.update', fields.merchant_id);
  return writeAtVersion(deps, ctx, id, version, async (before, tx) => {
    const merchantId = fields.merchant_id ?? before.merchant_id;
    const locationId = fields.location_id ?? before.location_id;
    const categoryId = fields.category_id ?? before.category_id;
    const subcategoryIds = fields.subcategory_ids ?? before.subcategory_ids;
    if (fields.merchant_id !== undefined || fields.location_id !== undefined || fields.category_id !== undefined || fields.subcategory_ids !== undefined) {
      await checkReferences(deps, ctx.staff, tx, { merchantId, locationId, categoryId, subcategoryIds });
    }
    const startsAt = fields.starts_at !== undefined ? fields.starts_at : before.starts_at;
    const expiresAt = fields.expires_at ?? before.expires_at;
    if (startsAt && expiresAt < startsAt) throw invalid(fields.expires_at !== undefined ? 'expires_at' : 'starts_at', EXPIRES_BEFORE_START);
    const changed = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
    return { columns: columnsOf(fields), action: editAction(changed, fields.is_featured) };
  });
}

export const OFFER_ACTIONS = ['publish', 'pause', 'resume', 'expire'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

const TRANSITIONS: Record<Exclude<OfferAction, 'expire'>, { from: StoredOfferStatus; to: StoredOfferStatus; refusal: string }> = {
  publish: { from: 'draft', to: 'live', refusal: 'Only a draft can be published.' },
  pause: { from: 'live', to: 'paused', refusal: 'Only a published offer (live, scheduled or expired) can be paused.' },
  resume: { from: 'paused', to: 'live', refusal: 'Only a paused offer can be resumed.' },
};

/**
 * publish (draft -> live), pause (live -> paused), resume (paused -> live), expire (the last valid
 * day becomes yesterday; the stored status stays, so the offer reads 'expired' once live).
 */
export async function changeOfferState(deps: Deps, ctx: WriteContext, id: number, action: OfferAction, version: number): Promise<ConsoleOffer> {
  await refuseOwnBusinessOffer(deps, ctx, id, `offer.${action}`);
  return writeAtVersion(deps, ctx, id, version, async (before, _tx, today) => {
    if (action === 'expire') {
      const yesterday = addDays(today, -1);
      // Never later than it already was: an offer long expired would come back as "recently expired".
      const expiresAt = before.expires_at < yesterday ? before.expires_at : yesterday;
      const startsAt = before.starts_at && before.starts_at > expiresAt ? expiresAt : before.starts_at;
      return { columns: { expiresAt, startsAt }, action: 'offer.expire' };
    }
    const step = TRANSITIONS[action];
    if (before.status !== step.from) throw new AppError('conflict', step.refusal, { status: [step.refusal] }, { current: offerOut(before, today) });
    if (action === 'publish' && before.expires_at < today) throw invalid('expires_at', 'The last valid day has passed: set a new one before publishing.');
    return { columns: { status: step.to, isActive: step.to === 'live' }, action: `offer.${action}` };
  });
}

/**
 * POST /api/console/offers/{id}/picture/: the picture checked, re-encoded and stored by the
 * merchants' upload step, then set on the offer (offer_index follows by its trigger, so the
 * saver lists and the offer page show it once the answer cache is dropped).
 */
export async function uploadOfferPicture(deps: Pick<AppDeps, 'db' | 'answers' | 'images'>, ctx: WriteContext, id: number, bytes: Buffer): Promise<ConsoleOffer> {
  // Refuse before spending the decoding on an offer that is not there or not theirs.
  await offerInMarket(deps, ctx.staff, id);
  await refuseOwnBusinessOffer(deps, ctx, id, 'offer.upload_picture');
  const url = await saveUploadedImage(deps.images, bytes, IMAGE_SHAPES.offerPicture);
  const today = businessToday();
  const out = await deps.db.db.transaction(async (tx) => {
    const before = await offerInMarket(deps, ctx.staff, id, tx);
    if (!(await updateOfferAtVersion(tx, id, before.version, { picturePath: url }))) {
      const current = await findOffer(deps.db, id, tx);
      throw current ? staleVersion('offer', offerOut(current, today)) : notFound(NO_OFFER);
    }
    const after = offerOut((await findOffer(deps.db, id, tx))!, today);
    await recordAudit(tx, { actor: ctx.staff, action: 'offer.upload_picture', entity: 'offer', entityId: id, marketId: after.market_id, before: offerOut(before, today), after, ip: ctx.ip });
    return after;
  });
  deps.answers.clear();
  return out;
}

/**
 * GET /api/console/offers/{id}/preview.pdf: the printed coupon of any offer of the staff member's
 * markets (drafts too) from the savers' renderer, marked PREVIEW - NOT VALID FOR REDEMPTION. No
 * copy, print or event is made; the rendering is audited (a coupon document of an unpublished
 * offer left the console). `layout` defaults to the home-pros one for a home-pros offer.
 */
export async function previewOfferCoupon(
  deps: Pick<AppDeps, 'db' | 'answers' | 'env' | 'images'>,
  ctx: WriteContext,
  id: number,
  layout: 'default' | 'home-pros' | undefined,
): Promise<{ pdf: Buffer; filename: string }> {
  const offer = await offerInMarket(deps, ctx.staff, id);
  const homePros = layout ? layout === 'home-pros' : (await findCategoryKind(deps.db, offer.category_id)) === 'homepros';
  const rendered = await previewCouponPdf(deps, id, { homePros, publicUrl: deps.env.PUBLIC_URL });
  await recordAudit(deps.db.db, { actor: ctx.staff, action: 'offer.preview_coupon', entity: 'offer', entityId: id, marketId: offer.market_id, after: { status: offer.status, version: offer.version, layout: homePros ? 'home-pros' : 'default' }, ip: ctx.ip });
  return rendered;
}

/** A new draft with the same content, named "Copy of ...". */
export async function duplicateOffer(deps: Deps, ctx: WriteContext, id: number): Promise<ConsoleOffer> {
  const today = businessToday();
  await refuseOwnBusinessOffer(deps, ctx, id, 'offer.duplicate');
  const out = await deps.db.db.transaction(async (tx) => {
    const source = await offerInMarket(deps, ctx.staff, id, tx);
    const name = `Copy of ${source.name}`.slice(0, OFFER_NAME_MAX);
    const newId = await insertOffer(tx, {
      merchantId: source.merchant_id,
      locationId: source.location_id,
      categoryId: source.category_id,
      subcategoryIds: source.subcategory_ids,
      name,
      slug: slugify(name) || 'offer',
      description: source.description,
      picturePath: source.picture_path,
      startsAt: source.starts_at,
      expiresAt: source.expires_at,
      maxPrints: source.max_prints,
      code: source.code,
      externalOfferUrl: source.external_offer_url,
      retailerTerms: source.retailer_terms,
      consumerTerms: source.consumer_terms,
      secondaryType: source.secondary_type,
      isFeatured: source.is_featured,
      horizontal: source.horizontal,
      finePrint: readFinePrint(source.fine_print),
      value: readOfferValue(source.value),
      status: 'draft',
      isActive: false,
      createdBy: ctx.staff.id,
    });
    const after = offerOut((await findOffer(deps.db, newId, tx))!, today);
    await recordAudit(tx, { actor: ctx.staff, action: 'offer.duplicate', entity: 'offer', entityId: newId, marketId: after.market_id, after: { ...after, duplicated_from: id }, ip: ctx.ip });
    return after;
  });
  deps.answers.clear();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Merchants' proposals (docs/api.md "Merchant centre"): the merchant-offers module keeps the
// revisions; writing an offer's columns stays here, with the one sanitiser and fine-print rules.

/** A proposal's fields as stored in a revision: HTML sanitised, fine print normalised. */
export function normaliseProposal(fields: MerchantOfferFields): MerchantOfferFields {
  return {
    ...fields,
    description: sanitizeRichText(fields.description),
    retailer_terms: sanitizeRichText(fields.retailer_terms),
    consumer_terms: sanitizeRichText(fields.consumer_terms),
    fine_print: fields.fine_print ? normaliseFinePrint(fields.fine_print) : null,
    ...(fields.value !== undefined ? { value: readOfferValue(fields.value) } : {}),
  };
}

/** An offer's current fields, in the shape of a proposal. */
export function proposalOf(offer: ConsoleOffer): MerchantOfferFields {
  return {
    location_id: offer.location.id,
    category_id: offer.category_id,
    subcategory_ids: offer.subcategory_ids,
    name: offer.name,
    description: offer.description,
    starts_at: offer.starts_at,
    expires_at: offer.expires_at,
    max_prints: offer.max_prints,
    code: offer.code,
    external_offer_url: offer.external_offer_url,
    retailer_terms: offer.retailer_terms,
    consumer_terms: offer.consumer_terms,
    secondary_type: offer.secondary_type,
    fine_print: offer.fine_print,
    value: offer.value,
  };
}

/** One offer as the console shows it, read through the caller's executor. */
export async function readOffer(deps: Pick<AppDeps, 'db'>, id: number, executor?: Executor): Promise<ConsoleOffer | undefined> {
  const row = await findOffer(deps.db, id, executor);
  return row ? offerOut(row, businessToday()) : undefined;
}

/** Several offers as readOffer answers one, by id, in one query. */
export async function readOffers(deps: Pick<AppDeps, 'db'>, ids: readonly number[]): Promise<Map<number, ConsoleOffer>> {
  const today = businessToday();
  return new Map((await findOffers(deps.db, ids)).map((row) => [row.id, offerOut(row, today)]));
}

/** The draft offer row of a merchant's new proposal (savers see nothing until staff approve it). */
export async function insertProposedOffer(tx: Executor, merchantId: number, fields: MerchantOfferFields, createdBy: number): Promise<number> {
  const columns = columnsOf({ ...fields, merchant_id: merchantId }) as OfferValues;
  return insertOffer(tx, { ...columns, status: 'draft', isActive: false, createdBy });
}

/** Writes a draft offer's columns to a merchant's latest draft (before review, savers see nothing of it). */
export async function updateProposedDraft(tx: Executor, id: number, version: number, fields: MerchantOfferFields): Promise<boolean> {
  return updateOfferAtVersion(tx, id, version, columnsOf(fields));
}

/**
 * Applies an approved proposal in the caller's transaction: the fields, and a draft offer is
 * published (live, or scheduled by its dates). The caller drops the answer cache after the commit.
 * A stale offer version is a 409 (someone changed it while it was being read).
 */
export async function applyApprovedProposal(deps: Pick<AppDeps, 'db'>, tx: Executor, id: number, fields: MerchantOfferFields): Promise<{ before: ConsoleOffer; after: ConsoleOffer }> {
  const today = businessToday();
  const row = await findOffer(deps.db, id, tx);
  if (!row) throw notFound(NO_OFFER);
  if (fields.expires_at < today) throw invalid('expires_at', 'The last valid day has passed: the merchant must set a new one.');
  const publish = row.status === 'draft';
  const columns: Partial<OfferValues> = { ...columnsOf(fields), ...(publish ? { status: 'live', isActive: true } : {}) };
  if (!(await updateOfferAtVersion(tx, id, row.version, columns))) {
    const current = await findOffer(deps.db, id, tx);
    throw current ? staleVersion('offer', offerOut(current, today)) : notFound(NO_OFFER);
  }
  return { before: offerOut(row, today), after: offerOut((await findOffer(deps.db, id, tx))!, today) };
}
