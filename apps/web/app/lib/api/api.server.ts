// The one typed client loaders and actions use to reach the API (ARCHITECTURE.md "The web app
// reaches the API only through its HTTP contract"). The transport comes from the load context:
// in-process app.inject, or fetch to API_URL (apps/api/src/web.ts). Answers are normalised here
// and every stored HTML field is sanitised before it reaches a component.
import type { RouterContextProvider } from 'react-router';
import { PAGE_SIZE, RECOMMENDED_COUNT } from '@market/domain/constants';
import { selectCallouts, DEFAULT_CALLOUT_SETTINGS, type CalloutSettings } from '@market/domain/callouts';
import { spotlightDescription } from '@market/domain/spotlight';
import { expiryStatus } from '@market/domain/expiry';
import { toUserGeo, type UserGeo } from '@market/domain/user-geo';
import { CONTESTS_SLUG } from '@market/domain/categories';
import { webRequestContext, type ApiFetch } from '../server/request-context.ts';
import { sanitizeRichText as sanitizeRichTextOnce } from '@market/domain/html';
import type {
  Callout,
  Contest,
  ContestWinner,
  LocationDetail,
  OfferDetail,
  OfferListItem,
  PlaceSuggestion,
  ResolvedPlace,
  SpotlightMerchant,
} from './api-types.ts';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** Lists answer an array, or an object holding the list under `objects` (ARCHITECTURE.md). */
function asList(v: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(v)) return v;
  const o = obj(v);
  for (const key of [...keys, 'objects', 'results', 'items', 'data']) if (Array.isArray(o[key])) return o[key] as unknown[];
  return [];
}

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

export function normaliseOfferListItem(v: unknown): OfferListItem {
  const o = obj(v);
  const loc = obj(o.location);
  return {
    entitiable_id: num(o.entitiable_id ?? o.id),
    entitiable_type: str(o.entitiable_type, 'Offer'),
    name: str(o.name),
    path: strOrNull(o.path),
    merchant_logo: strOrNull(o.merchant_logo),
    merchant_name: str(o.merchant_name),
    merchant_slug: str(o.merchant_slug),
    location_id: num(o.location_id),
    location: { address: str(loc.address), city: str(loc.city), state: str(loc.state), zip: str(loc.zip) },
    expires_at: str(o.expires_at),
    latitude: numOrNull(o.latitude),
    longitude: numOrNull(o.longitude),
    is_certified: bool(o.is_certified),
    secondary_type: str(o.secondary_type, 'other'),
    additional_offers: num(o.additional_offers),
    is_featured: bool(o.is_featured),
  };
}

function offerList(v: unknown): OfferListItem[] {
  const items = asList(v).map(normaliseOfferListItem);
  for (const item of items) {
    // SPEC.md 3: any other kind than Offer is logged as a warning.
    if (item.entitiable_type !== 'Offer') console.warn(`Unexpected entity kind ${item.entitiable_type} (${item.entitiable_id})`);
  }
  return items.filter((i) => i.entitiable_type === 'Offer' && i.entitiable_id > 0);
}

