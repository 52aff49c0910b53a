import { DEFAULT_PLACE, isSoldState, isTwinCitiesArea, marketFor, type Market } from '@market/domain/markets';
import { homeLayoutFor, parsePlaceQuery, placeNameVariants, placeSuggestion, PLACE_SUGGESTION_LIMIT, stateName } from '@market/domain/places';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findAllMarkets,
  findLargestPlaceInState,
  findNearestPlace,
  findPlaceById,
  findPlaceByName,
  findPlaceByZip,
  findPlacesByPrefix,
  findLargestPlacesInStates,
  type PlaceRow,
} from './repository.ts';
import { BASEMAP_STATES, basemapCollection } from './lib/basemap.ts';
import type { MarketOfPlaceOut, MarketOut, PlaceOut } from './schema.ts';

/** Reverse geocoding answers the nearest city within this distance (100 miles), else 404. */
export const REVERSE_GEOCODE_MAX_METERS = 160_934;

/** The four regional offices (SPEC.md 3 Regional office, 9). */
export async function listMarkets(deps: Pick<AppDeps, 'db'>): Promise<MarketOut[]> {
  const rows = await findAllMarkets(deps.db.db);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    fullAdministrativeArea: m.fullAdministrativeArea,
    telephone: m.telephone,
    fax: m.fax,
    address: { street: m.street, city: m.city, state: m.state, zip: m.zip },
    contact_email: m.contactEmail,
    opening_hours: m.openingHours,
    lat: m.lat,
    lng: m.lng,
    radius: m.radiusM,
  }));
}

function officeOut(m: Market): MarketOut {
  return {
    id: m.id,
    name: m.name,
    fullAdministrativeArea: m.fullAdministrativeArea,
    telephone: m.telephone,
    fax: m.fax,
    address: m.address,
    contact_email: m.contactEmail,
    opening_hours: m.openingHours,
    lat: m.lat,
    lng: m.lng,
    radius: m.radiusM,
  };
}

