// The only catalogue file that talks SQL. Listing reads `offer_index` (one denormalised row per
// offer at its location, kept in step by triggers), with the query shapes PERFORMANCE-NOTES.md
// measured: an `earth_box` prefilter plus a KNN `ORDER BY earth <-> point` on the GiST index, the
// page picked first and only its rows enriched.
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { activeOffer, categoryFilterOnly, categoryMatch, earthPoint, intArray, withinCircle, withinLatLngRange, type GeoCircle, type GeoPoint } from './offer-sql.ts';

export type { GeoCircle, GeoPoint } from './offer-sql.ts';

const ITEM_COLUMNS = sql.raw(
  `oi.offer_id, oi.location_id, oi.merchant_id, oi.name, oi.picture_path, oi.merchant_name, oi.merchant_slug,
   oi.merchant_logo, oi.address, oi.city, oi.state, oi.zip, oi.lat, oi.lng, oi.expires_at::text AS expires_at,
   oi.is_active, oi.is_featured, oi.is_certified, oi.secondary_type`,
);

export interface OfferItemRow {
  offer_id: number;
  location_id: number;
  merchant_id: number;
  name: string;
  picture_path: string | null;
  merchant_name: string;
  merchant_slug: string;
  merchant_logo: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  expires_at: string;
  is_active: boolean;
  is_featured: boolean;
  is_certified: boolean;
  secondary_type: 'lease' | 'purchase' | 'other';
  additional_offers: number;
  dist_m: number | null;
}

/** Other active offers at the row's location (the `additional_offers` of a list item). */
function additionalOffers(today: string): SQL {
  return sql`(SELECT count(*)::int FROM offer_index x
    WHERE x.location_id = p.location_id AND x.offer_id <> p.offer_id AND ${activeOffer('x', today)}) AS additional_offers`;
}

export interface ActiveOfferFilters {
  circle: GeoCircle;
  today: string;
  /** Category ids (main, home-pros or sub); an empty list matches nothing. */
  categoryIds?: readonly number[] | undefined;
  /** The categories are common (see `categoryFilterOnly`): nearest-first scans filter them rather than use their index. */
  categoryCommon?: boolean | undefined;
  excludeIds?: readonly number[] | undefined;
  excludeLocationIds?: readonly number[] | undefined;
  featuredOnly?: boolean | undefined;
  /** Only these offers (search passes its matches here). */
  extra?: SQL | undefined;
}

/**
 * The WHERE clause. `geo` picks how the circle is found: 'box' (an `earth_box` the GiST index
 * answers, for nearest-first scans, which it bounds) or 'range' (latitude/longitude ranges the
 * planner estimates from column statistics, for every other order: its estimate for the box is
 * a fixed 0.1% of the table, which makes it sort the whole circle rather than walk an index).
 */
function activeOfferConditions(f: ActiveOfferFilters, geo: 'box' | 'range' | 'none'): SQL {
  const parts: SQL[] = [activeOffer('oi', f.today)];
  if (geo === 'box') parts.unshift(withinCircle(sql.raw('oi.earth'), f.circle));
  if (geo === 'range') parts.unshift(withinLatLngRange('oi', f.circle));
  if (f.categoryIds) parts.push(geo === 'box' && f.categoryCommon ? categoryFilterOnly('oi', f.categoryIds) : categoryMatch('oi', f.categoryIds));
  if (f.excludeIds?.length) parts.push(sql`NOT (oi.offer_id = ANY (${intArray(f.excludeIds)}))`);
  if (f.excludeLocationIds?.length) parts.push(sql`NOT (oi.location_id = ANY (${intArray(f.excludeLocationIds)}))`);
  if (f.featuredOnly) parts.push(sql`oi.is_featured`);
  if (f.extra) parts.push(f.extra);
  return sql.join(parts, sql` AND `);
}

export interface SortKey {
  expr: SQL;
  desc?: boolean;
  /** The GiST nearest-neighbour order (`earth <-> point`). */
  knn?: boolean;
}

export type OfferSort =
  /** Plain keys, e.g. [distance] or [created_at desc, distance]. */
  | { keys: SortKey[] }
  /** Rows matching `first` before the others, each group ordered by `then` (two index scans). */
  | { first: SQL; then: SortKey };

export interface OfferPage {
  limit: number;
  offset: number;
}

function keyColumns(keys: SortKey[]): SQL {
  return sql.join(keys.map((k, i) => sql`${k.expr} AS ${sql.raw(`k${i}`)}`), sql`, `);
}

/** ORDER BY over the keys, by expression (prefix '') or by the k0, k1... columns of a subquery, then by id. */
function orderBy(keys: SortKey[], prefix: string): SQL {
  const parts = keys.map((k, i) => sql`${prefix ? sql.raw(`${prefix}.k${i}`) : k.expr}${sql.raw(k.desc ? ' DESC' : '')}`);
  parts.push(sql.raw(`${prefix || 'oi'}.offer_id`));
  return sql.join(parts, sql`, `);
}

