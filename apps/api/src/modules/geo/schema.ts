import { z } from 'zod';
import { MAX_PLACE_QUERY_CHARS, PLACE_QUERY_MESSAGE, PLACE_QUERY_PATTERN } from '@market/domain/places';
import { latitude, longitude, optionalQuery, placeQuery, toCentimetres } from '../../lib/query.ts';

// The answers are the shared schemas of @market/domain/api/geo (the web client parses with them).
export { MarketId, MarketOfPlaceOut, MarketOut, PlaceOut, PlaceSuggestionOut, UserLocationOut } from '@market/domain/api/geo';

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

export const PlaceIdParams = z.object({
  id: z.coerce.number({ error: 'Enter a valid id.' }).int('Enter a valid id.').positive('Enter a valid id.').max(2_147_483_647, 'Enter a valid id.'),
});

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



/** A US ZIP code in a path: exactly five digits (SPEC.md 5: zip numeric, exactly 5). */
export const ZipParams = z.object({
  zip: z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code.'),
});

/** The embedded basemap (docs/api.md "Map area"): GeoJSON state polygons, county lines and city points. */
export const BasemapOut = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        properties: z.object({
          kind: z.enum(['state', 'county-line', 'city']),
          name: z.string().optional(),
          minzoom: z.number().int().optional().describe('city: the zoom from which its name shows'),
        }),
        geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'Point']), coordinates: z.array(z.unknown()) }),
      }),
    ),
  })
  .describe('GeoJSON FeatureCollection');
