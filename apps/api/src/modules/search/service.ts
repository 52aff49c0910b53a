// Search rules (SPEC.md 7): full text over merchant names, offer text,
// categories and subcategories, tolerant of typos, ranked by relevance and distance, within the
// market radius, active offers only; and autocomplete near the visitor.
import { MIN_AUTOCOMPLETE_CHARS } from '@market/domain/constants';
import type { AppDeps } from '../../context.ts';
import type { DbHandle } from '../../db/client.ts';
import { listOffers, resolveListingCircle, type PlaceParams } from '../catalogue/service.ts';
import type { OfferListItem } from '../catalogue/schema.ts';
import { MIN_DICTIONARY_WORD } from '../../db/search-terms.ts';
import { findSimilarWords } from './repository.ts';
import type { SearchQuery, Suggestion } from './schema.ts';

/** Words of a query beyond this many are ignored: each adds a term every match must have. */
export const MAX_QUERY_WORDS = 8;
/** Dictionary corrections tried per unknown word. */
const CORRECTIONS_PER_WORD = 2;
/** Autocomplete answers at most this many suggestions. */
export const MAX_SUGGESTIONS = 10;

/** The words of a search text: lower-case runs of letters and digits. */
export function searchWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, 40));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Corrections for the words the dictionary does not know: the nearest dictionary words by
 * trigram similarity ("piza" -> "pizza"). Known words are left as they are.
 */
async function correctWords(handle: DbHandle, words: readonly string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= MIN_DICTIONARY_WORD && !/^\p{N}+$/u.test(w));
  const rows = await findSimilarWords(handle, candidates, CORRECTIONS_PER_WORD + 1);
  const found = new Map<string, string[]>();
  for (const r of rows) found.set(r.word, [...(found.get(r.word) ?? []), r.term]);
  const out = new Map<string, string[]>();
  for (const [word, terms] of found) {
    if (terms.includes(word)) continue;
    out.set(word, terms.slice(0, CORRECTIONS_PER_WORD));
  }
  return out;
}

/**
 * GET /api/search/: active offers within the market radius matching every word of `q` (as
 * typed or corrected), best match first with nearer offers favoured, in the list-item shape.
 * Relevance is the best text class every word is found in (names, then categories, then
 * descriptions), damped by distance (catalogue offer query). Statements: corrections, then for
 * common words the nearest name matches (enough when even the last of them outranks any
 * category or description match), otherwise every match ranked. Whole answers are kept by the
 * answer cache (lib/answer-cache.ts) until the catalogue changes.
 */
export async function searchOffers(deps: AppDeps, q: SearchQuery): Promise<OfferListItem[]> {
  const words = searchWords(q.q);
  if (!words.length) return [];
  const corrections = await correctWords(deps.db, words);
  return listOffers(deps, q, { words, corrections });
}

/**
 * GET /api/searchautocomplete/ (SPEC.md 4: under 2 characters nothing): category names, then
 * names of merchants with a location near the visitor, that start with `q`; at most 10.
 * Ids: 'category:<slug>' or 'merchant:<id>'.
 */
export async function autocomplete(deps: AppDeps, q: PlaceParams & { q?: string | undefined }): Promise<Suggestion[]> {
  const prefix = (q.q ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (prefix.length < MIN_AUTOCOMPLETE_CHARS) return [];
  const circle = await resolveListingCircle(deps, q);
  const rows = await deps.catalogue.names.suggest(deps.db, prefix, circle, MAX_SUGGESTIONS);
  const categories = rows.filter((r) => r.kind === 'category');
  const merchants = rows.filter((r) => r.kind === 'merchant');
  // Categories lead but leave room for merchants, the usual target of a typed name.
  const lead = categories.slice(0, MAX_SUGGESTIONS / 2);
  const ordered = [...lead, ...merchants, ...categories.slice(lead.length)];
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const r of ordered) {
    const key = r.suggestion.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ suggestion: r.suggestion, id: r.id });
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
