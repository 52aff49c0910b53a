// Answers of the console's merchant and location calls (docs/api.md "Staff console").
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { pageOf } from './staff.ts';

const OpeningHoursOut = z.record(z.string(), z.array(z.object({ open: z.string(), close: z.string() }))).describe('By weekday (mon..sun); absent days are closed');

export const ConsoleLocationOut = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  market_id: z.string(),
  display_name: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  opening_hours: OpeningHoursOut.nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleLocationOut = z.infer<typeof ConsoleLocationOut>;

/** How a location's point was found, for the console's map pin. */
export const GeocodeOut = z.object({
  matched: z.enum(['pin', 'place', 'zip', 'unchanged']).describe('pin: the lat/lng sent; place: the city in its state; zip: the ZIP code; unchanged: the address did not change'),
  label: z.string().describe('What the point is, e.g. "Minneapolis, MN"'),
});

/** A location just written, with how its point was found. */
export const ConsoleLocationWriteOut = ConsoleLocationOut.extend({ geocode: GeocodeOut });
export type ConsoleLocationWriteOut = z.infer<typeof ConsoleLocationWriteOut>;

const CategoryRefOut = z.object({ id: z.number().int(), kind: z.string(), slug: z.string(), name: z.string() });

/** A merchant as the console edits it (also the `current` of a 409 and the audit's before/after). */
export const ConsoleMerchantOut = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  about: z.string().describe('Sanitised HTML'),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  category: CategoryRefOut.nullable(),
  subcategories: z.array(CategoryRefOut),
  is_certified: z.boolean(),
  licensed: z.boolean(),
  bonded: z.boolean(),
  insured: z.boolean(),
  licence_number: z.string().nullable(),
  licence_expires_on: z.string().nullable(),
  insurance_expires_on: z.string().nullable(),
  certified_badge: z.boolean().describe("Shown to savers: certified and insured through today in the market's time zone"),
  is_spotlight: z.boolean(),
  logo_url: z.string().nullable(),
  photo_url: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleMerchantOut = z.infer<typeof ConsoleMerchantOut>;

export const ConsoleMerchantDetailOut = ConsoleMerchantOut.extend({ locations: z.array(ConsoleLocationOut) });
export type ConsoleMerchantDetailOut = z.infer<typeof ConsoleMerchantDetailOut>;

export const ConsoleMerchantListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: CategoryRefOut.nullable(),
  is_certified: z.boolean(),
  certified_badge: z.boolean(),
  is_spotlight: z.boolean(),
  markets: z.array(z.string()).describe('Markets of its locations'),
  location_count: z.number().int(),
  logo_url: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleMerchantListItem = z.infer<typeof ConsoleMerchantListItem>;
export const ConsoleMerchantPageOut = pageOf(ConsoleMerchantListItem);
