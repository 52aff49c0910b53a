// The one query for lists of offers (SPEC.md 4, 7 and 9): which active offers a list shows, in
// which order, one page. Callers describe the list as data (a filter, which may carry a search's
// words, an order and a page); this module picks the plan and runs the statements of
// offer-query-sql.ts. The plan follows the planner statistics (docs/performance.md): common
// categories are filtered along a nearest-first walk of the GiST index rather than looked up in
// their own index, and a relevance page of common words first walks the best text class nearest
// first. The statistics change only with ANALYZE and are kept per app (`deps.catalogue`); a failed
// read counts as none (every value rare: the plain plan).
import { sql, type SQL } from 'drizzle-orm';
import type { MapBox } from '@market/domain/map-area';
import type { AppDeps } from '../../../context.ts';
import {
  buildTsQuery,
  carsFirst,
  categoriesFirst,
  CLASS_RELEVANCE,
  distanceForRelevance,
  featuredFirst,
  findActiveOffersNear,
  findCategoryFrequencies,
  findLexemeFrequencies,
  fullTextMatch,
  randomFrom,
  relevanceAt,
  sortKeys,
  type ActiveOfferFilters,
  type OfferSort,
} from './offer-query-sql.ts';
import { withinBounds, type GeoCircle, type GeoPoint, type OfferItemRow, type OfferPage } from './offer-sql.ts';

export type { OfferItemRow, OfferPage } from './offer-sql.ts';

/** A search's text: its words, and dictionary corrections of the words the dictionary does not know. */
export interface TextQuery {
  /** Lower-case runs of letters and digits; an offer matches when it holds every one (as typed, as a prefix or corrected). */
  words: readonly string[];
  /** Words the dictionary does not know, each with its nearest dictionary words ("piza" -> ["pizza", "plaza"]). */
  corrections: ReadonlyMap<string, readonly string[]>;
  /**
   * Whether a relevance page first walks the best class (names) nearest first. Left out, the
   * planner statistics decide (every word common); either way the page is the same.
   */
  bestClassWalk?: boolean | undefined;
}

/** Which offers a list may show: active ones within the circle (SPEC.md 4, 9), narrowed further. */
export interface OfferFilter {
  circle: GeoCircle;
  /** The business day: offers valid through it. */
  today: string;
  /** Offers in any of these categories (main, home-pros group or sub); an empty list matches nothing. */
  categoryIds?: readonly number[] | undefined;
  excludeIds?: readonly number[] | undefined;
  excludeLocationIds?: readonly number[] | undefined;
  featuredOnly?: boolean | undefined;
  /** Offers inside this box too (the map's visible area). */
  bounds?: MapBox | undefined;
  /** Offers matching every word of a search. */
  text?: TextQuery | undefined;
  /** "Valid right now": offers whose fine print allows this instant, at a location open then. */
  validAt?: Date | undefined;
}

/** The listing orders. Ties are broken nearest first, then by offer id, so pages never overlap. */
export type OfferQueryOrder =
  | { kind: 'distance' }
  /** Featured offers first, each group nearest first. */
  | { kind: 'featured' }
  /** Car offers (lease and purchase) first, each group nearest first: the auto special edition. */
  | { kind: 'cars' }
  | { kind: 'newest' }
  /** Ending soonest first. */
  | { kind: 'ending' }
  /** Biggest saving first: saving in cents, then in percent, offers without a value last (docs/api.md "Offer values"). */
  | { kind: 'saving' }
  /** A stable shuffle: the same seed gives the same order. */
  | { kind: 'random'; seed: number }
  /** Best text match first, damped by distance (nearest first without a text). */
  | { kind: 'relevance' }
  /** Offers in any of these categories first, each group nearest first. */
  | { kind: 'categories-first'; categoryIds: readonly number[] };

export type OfferQueryDeps = Pick<AppDeps, 'db' | 'catalogue'>;

/** Share of all offers from which a category counts as common (docs/performance.md). */
const COMMON_CATEGORY_SHARE = 0.01;
/** Share of offers from which a search word counts as common (its best-class walk pays off). */
const COMMON_WORD_SHARE = 0.01;

/**
 * One page of the offers `filter` lets through, in `order`, as list-item rows (with the distance
 * from the circle's centre). One statement, or two for a relevance page whose best-class walk
 * is not enough; the planner statistics take one more read every ten minutes.
 */
