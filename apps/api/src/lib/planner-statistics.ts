// Planner statistics read into memory (pg_stats' most common elements of a column): which
// categories and which words are common enough for a nearest-first walk (docs/performance.md).
// They change only with ANALYZE, so each database handle keeps them ten minutes; a failed read
// counts as no statistics (every value rare, the plain plan).
import type { DbHandle } from '../db/client.ts';

const STATISTICS_MS = 10 * 60_000;

/** `load` behind a per-handle cache of ten minutes; concurrent callers share one read. */
export function cachedStatistics<K>(load: (handle: DbHandle) => Promise<Map<K, number>>): (handle: DbHandle) => Promise<Map<K, number>> {
  const cache = new WeakMap<DbHandle, { at: number; value: Promise<Map<K, number>> }>();
  return (handle) => {
    let cached = cache.get(handle);
    if (!cached || Date.now() - cached.at > STATISTICS_MS) {
      cached = { at: Date.now(), value: load(handle).catch(() => new Map<K, number>()) };
      cache.set(handle, cached);
    }
    return cached.value;
  };
}
