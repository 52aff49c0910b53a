// Places: city autocomplete input, suggestions and the home layout of a place (SPEC.md 3 Place,
// 4 Autocomplete, 5 Location search, 9 Layout rule). Pure rules shared by the web and the API.
import { MIN_AUTOCOMPLETE_CHARS } from './constants.ts';
import { isTwinCitiesArea, US_STATES } from './markets.ts';

/** Largest number of city suggestions an autocomplete answers. */
export const PLACE_SUGGESTION_LIMIT = 10;

/** Longest autocomplete text accepted; longer is a 4xx on `q`. */
export const MAX_PLACE_QUERY_CHARS = 100;

/**
 * Characters a city search may hold: letters (any script, with accents), digits, spaces and the
 * punctuation found in US place names ("St. Clair Shores", "Coeur d'Alene", "Winston-Salem").
 */
export const PLACE_QUERY_PATTERN = /^[\p{L}\p{M}\p{N} .,'’()-]*$/u;

/** The message for a city search holding anything else. */
export const PLACE_QUERY_MESSAGE = 'Enter a city name, optionally followed by a comma and a state.';

const STATE_BY_CODE = new Map(US_STATES.map((s) => [s.code, s.name]));

/** The full name of a two-letter state code ('MI' -> 'Michigan'); the code itself when unknown. */
export function stateName(code: string): string {
  return STATE_BY_CODE.get(code.toUpperCase()) ?? code.toUpperCase();
}

export interface PlaceQuery {
  /** The city part, lower-cased, whitespace collapsed: matched as a prefix of the city name. */
  cityPrefix: string;
  /**
   * State codes the "City, ST" form restricts to: one code for "Detroit, MI", every state whose
   * name starts with the text for "Detroit, Mich"; undefined when no state part was typed.
   */
  states?: string[];
}

/**
 * Reads a city search (SPEC.md 4, 5): trimmed; under 2 characters gives no suggestions (null).
 * Accepts "City" and "City, ST" / "City, State name". Null also when the state part names no state.
 */
export function parsePlaceQuery(input: string): PlaceQuery | null {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text.length < MIN_AUTOCOMPLETE_CHARS) return null;
  const comma = text.lastIndexOf(',');
  if (comma === -1) return { cityPrefix: text.toLowerCase() };
  const cityPrefix = text.slice(0, comma).trim().toLowerCase();
  const statePart = text.slice(comma + 1).trim().toLowerCase();
  if (!cityPrefix) return null;
  if (!statePart) return { cityPrefix };
  const states = US_STATES.filter(
    (s) => s.code.toLowerCase() === statePart || (statePart.length > 2 && s.name.toLowerCase().startsWith(statePart)),
  ).map((s) => s.code);
  if (statePart.length <= 2 && states.length === 0) {
    // One letter so far ("Detroit, M"): every state whose code starts with it.
    const byCode = US_STATES.filter((s) => s.code.toLowerCase().startsWith(statePart)).map((s) => s.code);
    return byCode.length ? { cityPrefix, states: byCode } : null;
  }
  return states.length ? { cityPrefix, states } : null;
}

/**
 * Words US place names are written both in full and abbreviated, with or without the period
 * ("St. Petersburg" and "Saint Paul" are both in the places data).
 */
export const PLACE_NAME_ABBREVIATIONS: ReadonlyArray<{ short: string; full: string }> = [
  { short: 'st', full: 'saint' },
  { short: 'ste', full: 'sainte' },
  { short: 'ft', full: 'fort' },
  { short: 'mt', full: 'mount' },
];

/** At most this many spellings are tried for one text (three such words in a name is already rare). */
const MAX_NAME_VARIANTS = 27;

/**
 * The spellings a lower-cased city text may have in the places data: "st. paul" is also
 * "saint paul" and "st paul", "saint petersburg" also "st. petersburg", likewise Ft./Fort and
 * Mt./Mount. With `complete: false` (text still being typed) a last word without its period is
 * left alone, so "st" keeps meaning "St..." rather than only "Saint ...". The text as typed
 * comes first.
 */
export function placeNameVariants(text: string, options: { complete: boolean }): string[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let variants = [''];
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    const bare = word.endsWith('.') ? word.slice(0, -1) : word;
    const pair = PLACE_NAME_ABBREVIATIONS.find((a) => a.short === bare || a.full === bare);
    const wordDone = !last || options.complete || word.endsWith('.');
    let spellings = [word];
    if (pair && wordDone) {
      // While typing, "st." is a finished word: the bare abbreviation must then be followed by a space.
      const shortBare = last && !options.complete ? `${pair.short} ` : pair.short;
      spellings = [word, ...[pair.full, `${pair.short}.`, shortBare].filter((s) => s !== word)];
    }
    variants = variants.flatMap((v) => spellings.map((s) => (v ? `${v} ${s}` : s))).slice(0, MAX_NAME_VARIANTS);
  });
  return [...new Set(variants)].filter(Boolean);
}

/** The text of one autocomplete suggestion (SPEC.md 3: {suggestion: 'Detroit, MI', id}). */
export function placeSuggestion(place: { name: string; state: string }): string {
  return `${place.name}, ${place.state.toUpperCase()}`;
}

export type HomeLayout = 'homepros' | 'coupons';

/** SPEC.md 9 layout rule: the home-pros home inside the Twin Cities area, the coupon home elsewhere. */
export function homeLayoutFor(place: { city?: string | null; state?: string | null; lat?: number | null; lng?: number | null }): HomeLayout {
  return isTwinCitiesArea(place) ? 'homepros' : 'coupons';
}
