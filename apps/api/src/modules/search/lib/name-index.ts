// Autocomplete from memory (docs/performance.md: p95 within 5 ms): the category names and the names
// of merchants with their locations' points, loaded once in the background and dropped when
// merchants, locations or categories change. It answers exactly what `findNamesStartingWith`
// answers in SQL (same prefix rule, distance formula and order); until it is loaded, and while it
// reloads after a change, the SQL answers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/client.ts';
import type { GeoCircle } from '../../catalogue/lib/offer-sql.ts';
import { findNamesStartingWith, type SuggestionRow } from '../repository.ts';

/** earthdistance's sphere (`earth()`, metres). */
const EARTH_RADIUS_M = 6_378_168;
/** Tables whose changes make the index stale (others, such as offer_index, do not touch names). */
const NAME_TABLES = new Set(['merchants', 'locations', 'categories']);

interface Loaded {
  categories: Array<{ lower: string; suggestion: string; id: string }>;
  /** Merchant rows in the database's order (lower(name), id). */
  names: string[];
  lowers: string[];
  ids: number[];
  /** Locations of merchant i: points [start[i], start[i + 1]) of xyz (earth cube coordinates, 3 per point). */
  start: Int32Array;
  xyz: Float64Array;
  /** Merchant ranks sorted by lower name in JavaScript's order, for the prefix's range. */
  byLower: Int32Array;
  /** Whether that is the database's order too (C collations): the scan may stop at `limit`. */
  sameOrder: boolean;
}

interface MerchantRow {
  id: number;
  name: string;
  lower: string;
  xs: number[];
  ys: number[];
  zs: number[];
}

/** `ll_to_earth(lat, lng)` as earthdistance computes it. */
function earthPoint(lat: number, lng: number): [number, number, number] {
  const la = lat * (Math.PI / 180);
  const lo = lng * (Math.PI / 180);
  return [EARTH_RADIUS_M * Math.cos(la) * Math.cos(lo), EARTH_RADIUS_M * Math.cos(la) * Math.sin(lo), EARTH_RADIUS_M * Math.sin(la)];
}

/** `earth_distance`: the chord turned into a great-circle distance. */
function greatCircle(chord: number): number {
  if (chord < 0) return 0;
  if (chord / (2 * EARTH_RADIUS_M) > 1) return Math.PI * EARTH_RADIUS_M;
  return 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
}

async function load(handle: DbHandle): Promise<Loaded> {
  // The same DISTINCT ON as the SQL answer: per lower-case name, the first by kind and id.
  const categories = await handle.rows<{ lower: string; suggestion: string; id: string }>(sql`
    SELECT lower(c.name) AS lower, c.name AS suggestion, 'category:' || c.slug AS id FROM (
      SELECT DISTINCT ON (lower(c.name)) c.name, c.slug FROM categories c
      WHERE c.slug <> 'contests' ORDER BY lower(c.name), c.kind, c.id
    ) c ORDER BY lower(c.name)`);
  const rows = await handle.rows<MerchantRow>(sql`
    SELECT m.id, m.name, lower(m.name) AS lower,
      array_agg(cube_ll_coord(l.earth, 1)) AS xs, array_agg(cube_ll_coord(l.earth, 2)) AS ys, array_agg(cube_ll_coord(l.earth, 3)) AS zs
    FROM merchants m JOIN locations l ON l.merchant_id = m.id
    GROUP BY m.id
    ORDER BY lower(m.name), m.id`);
  const start = new Int32Array(rows.length + 1);
  let points = 0;
  rows.forEach((r, i) => {
    start[i] = points;
    points += r.xs.length;
  });
  start[rows.length] = points;
  const xyz = new Float64Array(points * 3);
  rows.forEach((r, i) => {
    for (let k = 0; k < r.xs.length; k++) {
      const at = (start[i]! + k) * 3;
      xyz[at] = Number(r.xs[k]);
      xyz[at + 1] = Number(r.ys[k]);
      xyz[at + 2] = Number(r.zs[k]);
    }
  });
  const lowers = rows.map((r) => r.lower);
  const byLower = Int32Array.from(rows.keys()).sort((a, b) => (lowers[a]! < lowers[b]! ? -1 : lowers[a]! > lowers[b]! ? 1 : a - b));
  const sameOrder = byLower.every((rank, k) => rank === k);
  return { categories, names: rows.map((r) => r.name), lowers, ids: rows.map((r) => r.id), start, xyz, byLower, sameOrder };
}

