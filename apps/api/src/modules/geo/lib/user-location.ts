// Where the visitor is (SPEC.md 7 GET /api/userlocation/): from the geo headers a CDN adds, but
// only when the request reaches us from a configured trusted proxy (anyone can send such headers
// directly), else from an optional MaxMind GeoLite2 City database looked up with the client
// address (Fastify's request.ip, which follows X-Forwarded-For only from trusted proxies), else
// nothing.
import type { IncomingHttpHeaders } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { marketFor, US_STATE_CODES } from '@market/domain/markets';
import { PLACE_QUERY_PATTERN } from '@market/domain/places';
import type { AppDeps } from '../../../context.ts';
import type { UserLocationOut } from '../schema.ts';
import { findPlaceNamed, nearestPlace } from '../service.ts';

/** Returns whether a socket peer address is one of the configured trusted proxies. */
export type TrustCheck = (peerAddress: string | undefined) => boolean;

/** Compiles TRUSTED_PROXIES (addresses, CIDR ranges, or proxy-addr names like 'loopback') as Fastify does. */
export function compileTrust(proxies: string[]): TrustCheck {
  if (!proxies.length) return () => false;
  const trust = proxyAddr.compile(proxies);
  return (peer) => peer !== undefined && peer !== '' && trust(peer, 0);
}

/** Header names of the CDNs whose visitor-location headers we read (Cloudflare, CloudFront). */
const CDN_HEADER_SETS = [
  { country: 'cf-ipcountry', city: 'cf-ipcity', region: 'cf-region-code', lat: 'cf-iplatitude', lng: 'cf-iplongitude' },
  {
    country: 'cloudfront-viewer-country',
    city: 'cloudfront-viewer-city',
    region: 'cloudfront-viewer-country-region',
    lat: 'cloudfront-viewer-latitude',
    lng: 'cloudfront-viewer-longitude',
  },
] as const;

interface PartialLocation {
  city?: string | undefined;
  state?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

function cleanCity(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let text = raw;
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  text = text.trim();
  return text.length > 0 && text.length <= 100 && PLACE_QUERY_PATTERN.test(text) ? text : undefined;
}

function cleanState(raw: string | undefined): string | undefined {
  const code = raw?.toUpperCase();
  return code && US_STATE_CODES.has(code) ? code : undefined;
}

function cleanCoordinate(raw: string | number | undefined, limit: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

function usable(p: PartialLocation): boolean {
  return (p.lat !== undefined && p.lng !== undefined) || (p.city !== undefined && p.state !== undefined);
}

/** Reads the first CDN's visitor-location headers present; US visitors only (the markets are US). */
export function locationFromCdnHeaders(headers: IncomingHttpHeaders): PartialLocation | null {
  for (const set of CDN_HEADER_SETS) {
    const country = header(headers, set.country);
    const found: PartialLocation = {
      city: cleanCity(header(headers, set.city)),
      state: cleanState(header(headers, set.region)),
      lat: cleanCoordinate(header(headers, set.lat), 90),
      lng: cleanCoordinate(header(headers, set.lng), 180),
    };
    if (found.lat === undefined || found.lng === undefined) {
      found.lat = undefined;
      found.lng = undefined;
    }
    if (!usable(found)) continue;
    if (country !== undefined && country.toUpperCase() !== 'US') return null;
    return found;
  }
  return null;
}

export type GeoIpReader = Reader<CityResponse>;

/** Opens the MaxMind database of MAXMIND_DB; a missing or unreadable file stops start-up with one line. */
export async function openGeoIp(path: string | undefined): Promise<GeoIpReader | null> {
  if (!path) return null;
  try {
    return await maxmind.open<CityResponse>(path);
  } catch (error) {
    throw new Error(`Invalid configuration: MAXMIND_DB: cannot open ${path} (${(error as Error).message})`);
  }
}

/** Looks a client address up in the GeoIP database; US answers only. */
export function locationFromGeoIp(reader: GeoIpReader, clientIp: string): PartialLocation | null {
  const ip = clientIp.startsWith('::ffff:') && clientIp.includes('.') ? clientIp.slice(7) : clientIp;
  if (!maxmind.validate(ip)) return null;
  let answer: CityResponse | null;
  try {
    answer = reader.get(ip);
  } catch {
    return null;
  }
  if (!answer || answer.country?.iso_code !== 'US') return null;
  const found: PartialLocation = {
    city: cleanCity(answer.city?.names?.en),
    state: cleanState(answer.subdivisions?.[0]?.iso_code),
    lat: cleanCoordinate(answer.location?.latitude, 90),
    lng: cleanCoordinate(answer.location?.longitude, 180),
  };
  if (found.lat === undefined || found.lng === undefined) {
    found.lat = undefined;
    found.lng = undefined;
  }
  return usable(found) ? found : null;
}

/** Fills what a source left out: coordinates from the city, or the city from the nearest place. */
async function complete(deps: Pick<AppDeps, 'db'>, p: PartialLocation): Promise<UserLocationOut> {
  let { city, state, lat, lng } = p;
  if ((lat === undefined || lng === undefined) && city) {
    const place = await findPlaceNamed(deps, city, state);
    if (!place) return null;
    lat = place.lat;
    lng = place.lng;
    state ??= place.state;
  }
  if (lat === undefined || lng === undefined) return null;
  if (!city || !state) {
    const place = await nearestPlace(deps, { lat, lng });
    if (!place) return null;
    city ??= place.name;
    state ??= place.state;
  }
  return { market: marketFor({ state, lat, lng }).id, state, city, lat, lng };
}

export interface UserLocationRequest {
  headers: IncomingHttpHeaders;
  /** The socket peer: the only address we did not take someone's word for. */
  peerAddress: string | undefined;
  /** Fastify's request.ip: the forwarded client address when the peer is a trusted proxy. */
  clientIp: string;
}

/**
 * Whether userLocation may find a place for this request: false when no source applies (no
 * believed CDN headers, no GeoIP database), so it would answer null without looking.
 */
export function mayLocate(request: Pick<UserLocationRequest, 'headers' | 'peerAddress'>, sources: { isTrustedPeer: TrustCheck; geoIpConfigured: boolean }): boolean {
  return sources.geoIpConfigured || (sources.isTrustedPeer(request.peerAddress) && locationFromCdnHeaders(request.headers) !== null);
}

/** The visitor location of SPEC.md 7 ({market, state, city, lat, lng}) or null when unknown. */
export async function userLocation(
  deps: Pick<AppDeps, 'db'>,
  request: UserLocationRequest,
  sources: { isTrustedPeer: TrustCheck; geoIp: GeoIpReader | null },
): Promise<UserLocationOut> {
  if (sources.isTrustedPeer(request.peerAddress)) {
    const fromCdn = locationFromCdnHeaders(request.headers);
    if (fromCdn) {
      const located = await complete(deps, fromCdn);
      if (located) return located;
    }
  }
  if (sources.geoIp) {
    const fromGeoIp = locationFromGeoIp(sources.geoIp, request.clientIp);
    if (fromGeoIp) return complete(deps, fromGeoIp);
  }
  return null;
}
