// Markets and regional offices: SPEC.md 1 and 9.
// Office coordinates, the Twin Cities centre and radius are not given by SPEC.md (section 9:
// "values not shown"); the values below are our decision, recorded in docs/decisions.md.

export const MARKET_IDS = ['detroit', 'chicago', 'minneapolis', 'florida'] as const;
export type MarketId = (typeof MARKET_IDS)[number];

export const STATES_SOLD = ['MI', 'IL', 'MN', 'FL'] as const;
export type SoldState = (typeof STATES_SOLD)[number];

export interface Market {
  id: MarketId;
  name: string;
  fullAdministrativeArea: string;
  state: SoldState;
  /** The city the market is known by (its office point lies in it): offered to visitors from elsewhere. */
  city: string;
  telephone: string;
  fax: string;
  address: { street: string; city: string; state: string; zip: string };
  contactEmail: string;
  openingHours: string;
  lat: number;
  lng: number;
  /** Listing radius around the visitor in metres (SPEC.md 9). */
  radiusM: number;
  timezone: string;
}

/** Toll-free number shared by all offices (SPEC.md 2, footer). */
export const TOLL_FREE_PHONE = '(800) 555-0142';

/** Headquarters shown in the footer and in every e-mail (SPEC.md 2: a Michigan city). */
export const HEADQUARTERS = {
  name: 'LocalSaver Media, Inc.',
  street: '2000 Town Center, Suite 1900',
  city: 'Southfield',
  state: 'MI',
  zip: '48075',
} as const;

const WEEKDAYS = 'Mo-Fr';

export const MARKETS: Record<MarketId, Market> = {
  detroit: {
    id: 'detroit',
    name: 'Detroit',
    fullAdministrativeArea: 'Michigan',
    state: 'MI',
    city: 'Detroit',
    telephone: '(248) 555-0100',
    fax: '(248) 555-0101',
    address: { street: HEADQUARTERS.street, city: HEADQUARTERS.city, state: 'MI', zip: HEADQUARTERS.zip },
    contactEmail: 'detroit@localsaver.example',
    openingHours: `${WEEKDAYS} 08:30-17:00`,
    lat: 42.3314,
    lng: -83.0458,
    radiusM: 160_934,
    timezone: 'America/Detroit',
  },
  chicago: {
    id: 'chicago',
    name: 'Chicago',
    fullAdministrativeArea: 'Illinois',
    state: 'IL',
    city: 'Chicago',
    telephone: '(312) 555-0110',
    fax: '(312) 555-0111',
    address: { street: '225 W Wacker Dr, Suite 1400', city: 'Chicago', state: 'IL', zip: '60606' },
    contactEmail: 'chicago@localsaver.example',
    openingHours: `${WEEKDAYS} 08:30-17:00`,
    lat: 41.8781,
    lng: -87.6298,
    radiusM: 160_934,
    timezone: 'America/Chicago',
  },
  minneapolis: {
    id: 'minneapolis',
    name: 'Twin Cities',
    fullAdministrativeArea: 'Minnesota',
    state: 'MN',
    city: 'Minneapolis',
    telephone: '(612) 555-0120',
    fax: '(612) 555-0121',
    address: { street: '80 S 8th St, Suite 2200', city: 'Minneapolis', state: 'MN', zip: '55402' },
    contactEmail: 'twincities@localsaver.example',
    openingHours: `${WEEKDAYS} 08:30-17:00`,
    lat: 44.9778,
    lng: -93.265,
    radiusM: 321_868,
    timezone: 'America/Chicago',
  },
  florida: {
    id: 'florida',
    name: 'Florida',
    fullAdministrativeArea: 'Florida',
    state: 'FL',
    city: 'Tampa',
    telephone: '(813) 555-0130',
    fax: '(813) 555-0131',
    address: { street: '100 N Tampa St, Suite 3100', city: 'Tampa', state: 'FL', zip: '33602' },
    contactEmail: 'florida@localsaver.example',
    openingHours: `${WEEKDAYS} 09:00-17:00`,
    lat: 27.9506,
    lng: -82.4572,
    radiusM: 160_934,
    timezone: 'America/New_York',
  },
};