/**
 * sanitizeRichText with the answers kept (issue 9): the same contest rules and offer terms come
 * back on every page (the featured contest on every home page, about 0.25 ms each time); the
 * result depends only on the input.
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

function normaliseOffer(v: unknown): OfferDetail {
  const o = obj(v);
  const merchant = obj(o.merchant);
  const loc = o.location ? obj(o.location) : null;
  return {
    id: num(o.id),
    merchant_logo: strOrNull(o.merchant_logo),
    path: strOrNull(o.path),
    name: str(o.name),
    slug: str(o.slug),
    merchant: { slug: str(merchant.slug ?? o.merchant_slug), id: num(merchant.id ?? o.merchant_id), name: strOrNull(merchant.name ?? merchant.display ?? o.merchant_name) ?? undefined },
    description: sanitizeRichText(str(o.description)),
    expires_at: str(o.expires_at),
    expiry_status: o.expiry_status === 'expired' || (o.expiry_status !== 'active' && expiryStatus(str(o.expires_at)) !== 'active') ? 'expired' : 'active',
    max_prints: num(o.max_prints, 3),
    is_certified: bool(o.is_certified),
    secondary_type: str(o.secondary_type, 'other'),
    code: str(o.code),
    is_featured: bool(o.is_featured),
    external_offer_url: strOrNull(o.external_offer_url),
    is_active: o.is_active === undefined ? true : bool(o.is_active),
    // The API says so while its answer is fresh; the date rule (SPEC.md 4, from the start of today)
    // also catches an answer kept from before midnight.
    expired: o.expiry_status === 'expired' || expiryStatus(str(o.expires_at)) !== 'active',
    merchant_id: num(o.merchant_id ?? merchant.id),
    location: loc
      ? { id: num(loc.id ?? o.location_id), address: str(loc.address), city: str(loc.city), state: str(loc.state), zip: str(loc.zip), latitude: numOrNull(loc.latitude ?? loc.lat), longitude: numOrNull(loc.longitude ?? loc.lng) }
      : null,
    retailer_terms: sanitizeRichText(str(o.retailer_terms)),
    consumer_terms: sanitizeRichText(str(o.consumer_terms)),
    additional_offers: num(o.additional_offers),
    type: strOrNull(o.type),
  };
}

export function normaliseLocation(v: unknown): LocationDetail {
  const o = obj(v);
  const merchant = obj(o.merchant);
  const logo = obj(o.logo);
  const entities = offerList(o.entities);
  const category = o.category && typeof o.category === 'object' ? str(obj(o.category).display ?? obj(o.category).name) : strOrNull(o.category);
  return {
    id: num(o.id),
    display_name: str(o.display_name ?? merchant.display ?? o.merchant_name),
    address: str(o.address),
    address2: str(o.address2),
    city: str(o.city),
    state: str(o.state),
    zip: str(o.zip),
    latitude: numOrNull(o.latitude),
    longitude: numOrNull(o.longitude),
    phone: strOrNull(o.phone),
    merchant_slug: str(o.merchant_slug ?? merchant.slug),
    merchant_name: str(o.merchant_name ?? merchant.display ?? o.display_name),
    is_certified: bool(o.is_certified ?? merchant.is_certified),
    logo: { path: strOrNull(logo.path ?? o.logo) },
    entities,
    merchant: {
      id: num(merchant.id),
      display: str(merchant.display ?? o.merchant_name),
      slug: str(merchant.slug ?? o.merchant_slug),
      is_certified: bool(merchant.is_certified ?? o.is_certified),
      about: sanitizeRichText(str(merchant.about)),
      website: strOrNull(merchant.website ?? merchant.website_url),
    },
    category: category || null,
    additional_offers: o.additional_offers === undefined ? Math.max(0, entities.length - 1) : num(o.additional_offers),
  };
}

function normaliseContest(v: unknown): Contest {
  const o = obj(v);
  const c = obj(o.contest);
  const merchant = c.merchant ? obj(c.merchant) : null;
  return {
    entity_id: num(o.entity_id ?? o.id),
    contest: {
      id: num(c.id),
      path: strOrNull(c.path),
      banner: strOrNull(c.banner),
      display_name: str(c.display_name),
      contest_description: sanitizeRichText(str(c.contest_description)),
      contest_rules: sanitizeRichText(str(c.contest_rules)),
      win_save_contest_link: strOrNull(c.win_save_contest_link),
      slug: str(c.slug),
      merchant: merchant ? { default_location_id: numOrNull(merchant.default_location_id), slug: strOrNull(merchant.slug) } : null,
    },
    sweepstakes_numbers: asList(o.sweepstakes_numbers ?? c.sweepstakes_numbers).map((n) => str(n)).filter(Boolean),
    entered: bool(o.entered),
  };
}

function normaliseCallout(v: unknown): Callout & { show_for_all_states: boolean; states: Array<{ abbreviation: string }> } {
  const o = obj(v);
  const image = obj(o.image);
  return {
    image: { url: str(image.url), mime: str(image.mime), alternativeText: str(image.alternativeText) },
    link: str(o.link),
    target: str(o.target, '_self'),
    rel: str(o.rel),
    open_link_in_new_tab: bool(o.open_link_in_new_tab),
    order: num(o.order),
    show_for_all_states: bool(o.show_for_all_states),
    states: asList(o.states).map((s) => ({ abbreviation: str(obj(s).abbreviation ?? s) })),
  };
}

function normalisePlace(v: unknown): ResolvedPlace | null {
  const o = obj(v);
  const lat = numOrNull(o.lat);
  const lng = numOrNull(o.lng);
  if (lat === null || lng === null) return null;
  return { state: str(o.state), stateShort: str(o.stateShort ?? o.state_short ?? o.state), city: str(o.city ?? o.name), lat, lng };
}

/** The place a resolved place or user-location answer names, as a userGeo value. */
export function geoFromPlace(place: ResolvedPlace | null): UserGeo | null {
  if (!place) return null;
  return toUserGeo({ city: place.city, state: place.stateShort.length === 2 ? place.stateShort : place.state, lat: place.lat, lng: place.lng });
}

