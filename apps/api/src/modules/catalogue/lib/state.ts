// What the catalogue and search keep in memory between requests, one instance per app (its
// dependencies, context.ts): data that changes only with data loads or ANALYZE, kept a few
// minutes to spare a query or two on every list call. Owned by the app rather than by modules,
// so two apps (or two test databases) never share an entry.
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { NameIndex } from '../../search/lib/name-index.ts';
import type { GeoCircle } from './offer-sql.ts';
import type { CategoryRow } from '../repository.ts';
import type { CategoriesOut } from '../schema.ts';

export interface CatalogueState {
  /** Listing circles of city/state answers, by "city|STATE" (service `resolveListingCircle`). */
  places: TtlCache<string, GeoCircle>;
  /** The categories table, under the one key 'all'. */
  categoryRows: TtlCache<'all', CategoryRow[]>;
  /** GET /api/categories/ answers, by business day (their counts are of offers active that day). */
  categories: TtlCache<string, CategoriesOut>;
  /** Planner statistics (offer-query.ts): share of offers per category id, under 'all'. */
  categoryShares: TtlCache<'all', Map<number, number>>;
  /** Planner statistics (offer-query.ts): share of offers per full-text lexeme, under 'all'. */
  wordShares: TtlCache<'all', Map<string, number>>;
  /** Autocomplete's names (search/lib/name-index.ts). */
  names: NameIndex;
}

const MINUTE_MS = 60_000;

export function createCatalogueState(): CatalogueState {
  return {
    // Places change only when the data is reloaded; each answer saves up to two queries per list call.
    places: new TtlCache({ ttlMs: 10 * MINUTE_MS, maxEntries: 2000 }),
    // A few hundred rows that change with data loads.
    categoryRows: new TtlCache({ ttlMs: 5 * MINUTE_MS }),
    // Counting reads every active offer; a new day changes the counts, so the day is the key.
    categories: new TtlCache({ ttlMs: 5 * MINUTE_MS, maxEntries: 1 }),
    // Planner statistics change only with ANALYZE.
    categoryShares: new TtlCache({ ttlMs: 10 * MINUTE_MS }),
    wordShares: new TtlCache({ ttlMs: 10 * MINUTE_MS }),
    names: new NameIndex(),
  };
}
