// The public catalogue's rules (SPEC.md 3, 4, 7 and 9): where the visitor is,
// which categories a list asks for, and the answer shapes; which offers a list shows and in which
// order is the offer query's (offer-query.ts). Other modules (search, saved items, leads, prints)
// call the exported functions here rather than the repository or the query.
import { finePrintLines } from '@market/domain/fine-print';
import { readOfferValue, regularPriceLine, valueBadge, type OfferValue } from '@market/domain/offer-value';
import { CONTESTS_SLUG, OTHER_MAIN_SLUGS } from '@market/domain/categories';
import { businessToday, expiryStatus, type ExpiryStatus } from '@market/domain/expiry';
import { boxCircle, type MapBox } from '@market/domain/map-area';
import { offerCode } from '@market/domain/offer-code';
import { preferredCategorySlugs, type PreferenceFlag } from '@market/domain/recommendations';
import type { AppDeps } from '../../context.ts';
import { mediaPaths } from '../../db/media-paths.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { resolvePosition, type Position } from '../geo/service.ts';
import { photosOfLocation } from '../merchant-photos/service.ts';
import { locationNowFields, nowOf, offerNowFields } from './lib/open-now.ts';
import { findOffers, type OfferFilter, type OfferItemRow, type OfferQueryOrder, type TextQuery } from './lib/offer-query.ts';
import type { GeoCircle, GeoPoint } from './lib/offer-sql.ts';
import {
  countActiveOffersByCategory,
  findActiveOfferItemsAtLocations,
  findAllCategories,
  findCategoryIdsOfOffers,
  findLocationsByIds,
  findLocationsNear,
  findLocationsOfMerchant,
  findOfferDetail,
  type OfferDetailRow,
  findOfferItemsByIds,
  findSpotlightMerchantsNear,
  type CategoryRow,
  type LocationRow,
} from './repository.ts';
import type {
  CategoriesOut,
  CategoryOut,
  LocationOut,
  LocationsQuery,
  OfferDetail,
  OfferListItem,
  OfferOrder,
  SpotlightOut,
} from './schema.ts';

const METRES_PER_MILE = 1609.344;

