// Catalogue reads other than offer listings (those are offer-query.ts): offers by id and at
// locations, offer detail, locations, categories and spotlight merchants. Rows from
// `offer_index` (one denormalised row per offer at its location, kept in step by triggers) use
// the list-item columns of offer-sql.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import {
  activeOffer,
  additionalOffers,
  categoryMatch,
  earthPoint,
  intArray,
  ITEM_COLUMNS,
  nowInputColumns,
  withinCircle,
  type GeoCircle,
  type GeoPoint,
  type OfferItemRow,
  type OfferPage,
} from './lib/offer-sql.ts';

/**
 * Offers by id as list-item rows, in no particular order. `activeOnly` keeps the offers a list
 * may show; otherwise expired and inactive ones come too (saved items show them).
 */
export async function findOfferItemsByIds(
  handle: DbHandle,
  ids: readonly number[],
  options: { today: string; activeOnly: boolean; near?: GeoPoint | undefined },
): Promise<OfferItemRow[]> {
  if (!ids.length) return [];
  const dist = options.near ? sql`earth_distance(oi.earth, ${earthPoint(options.near)})` : sql`NULL::float8`;
  const active = options.activeOnly ? sql` AND ${activeOffer('oi', options.today)}` : sql``;
  return handle.rows<OfferItemRow>(sql`
    SELECT p.*, ${additionalOffers(options.today)}, ${nowInputColumns('p')}
    FROM (SELECT ${ITEM_COLUMNS}, ${dist} AS dist_m FROM offer_index oi
      WHERE oi.offer_id = ANY (${intArray(ids)})${active}) p`);
}

/** The most offers a location answer carries in `entities`. */
export const LOCATION_ENTITIES_CAP = 50;

/**
 * Active offers at these locations, featured first then ending soonest. `additional_offers` is
 * the location's active total minus one.
 */
export async function findActiveOfferItemsAtLocations(
  handle: DbHandle,
  locationIds: readonly number[],
  options: { today: string; near?: GeoPoint | undefined },
): Promise<OfferItemRow[]> {
  if (!locationIds.length) return [];
  const dist = options.near ? sql`earth_distance(oi.earth, ${earthPoint(options.near)})` : sql`NULL::float8`;
  return handle.rows<OfferItemRow>(sql`
    SELECT s.*, ${nowInputColumns('s')} FROM (
      SELECT ${ITEM_COLUMNS}, ${dist} AS dist_m,
        row_number() OVER (PARTITION BY oi.location_id ORDER BY oi.is_featured DESC, oi.expires_at, oi.offer_id) AS rn,
        (count(*) OVER (PARTITION BY oi.location_id))::int - 1 AS additional_offers
      FROM offer_index oi
      WHERE oi.location_id = ANY (${intArray(locationIds)}) AND ${activeOffer('oi', options.today)}
    ) s
    WHERE s.rn <= ${LOCATION_ENTITIES_CAP}
    ORDER BY s.location_id, s.rn`);
}

export interface OfferDetailRow {
  id: number;
  name: string;
  slug: string;
  picture_path: string | null;
  description: string;
  expires_at: string;
  max_prints: number;
  code: string;
  external_offer_url: string;
  retailer_terms: string;
  consumer_terms: string;
  secondary_type: 'lease' | 'purchase' | 'other';
  horizontal: boolean;
  is_active: boolean;
  is_featured: boolean;
  merchant_id: number;
  location_id: number;
  merchant_slug: string;
  merchant_name: string;
  merchant_logo: string | null;
  is_certified: boolean;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  additional_offers: number;
  fine_print: unknown;
  value: unknown;
  opening_hours: unknown;
  timezone: string | null;
}