/**
 * The first `reach` rows nearest first, plus every other row at the same point as the last of
 * them. The GiST nearest-neighbour scan takes no tiebreaker (PostgreSQL 15 would sort the whole
 * circle for one: no incremental sort over it) and gives equal distances in no set order; the
 * tie group at the edge makes "distance, then id" exact for any offset. `tieWhere` is `where`
 * without the circle (the edge point is inside it), so the equality alone picks the index.
 */
function nearestWithTies(where: SQL, tieWhere: SQL, columns: SQL, knn: SortKey, reach: number): SQL {
  return sql`(WITH b AS MATERIALIZED (
      SELECT ${columns}, oi.earth AS edge_earth, ${knn.expr} AS edge_k FROM offer_index oi
      WHERE ${where} ORDER BY ${knn.expr} LIMIT ${reach})
    SELECT * FROM b
    UNION ALL
    SELECT ${columns}, oi.earth, ${knn.expr} FROM offer_index oi
    WHERE ${tieWhere} AND oi.earth = (SELECT b.edge_earth FROM b ORDER BY b.edge_k DESC LIMIT 1)
      AND NOT (oi.offer_id = ANY (ARRAY(SELECT b.offer_id FROM b))))`;
}

/**
 * Active offers in a circle, one page, as list-item rows. One statement: the page is chosen in
 * a subquery (an index-ordered scan where the order allows it), then only its rows get their
 * additional-offers count.
 */
export async function findActiveOffersNear(handle: DbHandle, f: ActiveOfferFilters, sort: OfferSort, page: OfferPage): Promise<OfferItemRow[]> {
  const dist = sql`earth_distance(oi.earth, ${earthPoint(f.circle)}) AS dist_m`;
  const reach = page.offset + page.limit;
  const outer = (source: SQL, keys: SortKey[]) =>
    handle.rows<OfferItemRow>(sql`
      SELECT p.*, ${additionalOffers(f.today)}
      FROM ${source} p
      ORDER BY ${orderBy(keys, 'p')} LIMIT ${page.limit} OFFSET ${page.offset}`);
  if ('first' in sort) {
    // Two ordered scans, one per group, each cut at offset + limit: an index keeps both cheap,
    // where one "ORDER BY flag DESC, ..." would sort every offer in the circle.
    const where = activeOfferConditions(f, sort.then.knn ? 'box' : 'range');
    const tieWhere = activeOfferConditions(f, 'none');
    const keys: SortKey[] = [{ expr: sql`(${sort.first})`, desc: true }, sort.then];
    const columns = sql`${ITEM_COLUMNS}, ${dist}, ${keyColumns(keys)}`;
    const branch = (cond: SQL) =>
      sort.then.knn
        ? nearestWithTies(sql`${where} AND ${cond}`, sql`${tieWhere} AND ${cond}`, columns, sort.then, reach)
        : sql`(SELECT ${columns} FROM offer_index oi WHERE ${where} AND ${cond} ORDER BY ${orderBy([sort.then], '')} LIMIT ${reach})`;
    return outer(sql`(${branch(sql`(${sort.first})`)} UNION ALL ${branch(sql`NOT (${sort.first})`)})`, keys);
  }
  const columns = sql`${ITEM_COLUMNS}, ${dist}, ${keyColumns(sort.keys)}`;
  if (sort.keys[0]?.knn) {
    return outer(sql`(${nearestWithTies(activeOfferConditions(f, 'box'), activeOfferConditions(f, 'none'), columns, sort.keys[0], reach)})`, sort.keys);
  }
  return handle.rows<OfferItemRow>(sql`
    SELECT p.*, ${additionalOffers(f.today)}
    FROM (SELECT ${columns} FROM offer_index oi
      WHERE ${activeOfferConditions(f, 'range')} ORDER BY ${orderBy(sort.keys, '')} LIMIT ${page.limit} OFFSET ${page.offset}) p
    ORDER BY ${orderBy(sort.keys, 'p')}`);
}

/** A match this far away counts half as much as one next door (the relevance order). */
const RELEVANCE_HALF_DISTANCE_M = 25 * 1609.344;

/** The relevance order's key for a match of relevance `rank` at `distM` metres, as the SQL of `sortKeys.relevance` computes it. */
export function relevanceAt(rank: number, distM: number): number {
  return rank / (1 + distM / RELEVANCE_HALF_DISTANCE_M);
}

