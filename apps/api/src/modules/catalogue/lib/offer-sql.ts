// SQL fragments shared by the offer query, the catalogue and search repositories: parameters
// drizzle cannot bind as arrays, the geo circle (docs/performance.md: earth_box prefilter on the
// GiST index), the rule of which offers a list may show (SPEC.md 4) and the list-item columns.
import { sql, type SQL } from 'drizzle-orm';
import { MARKETS } from '@market/domain/markets';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeoCircle extends GeoPoint {
  radiusM: number;
}

/** One page of a list (SPEC.md 7 limit and offset). */
export interface OfferPage {
  limit: number;
  offset: number;
}

/** A PostgreSQL int[] parameter (drizzle would expand a JS array into a list of parameters). */
export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
}

/** A PostgreSQL text[] parameter, each element quoted. */
export function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
}

export function earthPoint(p: GeoPoint): SQL {
  return sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;
}

/** Rows within the circle: the box prefilter lets the GiST index answer, the distance trims its corners. */
export function withinCircle(column: SQL, c: GeoCircle): SQL {
  return sql`earth_box(${earthPoint(c)}, ${c.radiusM}::float8) @> ${column} AND earth_distance(${column}, ${earthPoint(c)}) <= ${c.radiusM}::float8`;
}

/** Radius of the sphere used for the latitude/longitude ranges: the smaller of the two in use, so the ranges never cut the circle. */
const RANGE_EARTH_RADIUS_M = 6_371_000;

/**
 * Rows within the circle found by latitude/longitude ranges (a box around it, with a small
 * margin) and trimmed by the exact distance. The ranges have real column statistics, so the
 * planner can judge how much of the table the circle holds.
 */
export function withinLatLngRange(alias: string, c: GeoCircle): SQL {
  const angle = (c.radiusM / RANGE_EARTH_RADIUS_M) * 1.001;
  const dLat = (angle * 180) / Math.PI;
  const cosLat = Math.cos((c.lat * Math.PI) / 180);
  const ratio = Math.sin(angle) / Math.max(cosLat, 1e-9);
  // Near a pole the circle spans every longitude.
  const dLng = ratio >= 1 || Math.abs(c.lat) + dLat >= 90 ? 180 : (Math.asin(ratio) * 180) / Math.PI;
  const a = sql.raw(alias);
  const lng = dLng >= 180 ? sql`` : sql` AND ${a}.lng BETWEEN ${c.lng - dLng}::float8 AND ${c.lng + dLng}::float8`;
  return sql`${a}.lat BETWEEN ${c.lat - dLat}::float8 AND ${c.lat + dLat}::float8${lng} AND earth_distance(${a}.earth, ${earthPoint(c)}) <= ${c.radiusM}::float8`;
}

/** Rows inside a latitude/longitude box (the map's visible area; never across the antimeridian). */
export function withinBounds(alias: string, b: { west: number; south: number; east: number; north: number }): SQL {
  const a = sql.raw(alias);
  return sql`${a}.lat BETWEEN ${b.south}::float8 AND ${b.north}::float8 AND ${a}.lng BETWEEN ${b.west}::float8 AND ${b.east}::float8`;
}

/** SPEC.md 4: lists show active offers only (the flag set, valid through `expires_at`, and from `starts_at` for a scheduled one). */
export function activeOffer(alias: string, today: string): SQL {
  return sql`${sql.raw(alias)}.is_active AND ${sql.raw(alias)}.expires_at >= ${today}::date AND (${sql.raw(alias)}.starts_at IS NULL OR ${sql.raw(alias)}.starts_at <= ${today}::date)`;
}

/**
 * Offers in any of these categories (main, home-pros group or sub: `category_ids` holds all
 * three). The ids are constants, not a subquery, so the planner can weigh the GIN index on
 * `category_ids` against the nearest-first scan with real statistics. No ids, no match.
 */
export function categoryMatch(alias: string, ids: readonly number[]): SQL {
  return sql`${sql.raw(alias)}.category_ids && ${intArray(ids)}`;
}

