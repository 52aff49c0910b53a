import { z } from 'zod';
import { MARKET_IDS } from '@market/domain/markets';
import { MAX_PLACE_QUERY_CHARS, PLACE_QUERY_MESSAGE, PLACE_QUERY_PATTERN } from '@market/domain/places';
import { latitude, longitude, optionalQuery, placeQuery, toCentimetres } from '../../lib/query.ts';

export const MarketOut = z.object({
  id: z.string(),
  name: z.string(),
  fullAdministrativeArea: z.string(),
  telephone: z.string(),
  fax: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  contact_email: z.string(),
  opening_hours: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().describe('Listing radius in metres'),
});
export type MarketOut = z.infer<typeof MarketOut>;

const COORDINATE_PAIR_MESSAGE = 'Send lat and lng together.';

/**
 * A lat without a lng (or the reverse) is a 400 naming the missing one, rather than a silently
 * ignored half position.
 */
export function requireCoordinatePair(value: { lat?: number | undefined; lng?: number | undefined }, ctx: z.RefinementCtx): void {
  if (value.lat !== undefined && value.lng === undefined) ctx.addIssue({ code: 'custom', path: ['lng'], message: COORDINATE_PAIR_MESSAGE });
  if (value.lng !== undefined && value.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: COORDINATE_PAIR_MESSAGE });
}

/** The visitor's place (SPEC.md 7: city, state, lat, lng), lat and lng as a pair. */
export const PlaceQuery = z.object(placeQuery).superRefine(requireCoordinatePair);

export const MarketId = z.enum(MARKET_IDS);

export const UserLocationOut = z
  .object({
    market: MarketId,
    state: z.string().describe('Two-letter state code'),
    city: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .nullable()
  .describe('The visitor location from trusted CDN headers or the GeoIP database; null when unknown');
export type UserLocationOut = z.infer<typeof UserLocationOut>;

export const AutocompleteQuery = z.object({
  q: optionalQuery(
    z
      .string()
      .max(MAX_PLACE_QUERY_CHARS, `Enter at most ${MAX_PLACE_QUERY_CHARS} characters.`)
      .regex(PLACE_QUERY_PATTERN, PLACE_QUERY_MESSAGE),
  ).describe('City text, 2+ characters after trimming; "City" or "City, ST"'),
  lat: optionalQuery(latitude).describe('Rank nearby cities higher'),
  lng: optionalQuery(longitude),
}).superRefine(requireCoordinatePair);

export const PlaceSuggestionOut = z.object({
  suggestion: z.string().describe("'City, ST'"),
  id: z.number().int().describe('Place id for GET /api/places/{id}/'),
});

export const PlaceIdParams = z.object({
  id: z.coerce.number({ error: 'Enter a valid id.' }).int('Enter a valid id.').positive('Enter a valid id.').max(2_147_483_647, 'Enter a valid id.'),
});

export const PlaceOut = z.object({
  id: z.number().int(),
  city: z.string(),
  state: z.string().describe('Full state name'),
  stateShort: z.string().describe('Two-letter state code'),
  lat: z.number(),
  lng: z.number(),
  market: MarketId,
  twin_cities: z.boolean().describe('In the Twin Cities area (SPEC.md 9)'),
});
export type PlaceOut = z.infer<typeof PlaceOut>;

/** SPEC.md 5: a missing or unusable latitude or longitude is 'Invalid coordinates'. */
const INVALID_COORDINATES = 'Invalid coordinates';
const requiredCoordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: INVALID_COORDINATES }).min(min, INVALID_COORDINATES).max(max, INVALID_COORDINATES).transform(toCentimetres),
  );

export const ReverseQuery = z.object({
  lat: requiredCoordinate(-90, 90),
  lng: requiredCoordinate(-180, 180),
});

export const MarketOfPlaceOut = z.object({
  market: MarketId,
  office: MarketOut,
  twin_cities: z.boolean(),
  home_layout: z.enum(['homepros', 'coupons']).describe('SPEC.md 9 layout rule'),
});
export type MarketOfPlaceOut = z.infer<typeof MarketOfPlaceOut>;