/** An offer with its merchant and location; drafts only when `options.drafts` (a staff preview). */
export async function findOfferDetail(handle: DbHandle, id: number, today: string, options: { drafts?: boolean } = {}): Promise<OfferDetailRow | undefined> {
  const rows = await handle.rows<OfferDetailRow>(sql`
    SELECT o.id, o.name, o.slug, o.picture_path, o.description, o.expires_at::text AS expires_at, o.max_prints::int AS max_prints,
      o.code, o.external_offer_url, o.retailer_terms, o.consumer_terms, o.secondary_type, o.horizontal,
      (o.is_active AND (o.starts_at IS NULL OR o.starts_at <= ${today}::date)) AS is_active,
      o.is_featured, o.fine_print, o.value, o.merchant_id, o.location_id, m.slug AS merchant_slug, m.name AS merchant_name,
      m.logo_path AS merchant_logo, m.is_certified, l.address, l.address2, l.city, l.state, l.zip, l.lat, l.lng,
      l.opening_hours, (SELECT mk.timezone FROM markets mk WHERE mk.id = l.market_id) AS timezone,
      (SELECT count(*)::int FROM offer_index x
        WHERE x.location_id = o.location_id AND x.offer_id <> o.id AND ${activeOffer('x', today)}) AS additional_offers
    FROM offers o
    JOIN merchants m ON m.id = o.merchant_id
    JOIN locations l ON l.id = o.location_id
    WHERE o.id = ${id} ${options.drafts ? sql`` : sql`AND o.status <> 'draft'`}`);
  return rows[0];
}

export interface LocationRow {
  id: number;
  display_name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  lat: number;
  lng: number;
  merchant_id: number;
  merchant_slug: string;
  merchant_name: string;
  is_certified: boolean;
  logo_path: string | null;
  about: string;
  website_url: string | null;
  location_website_url: string | null;
  menu_url: string | null;
  booking_url: string | null;
  category_id: number | null;
  category_slug: string | null;
  category_name: string | null;
  category_display: string | null;
  dist_m: number | null;
  opening_hours: unknown;
  timezone: string | null;
}

const LOCATION_COLUMNS = sql.raw(
  `l.id, l.display_name, l.address, l.address2, l.city, l.state, l.zip, l.phone, l.lat, l.lng,
   l.opening_hours, (SELECT mk.timezone FROM markets mk WHERE mk.id = l.market_id) AS timezone,
   l.website_url AS location_website_url, l.menu_url, l.booking_url,
   m.id AS merchant_id, m.slug AS merchant_slug, m.name AS merchant_name, m.is_certified, m.logo_path, m.about,
   m.website_url, c.id AS category_id, c.slug AS category_slug, c.name AS category_name, c.display AS category_display`,
);
const LOCATION_JOINS = sql.raw(`FROM locations l JOIN merchants m ON m.id = l.merchant_id LEFT JOIN categories c ON c.id = m.category_id`);

export async function findLocationsByIds(handle: DbHandle, ids: readonly number[], near?: GeoPoint): Promise<LocationRow[]> {
  if (!ids.length) return [];
  const dist = near ? sql`earth_distance(l.earth, ${earthPoint(near)})` : sql`NULL::float8`;
  return handle.rows<LocationRow>(sql`
    SELECT ${LOCATION_COLUMNS}, ${dist} AS dist_m ${LOCATION_JOINS}
    WHERE l.id = ANY (${intArray(ids)})`);
}

/** A merchant's locations, nearest to `near` first. */
export async function findLocationsOfMerchant(handle: DbHandle, merchantSlug: string, near: GeoPoint, page: OfferPage): Promise<LocationRow[]> {
  const pt = earthPoint(near);
  return handle.rows<LocationRow>(sql`
    SELECT ${LOCATION_COLUMNS}, earth_distance(l.earth, ${pt}) AS dist_m ${LOCATION_JOINS}
    WHERE m.slug = ${merchantSlug}
    ORDER BY l.earth <-> ${pt}, l.id
    LIMIT ${page.limit} OFFSET ${page.offset}`);
}

/**
 * Locations in a circle, nearest first. A category matches the merchant's own category (or its
 * parent) or any active offer there, so merchants without online offers still show.
 */
