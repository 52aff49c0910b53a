// SQL fragments shared by the catalogue and search repositories: parameters drizzle cannot bind
// as arrays, the geo circle (PERFORMANCE-NOTES.md: earth_box prefilter on the GiST index) and the
// rule of which offers a list may show (SPEC.md 4).
import { sql, type SQL } from 'drizzle-orm';

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface GeoCircle extends GeoPoint {
  radiusM: number;
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

/** SPEC.md 4: lists show active offers only (the flag set and valid through `expires_at`). */
export function activeOffer(alias: string, today: string): SQL {
  return sql`${sql.raw(alias)}.is_active AND ${sql.raw(alias)}.expires_at >= ${today}::date`;
}

/**
 * Offers in any of these categories (main, home-pros group or sub: `category_ids` holds all
 * three). The ids are constants, not a subquery, so the planner can weigh the GIN index on
 * `category_ids` against the nearest-first scan with real statistics. No ids, no match.
 */
export function categoryMatch(alias: string, ids: readonly number[]): SQL {
  return sql`${sql.raw(alias)}.category_ids && ${intArray(ids)}`;
}