function within(index: Loaded, merchant: number, point: [number, number, number], radiusM: number): boolean {
  for (let p = index.start[merchant]!; p < index.start[merchant + 1]!; p++) {
    const dx = index.xyz[p * 3]! - point[0];
    const dy = index.xyz[p * 3 + 1]! - point[1];
    const dz = index.xyz[p * 3 + 2]! - point[2];
    if (greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz)) <= radiusM) return true;
  }
  return false;
}

/** The first position in `byLower` whose name is not below `prefix`. */
function lowerBound(index: Loaded, prefix: string): number {
  let lo = 0;
  let hi = index.byLower.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.lowers[index.byLower[mid]!]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function answer(index: Loaded, prefix: string, circle: GeoCircle, limit: number): SuggestionRow[] {
  const lower = prefix.toLowerCase();
  const out: SuggestionRow[] = [];
  for (const c of index.categories) {
    if (out.length === limit) break;
    if (c.lower.startsWith(lower)) out.push({ suggestion: c.suggestion, id: c.id, kind: 'category' });
  }
  const point = earthPoint(circle.lat, circle.lng);
  // Every merchant whose name starts with the prefix and that has a location in the circle, then
  // the first `limit` of them in the database's order.
  const found: number[] = [];
  for (let k = lowerBound(index, lower); k < index.byLower.length; k++) {
    const m = index.byLower[k]!;
    if (!index.lowers[m]!.startsWith(lower)) break;
    if (within(index, m, point, circle.radiusM)) found.push(m);
    if (index.sameOrder && found.length === limit) break;
  }
  found.sort((a, b) => a - b);
  for (const m of found.slice(0, limit)) out.push({ suggestion: index.names[m]!, id: `merchant:${index.ids[m]}`, kind: 'merchant' });
  return out;
}

/**
 * One app's name index (kept on its dependencies, catalogue/lib/state.ts): empty until the first
 * suggestion asks for it, dropped when names or places change.
 */
export class NameIndex {
  private index: Loaded | undefined;
  private loading: Promise<void> | undefined;
  /** Bumped by every change: a load that started before it is thrown away. */
  private version = 0;

  /**
   * Suggestions from memory, or undefined while the index is not loaded (the caller asks SQL).
   * The first call starts loading it.
   */
  fromMemory(handle: DbHandle, prefix: string, circle: GeoCircle, limit: number): SuggestionRow[] | undefined {
    if (this.index) return answer(this.index, prefix, circle, limit);
    this.startLoading(handle);
    return undefined;
  }

  /** Category and merchant names starting with `prefix`: from memory once loaded, the same answer from SQL until then. */
  async suggest(handle: DbHandle, prefix: string, circle: GeoCircle, limit: number): Promise<SuggestionRow[]> {
    return this.fromMemory(handle, prefix, circle, limit) ?? findNamesStartingWith(handle, prefix, circle, limit);
  }

  /** Drops the index when names or places of merchants or categories change (db/changes.ts). */
  changed(table: string | undefined): void {
    if (table !== undefined && !NAME_TABLES.has(table)) return;
    this.version++;
    this.index = undefined;
  }

  /** Resolves when a load in progress has finished (tests). */
  async settled(): Promise<boolean> {
    await this.loading;
    return this.index !== undefined;
  }

  private startLoading(handle: DbHandle): void {
    if (this.loading) return;
    const version = this.version;
    this.loading = load(handle)
      .then((index) => {
        if (this.version === version) this.index = index;
      })
      .catch(() => {})
      .finally(() => {
        this.loading = undefined;
      });
  }
}