/** The distance at which a match of relevance `rank` has fallen to `key` (the inverse of `relevanceAt`). */
export function distanceForRelevance(rank: number, key: number): number {
  return RELEVANCE_HALF_DISTANCE_M * Math.max(0, rank / key - 1);
}

/** Sort keys the listing orders use. */
export const sortKeys = {
  distance: (p: GeoPoint): SortKey => ({ expr: sql`oi.earth <-> ${earthPoint(p)}`, knn: true }),
  newest: (): SortKey => ({ expr: sql.raw('oi.created_at'), desc: true }),
  ending: (): SortKey => ({ expr: sql.raw('oi.expires_at') }),
  /** The per-offer random key, walked from a seed-chosen start (see `randomFrom`). */
  randomKey: (): SortKey => ({ expr: sql.raw('oi.random_key') }),
  /** Relevance damped by distance: a match 25 miles away counts half as much as one next door. */
  relevance: (rank: SQL, p: GeoPoint): SortKey => ({
    expr: sql`(${rank}) / (1 + earth_distance(oi.earth, ${earthPoint(p)}) / ${RELEVANCE_HALF_DISTANCE_M}::float8)`,
    desc: true,
  }),
};

/**
 * A stable random order: offers by their fixed random key (a hash of the id), starting at a
 * point the seed picks and wrapping around. The same seed always gives the same order; another
 * seed (by default another day) another start; both halves walk the random_key index.
 */
export function randomFrom(seed: number): OfferSort {
  // Scramble the seed (murmur3's finaliser) so that consecutive days start far apart.
  let h = seed | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  const start = (h ^ (h >>> 16)) & 0x7fffffff;
  return { first: sql`oi.random_key >= ${start}::int`, then: sortKeys.randomKey() };
}

/** Featured offers first, each group nearest first. */
export const featuredFirst = (p: GeoPoint): OfferSort => ({ first: sql.raw('oi.is_featured'), then: sortKeys.distance(p) });

/** Car offers (lease and purchase, SPEC.md 3 secondary_type) first, each group nearest first. */
export const carsFirst = (p: GeoPoint): OfferSort => ({ first: sql.raw(`oi.secondary_type IN ('lease', 'purchase')`), then: sortKeys.distance(p) });

/** Offers in any of these categories first, each group nearest first. */
export const categoriesFirst = (ids: readonly number[], p: GeoPoint): OfferSort => ({ first: categoryMatch('oi', ids), then: sortKeys.distance(p) });



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
    SELECT p.*, ${additionalOffers(options.today)}
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
    SELECT * FROM (
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
}

export async function findOfferDetail(handle: DbHandle, id: number, today: string): Promise<OfferDetailRow | undefined> {
  const rows = await handle.rows<OfferDetailRow>(sql`
    SELECT o.id, o.name, o.slug, o.picture_path, o.description, o.expires_at::text AS expires_at, o.max_prints::int AS max_prints,
      o.code, o.external_offer_url, o.retailer_terms, o.consumer_terms, o.secondary_type, o.horizontal, o.is_active,
      o.is_featured, o.merchant_id, o.location_id, m.slug AS merchant_slug, m.name AS merchant_name,
      m.logo_path AS merchant_logo, m.is_certified, l.address, l.address2, l.city, l.state, l.zip, l.lat, l.lng,
      (SELECT count(*)::int FROM offer_index x
        WHERE x.location_id = o.location_id AND x.offer_id <> o.id AND ${activeOffer('x', today)}) AS additional_offers
    FROM offers o
    JOIN merchants m ON m.id = o.merchant_id
    JOIN locations l ON l.id = o.location_id
    WHERE o.id = ${id}`);
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
  category_id: number | null;
  category_slug: string | null;
  category_name: string | null;
  category_display: string | null;
  dist_m: number | null;
}

const LOCATION_COLUMNS = sql.raw(
  `l.id, l.display_name, l.address, l.address2, l.city, l.state, l.zip, l.phone, l.lat, l.lng,
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

/**
 * How often each category id occurs in `offer_index.category_ids`, as a share of the rows, from
 * the planner statistics ANALYZE keeps (most common elements only: a category missing here is
 * rare). Empty before the first ANALYZE.
 */
export async function findCategoryFrequencies(handle: DbHandle): Promise<Map<number, number>> {
  const rows = await handle.rows<{ elems: string | null; freqs: string | null }>(sql`
    SELECT most_common_elems::text AS elems, most_common_elem_freqs::text AS freqs
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'offer_index' AND attname = 'category_ids'`);
  const out = new Map<number, number>();
  const parse = (text: string | null | undefined) => (text ? text.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : []);
  const elems = parse(rows[0]?.elems);
  const freqs = parse(rows[0]?.freqs);
  elems.forEach((id, i) => {
    if (Number.isFinite(freqs[i])) out.set(id, freqs[i]!);
  });
  return out;
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