/**
 * The same condition written so that no index can answer it. For a common category (a few
 * percent of all offers and more), a nearest-first walk of the GiST index meets 12 matches
 * within a few hundred rows, but the planner, which guesses the circle's `earth_box` at 0.1% of
 * the table, prefers intersecting the box with the category's GIN bitmap and sorting every
 * match (tens of thousands of rows at national scale: 250-550 ms instead of 1-10 ms).
 */
export function categoryFilterOnly(alias: string, ids: readonly number[]): SQL {
  return sql`coalesce(${sql.raw(alias)}.category_ids && ${intArray(ids)}, false)`;
}

/** The columns of a list item (`OfferItemRow` without the distance and the additional-offers count). */
export const ITEM_COLUMNS = sql.raw(
  `oi.offer_id, oi.location_id, oi.merchant_id, oi.name, oi.picture_path, oi.merchant_name, oi.merchant_slug,
   oi.merchant_logo, oi.address, oi.city, oi.state, oi.zip, oi.lat, oi.lng, oi.expires_at::text AS expires_at,
   oi.is_active, oi.is_featured, oi.is_certified, oi.secondary_type, oi.value`,
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
  /** The structured value (docs/api.md "Offer values"), read through @market/domain/offer-value. */
  value: unknown;
  additional_offers: number;
  dist_m: number | null;
  /** The inputs of the clock-dependent fields (lib/open-now.ts), from `nowInputColumns`. */
  fine_print?: unknown;
  opening_hours?: unknown;
  timezone?: string | null;
}

/**
 * The offer's fine print, its location's hours and market time zone for the row `alias` (a page
 * row, so only the rows answered pay for them): the inputs of "open now" and "valid today"
 * (lib/open-now.ts), which are computed per request and never stored.
 */
export function nowInputColumns(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`(SELECT o.fine_print FROM offers o WHERE o.id = ${a}.offer_id) AS fine_print,
    (SELECT l.opening_hours FROM locations l WHERE l.id = ${a}.location_id) AS opening_hours,
    (SELECT mk.timezone FROM locations l JOIN markets mk ON mk.id = l.market_id WHERE l.id = ${a}.location_id) AS timezone`;
}

/** Other active offers at the row's location (the `additional_offers` of a list item). */
export function additionalOffers(today: string): SQL {
  return sql`(SELECT count(*)::int FROM offer_index x
    WHERE x.location_id = p.location_id AND x.offer_id <> p.offer_id AND ${activeOffer('x', today)}) AS additional_offers`;
}

/** The market time zones (few): "valid right now" works their minute of the week out once per statement, not per row. */
const MARKET_ZONES = [...new Set(Object.values(MARKETS).map((m) => m.timezone))];

/** The minute of the week (Monday 00:00 = 0) on the wall clock of `zone` (SQL text) at the instant `at`. */
function weekMinute(at: Date, zone: SQL): SQL {
  const local = sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${zone})`;
  return sql`((extract(isodow from ${local})::int - 1) * 1440 + extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
}

/**
 * "Valid right now" (docs/api.md "Valid right now"): the row's location is open at `at` and its
 * fine print allows that minute, both read on the wall clock of the row's market time zone as a
 * minute of the week (migration 0017 `open_week`, `valid_week`). The instant is a parameter (the
 * request's clock), never now(). Unknown hours (`open_week` NULL) are left out: the place is not
 * known to be open. For the market zones the minute is a constant the planner folds (one CASE
 * per row instead of six time-zone conversions: 14 µs a row otherwise); any other zone is
 * converted per row. `coalesce(..., false)` keeps the planner from estimating the condition
 * (it would guess a tiny share and sort the whole circle rather than walk it nearest first,
 * as with `categoryFilterOnly`).
 */
export function validRightNow(alias: string, at: Date): SQL {
  const a = sql.raw(alias);
  const known = MARKET_ZONES.map((zone) => sql`WHEN ${zone}::text THEN ${weekMinute(at, sql`${zone}::text`)}`);
  const minute = sql`(CASE ${a}.timezone ${sql.join(known, sql` `)} ELSE ${weekMinute(at, sql`${a}.timezone`)} END)`;
  return sql`coalesce(${a}.open_week @> ${minute} AND (${a}.valid_week IS NULL OR ${a}.valid_week @> ${minute}), false)`;
}
