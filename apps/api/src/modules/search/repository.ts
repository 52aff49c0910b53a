// Search SQL: typo correction against the word dictionary (pg_trgm) and autocomplete prefixes
// (btree on lower(name), migration 0003). The full-text condition on `offer_index.tsv` is
// part of the catalogue's offer query (catalogue/lib/offer-query-sql.ts).
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { earthPoint, textArray, type GeoCircle } from '../catalogue/lib/offer-sql.ts';

export interface SimilarWordRow {
  word: string;
  term: string;
  sim: number;
}

/**
 * Dictionary words close to each query word by trigram similarity, nearest first, at most
 * `perWord` each, at least `minSimilarity` similar. The nearest words come from the GiST
 * trigram index's distance walk (`<->`, stopping at `perWord`), not pg_trgm's `%` filter, whose
 * fixed 0.3 threshold misses a swapped pair of letters in a six-letter word ("chnage" is 0.27
 * from "change"). A word that is in the dictionary comes back as its own first match
 * (similarity 1).
 */
export async function findSimilarWords(handle: DbHandle, words: readonly string[], perWord: number, minSimilarity: number): Promise<SimilarWordRow[]> {
  if (!words.length) return [];
  return handle.rows<SimilarWordRow>(sql`
    SELECT w.word, t.term, t.sim
    FROM unnest(${textArray(words)}) AS w(word)
    CROSS JOIN LATERAL (
      SELECT n.term, n.sim FROM (
        SELECT st.term, st.weight, similarity(st.term, w.word)::float8 AS sim, st.term <-> w.word AS dist
        FROM search_terms st
        WHERE st.kind = 'word'
        ORDER BY st.term <-> w.word, st.weight DESC, st.term
        LIMIT ${perWord}
      ) n
      WHERE n.sim >= ${minSimilarity}::float8
      ORDER BY n.dist, n.weight DESC, n.term
    ) t`);
}

export interface SuggestionRow {
  suggestion: string;
  id: string;
  kind: 'category' | 'merchant';
}

/** `lower(name) LIKE 'abc%'`, with LIKE's own wildcards escaped. */
function prefixPattern(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Category names and names of merchants with a location in the circle that start with `prefix`,
 * alphabetical, at most `limit` of each kind (the caller merges them). Contests are not a
 * search target. The merchant side walks the name index in order and checks each merchant's few
 * locations by distance (no box: with one, the planner scans every location in the circle
 * first), stopping at `limit`.
 */
export async function findNamesStartingWith(handle: DbHandle, prefix: string, circle: GeoCircle, limit: number): Promise<SuggestionRow[]> {
  const pattern = prefixPattern(prefix);
  return handle.rows<SuggestionRow>(sql`
    (SELECT s.suggestion, s.id, 'category' AS kind FROM (
      SELECT DISTINCT ON (lower(c.name)) c.name AS suggestion, 'category:' || c.slug AS id
      FROM categories c
      WHERE lower(c.name) LIKE ${pattern} AND c.slug <> 'contests'
      ORDER BY lower(c.name), c.kind, c.id
    ) s ORDER BY lower(s.suggestion) LIMIT ${limit})
    UNION ALL
    (SELECT m.name AS suggestion, 'merchant:' || m.id AS id, 'merchant' AS kind
      FROM merchants m
      WHERE lower(m.name) LIKE ${pattern}
        AND EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND earth_distance(l.earth, ${earthPoint(circle)}) <= ${circle.radiusM}::float8)
      ORDER BY lower(m.name), m.id
      LIMIT ${limit})`);
}