export class ApiClient {
  private readonly fetcher: ApiFetch;

  constructor(fetcher: ApiFetch) {
    this.fetcher = fetcher;
  }

  /** GET a JSON answer; null for 404 or any failure (logged: SPEC.md 8). */
  private async getJson(path: string): Promise<unknown> {
    try {
      const res = await this.fetcher(path);
      if (res.status === 404) return null;
      if (!res.ok) {
        console.warn(`API ${path} answered ${res.status}`);
        return null;
      }
      return await res.json();
    } catch (error) {
      console.warn(`API ${path} failed: ${(error as Error).message}`);
      return null;
    }
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
      return { status: 503, body: null };
    }
  }

  /** GET /api/entities/ (SPEC.md 7): offers near a place; failure logged, empty list. */
  async entities(geo: UserGeo, options: { category?: readonly string[]; offset?: number; limit?: number; order?: string; featured?: boolean; exclude?: readonly number[] } = {}): Promise<OfferListItem[]> {
    const category = (options.category ?? []).filter((c) => c !== CONTESTS_SLUG);
    const path = `/api/entities/${query({
      type: 'Offer',
      ...placeParams(geo),
      category,
      offset: options.offset || undefined,
      limit: options.limit ?? PAGE_SIZE,
      order: options.order,
      featured: options.featured,
      exclude: options.exclude?.map(String),
    })}`;
    return offerList(await this.getJson(path));
  }

  /** GET /api/search/ (SPEC.md 7). */
  async search(q: string, geo: UserGeo, options: { category?: readonly string[]; offset?: number } = {}): Promise<OfferListItem[]> {
    const category = (options.category ?? []).filter((c) => c !== CONTESTS_SLUG);
    return offerList(await this.getJson(`/api/search/${query({ q, ...placeParams(geo), category, offset: options.offset || undefined, limit: PAGE_SIZE })}`));
  }

  /** GET /api/recommendations/ (ARCHITECTURE.md): 4 offers for the home page. */
  async recommendations(geo: UserGeo): Promise<OfferListItem[]> {
    return offerList(await this.getJson(`/api/recommendations/${query({ limit: RECOMMENDED_COUNT, ...placeParams(geo) })}`)).slice(0, RECOMMENDED_COUNT);
  }

  /** GET /api/offers/{id}/; null when unknown or hidden. */
  async offer(id: number): Promise<OfferDetail | null> {
    const body = await this.getJson(`/api/offers/${id}/`);
    return body ? normaliseOffer(body) : null;
  }

  async location(id: number): Promise<LocationDetail | null> {
    const body = await this.getJson(`/api/locations/${id}/`);
    return body ? normaliseLocation(body) : null;
  }

  async locationsOfMerchant(slug: string): Promise<LocationDetail[]> {
    return asList(await this.getJson(`/api/locations/${query({ slug })}`)).map(normaliseLocation);
  }

  async locations(geo: UserGeo, options: { category?: readonly string[]; offset?: number; limit?: number } = {}): Promise<LocationDetail[]> {
    const path = `/api/locations/${query({ ...placeParams(geo), category: options.category, offset: options.offset || undefined, limit: options.limit ?? PAGE_SIZE })}`;
    return asList(await this.getJson(path)).map(normaliseLocation);
  }

  /** GET /api/contests/ (SPEC.md 7): failure gives an empty list. Deduplicated by display name (SPEC.md 3). */
  async contests(geo: UserGeo, options: { featured?: boolean; offset?: number } = {}): Promise<Contest[]> {
    const list = asList(await this.getJson(`/api/contests/${query({ ...placeParams(geo), featured: options.featured, offset: options.offset || undefined })}`)).map(normaliseContest);
    const seen = new Set<string>();
    return list.filter((c) => {
      const key = c.contest.display_name.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return c.entity_id > 0;
    });
  }

  /** The featured contest: the first item of GET /api/contests/?featured=1 (ARCHITECTURE.md). */
  async featuredContest(geo: UserGeo): Promise<Contest | null> {
    return (await this.contests(geo, { featured: true }))[0] ?? null;
  }

  async contest(entityId: number): Promise<Contest | null> {
    const body = await this.getJson(`/api/contests/${entityId}/`);
    return body ? normaliseContest(body) : null;
  }

  async contestWinners(geo: UserGeo): Promise<ContestWinner[]> {
    return asList(await this.getJson(`/api/contestwinners/${query(placeParams(geo))}`)).map((v) => {
      const o = obj(v);
      return { first_name: str(o.first_name), last_initial: str(o.last_initial), city: str(o.city), state: str(o.state), winning: str(o.winning), selected_at: str(o.selected_at) };
    });
  }

  /**
   * Callouts for a state (SPEC.md 7): the content service's answer, or the default callouts when it
   * does not answer or its settings say use_default_callouts.
   */
  async callouts(state: string): Promise<Callout[]> {
    const body = await this.getJson(`/api/content/callouts/${query({ state })}`);
    const settings: CalloutSettings = { ...DEFAULT_CALLOUT_SETTINGS, ...(obj(obj(body).settings) as Partial<CalloutSettings>) };
    let list = body ? asList(body, 'callouts').map(normaliseCallout) : [];
    if (!body || settings.use_default_callouts || list.length === 0) {
      const fallback = await this.getJson('/api/default-callouts/');
      list = selectCallouts(asList(fallback, 'callouts').map(normaliseCallout), settings, null);
    }
    return list.filter((c) => c.image.url && c.link);
  }

  /** GET /api/spotlight/ with descriptions stripped and cut (SPEC.md 5). */
  async spotlight(geo: UserGeo): Promise<SpotlightMerchant[]> {
    return asList(await this.getJson(`/api/spotlight/${query(placeParams(geo))}`)).map((v) => {
      const o = obj(v);
      const merchant = obj(o.merchant);
      const logo = o.logo && typeof o.logo === 'object' ? strOrNull(obj(o.logo).path) : strOrNull(o.logo);
      return {
        id: num(o.id ?? o.location_id),
        slug: str(o.slug ?? merchant.slug),
        city: str(o.city),
        state: str(o.state),
        description: spotlightDescription(str(o.about ?? merchant.about)),
        merchant: { display: str(merchant.display ?? merchant.name ?? o.name) },
        logo,
      };
    }).filter((s) => s.id > 0 && s.slug);
  }

  /** GET /api/userlocation/ (SPEC.md 7): the visitor's place from the request; null on failure. */
  async userLocation(): Promise<UserGeo | null> {
    const body = await this.getJson('/api/userlocation/');
    if (!body) return null;
    const o = obj(body);
    return toUserGeo({ city: o.city, state: o.state, lat: o.lat, lng: o.lng });
  }

  async placeSuggestions(q: string, geo?: UserGeo | null): Promise<PlaceSuggestion[]> {
    return asList(await this.getJson(`/api/places/autocomplete/${query({ q, ...placeParams(geo) })}`)).map((v) => {
      const o = obj(v);
      return { suggestion: str(o.suggestion), id: typeof o.id === 'number' ? o.id : str(o.id) };
    }).filter((s) => s.suggestion && s.id !== '');
  }

  async place(id: string | number): Promise<ResolvedPlace | null> {
    return normalisePlace(await this.getJson(`/api/places/${encodeURIComponent(String(id))}/`));
  }

  async reverseGeocode(lat: number, lng: number): Promise<ResolvedPlace | null> {
    return normalisePlace(await this.getJson(`/api/places/reverse/${query({ lat, lng })}`));
  }
}

/** The API client of this request (load context from apps/api/src/web.ts). */
export function apiFrom(context: Readonly<RouterContextProvider>): ApiClient {
  return new ApiClient(context.get(webRequestContext).api);
}
