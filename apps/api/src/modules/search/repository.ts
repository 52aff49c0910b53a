// Search SQL: typo correction against the word dictionary (pg_trgm), the full-text condition on
// `offer_index.tsv`, and autocomplete prefixes (btree on lower(name), PERFORMANCE-NOTES.md).
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { earthPoint, textArray, type GeoCircle } from '../catalogue/offer-sql.ts';

export interface SimilarWordRow {
  word: string;
  term: string;
  sim: number;
}

/**
 * Dictionary words close to each query word by trigram similarity (pg_trgm's `%`, threshold
 * 0.3), nearest first, at most `perWord` each. A word that is in the dictionary comes back as
 * its own first match (similarity 1).
 */
export async function findSimilarWords(handle: DbHandle, words: readonly string[], perWord: number): Promise<SimilarWordRow[]> {
  if (!words.length) return [];
  return handle.rows<SimilarWordRow>(sql`
    SELECT w.word, t.term, t.sim
    FROM unnest(${textArray(words)}) AS w(word)
    CROSS JOIN LATERAL (
      SELECT st.term, similarity(st.term, w.word)::float8 AS sim
      FROM search_terms st
      WHERE st.kind = 'word' AND st.term % w.word
      ORDER BY st.term <-> w.word, st.weight DESC, st.term
      LIMIT ${perWord}
    ) t`);
}

/**
 * Relevance of a match: the weight of the best class of `offer_index.tsv` (A merchant and offer
 * names, B category names, C description; migration 0002) in which every query word is found,
 * with PostgreSQL's default class weights (`ts_rank`'s {0.1, 0.2, 0.4, 1.0}). Unlike `ts_rank`, it
 * has a known best value per class, which lets a list walk the best class nearest first
 * (catalogue `listOffers`, `TextMatch.topClass`).
 */
export const CLASS_RELEVANCE = { A: 1, B: 0.4, C: 0.2, D: 0.1 } as const;

/** The to_tsquery texts of one search: every class, and restricted to A, to A and B, to A, B and C. */
export interface ClassQueries {
  all: string;
  A: string;
  AB: string;
  ABC: string;
}

function tsQuery(text: string): SQL {
  return sql`to_tsquery('english', ${text}::text)`;
}

/** The full-text condition, its relevance (`CLASS_RELEVANCE`), and the condition of its best class (for a nearest-first walk). */
export function fullTextMatch(q: ClassQueries): { where: SQL; rank: SQL; topClass: SQL } {
  const rank = sql`(CASE WHEN oi.tsv @@ ${tsQuery(q.A)} THEN ${CLASS_RELEVANCE.A}::float8
    WHEN oi.tsv @@ ${tsQuery(q.AB)} THEN ${CLASS_RELEVANCE.B}::float8
    WHEN oi.tsv @@ ${tsQuery(q.ABC)} THEN ${CLASS_RELEVANCE.C}::float8 ELSE ${CLASS_RELEVANCE.D}::float8 END)`;
  // The best class is walked nearest first: written so that no index answers it (as with common
  // categories, `categoryFilterOnly`), or the planner intersects the whole circle with the GIN
  // bitmap and sorts it (250 ms for 'pizza' at national scale instead of 1 ms).
  return { where: sql`oi.tsv @@ ${tsQuery(q.all)}`, rank, topClass: sql`coalesce(oi.tsv @@ ${tsQuery(q.A)}, false)` };
}

/**
 * The share of offers holding each of the most common lexemes of `offer_index.tsv` (planner
 * statistics: `most_common_elems`, any class). Empty before the first ANALYZE.
 */
export async function findLexemeFrequencies(handle: DbHandle): Promise<Map<string, number>> {
  const rows = await handle.rows<{ lexeme: string; freq: number }>(sql`
    SELECT e.lexeme, e.freq::float8 AS freq
    FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, freq)
    WHERE s.schemaname = current_schema() AND s.tablename = 'offer_index' AND s.attname = 'tsv' AND e.lexeme IS NOT NULL`);
  return new Map(rows.map((r) => [r.lexeme, Number(r.freq)]));
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
