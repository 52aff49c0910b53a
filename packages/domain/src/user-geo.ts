// The visitor's place (SPEC.md 3 "userGeo {market, state, city, lat, lng}", 4 Persistence): kept in
// the userGeo cookie, read back on the server; a missing or unparseable cookie means a fresh
// lookup. Also the location query values (city, state, lat, lng) links carry (SPEC.md 2 Routes).
import { DEFAULT_PLACE, marketFor, US_STATE_CODES, type MarketId } from './markets.ts';

export interface UserGeo {
  market: MarketId;
  state: string;
  city: string;
  lat: number | null;
  lng: number | null;
}

const MAX_CITY_CHARS = 100;
const CITY_PATTERN = /^[\p{L}\p{M}\p{N} .,'’()-]+$/u;

function validLat(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}
function validLng(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Parses a number from a query or cookie value; null for anything that is not a finite number. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 32) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Builds a place from loose values (a parsed cookie, query parameters): the state must be a US
 * state code, the city plain text, coordinates within range and given together. A state alone
 * (no city given) is a place too: `/?state=FL` is the Florida market. Returns null when neither
 * a state nor coordinates are usable, or when a city was given but is not plain text. The
 * market always follows the place (marketFor), whatever a cookie claims.
 */
export function toUserGeo(input: { state?: unknown; city?: unknown; lat?: unknown; lng?: unknown }): UserGeo | null {
  const state = typeof input.state === 'string' ? input.state.trim().toUpperCase() : '';
  const cityRaw = typeof input.city === 'string' ? input.city.trim().replace(/\s+/g, ' ') : '';
  const city = cityRaw.length <= MAX_CITY_CHARS && CITY_PATTERN.test(cityRaw) ? cityRaw : '';
  const lat = toNumber(input.lat);
  const lng = toNumber(input.lng);
  const hasPoint = validLat(lat) && validLng(lng);
  const hasState = US_STATE_CODES.has(state);
  const cityGiven = cityRaw !== '';
  if (!hasPoint && !(hasState && (city || !cityGiven))) return null;
  const place = { state: hasState ? state : '', city: hasState ? city : '', lat: hasPoint ? lat : null, lng: hasPoint ? lng : null };
  return { market: marketFor(place).id, ...place };
}

/** Reads the userGeo cookie value (JSON, possibly URI-encoded); null when missing or unparseable. */
export function parseUserGeoCookie(value: string | null | undefined): UserGeo | null {
  if (!value || value.length > 1000) return null;
  let text = value;
  try {
    if (text.startsWith('%')) text = decodeURIComponent(text);
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return toUserGeo(parsed as Record<string, unknown>);
  } catch {
    return null;
  }
}

/** The cookie value for a place: URI-encoded JSON {market, state, city, lat, lng}. */
export function serializeUserGeoCookie(geo: UserGeo): string {
  return encodeURIComponent(JSON.stringify({ market: geo.market, state: geo.state, city: geo.city, lat: geo.lat, lng: geo.lng }));
}

/** The place named by location query values (city, state, lat, lng), or null when they name none. */
export function userGeoFromQuery(params: URLSearchParams): UserGeo | null {
  if (!['city', 'state', 'lat', 'lng'].some((k) => params.has(k))) return null;
  return toUserGeo({ city: params.get('city') ?? '', state: params.get('state') ?? '', lat: params.get('lat') ?? '', lng: params.get('lng') ?? '' });
}

/** Detroit, MI: the place used when nothing is known (SPEC.md 1). */
export const DEFAULT_USER_GEO: UserGeo = { ...DEFAULT_PLACE };

/** The location query values of a place, in the order links carry them (empties dropped). */
export function locationQuery(geo: UserGeo | null | undefined): Array<[string, string]> {
  if (!geo) return [];
  const out: Array<[string, string]> = [];
  if (geo.city) out.push(['city', geo.city]);
  if (geo.state) out.push(['state', geo.state]);
  if (geo.lat !== null) out.push(['lat', String(geo.lat)]);
  if (geo.lng !== null) out.push(['lng', String(geo.lng)]);
  return out;
}

/** The location query parameter names stripped from shared links (SPEC.md 2 Routes). */
export const LOCATION_QUERY_KEYS = ['lat', 'lng', 'city', 'state'] as const;

/**
 * A site path with the place's location query values set (SPEC.md 2: logo and 'See All' links
 * keep the user's location query values). Existing values for those keys are replaced.
 */
export function withLocationQuery(path: string, geo: UserGeo | null | undefined): string {
  const url = new URL(path, 'http://internal.invalid');
  for (const key of LOCATION_QUERY_KEYS) url.searchParams.delete(key);
  for (const [key, value] of locationQuery(geo)) url.searchParams.set(key, value);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