export async function findLocationsNear(
  handle: DbHandle,
  f: {
    circle: GeoCircle;
    today: string;
    /** The asked categories and, for merchants filed under a subcategory, their children. */
    category?: { ids: readonly number[]; withChildren: readonly number[] } | undefined;
    excludeIds?: readonly number[] | undefined;
  },
  page: OfferPage,
): Promise<LocationRow[]> {
  const pt = earthPoint(f.circle);
  const parts: SQL[] = [withinCircle(sql.raw('l.earth'), f.circle)];
  if (f.category) {
    parts.push(sql`(
      m.category_id = ANY (${intArray(f.category.withChildren)})
      OR EXISTS (SELECT 1 FROM offer_index oi WHERE oi.location_id = l.id AND ${activeOffer('oi', f.today)}
        AND ${categoryMatch('oi', f.category.ids)}))`);
  }
  if (f.excludeIds?.length) parts.push(sql`NOT (l.id = ANY (${intArray(f.excludeIds)}))`);
  return handle.rows<LocationRow>(sql`
    SELECT ${LOCATION_COLUMNS}, earth_distance(l.earth, ${pt}) AS dist_m ${LOCATION_JOINS}
    WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY l.earth <-> ${pt}
    LIMIT ${page.limit} OFFSET ${page.offset}`);
}

export interface CategoryRow {
  id: number;
  kind: 'main' | 'homepros' | 'sub';
  parent_id: number | null;
  slug: string;
  name: string;
  display: string;
  order_num: number;
  list: string | null;
  count: number;
  extra: string | null;
  icon: string | null;
  image_path: string | null;
}

export async function findAllCategories(handle: DbHandle): Promise<CategoryRow[]> {
  return handle.rows<CategoryRow>(sql`
    SELECT id, kind, parent_id, slug, name, display, order_num::int AS order_num, list, count, extra, icon, image_path
    FROM categories ORDER BY order_num, name, id`);
}

/** Active offers per category id (main, group and sub alike). */
export async function countActiveOffersByCategory(handle: DbHandle, today: string): Promise<Array<{ id: number; n: number }>> {
  return handle.rows<{ id: number; n: number }>(sql`
    SELECT cid AS id, count(*)::int AS n
    FROM offer_index oi CROSS JOIN LATERAL unnest(oi.category_ids) AS cid
    WHERE ${activeOffer('oi', today)}
    GROUP BY cid`);
}

/** The category ids (main, group and sub) of these offers, together. */
export async function findCategoryIdsOfOffers(handle: DbHandle, offerIds: readonly number[]): Promise<number[]> {
  if (!offerIds.length) return [];
  const rows = await handle.rows<{ id: number }>(sql`
    SELECT DISTINCT s.cid AS id FROM offer_index so CROSS JOIN LATERAL unnest(so.category_ids) AS s(cid)
    WHERE so.offer_id = ANY (${intArray(offerIds)})`);
  return rows.map((r) => r.id);
}

export interface SpotlightRow {
  location_id: number;
  city: string;
  state: string;
  merchant_id: number;
  name: string;
  slug: string;
  about: string;
  logo_path: string | null;
  is_certified: boolean;
  dist_m: number;
}

/**
 * Spotlight merchants whose nearest location is in the circle, at that location, nearest first.
 * Spotlight merchants are few (a partial index finds them), so each one's locations are measured
 * directly rather than scanning every location in the circle.
 */
export async function findSpotlightMerchantsNear(handle: DbHandle, circle: GeoCircle, limit: number): Promise<SpotlightRow[]> {
  const pt = earthPoint(circle);
  return handle.rows<SpotlightRow>(sql`
    SELECT nl.location_id, nl.city, nl.state, m.id AS merchant_id, m.name, m.slug, m.about, m.logo_path, m.is_certified, nl.dist_m
    FROM merchants m
    CROSS JOIN LATERAL (
      SELECT l.id AS location_id, l.city, l.state, earth_distance(l.earth, ${pt}) AS dist_m
      FROM locations l WHERE l.merchant_id = m.id
      ORDER BY 4, l.id LIMIT 1
    ) nl
    WHERE m.is_spotlight AND nl.dist_m <= ${circle.radiusM}::float8
    ORDER BY nl.dist_m, nl.location_id
    LIMIT ${limit}`);
}