function miles(metres: number | null): number | null {
  return metres == null ? null : Math.round((metres / METRES_PER_MILE) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Where the visitor is

export interface PlaceParams {
  lat?: number | undefined;
  lng?: number | undefined;
  city?: string | undefined;
  state?: string | undefined;
}

/**
 * The circle a list covers: the visitor's position as the geo module resolves it (lat/lng; else
 * the most populous place matching city/state; else Detroit, MI) with the listing radius of its
 * market (SPEC.md 9: 100 miles, Twin Cities 200). City/state answers are kept for ten minutes
 * (`deps.catalogue.places`): places change only when the data is reloaded, and this saves up to
 * two queries per list call.
 */
export async function resolveListingCircle(deps: AppDeps, q: PlaceParams): Promise<GeoCircle> {
  if ((q.lat == null) !== (q.lng == null)) {
    throw q.lat == null ? invalid('lat', 'Send lat and lng together.') : invalid('lng', 'Send lat and lng together.');
  }
  const circle = (p: Position): GeoCircle => ({ lat: p.lat, lng: p.lng, radiusM: p.market.radiusM });
  if (q.lat != null) return circle(await resolvePosition(deps, q));
  const key = `${q.city?.trim().toLowerCase() ?? ''}|${q.state?.trim().toUpperCase() ?? ''}`;
  return deps.catalogue.places.fetch(key, async () => circle(await resolvePosition(deps, q)));
}

// ---------------------------------------------------------------------------------------------
// Offers

/**
 * A list item, with its "open now" and "valid today" fields at `now` (lib/open-now.ts): computed
 * per request from the row, never kept.
 */
/** The structured value and its badge (docs/api.md "Offer values"); a malformed stored value reads as none. */
function valueOut(raw: unknown): { value: OfferValue | null; badge: string | null } {
  const value = readOfferValue(raw);
  return { value, badge: valueBadge(value) };
}

function toListItem(r: OfferItemRow, now: Date): OfferListItem {
  return {
    entitiable_id: r.offer_id,
    entitiable_type: 'Offer',
    name: r.name,
    path: r.picture_path,
    merchant_logo: r.merchant_logo ?? mediaPaths.logo(r.merchant_slug),
    merchant_name: r.merchant_name,
    merchant_slug: r.merchant_slug,
    merchant_id: r.merchant_id,
    location_id: r.location_id,
    location: { address: r.address, city: r.city, state: r.state, zip: r.zip },
    expires_at: r.expires_at,
    latitude: r.lat,
    longitude: r.lng,
    is_certified: r.is_certified,
    secondary_type: r.secondary_type,
    additional_offers: r.additional_offers,
    is_featured: r.is_featured,
    distance: miles(r.dist_m),
    ...valueOut(r.value),
    ...offerNowFields(r, now),
  };
}

/** The categories table (a few hundred rows that change with data loads), kept five minutes. */
async function categoryRows(deps: AppDeps, fresh = false): Promise<CategoryRow[]> {
  return deps.catalogue.categoryRows.fetch('all', () => findAllCategories(deps.db), { fresh });
}

/**
 * The ids of a category filter (SPEC.md 7 `category`: main, home-pros or subcategory slugs; a
 * slug shared by several lists means all of them). Contests are not offers and are ignored
 * (SPEC.md 3); no slug left means no filter. `withChildren` adds the subcategories of each.
 */
async function categoryFilter(
  deps: AppDeps,
  slugs: readonly string[] | undefined,
): Promise<{ ids: number[]; withChildren: number[] } | undefined> {
  const wanted = new Set(slugs?.filter((s) => s !== CONTESTS_SLUG));
  if (!wanted.size) return undefined;
  let rows = await categoryRows(deps);
  // A slug we do not know may be a category added since the rows were cached: look once more.
  if ([...wanted].some((s) => !rows.some((r) => r.slug === s))) rows = await categoryRows(deps, true);
  const ids = rows.filter((r) => wanted.has(r.slug)).map((r) => r.id);
  const idSet = new Set(ids);
  const children = rows.filter((r) => r.parent_id != null && idSet.has(r.parent_id)).map((r) => r.id);
  return { ids, withChildren: [...new Set([...ids, ...children])] };
}

/** Today's date as a number, the default seed of the random order: stable all day, new tomorrow. */
function daySeed(today: string): number {
  return Number(today.replaceAll('-', ''));
}

export type ListOrder = OfferOrder | 'relevance';
export type { TextQuery } from './lib/offer-query.ts';

/** The list parameters of SPEC.md 7 shared by /api/entities/ and /api/search/. */
export interface OfferListParams extends PlaceParams {
  offset: number;
  limit: number;
  category?: string[] | undefined;
  order?: ListOrder | undefined;
  seed?: number | undefined;
  exclude?: number[] | undefined;
  exclude_location_ids?: number[] | undefined;
  featured?: boolean | undefined;
  /** Miles: only offers this near (never wider than the market radius). */
  radius?: number | undefined;
  /** "Valid right now": only offers whose fine print allows this minute, at a location open now. */
  valid_now?: boolean | undefined;
  /** Only offers in this box (the map's visible area), nearest its centre first. */
  bbox?: MapBox | undefined;
}

/** The listing order asked for, as the offer query takes it. */
function queryOrder(order: ListOrder, seed: number): OfferQueryOrder {
  switch (order) {
    case 'random':
      return { kind: 'random', seed };
    case 'featured':
    case 'cars':
    case 'newest':
    case 'ending':
    case 'saving':
    case 'relevance':
    case 'distance':
      return { kind: order };
  }
}

/**
 * GET /api/entities/ (SPEC.md 7): active offers within the market radius of the visitor's
 * position, filtered and ordered as asked, one page. Search passes its words in `text` (default
 * order then: relevance damped by distance).
 */
export async function listOffers(deps: AppDeps, q: OfferListParams, text?: TextQuery): Promise<OfferListItem[]> {
  // A map box replaces the place's market circle with the circle around the box (docs/api.md
  // "Map area"): the box is what the visitor looks at, wherever the place is.
  const market = q.bbox ? boxCircle(q.bbox) : await resolveListingCircle(deps, q);
  const circle = q.radius ? { ...market, radiusM: Math.min(market.radiusM, q.radius * METRES_PER_MILE) } : market;
  const category = await categoryFilter(deps, q.category);
  const today = businessToday();
  // One instant for the filter and the labels, so a kept row always reads "Open now".
  const now = nowOf(deps);
  const filter: OfferFilter = {
    circle,
    today,
    categoryIds: category?.ids,
    excludeIds: q.exclude,
    excludeLocationIds: q.exclude_location_ids,
    featuredOnly: q.featured === true,
    bounds: q.bbox,
    text,
    validAt: q.valid_now === true ? now : undefined,
  };
  const order = queryOrder(q.order ?? (text ? 'relevance' : 'distance'), q.seed ?? daySeed(today));
  const rows = await findOffers(deps, filter, order, { limit: q.limit, offset: q.offset });
  return rows.map((r) => toListItem(r, now));
}

export type SavedOfferItem = OfferListItem & { expiry_status: ExpiryStatus; is_active: boolean };

/**
 * Offers by id in the list-item shape, in the order of `ids` (unknown ids left out), each with
 * its SPEC.md 4 expiry status. Without `includeExpired` only offers a list may show come back;
 * with it, expired, hidden and inactive ones too, for saved items to sort out. `near` adds the
 * distance in miles.
 */
export async function offerListItemsByIds(
  deps: AppDeps,
  ids: number[],
  options: { includeExpired?: boolean; near?: GeoPoint } = {},
): Promise<SavedOfferItem[]> {
  const today = businessToday();
  const unique = [...new Set(ids)];
  const rows = await findOfferItemsByIds(deps.db, unique, { today, activeOnly: !options.includeExpired, near: options.near });
  const byId = new Map(rows.map((r) => [r.offer_id, r]));
  const now = nowOf(deps);
  const out: SavedOfferItem[] = [];
  for (const id of unique) {
    const r = byId.get(id);
    if (r) out.push({ ...toListItem(r, now), expiry_status: expiryStatus(r.expires_at, today), is_active: r.is_active });
  }
  return out;
}

/**
 * GET /api/offers/{id}/: every detail field of SPEC.md 3. An offer expired 7 or more days ago is
 * gone (404, SPEC.md 4); an inactive one still answers with is_active false, so the web can send
 * the visitor to the merchant (SPEC.md 4, offer deep link).
 */
export async function getOfferDetail(deps: AppDeps, id: number): Promise<OfferDetail> {
  const today = businessToday();
  const r = await findOfferDetail(deps.db, id, today);
  const status = r ? expiryStatus(r.expires_at, today) : 'hidden';
  if (!r || status === 'hidden') throw notFound('Offer not found.');
  const detail = await offerDetailOut(r, status);
  return { ...detail, ...offerNowFields(r, nowOf(deps)) };
}

/**
 * An offer as its detail reads, whatever its status (drafts and long-expired ones too): for a
 * staff preview of its printed coupon, never for savers.
 */
export async function getOfferDetailForPreview(deps: Pick<AppDeps, 'db'>, id: number): Promise<OfferDetail> {
  const today = businessToday();
  const r = await findOfferDetail(deps.db, id, today, { drafts: true });
  if (!r) throw notFound('Offer not found.');
  // Long expired reads 'expired' here: staff may preview any offer.
  return offerDetailOut(r, expiryStatus(r.expires_at, today) === 'active' ? 'active' : 'expired');
}

async function offerDetailOut(r: OfferDetailRow, status: OfferDetail['expiry_status']): Promise<OfferDetail> {
  const externalUrl = r.external_offer_url.trim();
  return {
    id: r.id,
    type: r.secondary_type === 'lease' ? 'lease' : 'offer',
    name: r.name,
    slug: r.slug,
    path: r.picture_path,
    merchant_logo: r.merchant_logo ?? mediaPaths.logo(r.merchant_slug),
    merchant_id: r.merchant_id,
    merchant: { id: r.merchant_id, slug: r.merchant_slug, name: r.merchant_name },
    description: r.description,
    expires_at: r.expires_at,
    expiry_status: status,
    max_prints: r.max_prints,
    is_certified: r.is_certified,
    secondary_type: r.secondary_type,
    code: await offerCode(r.id, r.code),
    is_featured: r.is_featured,
    is_active: r.is_active,
    external_offer_url: externalUrl ? externalUrl : null,
    horizontal: r.horizontal,
    location_id: r.location_id,
    location: {
      id: r.location_id,
      address: r.address,
      address2: r.address2,
      city: r.city,
      state: r.state,
      zip: r.zip,
      latitude: r.lat,
      longitude: r.lng,
    },
    retailer_terms: r.retailer_terms,
    consumer_terms: r.consumer_terms,
    fine_print_lines: finePrintLines(r.fine_print),
    additional_offers: r.additional_offers,
    ...valueOut(r.value),
    regular_price_line: regularPriceLine(r.value),
  };
}

// ---------------------------------------------------------------------------------------------
// Locations

/** Location rows plus one query for the active offers of all of them (no query per location). */
async function withEntities(deps: AppDeps, rows: LocationRow[], near?: GeoPoint): Promise<LocationOut[]> {
  const offers = await findActiveOfferItemsAtLocations(
    deps.db,
    rows.map((r) => r.id),
    { today: businessToday(), near },
  );
  const now = nowOf(deps);
  const byLocation = new Map<number, OfferListItem[]>();
  const totals = new Map<number, number>();
  for (const o of offers) {
    const list = byLocation.get(o.location_id) ?? [];
    list.push(toListItem(o, now));
    byLocation.set(o.location_id, list);
    totals.set(o.location_id, o.additional_offers + 1);
  }
  return rows.map((r) => {
    const entities = byLocation.get(r.id) ?? [];
    return {
      id: r.id,
      display_name: r.display_name,
      address: r.address,
      address2: r.address2,
      city: r.city,
      state: r.state,
      zip: r.zip,
      phone: r.phone,
      website_url: r.location_website_url?.trim() ? r.location_website_url : null,
      menu_url: r.menu_url?.trim() ? r.menu_url : null,
      booking_url: r.booking_url?.trim() ? r.booking_url : null,
      latitude: r.lat,
      longitude: r.lng,
      merchant_slug: r.merchant_slug,
      merchant_name: r.merchant_name,
      is_certified: r.is_certified,
      logo: { path: r.logo_path ?? mediaPaths.logo(r.merchant_slug) },
      merchant: {
        id: r.merchant_id,
        display: r.merchant_name,
        slug: r.merchant_slug,
        is_certified: r.is_certified,
        about: r.about,
        website: r.website_url?.trim() ? r.website_url : null,
      },
      category:
        r.category_id != null
          ? { id: r.category_id, slug: r.category_slug ?? '', name: r.category_name ?? '', display: r.category_display ?? '' }
          : null,
      entities,
      offer: entities[0] ?? null,
      // SPEC.md 3: a location card shows the first offer and "total minus one" more.
      additional_offers: Math.max((totals.get(r.id) ?? 0) - 1, 0),
      distance: miles(r.dist_m),
      ...locationNowFields(r, now),
    };
  });
}

/** Locations by id in the Location shape of SPEC.md 3, in the order of `ids` (unknown ids left out). */
export async function locationsByIds(deps: AppDeps, ids: number[], options: { near?: GeoPoint } = {}): Promise<LocationOut[]> {
  const unique = [...new Set(ids)];
  const rows = await findLocationsByIds(deps.db, unique, options.near);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = unique.map((id) => byId.get(id)).filter((r): r is LocationRow => r !== undefined);
  return withEntities(deps, ordered, options.near);
}

/** GET /api/locations/{id}/. */
export async function getLocation(deps: AppDeps, id: number): Promise<LocationOut> {
  const [[location], photos] = await Promise.all([locationsByIds(deps, [id]), photosOfLocation(deps, id)]);
  if (!location) throw notFound('Location not found.');
  return { ...location, photos };
}

/**
 * GET /api/locations/: with `slug`, that merchant's locations (anywhere, nearest first);
 * otherwise locations within the market radius, nearest first, optionally by category.
 */
export async function listLocations(deps: AppDeps, q: LocationsQuery): Promise<LocationOut[]> {
  const circle = await resolveListingCircle(deps, q);
  const page = { limit: q.limit, offset: q.offset };
  const rows = q.slug
    ? await findLocationsOfMerchant(deps.db, q.slug, circle, page)
    : await findLocationsNear(
        deps.db,
        { circle, today: businessToday(), category: await categoryFilter(deps, q.category), excludeIds: q.exclude },
        page,
      );
  return withEntities(deps, rows, circle);
}

// ---------------------------------------------------------------------------------------------
// Categories

/**
 * GET /api/categories/ (SPEC.md 3): the main categories in their fixed order, the same list
 * without contests for filters, and the five home-pros groups, each with its subcategories
 * (sorted by name) and a count of active offers. Counting reads every active offer, so the
 * answer is kept for five minutes.
 */
export async function listCategories(deps: AppDeps): Promise<CategoriesOut> {
  const today = businessToday();
  return deps.catalogue.categories.fetch(today, () => categoriesOfDay(deps, today));
}

async function categoriesOfDay(deps: AppDeps, today: string): Promise<CategoriesOut> {
  const [rows, counts] = await Promise.all([categoryRows(deps, true), countActiveOffersByCategory(deps.db, today)]);
  const countById = new Map(counts.map((c) => [c.id, c.n]));
  const children = new Map<number, CategoryRow[]>();
  for (const r of rows) {
    if (r.kind !== 'sub' || r.parent_id == null) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const shape = (r: CategoryRow): CategoryOut => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    display: r.display,
    order: r.order_num,
    icon: r.icon,
    path: r.image_path,
    count: countById.get(r.id) ?? 0,
    subcategories: (children.get(r.id) ?? [])
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id)
      .map((s) => ({ id: s.id, name: s.name, slug: s.slug, list: s.list, count: s.count, extra: s.extra })),
  });
  // SPEC.md 3: eight main categories; community and locations exist but are not listed.
  const unlisted = new Set<string>(OTHER_MAIN_SLUGS);
  const main = rows.filter((r) => r.kind === 'main' && !unlisted.has(r.slug)).map(shape);
  return {
    main,
    filter: main.filter((c) => c.slug !== CONTESTS_SLUG),
    homepros: rows.filter((r) => r.kind === 'homepros').map(shape),
  };
}

