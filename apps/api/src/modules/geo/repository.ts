import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { markets, places } from '../../db/schema/index.ts';

export function findAllMarkets(db: Executor) {
  return db.select().from(markets).orderBy(asc(markets.id));
}

const placeColumns = {
  id: places.id,
  name: places.name,
  state: places.state,
  lat: places.lat,
  lng: places.lng,
  population: places.population,
};

export interface PlaceRow {
  id: number;
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

export async function findPlaceById(db: Executor, id: number): Promise<PlaceRow | undefined> {
  const rows = await db.select(placeColumns).from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}

/** Escapes LIKE wildcards so a typed '%' or '_' matches itself. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Cities whose lower-cased name starts with one of `prefixes` (btree places_name_lower_idx,
 * text_pattern_ops, one index scan each), optionally in some states; most populous first, or,
 * near a point, population damped by distance so that a nearby town outranks a far city of the
 * same name.
 */
export async function findPlacesByPrefix(
  db: Executor,
  options: { prefixes: readonly string[]; states?: string[] | undefined; near?: { lat: number; lng: number } | undefined; limit: number },
): Promise<PlaceRow[]> {
  if (!options.prefixes.length) return [];
  const conditions: SQL[] = [sql`(${sql.join(options.prefixes.map((p) => sql`lower(${places.name}) LIKE ${likePrefix(p)}`), sql` OR `)})`];
  if (options.states?.length) conditions.push(sql`${places.state} IN (${sql.join(options.states.map((s) => sql`${s}`), sql`, `)})`);
  const near = options.near;
  // Halving the weight every ~80 km of distance: a 20k town next door beats a 100k city 200 km away.
  const rank = near
    ? sql`${places.population}::float8 / (1 + power(earth_distance(${places.earth}, ll_to_earth(${near.lat}, ${near.lng})) / 80000.0, 2)) DESC`
    : sql`${places.population} DESC`;
  return db
    .select(placeColumns)
    .from(places)
    .where(sql.join(conditions, sql` AND `))
    .orderBy(rank, sql`${places.population} DESC`, asc(places.name), asc(places.id))
    .limit(options.limit);
}

/** The nearest city to a point within `maxMeters` (KNN on places_earth_gist). */
export async function findNearestPlace(db: Executor, point: { lat: number; lng: number }, maxMeters: number): Promise<PlaceRow | undefined> {
  const target = sql`ll_to_earth(${point.lat}, ${point.lng})`;
  const rows = await db
    .select(placeColumns)
    .from(places)
    .where(sql`earth_box(${target}, ${maxMeters}) @> ${places.earth} AND earth_distance(${places.earth}, ${target}) <= ${maxMeters}`)
    .orderBy(sql`${places.earth} <-> ${target}`, asc(places.id))
    .limit(1);
  return rows[0];
}

/** The most populous city with one of these lower-cased names (in that state when given). */
export async function findPlaceByName(db: Executor, names: readonly string[], state: string | undefined): Promise<PlaceRow | undefined> {
  if (!names.length) return undefined;
  const conditions: SQL[] = [sql`lower(${places.name}) IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`];
  if (state) conditions.push(eq(places.state, state));
  const rows = await db
    .select(placeColumns)
    .from(places)
    .where(sql.join(conditions, sql` AND `))
    .orderBy(sql`${places.population} DESC`, asc(places.id))
    .limit(1);
  return rows[0];
}

/** The most populous city of a state. */
export async function findLargestPlaceInState(db: Executor, state: string): Promise<PlaceRow | undefined> {
  const rows = await db.select(placeColumns).from(places).where(eq(places.state, state)).orderBy(sql`${places.population} DESC`, asc(places.id)).limit(1);
  return rows[0];
}

/** The most populous place a ZIP code belongs to (places.zips, GIN-indexed). */
export async function findPlaceByZip(db: Executor, zip: string): Promise<PlaceRow | undefined> {
  const rows = await db
    .select(placeColumns)
    .from(places)
    .where(sql`${places.zips} @> ARRAY[${zip}]::text[]`)
    .orderBy(sql`${places.population} DESC`, asc(places.id))
    .limit(1);
  return rows[0];
}

/** The most populous places of these states with at least `minPopulation` people, largest first. */
export async function findLargestPlacesInStates(db: Executor, states: readonly string[], options: { minPopulation: number; limit: number }): Promise<PlaceRow[]> {
  if (!states.length) return [];
  return db
    .select(placeColumns)
    .from(places)
    .where(sql`${places.state} IN (${sql.join(states.map((s) => sql`${s}`), sql`, `)}) AND ${places.population} >= ${options.minPopulation}`)
    .orderBy(sql`${places.population} DESC`, asc(places.id))
    .limit(options.limit);
}
