// Merchants and their locations as editors run them from the console (docs/api.md "Staff
// console"): lists, detail, edits carrying the version they read, geocoding of addresses against
// our places, logos and photos. Every write is one transaction with its audit entry, and empties
// the saver answer cache so the change shows at once.
import type { ConsoleLocationOut, ConsoleLocationWriteOut, ConsoleMerchantDetailOut, ConsoleMerchantListItem, ConsoleMerchantOut } from '@market/domain/api/console-merchants';
import { businessToday } from '@market/domain/expiry';
import { sanitizeRichText } from '@market/domain/html';
import { distanceMeters, isSoldState, marketFor, MARKETS, type Market, type MarketId } from '@market/domain/markets';
import type { LocationCreateInput, LocationUpdateInput, MerchantCreateInput, MerchantUpdateInput, OpeningHours } from '@market/domain/validation/console-merchants';
import type { MerchantInvitationOut, MerchantTeamOut } from '@market/domain/api/merchant-centre';
import type { MerchantInvitationInput } from '@market/domain/validation/merchant-centre';
import type { Database } from '../../db/client.ts';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Sort } from '../../lib/console-list.ts';
import { AppError, notFound, staleVersion, type FieldErrors } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { assertNotOwnBusiness } from '../merchant-access/lib/separation-of-duties.ts';
import { takeInvitation } from '../auth/lib/send-limits.ts';
import { inviteToMerchant, mailInvitation } from '../auth/service.ts';
import { findPlaceNamed, nearestPlace, placeWithZip } from '../geo/service.ts';
import { IMAGE_SHAPES, saveUploadedImage } from '../media/lib/uploaded-images.ts';
import { assertMarket, OTHER_MARKET, staffMarketFilter, type StaffUser } from '../staff/lib/guard.ts';
import {
  lapseCertifications,
  findCategoriesByIds,
  findLocationById,
  findLocationsOfMerchant,
  findMarketsOfMerchant,
  findMerchantById,
  findPendingMerchantInvitations,
  findTeamOfMerchant,
  type MerchantInvitationRow,
  findMerchantPage,
  findSlugsLike,
  insertLocation,
  insertMerchantWithSlug,
  updateLocationAtVersion,
  updateMerchantAtVersion,
  type CategoryRefRow,
  type LocationRow,
  type MerchantRow,
  type MerchantSort,
  type NewLocation,
  type NewMerchant,
} from './repository.ts';

type Deps = Pick<AppDeps, 'db' | 'answers' | 'catalogue' | 'images'>;

/**
 * Drops what this process keeps of the catalogue (saver answers, autocomplete names) at once;
 * other processes hear of the change through the catalogue_changed notification.
 */
export function catalogueChanged(deps: Deps, table: 'merchants' | 'locations'): void {
  deps.answers.clear();
  deps.catalogue.names.changed(table);
}

export const ADDRESS_NOT_FOUND = 'We could not find this city and ZIP code in our places. Check them, or place the pin on the map.';
export const OUTSIDE_MARKETS = `This address is outside our markets (${Object.values(MARKETS).map((m) => m.name).join(', ')}).`;
export const PIN_OUTSIDE_MARKETS = `This pin is outside our markets (${Object.values(MARKETS).map((m) => m.name).join(', ')}).`;

// ---------------------------------------------------------------------------------------------
// Shapes

const todayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today (YYYY-MM-DD) in a time zone. */
function todayIn(timeZone: string, now: Date): string {
  let format = todayFormats.get(timeZone);
  if (!format) todayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(now);
}

/**
 * Today where the merchant is: in the time zone of its markets (the latest date of them, so the
 * badge goes as soon as the insurance has lapsed in any of them); without locations, the business
 * day (docs/decisions.md).
 */
function merchantToday(markets: readonly string[], now = new Date()): string {
  let today = '';
  for (const id of markets) {
    const market = MARKETS[id as MarketId];
    if (!market) continue;
    const day = todayIn(market.timezone, now);
    if (day > today) today = day;
  }
  return today || businessToday(now);
}

