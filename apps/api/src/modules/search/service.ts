// Search rules (SPEC.md 7): full text over merchant names, offer text,
// categories and subcategories, tolerant of typos, ranked by relevance and distance, within the
// market radius, active offers only; and autocomplete near the visitor.
import { MIN_AUTOCOMPLETE_CHARS } from '@market/domain/constants';
import type { AppDeps } from '../../context.ts';
import type { DbHandle } from '../../db/client.ts';
import { listOffers, resolveListingCircle, type PlaceParams } from '../catalogue/service.ts';
import type { OfferListItem } from '../catalogue/schema.ts';
import { MIN_DICTIONARY_WORD } from '../../db/search-terms.ts';
import { synonymsOf } from '@market/domain/search-synonyms';
import { placesOf, placesStartingWith } from './lib/place-index.ts';
import { findSimilarWords } from './repository.ts';
import type { SearchQuery, Suggestion } from './schema.ts';

/** Words of a query beyond this many are ignored: each adds a term every match must have. */
export const MAX_QUERY_WORDS = 8;
/** Dictionary corrections tried per unknown word. */
const CORRECTIONS_PER_WORD = 2;
/**
 * Least trigram similarity of a correction. Below pg_trgm's default 0.3 so that one swapped or
 * doubled letter in a word of five to seven letters is still corrected ("chnage" -> "change",
 * 0.27); only words the dictionary does not know are corrected, so correct words keep their
 * exact match.
 */
const MIN_CORRECTION_SIMILARITY = 0.25;
/** A second correction is kept only when it is nearly as close as the first. */
const SECOND_CORRECTION_RATIO = 0.8;
/** Alternatives per query word at most (corrections and synonyms): each is one more tsquery term. */
const MAX_ALTERNATIVES = 6;

/** Autocomplete answers at most this many suggestions. */
export const MAX_SUGGESTIONS = 10;
/** Of which places at most this many. */
export const MAX_PLACE_SUGGESTIONS = 3;

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
 * trigram similarity ("piza" -> "pizza"), each word of the query on its own. Known words are
 * left as they are.
 */
async function correctWords(handle: DbHandle, words: readonly string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= MIN_DICTIONARY_WORD && !/^\p{N}+$/u.test(w));
  const rows = await findSimilarWords(handle, candidates, CORRECTIONS_PER_WORD + 1, MIN_CORRECTION_SIMILARITY);
  const found = new Map<string, Array<{ term: string; sim: number }>>();
  for (const r of rows) found.set(r.word, [...(found.get(r.word) ?? []), { term: r.term, sim: r.sim }]);
  const out = new Map<string, string[]>();
  for (const [word, terms] of found) {
    if (terms.some((t) => t.term === word)) continue;
    const best = terms[0]!.sim;
    out.set(
      word,
      terms.filter((t) => t.sim >= best * SECOND_CORRECTION_RATIO).slice(0, CORRECTIONS_PER_WORD).map((t) => t.term),
    );
  }
  return out;
}

/**
 * The alternatives of every query word: its typo corrections, then the synonyms
 * (@market/domain/search-synonyms) of the word as typed and of its corrections ("plumbr" ->
 * "plumber" -> "plumbing"). Every alternative is matched exactly; the typed word also as a prefix.
 */
export function expandWords(words: readonly string[], corrections: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const word of words) {
    const fixed = corrections.get(word) ?? [];
    const all = [...fixed];
    for (const w of [word, ...fixed]) for (const s of synonymsOf(w)) if (s !== word && !all.includes(s)) all.push(s);
    if (all.length) out.set(word, all.slice(0, MAX_ALTERNATIVES));
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
  const corrections = expandWords(words, await correctWords(deps.db, words));
  return listOffers(deps, q, { words, corrections });
}

/**
 * GET /api/searchautocomplete/ (SPEC.md 4: under 2 characters nothing): category names, then
 * names of merchants with a location near the visitor, then places (cities) near the visitor,
 * that start with `q`; at most 10, each with its group. Ids: 'category:<slug>',
 * 'merchant:<id>' or 'place:<id>'. Every part comes from memory once loaded.
 */
export async function autocomplete(deps: AppDeps, q: PlaceParams & { q?: string | undefined }): Promise<Suggestion[]> {
  const prefix = (q.q ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (prefix.length < MIN_AUTOCOMPLETE_CHARS) return [];
  const circle = await resolveListingCircle(deps, q);
  const [rows, allPlaces] = await Promise.all([deps.catalogue.names.suggest(deps.db, prefix, circle, MAX_SUGGESTIONS), placesOf(deps.db)]);
  const places = placesStartingWith(allPlaces, prefix, circle, MAX_PLACE_SUGGESTIONS);
  const room = MAX_SUGGESTIONS - places.length;
  const categories = rows.filter((r) => r.kind === 'category');
  const merchants = rows.filter((r) => r.kind === 'merchant');
  // Categories lead but leave room for merchants, the usual target of a typed name.
  const lead = categories.slice(0, MAX_SUGGESTIONS / 2);
  const ordered = [...lead, ...merchants, ...categories.slice(lead.length)];
  const seen = new Set<string>();
  const named: Suggestion[] = [];
  for (const r of ordered) {
    const key = r.suggestion.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    named.push({ suggestion: r.suggestion, id: r.id, group: r.kind });
    if (named.length === room) break;
  }
  // Grouped: categories, then merchants, then places.
  const out = [...named.filter((s) => s.group === 'category'), ...named.filter((s) => s.group === 'merchant')];
  for (const p of places) {
    out.push({ suggestion: `${p.name}, ${p.state}`, id: `place:${p.id}`, group: 'place', place: { city: p.name, state: p.state, lat: p.lat, lng: p.lng } });
  }
  return out;
}