export async function findOffers(deps: OfferQueryDeps, filter: OfferFilter, order: OfferQueryOrder, page: OfferPage): Promise<OfferItemRow[]> {
  const match = filter.text ? textMatch(filter.text) : undefined;
  const bounds = filter.bounds ? withinBounds('oi', filter.bounds) : undefined;
  const conditions: ActiveOfferFilters = {
    circle: filter.circle,
    today: filter.today,
    categoryIds: filter.categoryIds,
    categoryCommon: filter.categoryIds ? await isCommonCategory(deps, filter.categoryIds) : false,
    excludeIds: filter.excludeIds,
    excludeLocationIds: filter.excludeLocationIds,
    featuredOnly: filter.featuredOnly === true,
    extra: both(match?.where, bounds),
    validAt: filter.validAt,
  };
  if (order.kind === 'relevance' && filter.text && match && (filter.text.bestClassWalk ?? (await isCommonQuery(deps, filter.text)))) {
    // Names (class A) outrank every other match of the same distance, and within one class the
    // relevance order is the distance order: walk the names nearest first (the GiST index, a few
    // hundred rows for a common word). The page stands when its last row (the offset + limit-th)
    // still outranks the best any category or description match could score.
    const walked = await findActiveOffersNear(deps.db, { ...conditions, extra: both(match.topClass, bounds) }, { keys: [sortKeys.distance(filter.circle)] }, page);
    const last = walked.at(-1);
    if (walked.length === page.limit && last) {
      const lastRelevance = relevanceAt(CLASS_RELEVANCE.A, last.dist_m ?? 0);
      if (lastRelevance > CLASS_RELEVANCE.B) return walked;
      // Otherwise only matches nearer than the last row, or near enough for another class to
      // outrank it, can make the page: rank every match within that distance (a margin for
      // rounding), not the whole circle.
      const reachM = Math.max(last.dist_m ?? 0, distanceForRelevance(CLASS_RELEVANCE.B, lastRelevance)) * 1.001 + 1;
      conditions.circle = { ...filter.circle, radiusM: Math.min(filter.circle.radiusM, reachM) };
    }
  }
  return findActiveOffersNear(deps.db, conditions, sqlSort(order, filter.circle, match), page);
}

/** Two optional conditions together. */
function both(a: SQL | undefined, b: SQL | undefined): SQL | undefined {
  return a && b ? sql`${a} AND ${b}` : (a ?? b);
}

/** The full-text condition of a search, its relevance, and the condition of its best class (names). */
function textMatch(text: TextQuery): ReturnType<typeof fullTextMatch> {
  return fullTextMatch({
    all: buildTsQuery(text.words, text.corrections),
    A: buildTsQuery(text.words, text.corrections, 'A'),
    AB: buildTsQuery(text.words, text.corrections, 'AB'),
    ABC: buildTsQuery(text.words, text.corrections, 'ABC'),
  });
}

function sqlSort(order: OfferQueryOrder, point: GeoPoint, match: ReturnType<typeof fullTextMatch> | undefined): OfferSort {
  switch (order.kind) {
    case 'featured':
      return featuredFirst(point);
    case 'cars':
      return carsFirst(point);
    case 'newest':
      return { keys: [sortKeys.newest(), sortKeys.distance(point)] };
    case 'ending':
      return { keys: [sortKeys.ending(), sortKeys.distance(point)] };
    case 'saving':
      return { keys: [sortKeys.savingCents(), sortKeys.savingPercent(), sortKeys.distance(point)] };
    case 'random':
      return randomFrom(order.seed);
    case 'relevance':
      return match ? { keys: [sortKeys.relevance(match.rank, point), sortKeys.distance(point)] } : { keys: [sortKeys.distance(point)] };
    case 'categories-first':
      return categoriesFirst(order.categoryIds, point);
    case 'distance':
      return { keys: [sortKeys.distance(point)] };
  }
}

/**
 * Whether these categories together hold at least 1% of the offers: nearest-first listings then
 * walk the GiST index and filter them (same answer, another plan; see `categoryFilterOnly`).
 */
async function isCommonCategory(deps: OfferQueryDeps, ids: readonly number[]): Promise<boolean> {
  const shares = await deps.catalogue.categoryShares.fetch('all', () => findCategoryFrequencies(deps.db).catch(() => new Map<number, number>()));
  return ids.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0) >= COMMON_CATEGORY_SHARE;
}

/**
 * Whether every word of the search, as typed or corrected, is found in at least 1% of the offers.
 * A lexeme counts for a word it starts with (the prefix match) or that starts with it, give or
 * take an ending ("burgers", lexeme "burger").
 */
async function isCommonQuery(deps: OfferQueryDeps, text: TextQuery): Promise<boolean> {
  const shares = await deps.catalogue.wordShares.fetch('all', () => findLexemeFrequencies(deps.db).catch(() => new Map<string, number>()));
  const share = (option: string) => {
    let sum = 0;
    for (const [lexeme, freq] of shares) {
      if (lexeme.startsWith(option) || (option.startsWith(lexeme) && option.length - lexeme.length <= 2)) sum += freq;
    }
    return sum;
  };
  return text.words.every((word) => [word, ...(text.corrections.get(word) ?? [])].reduce((sum, option) => sum + share(option), 0) >= COMMON_WORD_SHARE);
}