export const DEFAULT_MARKET: MarketId = 'detroit';
/** Default place when nothing is known about the visitor (SPEC.md 1: Detroit, MI). */
export const DEFAULT_PLACE = { market: DEFAULT_MARKET, city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 } as const;

const MARKET_BY_STATE: Record<SoldState, MarketId> = { MI: 'detroit', IL: 'chicago', MN: 'minneapolis', FL: 'florida' };

export function isSoldState(state: string | null | undefined): state is SoldState {
  return state != null && (STATES_SOLD as readonly string[]).includes(state.toUpperCase());
}

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The market that serves a place: by state when the state is one we sell in, otherwise the
 * nearest office. Used for listing radii and for routing leads to a regional office.
 */
export function marketFor(place: { state?: string | null; lat?: number | null; lng?: number | null }): Market {
  if (isSoldState(place.state)) return MARKETS[MARKET_BY_STATE[place.state.toUpperCase() as SoldState]];
  if (place.lat != null && place.lng != null) {
    const point = { lat: place.lat, lng: place.lng };
    let best = MARKETS[DEFAULT_MARKET];
    let bestDistance = Infinity;
    for (const market of Object.values(MARKETS)) {
      const d = distanceMeters(point, market);
      if (d < bestDistance) {
        best = market;
        bestDistance = d;
      }
    }
    return best;
  }
  return MARKETS[DEFAULT_MARKET];
}

/**
 * The market a place is in: a state we sell in, or within an office's listing radius (a town
 * just over a state line). Null outside all four markets (Denver, CO), where the lists would be
 * empty: the home page then offers a choice of markets (docs/decisions.md).
 */
export function servingMarket(place: { state?: string | null; lat?: number | null; lng?: number | null }): Market | null {
  if (isSoldState(place.state)) return marketFor(place);
  if (place.lat == null || place.lng == null) return null;
  const point = { lat: place.lat, lng: place.lng };
  const near = Object.values(MARKETS).filter((m) => distanceMeters(point, m) <= m.radiusM);
  near.sort((a, b) => distanceMeters(point, a) - distanceMeters(point, b));
  return near[0] ?? null;
}

// Twin Cities area (SPEC.md 9): a centre point and a radius in metres compared in kilometres with
// a flat approximation of 40000/360 km per degree; Minneapolis, MN always counts as inside.
export const TWIN_CITIES_CENTER = { lat: 44.9778, lng: -93.265 } as const;
export const TWIN_CITIES_RADIUS_M = 80_467;
const KM_PER_DEGREE = 40_000 / 360;

/** Flat-approximation distance in km (SPEC.md 9), longitude scaled by the cosine of the mean latitude. */
export function flatDistanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const meanLat = ((a.lat + b.lat) / 2) * (Math.PI / 180);
  const dLat = a.lat - b.lat;
  const dLng = (a.lng - b.lng) * Math.cos(meanLat);
  return Math.sqrt(dLat * dLat + dLng * dLng) * KM_PER_DEGREE;
}

/** Whether a place is in the Twin Cities area: picks the green brand and the home-pros home (SPEC.md 1, 9). */
export function isTwinCitiesArea(place: { city?: string | null; state?: string | null; lat?: number | null; lng?: number | null }): boolean {
  if (place.city?.trim().toLowerCase() === 'minneapolis' && place.state?.trim().toUpperCase() === 'MN') return true;
  if (place.lat == null || place.lng == null || !Number.isFinite(place.lat) || !Number.isFinite(place.lng)) return false;
  return flatDistanceKm({ lat: place.lat, lng: place.lng }, TWIN_CITIES_CENTER) <= TWIN_CITIES_RADIUS_M / 1000;
}

/** Southeast Michigan bounding box (SPEC.md 9). */
export const SOUTHEAST_MICHIGAN_BOX = { minLat: 41.71803, maxLat: 43.00063, minLng: -84.60022, maxLng: -82.446899 } as const;

export function isInSoutheastMichigan(p: { lat: number; lng: number }): boolean {
  const b = SOUTHEAST_MICHIGAN_BOX;
  return p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng;
}

/** The 50 states plus DC for the state picker (SPEC.md 9), default Michigan. */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));
export const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));