// ---------------------------------------------------------------------------------------------
// Recommendations and spotlight

/**
 * GET /api/recommendations/ (docs/api.md; SPEC.md 9: 4 by default): active offers near the
 * visitor, those sharing a category with the saved offers or a turned-on preference first, then
 * featured first when nothing is favoured; nearest first within each group. Saved offers
 * themselves are left out.
 */
export async function recommendOffers(
  deps: AppDeps,
  q: PlaceParams & { limit: number; offer_ids?: number[] | undefined; preferences?: PreferenceFlag[] | undefined },
): Promise<OfferListItem[]> {
  const circle = await resolveListingCircle(deps, q);
  const saved = q.offer_ids ?? [];
  const [fromSaved, fromPreferences] = await Promise.all([
    findCategoryIdsOfOffers(deps.db, saved),
    categoryFilter(deps, preferredCategorySlugs(q.preferences ?? [])),
  ]);
  // Main categories only for preferences (their slugs also name home-pros groups).
  const mainIds = new Set((await categoryRows(deps)).filter((r) => r.kind === 'main').map((r) => r.id));
  const favoured = [...new Set([...fromSaved, ...(fromPreferences?.ids.filter((id) => mainIds.has(id)) ?? [])])];
  const rows = await findOffers(
    deps,
    { circle, today: businessToday(), excludeIds: saved },
    favoured.length ? { kind: 'categories-first', categoryIds: favoured } : { kind: 'featured' },
    { limit: q.limit, offset: 0 },
  );
  const now = nowOf(deps);
  return rows.map((r) => toListItem(r, now));
}

/** GET /api/spotlight/: spotlight merchants near the visitor, each at its nearest location. */
export async function spotlightMerchants(deps: AppDeps, q: PlaceParams & { limit: number }): Promise<SpotlightOut[]> {
  const circle = await resolveListingCircle(deps, q);
  const rows = await findSpotlightMerchantsNear(deps.db, circle, q.limit);
  return rows.map((r) => ({
    id: r.location_id,
    slug: r.slug,
    merchant: { id: r.merchant_id, display: r.name },
    city: r.city,
    state: r.state,
    about: r.about,
    logo: { path: r.logo_path ?? mediaPaths.logo(r.slug) },
    is_certified: r.is_certified,
    distance: miles(r.dist_m) ?? 0,
  }));
}
