// Answers of the geo calls (markets, places, the visitor's location; SPEC.md 7, 9), read by the
// API's serialiser and the web client alike.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { MARKET_IDS } from '../markets.ts';

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

export const PlaceSuggestionOut = z.object({
  suggestion: z.string().describe("'City, ST'"),
  id: z.number().int().describe('Place id for GET /api/places/{id}/'),
});
export type PlaceSuggestionOut = z.infer<typeof PlaceSuggestionOut>;

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

export const MarketOfPlaceOut = z.object({
  market: MarketId,
  office: MarketOut,
  twin_cities: z.boolean(),
  home_layout: z.enum(['homepros', 'coupons']).describe('SPEC.md 9 layout rule'),
});
export type MarketOfPlaceOut = z.infer<typeof MarketOfPlaceOut>;
