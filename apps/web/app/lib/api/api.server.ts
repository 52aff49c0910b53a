// The one typed client loaders and actions use to reach the API (the web app
// reaches the API only through its HTTP contract). The transport comes from the load context:
// in-process app.inject, or fetch to API_URL (apps/api/src/web/in-process-api.ts). Every answer is
// parsed with the response schema the API serialises with (@market/domain/api), so a page reads
// exactly what the API documents; a failure is an ApiError with a status, never a silent empty
// answer. Every stored HTML field is sanitised before it reaches a component.
import { WalletPassesOut } from '@market/domain/api/wallet';
import { data, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { PAGE_SIZE, RECOMMENDED_COUNT } from '@market/domain/constants';
import { LocationOut, OfferDetail as OfferDetailOut, OfferListItem as OfferListItemOut, SpotlightOut } from '@market/domain/api/catalogue';
import { ContestItemOut, ContestWinnerOut } from '@market/domain/api/contests';
import { PublicDrawRecordOut } from '@market/domain/api/console-contests';
import { CalloutOut, CalloutsOut } from '@market/domain/api/content';
import { PlaceOut, PlaceSuggestionOut, UserLocationOut } from '@market/domain/api/geo';
import { DEFAULT_CALLOUT_SETTINGS, selectCallouts } from '@market/domain/callouts';
import { sanitizeRichText as sanitizeRichTextOnce } from '@market/domain/html';
import { spotlightDescription } from '@market/domain/spotlight';
import { toUserGeo, type UserGeo } from '@market/domain/user-geo';
import { webRequestContext, type ApiFetch } from '../server/request-context.ts';
import { ApiError, SERVER_ERROR } from './member-api.ts';
import type { Callout, Contest, ContestWinner, LocationDetail, OfferDetail, OfferListItem, PlaceSuggestion, ResolvedPlace, SpotlightMerchant } from './api-types.ts';

/** Status of an ApiError when no answer came (the API is down or timed out). */
const NO_ANSWER = 503;
/** Status of an ApiError when the answer is not the documented shape. */
const BAD_ANSWER = 502;

/** Query string from a record, empty values dropped, arrays comma-joined (SPEC.md 7). */
function query(params: Record<string, string | number | boolean | null | undefined | readonly string[]>): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) sp.set(key, value.join(','));
    } else sp.set(key, String(value === true ? 1 : value));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The place parameters the API takes: city, state, lat, lng (empties dropped). */
export function placeParams(geo: UserGeo | null | undefined): { city?: string; state?: string; lat?: number; lng?: number } {
  if (!geo) return {};
  return { city: geo.city || undefined, state: geo.state || undefined, lat: geo.lat ?? undefined, lng: geo.lng ?? undefined };
}

/**
 * sanitizeRichText with the answers kept: the same contest rules and offer terms come back on
 * every page (the featured contest on every home page, about 0.25 ms each time); the result
 * depends only on the input.
 */
const SANITIZED = new Map<string, string>();
const SANITIZED_MAX = 500;
function sanitizeRichText(html: string): string {
  if (!html) return '';
  const kept = SANITIZED.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeRichTextOnce(html);
  if (html.length <= 20_000) {
    if (SANITIZED.size >= SANITIZED_MAX) SANITIZED.clear();
    SANITIZED.set(html, clean);
  }
  return clean;
}

function sanitizedOffer(offer: OfferDetail): OfferDetail {
  return { ...offer, description: sanitizeRichText(offer.description), retailer_terms: sanitizeRichText(offer.retailer_terms), consumer_terms: sanitizeRichText(offer.consumer_terms) };
}

function sanitizedLocation(location: LocationDetail): LocationDetail {
  return { ...location, merchant: { ...location.merchant, about: sanitizeRichText(location.merchant.about) } };
}

function sanitizedContest(contest: Contest): Contest {
  return {
    ...contest,
    contest: { ...contest.contest, contest_description: sanitizeRichText(contest.contest.contest_description), contest_rules: sanitizeRichText(contest.contest.contest_rules) },
  };
}

/** The place a resolved place answer names, as a userGeo value. */
export function geoFromPlace(place: ResolvedPlace | null): UserGeo | null {
  if (!place) return null;
  return toUserGeo({ city: place.city, state: place.stateShort.length === 2 ? place.stateShort : place.state, lat: place.lat, lng: place.lng });
}

/** The answer, or null when the API says there is no such thing (404); other failures are thrown. */
export async function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The route error response for a failed API call: the API's 404 stays a 404 page; any other
 * failure means the API is unavailable to this page, a 503 (SPEC.md 8: the generic text only).
 */
