// Places for autocomplete (SPEC.md 7): the cities of the places table, kept in memory sorted by
// lower-case name so that a prefix is a binary search and the suggestion answer stays free of SQL
// (docs/performance.md "Autocomplete from memory"). The places table is written by the seed only
// (US cities, about 30,000 rows, a few MB), so one load per database handle serves every request.
import { sql } from 'drizzle-orm';
import { distanceMeters } from '@market/domain/markets';
import type { DbHandle } from '../../../db/client.ts';
import type { GeoCircle } from '../../catalogue/lib/offer-sql.ts';

export interface PlaceEntry {
  id: number;
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
  /** lower(name), the sort key. */
  key: string;
}

const loaded = new WeakMap<DbHandle, Promise<PlaceEntry[]>>();

async function load(handle: DbHandle): Promise<PlaceEntry[]> {
  const rows = await handle.rows<Omit<PlaceEntry, 'key'>>(sql`SELECT id, name, state, lat, lng, population FROM places`);
  const out = rows.map((r) => ({ ...r, key: r.name.toLowerCase() }));
  out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  return out;
}

/** The places, loaded once per handle (a failed load is retried on the next call). */
export function placesOf(handle: DbHandle): Promise<PlaceEntry[]> {
  let p = loaded.get(handle);
  if (!p) {
    p = load(handle);
    loaded.set(handle, p);
    p.catch(() => loaded.delete(handle));
  }
  return p;
}

/** Index of the first entry whose key is >= `key`. */
function lowerBound(list: readonly PlaceEntry[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Places in the circle whose name starts with `prefix` (case-insensitive), most populous first,
 * at most `limit`; one per name and state.
 */
export function placesStartingWith(list: readonly PlaceEntry[], prefix: string, circle: GeoCircle, limit: number): PlaceEntry[] {
  const key = prefix.toLowerCase();
  const found: PlaceEntry[] = [];
  for (let i = lowerBound(list, key); i < list.length && list[i]!.key.startsWith(key); i++) {
    const p = list[i]!;
    if (distanceMeters(p, circle) <= circle.radiusM) found.push(p);
  }
  found.sort((a, b) => b.population - a.population || a.key.localeCompare(b.key) || a.id - b.id);
  const seen = new Set<string>();
  const out: PlaceEntry[] = [];
  for (const p of found) {
    const k = `${p.key}|${p.state}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
    if (out.length === limit) break;
  }
  return out;
}