/** Certified and insured through today: the badge goes on the day the insurance lapses. */
export function certifiedBadge(merchant: { isCertified: boolean; insuranceExpiresOn: string | null }, markets: readonly string[], now = new Date()): boolean {
  return merchant.isCertified && merchant.insuranceExpiresOn !== null && merchant.insuranceExpiresOn >= merchantToday(markets, now);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function categoryRef(c: CategoryRefRow | undefined) {
  return c ? { id: c.id, kind: c.kind, slug: c.slug, name: c.name } : null;
}

function merchantOut(row: MerchantRow, categories: Map<number, CategoryRefRow>, markets: readonly string[]): ConsoleMerchantOut {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    about: row.about,
    website: row.websiteUrl?.trim() ? row.websiteUrl : null,
    phone: row.phone,
    category: row.categoryId !== null ? categoryRef(categories.get(row.categoryId)) : null,
    subcategories: row.subcategoryIds.map((id) => categoryRef(categories.get(id))).filter((c) => c !== null),
    is_certified: row.isCertified,
    licensed: row.licensed,
    bonded: row.bonded,
    insured: row.insured,
    licence_number: row.licenceNumber,
    licence_expires_on: row.licenceExpiresOn,
    insurance_expires_on: row.insuranceExpiresOn,
    certified_badge: certifiedBadge(row, markets),
    is_spotlight: row.isSpotlight,
    logo_url: row.logoPath,
    photo_url: row.photoPath,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function locationOut(row: LocationRow): ConsoleLocationOut {
  return {
    id: row.id,
    merchant_id: row.merchantId,
    market_id: row.marketId,
    display_name: row.displayName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    opening_hours: row.openingHours ?? null,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const marketsOf = (locations: readonly LocationRow[]) => [...new Set(locations.map((l) => l.marketId))].sort();
const marketsOfDetail = (detail: ConsoleMerchantDetailOut) => [...new Set(detail.locations.map((l) => l.market_id))].sort();

/** The merchant with its locations and categories, read with `db` (a transaction's, or the app's). */
async function merchantDetail(db: Executor, row: MerchantRow): Promise<ConsoleMerchantDetailOut> {
  const locations = await findLocationsOfMerchant(db, row.id);
  const categories = await categoriesById(db, row);
  return { ...merchantOut(row, categories, marketsOf(locations)), locations: locations.map(locationOut) };
}

async function categoriesById(db: Executor, row: Pick<MerchantRow, 'categoryId' | 'subcategoryIds'>): Promise<Map<number, CategoryRefRow>> {
  const ids = [...(row.categoryId !== null ? [row.categoryId] : []), ...row.subcategoryIds];
  return new Map((await findCategoriesByIds(db, ids)).map((c) => [c.id, c]));
}

// ---------------------------------------------------------------------------------------------
// Who may touch what

/**
 * A staff member limited to some markets touches only merchants with a location in one of them;
 * a merchant with no location yet is open to every editor (its first location decides).
 */
function assertMerchantMarkets(staff: Pick<StaffUser, 'markets'>, markets: readonly string[]): void {
  if (staff.markets === null || markets.length === 0) return;
  if (!markets.some((m) => staff.markets!.includes(m))) throw new AppError('forbidden', OTHER_MARKET);
}

/**
 * Refuses a staff member a merchant that does not exist (404) or has locations only in markets
 * they do not work on (403): for other modules' console routes about a merchant (its photos).
 */
export async function assertStaffMayEditMerchant(deps: Pick<AppDeps, 'db'>, staff: Pick<StaffUser, 'markets'>, id: number): Promise<void> {
  if (!(await findMerchantById(deps.db.db, id))) throw notFound('Merchant not found.');
  assertMerchantMarkets(staff, await findMarketsOfMerchant(deps.db.db, id));
}

// ---------------------------------------------------------------------------------------------
// Merchants

export interface MerchantListQuery {
  q?: string | undefined;
  market?: string | undefined;
  category?: number | undefined;
  certified?: boolean | undefined;
  sort: Sort<MerchantSort>;
  page: number;
  page_size: number;
}

/** GET /api/console/merchants/: a page of merchants; a market-limited editor sees those with a location in their markets. */
export async function listMerchants(deps: Pick<AppDeps, 'db'>, staff: StaffUser, query: MerchantListQuery): Promise<{ results: ConsoleMerchantListItem[]; count: number; page: number; page_size: number }> {
  const limitedTo = staffMarketFilter(staff);
  const markets = query.market ? (limitedTo === null || limitedTo.includes(query.market) ? [query.market] : []) : limitedTo;
  const { rows, count } = await findMerchantPage(
    deps.db,
    { q: query.q, markets, categoryId: query.category, certified: query.certified },
    query.sort,
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null))];
  const categories = new Map((await findCategoriesByIds(deps.db.db, categoryIds)).map((c) => [c.id, c]));
  const now = new Date();
  return {
    results: rows.map((r) => {
      const rowMarkets = r.markets ?? [];
      return {
        id: r.id,
        slug: r.slug,
        name: r.name,
        category: r.category_id !== null ? categoryRef(categories.get(r.category_id)) : null,
        is_certified: r.is_certified,
        certified_badge: certifiedBadge({ isCertified: r.is_certified, insuranceExpiresOn: r.insurance_expires_on }, rowMarkets, now),
        is_spotlight: r.is_spotlight,
        markets: rowMarkets,
        location_count: Number(r.location_count),
        logo_url: r.logo_path,
        version: r.version,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      };
    }),
    count,
    page: query.page,
    page_size: query.page_size,
  };
}

/** GET /api/console/merchants/{id}/. */
export async function getMerchant(deps: Pick<AppDeps, 'db'>, staff: StaffUser, id: number): Promise<ConsoleMerchantDetailOut> {
  const row = await findMerchantById(deps.db.db, id);
  if (!row) throw notFound('Merchant not found.');
  const detail = await merchantDetail(deps.db.db, row);
  assertMerchantMarkets(staff, marketsOfDetail(detail));
  return detail;
}

/**
 * The category must be a main category or a home-pros group; each subcategory must be a 'sub'
 * row under it (directly, or under one of its home-pros groups).
 */
async function checkCategories(db: Executor, categoryId: number | null, subcategoryIds: readonly number[]): Promise<void> {
  const rows = new Map((await findCategoriesByIds(db, [...(categoryId !== null ? [categoryId] : []), ...subcategoryIds])).map((c) => [c.id, c]));
  const errors: FieldErrors = {};
  if (categoryId !== null) {
    const category = rows.get(categoryId);
    if (!category) errors.category_id = ['Choose an existing category.'];
    else if (category.kind === 'sub') errors.category_id = ['Choose a main category or a home-pros group, not a subcategory.'];
  }
  if (subcategoryIds.length) {
    if (categoryId === null) errors.subcategory_ids = ['Choose a category before its subcategories.'];
    else if (!errors.category_id) {
      for (const id of subcategoryIds) {
        const sub = rows.get(id);
        if (!sub) (errors.subcategory_ids ??= []).push(`Subcategory ${id} does not exist.`);
        else if (sub.kind !== 'sub') (errors.subcategory_ids ??= []).push(`"${sub.name}" is not a subcategory.`);
        else if (sub.parentId !== categoryId && sub.grandparentId !== categoryId) (errors.subcategory_ids ??= []).push(`"${sub.name}" is not a subcategory of the chosen category.`);
      }
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('invalid', first, errors);
}

/** The columns a create or an edit sets, from the fields sent (absent fields stay as they are). */
function merchantValues(input: Partial<MerchantCreateInput>): Partial<NewMerchant> {
  const values: Partial<NewMerchant> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.about !== undefined) values.about = sanitizeRichText(input.about);
  if (input.website !== undefined) values.websiteUrl = input.website;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.category_id !== undefined) values.categoryId = input.category_id;
  if (input.subcategory_ids !== undefined) values.subcategoryIds = input.subcategory_ids;
  if (input.is_certified !== undefined) values.isCertified = input.is_certified;
  if (input.licensed !== undefined) values.licensed = input.licensed;
  if (input.bonded !== undefined) values.bonded = input.bonded;
  if (input.insured !== undefined) values.insured = input.insured;
  if (input.licence_number !== undefined) values.licenceNumber = input.licence_number || null;
  if (input.licence_expires_on !== undefined) values.licenceExpiresOn = input.licence_expires_on;
  if (input.insurance_expires_on !== undefined) values.insuranceExpiresOn = input.insurance_expires_on;
  if (input.is_spotlight !== undefined) values.isSpotlight = input.is_spotlight;
  return values;
}

/** A URL slug from a name: lower-case ASCII words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'merchant';
}

/** The base slug, or base-2, base-3... whichever is free. */
function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** POST /api/console/merchants/: a merchant with a slug made unique from its name. */
export async function createMerchant(deps: Deps, staff: StaffUser, input: MerchantCreateInput, ip: string): Promise<ConsoleMerchantDetailOut> {
  const values = merchantValues(input);
  const base = slugify(input.name);
  const detail = await deps.db.db.transaction(async (tx) => {
    await checkCategories(tx, values.categoryId ?? null, values.subcategoryIds ?? []);
    const taken = new Set(await findSlugsLike(tx, base));
    let row: MerchantRow | undefined;
    // Another editor may take the same slug between the read and the insert: try the next one.
    for (let attempt = 0; !row && attempt < 5; attempt += 1) {
      const slug = freeSlug(base, taken);
      row = await insertMerchantWithSlug(tx, { ...values, name: input.name, slug });
      taken.add(slug);
    }
    if (!row) throw new AppError('conflict', 'Another merchant took this name at the same moment. Save again.');
    const out = await merchantDetail(tx, row);
    const { locations: _locations, ...after } = out;
    await recordAudit(tx, { actor: staff, action: 'merchant.create', entity: 'merchant', entityId: row.id, after, ip });
    return out;
  });
  catalogueChanged(deps, 'merchants');
  return detail;
}

/** PATCH /api/console/merchants/{id}/: the fields sent, on the version read (409 with `current` otherwise). */
export async function updateMerchant(deps: Deps, staff: StaffUser, id: number, input: MerchantUpdateInput, ip: string): Promise<ConsoleMerchantDetailOut> {
  const { version, ...fields } = input;
  const values = merchantValues(fields);
  await assertNotOwnBusiness(deps.db.db, staff, id, { action: 'merchant.update', entity: 'merchant', entityId: id, ip });
  const detail = await deps.db.db.transaction(async (tx) => {
    const row = await findMerchantById(tx, id, { forUpdate: true });
    if (!row) throw notFound('Merchant not found.');
    const before = await merchantDetail(tx, row);
    const markets = marketsOfDetail(before);
    assertMerchantMarkets(staff, markets);
    if (row.version !== version) throw staleVersion('merchant', before);
    if (values.categoryId !== undefined || values.subcategoryIds !== undefined) {
      await checkCategories(tx, values.categoryId !== undefined ? values.categoryId : row.categoryId, values.subcategoryIds ?? row.subcategoryIds);
    }
    const updated = await updateMerchantAtVersion(tx, id, version, values);
    if (!updated) throw staleVersion('merchant', before);
    const out = await merchantDetail(tx, updated);
    const { locations: _b, ...beforeRecord } = before;
    const { locations: _a, ...afterRecord } = out;
    await recordAudit(tx, { actor: staff, action: 'merchant.update', entity: 'merchant', entityId: id, marketId: markets[0] ?? null, before: beforeRecord, after: afterRecord, ip });
    return out;
  });
  catalogueChanged(deps, 'merchants');
  return detail;
}

export type MerchantImage = 'logo' | 'photo';

const SHAPE_OF = { logo: IMAGE_SHAPES.merchantLogo, photo: IMAGE_SHAPES.merchantPhoto } as const;

/**
 * POST /api/console/merchants/{id}/logo/ and /photo/: the image decoded, resized, re-encoded as
 * WebP without metadata, stored under DATA_DIR and set on the merchant.
 */
export async function uploadMerchantImage(deps: Deps, staff: StaffUser, id: number, kind: MerchantImage, bytes: Buffer, ip: string): Promise<ConsoleMerchantDetailOut> {
  // Refuse before spending the decoding on a merchant that is not there or not theirs.
  const existing = await findMerchantById(deps.db.db, id);
  if (!existing) throw notFound('Merchant not found.');
  assertMerchantMarkets(staff, await findMarketsOfMerchant(deps.db.db, id));
  await assertNotOwnBusiness(deps.db.db, staff, id, { action: `merchant.upload_${kind}`, entity: 'merchant', entityId: id, ip });
  const url = await saveUploadedImage(deps.images, bytes, SHAPE_OF[kind]);
  const detail = await deps.db.db.transaction(async (tx) => {
    const row = await findMerchantById(tx, id, { forUpdate: true });
    if (!row) throw notFound('Merchant not found.');
    const before = await merchantDetail(tx, row);
    const markets = marketsOfDetail(before);
    assertMerchantMarkets(staff, markets);
    const updated = await updateMerchantAtVersion(tx, id, row.version, kind === 'logo' ? { logoPath: url } : { photoPath: url });
    if (!updated) throw staleVersion('merchant', before);
    const out = await merchantDetail(tx, updated);
    const { locations: _b, ...beforeRecord } = before;
    const { locations: _a, ...afterRecord } = out;
    await recordAudit(tx, { actor: staff, action: `merchant.upload_${kind}`, entity: 'merchant', entityId: id, marketId: markets[0] ?? null, before: beforeRecord, after: afterRecord, ip });
    return out;
  });
  catalogueChanged(deps, 'merchants');
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Locations and geocoding

interface Geocoded {
  lat: number;
  lng: number;
  market: Market;
  geocode: ConsoleLocationWriteOut['geocode'];
}

/** 7 decimals (about 1 cm), as the public calls keep coordinates (lib/query.ts). */
const round7 = (v: number) => Math.round(v * 1e7) / 1e7 + 0;

/**
 * The market of a location: the nearest market whose listing radius holds the point (a town
 * just over a state line belongs to the office next door), else the market of its state.
 */
export function marketOfLocation(point: { lat: number; lng: number }, state: string): Market | null {
  const near = Object.values(MARKETS)
    .map((m) => ({ m, d: distanceMeters(point, m) }))
    .filter((x) => x.d <= x.m.radiusM)
    .sort((a, b) => a.d - b.d);
  if (near[0]) return near[0].m;
  return isSoldState(state) ? marketFor({ state }) : null;
}

/**
 * Finds an address's point in our places (there is no street-level data): the pin when the
 * staff member placed one; else the city in its state; else the place of its ZIP code.
 */
async function geocodeAddress(deps: Pick<AppDeps, 'db'>, address: { city: string; state: string; zip: string; lat?: number | undefined; lng?: number | undefined }): Promise<Geocoded> {
  if (address.lat !== undefined && address.lng !== undefined) {
    const point = { lat: round7(address.lat), lng: round7(address.lng) };
    // The state is the one the pin is in (its nearest place's), not the typed address's: a pin
    // dropped far from the address must not land in the address's market.
    const place = await nearestPlace(deps, point);
    const market = marketOfLocation(point, place?.state ?? '');
    if (!market) throw new AppError('invalid', PIN_OUTSIDE_MARKETS, { lat: [PIN_OUTSIDE_MARKETS], lng: [PIN_OUTSIDE_MARKETS] });
    const label = place ? `Pin near ${place.name}, ${place.state}` : `Pin at ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;
    return { ...point, market, geocode: { matched: 'pin', label } };
  }
  let matched: 'place' | 'zip' = 'place';
  let place = await findPlaceNamed(deps, address.city, address.state);
  if (!place) {
    const ofZip = await placeWithZip(deps, address.zip);
    if (ofZip && ofZip.state === address.state) {
      place = ofZip;
      matched = 'zip';
    }
  }
  if (!place) throw new AppError('invalid', ADDRESS_NOT_FOUND, { city: [ADDRESS_NOT_FOUND], zip: [ADDRESS_NOT_FOUND] });
  const point = { lat: round7(place.lat), lng: round7(place.lng) };
  const market = marketOfLocation(point, address.state);
  if (!market) throw new AppError('invalid', OUTSIDE_MARKETS, { state: [OUTSIDE_MARKETS] });
  const label = matched === 'zip' ? `ZIP ${address.zip} (${place.name}, ${place.state})` : `${place.name}, ${place.state}`;
  return { ...point, market, geocode: { matched, label } };
}

/** POST /api/console/merchants/{id}/locations/: a location, geocoded to its point and market. */
export async function createLocation(deps: Deps, staff: StaffUser, merchantId: number, input: LocationCreateInput, ip: string): Promise<ConsoleLocationWriteOut> {
  if (!(await findMerchantById(deps.db.db, merchantId))) throw notFound('Merchant not found.');
  assertMerchantMarkets(staff, await findMarketsOfMerchant(deps.db.db, merchantId));
  await assertNotOwnBusiness(deps.db.db, staff, merchantId, { action: 'location.create', entity: 'merchant', entityId: merchantId, ip });
  const place = await geocodeAddress(deps, input);
  assertMarket(staff, place.market.id);
  const values: NewLocation = {
    merchantId,
    marketId: place.market.id,
    displayName: input.display_name,
    address: input.address,
    address2: input.address2 ?? '',
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone ?? null,
    lat: place.lat,
    lng: place.lng,
    openingHours: (input.opening_hours ?? null) as OpeningHours | null,
  };
  const out = await deps.db.db.transaction(async (tx) => {
    if (!(await findMerchantById(tx, merchantId, { forUpdate: true }))) throw notFound('Merchant not found.');
    assertMerchantMarkets(staff, await findMarketsOfMerchant(tx, merchantId));
    const row = await insertLocation(tx, values);
    const after = locationOut(row);
    await recordAudit(tx, { actor: staff, action: 'location.create', entity: 'location', entityId: row.id, marketId: row.marketId, after, ip });
    return after;
  });
  catalogueChanged(deps, 'locations');
  return { ...out, geocode: place.geocode };
}


/** GET /api/console/locations/{id}/: one location, for its edit page (403 for another market's). */
export async function getLocation(deps: Pick<AppDeps, 'db'>, staff: StaffUser, id: number): Promise<ConsoleLocationOut> {
  const row = await findLocationById(deps.db.db, id);
  if (!row) throw notFound('Location not found.');
  assertMarket(staff, row.marketId);
  return locationOut(row);
}
/** PATCH /api/console/locations/{id}/: the fields sent, re-geocoded when the address or the pin changes. */
export async function updateLocation(deps: Deps, staff: StaffUser, id: number, input: LocationUpdateInput, ip: string): Promise<ConsoleLocationWriteOut> {
  const existing = await findLocationById(deps.db.db, id);
  if (!existing) throw notFound('Location not found.');
  assertMarket(staff, existing.marketId);
  await assertNotOwnBusiness(deps.db.db, staff, existing.merchantId, { action: 'location.update', entity: 'location', entityId: id, marketId: existing.marketId, ip });
  const address = { city: input.city ?? existing.city, state: input.state ?? existing.state, zip: input.zip ?? existing.zip };
  const moved =
    input.lat !== undefined ||
    (input.address !== undefined && input.address !== existing.address) ||
    address.city !== existing.city ||
    address.state !== existing.state ||
    address.zip !== existing.zip;
  const place: Geocoded = moved
    ? await geocodeAddress(deps, { ...address, lat: input.lat, lng: input.lng })
    : { lat: existing.lat, lng: existing.lng, market: MARKETS[existing.marketId as MarketId] ?? marketFor({ state: existing.state }), geocode: { matched: 'unchanged', label: `${existing.city}, ${existing.state}` } };
  assertMarket(staff, place.market.id);
  const values: Partial<NewLocation> = {};
  if (input.display_name !== undefined) values.displayName = input.display_name;
  if (input.address !== undefined) values.address = input.address;
  if (input.address2 !== undefined) values.address2 = input.address2;
  if (input.city !== undefined) values.city = input.city;
  if (input.state !== undefined) values.state = input.state;
  if (input.zip !== undefined) values.zip = input.zip;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.opening_hours !== undefined) values.openingHours = input.opening_hours as OpeningHours | null;
  if (moved) Object.assign(values, { lat: place.lat, lng: place.lng, marketId: place.market.id });
  const out = await deps.db.db.transaction(async (tx) => {
    const row = await findLocationById(tx, id, { forUpdate: true });
    if (!row) throw notFound('Location not found.');
    assertMarket(staff, row.marketId);
    const before = locationOut(row);
    if (row.version !== input.version) throw staleVersion('location', before);
    // The geocode above was made from the row as read before the lock: an address changed in
    // between has a new version, refused just above.
    const updated = await updateLocationAtVersion(tx, id, input.version, values);
    if (!updated) throw staleVersion('location', before);
    const after = locationOut(updated);
    await recordAudit(tx, { actor: staff, action: 'location.update', entity: 'location', entityId: id, marketId: updated.marketId, before, after, ip });
    return after;
  });
  catalogueChanged(deps, 'locations');
  return { ...out, geocode: place.geocode };
}

/**
 * The day after a certified pro's insurance lapses, the certification goes (the badge with it, on
 * the saver pages too): a scheduled job (console-dashboard/lib/jobs.ts) runs this. Each change is
 * audited with no actor.
 */
export async function lapseExpiredCertifications(deps: Pick<AppDeps, 'db' | 'answers'>): Promise<string> {
  const changed = await deps.db.db.transaction(async (tx) => {
    const rows = await lapseCertifications(tx);
    for (const row of rows) {
      await recordAudit(tx, { actor: null, action: 'merchant.certification_lapsed', entity: 'merchant', entityId: row.id, before: { is_certified: true, insurance_expires_on: row.insuranceExpiresOn }, after: { is_certified: false } });
    }
    return rows.length;
  });
  if (changed) deps.answers.clear();
  return `${changed} certification${changed === 1 ? '' : 's'} lapsed with the insurance.`;
}

// ---------------------------------------------------------------------------------------------
// A merchant's people (docs/api.md "Merchant centre")

const isoOf = (v: Date | string): string => new Date(v).toISOString();

function merchantInvitationOut(r: MerchantInvitationRow): MerchantInvitationOut {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    merchant_id: r.merchant_id,
    location_ids: r.location_ids,
    created_at: isoOf(r.created_at),
    expires_at: isoOf(r.expires_at),
    accepted_at: r.accepted_at === null ? null : isoOf(r.accepted_at),
  };
}

/**
 * Invites a person to a merchant's team by e-mail (editors of the merchant's market): a cashier's
 * locations must be the merchant's own. Audited; the mail goes once the invitation is committed.
 */
export async function inviteMerchantPerson(deps: Pick<AppDeps, 'db' | 'mail'>, staff: StaffUser, merchantId: number, input: MerchantInvitationInput, ip: string | null): Promise<MerchantInvitationOut> {
  await assertNotOwnBusiness(deps.db.db, staff, merchantId, { action: 'merchant.invite', entity: 'merchant', entityId: merchantId, ip });
  const made = await deps.db.db.transaction(async (tx) => {
    const merchant = await findMerchantById(tx, merchantId);
    if (!merchant) throw notFound('Merchant not found.');
    const markets = await findMarketsOfMerchant(tx, merchantId);
    assertMerchantMarkets(staff, markets);
    if (input.location_ids) {
      const own = new Set((await findLocationsOfMerchant(tx, merchantId)).map((l) => l.id));
      if (!input.location_ids.every((id) => own.has(id))) throw new AppError('invalid', 'Choose locations of this merchant.', { location_ids: ['Choose locations of this merchant.'] });
    }
    await takeInvitation(tx, staff.id, input.email);
    const row = await inviteToMerchant(tx as Database, { email: input.email, role: input.role, merchantId, locationIds: input.location_ids }, staff.id);
    const out = merchantInvitationOut({ id: row.id, email: row.email, role: input.role, merchant_id: merchantId, location_ids: row.locationIds, created_at: row.createdAt, expires_at: row.expiresAt, accepted_at: null });
    await recordAudit(tx, { actor: staff, action: 'merchant.invite', entity: 'invitation', entityId: row.id, marketId: markets[0] ?? null, after: out, ip });
    return { row, out };
  });
  await mailInvitation(deps as AppDeps, made.row);
  return made.out;
}

/** A merchant's team and pending invitations (editors of its market). */
export async function getMerchantTeam(deps: Pick<AppDeps, 'db'>, staff: StaffUser, merchantId: number): Promise<MerchantTeamOut> {
  const merchant = await findMerchantById(deps.db.db, merchantId);
  if (!merchant) throw notFound('Merchant not found.');
  assertMerchantMarkets(staff, await findMarketsOfMerchant(deps.db.db, merchantId));
  const [members, invitations] = await Promise.all([findTeamOfMerchant(deps.db.db, merchantId), findPendingMerchantInvitations(deps.db.db, merchantId)]);
  return {
    members: members.map((m) => ({
      id: m.id,
      user_id: m.user_id,
      email: m.email,
      name: `${m.first_name} ${m.last_name}`.trim(),
      role: m.role,
      location_ids: m.role === 'cashier' ? (m.location_ids ?? []) : null,
      created_at: isoOf(m.created_at),
    })),
    invitations: invitations.map(merchantInvitationOut),
  };
}