export function pageErrorOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return error.status === 404 ? data('Not Found', { status: 404 }) : data('Service Unavailable', { status: 503 });
}

/** A loader or action whose API failures become the page's error response (pageErrorOf). */
export function withApiErrors<A extends unknown[], R>(load: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await load(...args);
    } catch (error) {
      throw pageErrorOf(error);
    }
  };
}

const OfferList = z.array(OfferListItemOut);
const LocationList = z.array(LocationOut);
const ContestList = z.array(ContestItemOut);

export class ApiClient {
  private readonly fetcher: ApiFetch;

  constructor(fetcher: ApiFetch) {
    this.fetcher = fetcher;
  }

  /** GET an answer parsed with its response schema; throws ApiError (failures other than 404 logged: SPEC.md 8). */
  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    let res: Response;
    try {
      res = await this.fetcher(path);
    } catch (error) {
      console.warn(`API ${path} failed: ${(error as Error).message}`);
      throw new ApiError(NO_ANSWER, SERVER_ERROR);
    }
    if (!res.ok) {
      if (res.status !== 404) console.warn(`API ${path} answered ${res.status}`);
      throw new ApiError(res.status, SERVER_ERROR);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      console.warn(`API ${path} answered no JSON: ${(error as Error).message}`);
      throw new ApiError(BAD_ANSWER, SERVER_ERROR);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      console.warn(`API ${path} answered an undocumented shape: ${z.prettifyError(parsed.error)}`);
      throw new ApiError(BAD_ANSWER, SERVER_ERROR);
    }
    return parsed.data;
  }

  /** POST JSON and hand back the status and body, for forms that show the server's message. */
  async postJson(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    try {
      const res = await this.fetcher(path, { method: 'POST', body });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { detail: text.slice(0, 300) };
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      console.warn(`API ${path} failed: ${(error as Error).message}`);
      return { status: NO_ANSWER, body: null };
    }
  }

  /** GET /api/entities/ (SPEC.md 7): offers near a place. */
  async entities(geo: UserGeo, options: { category?: readonly string[]; offset?: number; limit?: number; order?: string | undefined; featured?: boolean; exclude?: readonly number[]; radius?: number | undefined; validNow?: boolean; bbox?: string | undefined } = {}): Promise<OfferListItem[]> {
    const path = `/api/entities/${query({
      type: 'Offer',
      ...placeParams(geo),
      category: options.category,
      offset: options.offset || undefined,
      limit: options.limit ?? PAGE_SIZE,
      order: options.order,
      featured: options.featured,
      exclude: options.exclude?.map(String),
      radius: options.radius,
      valid_now: options.validNow,
      bbox: options.bbox,
    })}`;
    return this.get(path, OfferList);
  }

  /** GET /api/search/ (SPEC.md 7). */
  async search(q: string, geo: UserGeo, options: { category?: readonly string[]; offset?: number; order?: string | undefined; radius?: number | undefined; validNow?: boolean; bbox?: string | undefined } = {}): Promise<OfferListItem[]> {
    return this.get(
      `/api/search/${query({ q, ...placeParams(geo), category: options.category, offset: options.offset || undefined, limit: PAGE_SIZE, order: options.order, radius: options.radius, valid_now: options.validNow, bbox: options.bbox })}`,
      OfferList,
    );
  }

  /** GET /api/recommendations/ (docs/api.md): 4 offers for the home page. */
  async recommendations(geo: UserGeo): Promise<OfferListItem[]> {
    return this.get(`/api/recommendations/${query({ limit: RECOMMENDED_COUNT, ...placeParams(geo) })}`, OfferList);
  }

  /** GET /api/offers/{id}/; ApiError 404 when unknown or hidden. */
  async offer(id: number): Promise<OfferDetail> {
    return sanitizedOffer(await this.get(`/api/offers/${id}/`, OfferDetailOut));
  }

  /** GET /api/locations/{id}/; ApiError 404 when unknown. */
  async location(id: number): Promise<LocationDetail> {
    return sanitizedLocation(await this.get(`/api/locations/${id}/`, LocationOut));
  }

  async locationsOfMerchant(slug: string): Promise<LocationDetail[]> {
    return (await this.get(`/api/locations/${query({ slug })}`, LocationList)).map(sanitizedLocation);
  }

  async locations(geo: UserGeo, options: { category?: readonly string[]; offset?: number; limit?: number } = {}): Promise<LocationDetail[]> {
    const path = `/api/locations/${query({ ...placeParams(geo), category: options.category, offset: options.offset || undefined, limit: options.limit ?? PAGE_SIZE })}`;
    return (await this.get(path, LocationList)).map(sanitizedLocation);
  }

  /** GET /api/contests/ (SPEC.md 7): the market's contests, already deduplicated by display name. */
  /** Which wallet passes the site signs (docs/api.md "Wallet"). */
  async walletPasses(): Promise<WalletPassesOut> {
    return this.get('/api/wallet/', WalletPassesOut);
  }

  async contests(geo: UserGeo, options: { featured?: boolean; offset?: number } = {}): Promise<Contest[]> {
    return (await this.get(`/api/contests/${query({ ...placeParams(geo), featured: options.featured, offset: options.offset || undefined })}`, ContestList)).map(sanitizedContest);
  }

  /** The featured contest: the first item of GET /api/contests/?featured=1 (docs/api.md). */
  async featuredContest(geo: UserGeo): Promise<Contest | null> {
    return (await this.contests(geo, { featured: true }))[0] ?? null;
  }

  /** GET /api/contests/{id}/; ApiError 404 when unknown or not running. */
  async contest(entityId: number): Promise<Contest> {
    return sanitizedContest(await this.get(`/api/contests/${entityId}/`, ContestItemOut));
  }

  /** GET /api/contests/{entity_id}/draws/: any contest's entry count and draws; ApiError 404 when unknown. */
  async contestDraws(entityId: number): Promise<PublicDrawRecordOut> {
    return this.get(`/api/contests/${entityId}/draws/`, PublicDrawRecordOut);
  }

  async contestWinners(geo: UserGeo): Promise<ContestWinner[]> {
    return this.get(`/api/contestwinners/${query(placeParams(geo))}`, z.array(ContestWinnerOut));
  }

  /**
   * Callouts for a state (SPEC.md 7): the content service's answer, or the default callouts when it
   * does not answer or its settings say use_default_callouts.
   */
  async callouts(state: string): Promise<Callout[]> {
    const answer = await this.get(`/api/content/callouts/${query({ state })}`, CalloutsOut).catch((error: unknown) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    const settings = answer?.settings ?? DEFAULT_CALLOUT_SETTINGS;
    let list = answer?.objects ?? [];
    if (!answer || settings.use_default_callouts || list.length === 0) list = selectCallouts(await this.get('/api/default-callouts/', z.array(CalloutOut)), settings, null);
    return list.filter((c) => c.image.url && c.link);
  }

  /** GET /api/spotlight/ with descriptions stripped and cut (SPEC.md 5). */
  async spotlight(geo: UserGeo): Promise<SpotlightMerchant[]> {
    return (await this.get(`/api/spotlight/${query(placeParams(geo))}`, z.array(SpotlightOut))).map((s) => ({
      id: s.id,
      slug: s.slug,
      city: s.city,
      state: s.state,
      description: spotlightDescription(s.about),
      merchant: s.merchant,
      logo: s.logo.path,
    }));
  }

  /** GET /api/userlocation/ (SPEC.md 7): the visitor's place from the request; null when unknown. */
  async userLocation(): Promise<UserGeo | null> {
    const place = await this.get('/api/userlocation/', UserLocationOut);
    return place && toUserGeo({ city: place.city, state: place.state, lat: place.lat, lng: place.lng });
  }

  async placeSuggestions(q: string, geo?: UserGeo | null): Promise<PlaceSuggestion[]> {
    return this.get(`/api/places/autocomplete/${query({ q, ...placeParams(geo) })}`, z.array(PlaceSuggestionOut));
  }

  /** GET /api/places/{id}/; ApiError 404 when unknown. */
  async place(id: string | number): Promise<ResolvedPlace> {
    return this.get(`/api/places/${encodeURIComponent(String(id))}/`, PlaceOut);
  }

  /** GET /api/places/zip/{zip}/ (the location picker's ZIP code); ApiError 404 when no place has it. */
  async placeOfZip(zip: string): Promise<ResolvedPlace> {
    return this.get(`/api/places/zip/${encodeURIComponent(zip)}/`, PlaceOut);
  }

  async reverseGeocode(lat: number, lng: number): Promise<ResolvedPlace> {
    return this.get(`/api/places/reverse/${query({ lat, lng })}`, PlaceOut);
  }
}

/** The API client of this request (load context from apps/api/src/web/mount.ts). */
export function apiFrom(context: Readonly<RouterContextProvider>): ApiClient {
  return new ApiClient(context.get(webRequestContext).api);
}