export interface PlaceInput {
  city?: string | undefined;
  state?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

export interface Position {
  city: string | null;
  /** Two-letter state code, when known. */
  state: string | null;
  lat: number;
  lng: number;
  /** Where the point came from: the visitor's coordinates, a city/state lookup, or the default. */
  source: 'coordinates' | 'place' | 'default';
  /** The market serving the position (SPEC.md 9 radii; marketFor in @market/domain/markets). */
  market: Market;
}

function positionOf(input: { city: string | null; state: string | null; lat: number; lng: number }, source: Position['source']): Position {
  return { ...input, source, market: marketFor(input) };
}

/** The most populous city of that name, however its St./Saint, Ft./Fort or Mt./Mount is written. */
export function findPlaceNamed(deps: Pick<AppDeps, 'db'>, city: string, state: string | undefined): Promise<PlaceRow | undefined> {
  return findPlaceByName(deps.db.db, placeNameVariants(city, { complete: true }), state);
}

/**
 * The visitor's position as every list call reads it (SPEC.md 7 city, state, lat, lng): the
 * coordinates when given; else the city (in the state when given) looked up in places, the most
 * populous match; else the most populous city of the state; else Detroit, MI (SPEC.md 1).
 */
export async function resolvePosition(deps: Pick<AppDeps, 'db'>, input: PlaceInput): Promise<Position> {
  const state = input.state?.trim().toUpperCase() || undefined;
  const city = input.city?.trim() || undefined;
  if (input.lat !== undefined && input.lng !== undefined) {
    return positionOf({ city: city ?? null, state: state ?? null, lat: input.lat, lng: input.lng }, 'coordinates');
  }
  const place = (city ? await findPlaceNamed(deps, city, state) : undefined) ?? (state ? await findLargestPlaceInState(deps.db.db, state) : undefined);
  if (place) return positionOf({ city: place.name, state: place.state, lat: place.lat, lng: place.lng }, 'place');
  if (isSoldState(state)) {
    // A state we sell in but no city known for it: the regional office's city.
    const office = marketFor({ state });
    return positionOf({ city: city ?? null, state, lat: office.lat, lng: office.lng }, 'place');
  }
  return positionOf({ city: DEFAULT_PLACE.city, state: DEFAULT_PLACE.state, lat: DEFAULT_PLACE.lat, lng: DEFAULT_PLACE.lng }, 'default');
}

function placeOut(p: PlaceRow): PlaceOut {
  const where = { city: p.name, state: p.state, lat: p.lat, lng: p.lng };
  return {
    id: p.id,
    city: p.name,
    state: stateName(p.state),
    stateShort: p.state,
    lat: p.lat,
    lng: p.lng,
    market: marketFor(where).id,
    twin_cities: isTwinCitiesArea(where),
  };
}

/**
 * City autocomplete (SPEC.md 3 Place, 4 Autocomplete): under 2 characters nothing; "City" or
 * "City, ST"; prefix match, St./Saint, Ft./Fort and Mt./Mount written either way, most populous
 * (and nearest, given a point) first, at most 10.
 */
export async function autocompletePlaces(deps: Pick<AppDeps, 'db'>, q: string | undefined, near?: { lat: number; lng: number }): Promise<Array<{ suggestion: string; id: number }>> {
  const parsed = parsePlaceQuery(q ?? '');
  if (!parsed) return [];
  const prefixes = placeNameVariants(parsed.cityPrefix, { complete: false });
  const rows = await findPlacesByPrefix(deps.db.db, { prefixes, states: parsed.states, near, limit: PLACE_SUGGESTION_LIMIT });
  return rows.map((p) => ({ suggestion: placeSuggestion(p), id: p.id }));
}

/** A resolved place (SPEC.md 3: {state, stateShort, city, lat, lng}) with its market. 404 if unknown. */
export async function placeDetail(deps: Pick<AppDeps, 'db'>, id: number): Promise<PlaceOut> {
  const place = await findPlaceById(deps.db.db, id);
  if (!place) throw notFound('Place not found.');
  return placeOut(place);
}

/** Reverse geocoding: the nearest city to a point, within 100 miles; 404 when none is that close. */
export async function reverseGeocode(deps: Pick<AppDeps, 'db'>, point: { lat: number; lng: number }): Promise<PlaceOut> {
  const place = await findNearestPlace(deps.db.db, point, REVERSE_GEOCODE_MAX_METERS);
  if (!place) throw notFound('No city near these coordinates.');
  return placeOut(place);
}

/** The nearest city to a point, or undefined (used to name a point that came without a city). */
export async function nearestPlace(deps: Pick<AppDeps, 'db'>, point: { lat: number; lng: number }): Promise<PlaceRow | undefined> {
  return findNearestPlace(deps.db.db, point, REVERSE_GEOCODE_MAX_METERS);
}

/** The market of a position, its office, the Twin Cities test and the home layout (SPEC.md 9). */
export async function marketOfPlace(deps: Pick<AppDeps, 'db'>, input: PlaceInput): Promise<MarketOfPlaceOut> {
  const position = await resolvePosition(deps, input);
  const where = { city: position.city, state: position.state, lat: position.lat, lng: position.lng };
  return {
    market: position.market.id,
    office: officeOut(position.market),
    twin_cities: isTwinCitiesArea(where),
    home_layout: homeLayoutFor(where),
  };
}


/**
 * The city and state of a US ZIP code, when the places table knows it (contest winners,
 * docs/operations.md); read in the caller's transaction `tx` when given.
 */
export async function placeOfZip(deps: Pick<AppDeps, 'db'>, zip: string, tx?: Executor): Promise<{ city: string; state: string } | undefined> {
  const place = await findPlaceByZip(tx ?? deps.db.db, zip);
  return place ? { city: place.name, state: place.state } : undefined;
}

/**
 * GET /api/places/zip/{zip}/: the place a visitor's ZIP code sets (the location picker), the
 * most populous place whose ZIP codes hold it (places.zips). 404 when no place has it.
 */
export async function placeOfZipCode(deps: Pick<AppDeps, 'db'>, zip: string): Promise<PlaceOut> {
  const place = await findPlaceByZip(deps.db.db, zip);
  if (!place) throw notFound('No place has this ZIP code.');
  return placeOut(place);
}

/** The most populous place a ZIP code belongs to, with its point (console geocoding of addresses). */
export async function placeWithZip(deps: Pick<AppDeps, 'db'>, zip: string): Promise<PlaceRow | undefined> {
  return findPlaceByZip(deps.db.db, zip);
}

/** Cities named on the embedded basemap: towns of 10,000 people and more, at most this many. */
const BASEMAP_CITY_LIMIT = 600;
const BASEMAP_MIN_POPULATION = 10_000;

/**
 * GET /api/map/basemap/: the embedded basemap (lib/basemap.ts) as GeoJSON text, with the largest
 * places of its states for city names. The route builds it once: places change only when the
 * data is reloaded.
 */
export async function basemapJson(deps: Pick<AppDeps, 'db'>): Promise<string> {
  const cities = await findLargestPlacesInStates(deps.db.db, Object.keys(BASEMAP_STATES), { minPopulation: BASEMAP_MIN_POPULATION, limit: BASEMAP_CITY_LIMIT });
  return JSON.stringify(basemapCollection(cities));
}
