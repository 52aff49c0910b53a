// The statements of the offer query (offer-query.ts decides which one runs): a page of active
// offers in a circle in any listing order, the full-text condition of a text query, and the
// planner statistics the choice of plan reads. The shapes are those
// docs/performance.md measured at national scale: an `earth_box` prefilter plus a KNN
// `ORDER BY earth <-> point` on the GiST index, the page picked first and only its rows enriched.
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../../db/client.ts';
import {
  activeOffer,
  additionalOffers,
  nowInputColumns,
  categoryFilterOnly,
  categoryMatch,
  earthPoint,
  intArray,
  ITEM_COLUMNS,
  withinCircle,
  withinLatLngRange,
  type GeoCircle,
  type GeoPoint,
  type OfferItemRow,
  type OfferPage,
  validRightNow,
} from './offer-sql.ts';

// ---------------------------------------------------------------------------------------------
// Listing

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
  /** Only offers matching this too (the full-text condition of a text query). */
  extra?: SQL | undefined;
  /** Only offers valid at this instant at a location open then (`validRightNow`). */
  validAt?: Date | undefined;
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
  if (f.validAt) parts.push(validRightNow('oi', f.validAt));
  return sql.join(parts, sql` AND `);
}

export interface SortKey {
  expr: SQL;
  desc?: boolean;
  /** Rows without a value after all others (PostgreSQL puts nulls first in a descending order). */
  nullsLast?: boolean;
  /** The GiST nearest-neighbour order (`earth <-> point`). */
  knn?: boolean;
}

export type OfferSort =
  /** Plain keys, e.g. [distance] or [created_at desc, distance]. */
  | { keys: SortKey[] }
  /** Rows matching `first` before the others, each group ordered by `then` (two index scans). */
  | { first: SQL; then: SortKey };

function keyColumns(keys: SortKey[]): SQL {
  return sql.join(keys.map((k, i) => sql`${k.expr} AS ${sql.raw(`k${i}`)}`), sql`, `);
}

/** ORDER BY over the keys, by expression (prefix '') or by the k0, k1... columns of a subquery, then by id. */
function orderBy(keys: SortKey[], prefix: string): SQL {
  const parts = keys.map((k, i) => sql`${prefix ? sql.raw(`${prefix}.k${i}`) : k.expr}${sql.raw(k.desc ? ' DESC' : '')}${sql.raw(k.nullsLast ? ' NULLS LAST' : '')}`);
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
 * Whether a nearest-first page has the same best plan for any values, so that PostgreSQL may plan
 * it once (`DbHandle.preparedRows`): the GiST walk bounded by the box, every other condition a
 * filter on the walked rows. Not so for a rare category (its own index, or the walk, depending
 * on how rare), a search's words or the map's bounds: those are planned for their values.
 */
function planIsStable(f: ActiveOfferFilters, keys: SortKey[]): boolean {
  return keys.length === 1 && !f.extra && (!f.categoryIds || f.categoryCommon === true);
}

/**
 * Active offers in a circle, one page, as list-item rows. One statement: the page is chosen in
 * a subquery (an index-ordered scan where the order allows it), then only its rows get their
 * additional-offers count.
 */
export async function findActiveOffersNear(handle: DbHandle, f: ActiveOfferFilters, sort: OfferSort, page: OfferPage): Promise<OfferItemRow[]> {
  const dist = sql`earth_distance(oi.earth, ${earthPoint(f.circle)}) AS dist_m`;
  const reach = page.offset + page.limit;
  const outer = (source: SQL, keys: SortKey[], run: DbHandle['rows'] = (q) => handle.rows(q)) =>
    run<OfferItemRow>(sql`
      SELECT p.*, ${additionalOffers(f.today)}, ${nowInputColumns('p')}
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
    const source = sql`(${nearestWithTies(activeOfferConditions(f, 'box'), activeOfferConditions(f, 'none'), columns, sort.keys[0], reach)})`;
    return outer(source, sort.keys, planIsStable(f, sort.keys) ? (q) => handle.preparedRows(q) : undefined);
  }
  return handle.rows<OfferItemRow>(sql`
    SELECT p.*, ${additionalOffers(f.today)}, ${nowInputColumns('p')}
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
  /** The estimated saving (SQL offer_saving_cents / offer_saving_percent, migration 0017), offers without one last. */
  savingCents: (): SortKey => ({ expr: sql.raw('oi.saving_cents'), desc: true, nullsLast: true }),
  savingPercent: (): SortKey => ({ expr: sql.raw('oi.saving_percent'), desc: true, nullsLast: true }),
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

// ---------------------------------------------------------------------------------------------
// Full text

/**
 * Shortest word matched as a prefix ("burg" finds "burgers"); a shorter one matches as typed.
 * The same length as the shortest word of search's typo dictionary (db/search-terms.ts).
 */
const MIN_PREFIX_WORD = 3;

/**
 * A to_tsquery text: every word must match, each as typed (as a prefix, so "burg" finds
 * "burgers") or as one of its dictionary corrections. Words contain only letters and digits, so
 * the text is always valid tsquery syntax. `classes` (e.g. 'AB') restricts every word to those
 * weight classes of the offer text.
 */
export function buildTsQuery(words: readonly string[], corrections: ReadonlyMap<string, readonly string[]>, classes = ''): string {
  const label = classes ? `:${classes}` : '';
  return words
    .map((word) => {
      const typed = word.length >= MIN_PREFIX_WORD ? `${word}:*${classes}` : `${word}${label}`;
      // An alternative of several words (a synonym phrase, "heating cooling") needs all of them.
      const alternative = (c: string) => {
        const parts = c.split(' ').filter(Boolean).map((p) => `${p}${label}`);
        return parts.length > 1 ? `(${parts.join(' & ')})` : parts[0]!;
      };
      const options = [typed, ...(corrections.get(word) ?? []).filter((c) => c !== word).map(alternative)];
      return options.length > 1 ? `(${options.join(' | ')})` : options[0]!;
    })
    .join(' & ');
}

/**
 * Relevance of a match: the weight of the best class of `offer_index.tsv` (A merchant and offer
 * names, B category names, C description; migration 0002) in which every query word is found,
 * with PostgreSQL's default class weights (`ts_rank`'s {0.1, 0.2, 0.4, 1.0}). Unlike `ts_rank`, it
 * has a known best value per class, which lets a list walk the best class nearest first
 * (offer-query.ts).
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

// ---------------------------------------------------------------------------------------------
// Planner statistics

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
