// Answers of the public catalogue (SPEC.md 3 and 7): the API serialises with these and the web
// client parses with them, so both read one description. The field names are the provider API's,
// so they stay snake_case.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { PublicPhotoOut } from './merchant-photos.ts';
import { offerValueSchema } from '../offer-value.ts';

// Computed per request at the location's market time zone (@market/domain/open-now, docs/api.md
// "Open now and valid today"); optional because other modules build the same shapes without them.
const openFields = {
  open_now: z.boolean().nullable().optional().describe('Open at request time in the market time zone; null when the hours are unknown'),
  hours_label: z.string().nullable().optional().describe("'Closes 9 pm', 'Opens Tue 9 am', 'Open 24 hours'; null when the hours are unknown"),
};
const validFields = {
  valid_today: z.boolean().optional().describe("The fine print's days include today (market time zone)"),
  valid_now: z.boolean().optional().describe("The fine print's days and hours include this minute"),
  valid_label: z.string().optional().describe("'Valid today' or 'Not valid today'"),
};

// The structured value (docs/api.md "Offer values") and its badge text (@market/domain/offer-value
// valueBadge); optional because other modules build the same shapes without them.
const valueFields = {
  value: offerValueSchema.nullable().optional().describe('The structured value {kind, ...}; null when the offer has none'),
  badge: z.string().nullable().optional().describe("'$5 off', '20% off', 'BOGO', '$19.99', 'Free dessert'; null without a value"),
};

export const OfferListItem = z.object({
  entitiable_id: z.number().int(),
  entitiable_type: z.literal('Offer'),
  name: z.string(),
  path: z.string().nullable().describe('Offer picture'),
  merchant_logo: z.string().nullable(),
  merchant_name: z.string(),
  merchant_slug: z.string(),
  merchant_id: z.number().int(),
  location_id: z.number().int(),
  location: z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  expires_at: z.string().describe('Last valid day, YYYY-MM-DD'),
  latitude: z.number(),
  longitude: z.number(),
  is_certified: z.boolean(),
  secondary_type: z.enum(['lease', 'purchase', 'other']),
  additional_offers: z.number().int().describe('Other active offers at the same location'),
  is_featured: z.boolean(),
  distance: z.number().nullable().describe('Miles from the requested position'),
  ...valueFields,
  ...openFields,
  ...validFields,
});
export type OfferListItem = z.infer<typeof OfferListItem>;

export const OfferDetail = z.object({
  id: z.number().int(),
  type: z.enum(['lease', 'offer']).describe("'lease' for lease offers (SPEC.md 3)"),
  name: z.string(),
  slug: z.string(),
  path: z.string().nullable(),
  merchant_logo: z.string().nullable(),
  merchant_id: z.number().int(),
  merchant: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  description: z.string().describe('HTML'),
  expires_at: z.string(),
  expiry_status: z.enum(['active', 'expired']).describe('expired: ended less than 7 days ago (SPEC.md 4)'),
  max_prints: z.number().int(),
  is_certified: z.boolean(),
  secondary_type: z.enum(['lease', 'purchase', 'other']),
  code: z.string(),
  is_featured: z.boolean(),
  is_active: z.boolean(),
  external_offer_url: z.string().nullable(),
  horizontal: z.boolean(),
  location_id: z.number().int(),
  location: z.object({
    id: z.number().int(),
    address: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  retailer_terms: z.string(),
  consumer_terms: z.string(),
  fine_print_lines: z.array(z.string()).describe('The structured fine print as lines (@market/domain/fine-print), for the modal and the coupon'),
  additional_offers: z.number().int(),
  ...valueFields,
  regular_price_line: z.string().nullable().optional().describe("'Regular price $24' when the value tells it"),
  ...openFields,
  ...validFields,
});
export type OfferDetail = z.infer<typeof OfferDetail>;

const CategoryRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), display: z.string() });

export const LocationOut = z.object({
  id: z.number().int(),
  display_name: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
  website_url: z.string().nullable().describe("The location's own website (else the merchant's)"),
  menu_url: z.string().nullable().describe('Set by the business in its centre (http/https)'),
  booking_url: z.string().nullable().describe('Set by the business in its centre (http/https)'),
  latitude: z.number(),
  longitude: z.number(),
  merchant_slug: z.string(),
  merchant_name: z.string(),
  is_certified: z.boolean(),
  logo: z.object({ path: z.string().nullable() }),
  merchant: z.object({
    id: z.number().int(),
    display: z.string(),
    slug: z.string(),
    is_certified: z.boolean(),
    about: z.string().describe('HTML'),
    website: z.string().nullable(),
  }),
  category: CategoryRef.nullable(),
  entities: z.array(OfferListItem).describe('Active offers at this location'),
  offer: OfferListItem.nullable().describe('The first offer, for cards'),
  additional_offers: z.number().int().describe('Active offers minus one (never below 0), for cards'),
  distance: z.number().nullable(),
  ...openFields,
  opening_hours: z
    .array(z.object({ day: z.string(), label: z.string(), hours: z.string(), today: z.boolean() }))
    .optional()
    .describe("The week's hours as text, Monday first, today marked (market time zone)"),
  opening_hours_raw: z.record(z.string(), z.array(z.object({ open: z.string(), close: z.string() }))).nullable().optional().describe('The stored hours ({mon: [{open, close}]}), for structured data'),
  timezone: z.string().optional().describe("The market's IANA time zone"),
  photos: z
    .array(PublicPhotoOut)
    .optional()
    .describe("GET /api/locations/{id}/ only: the location's own photos and its business's photos for every location, in the business's order"),
});
export type LocationOut = z.infer<typeof LocationOut>;

export const Subcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  list: z.string().nullable(),
  count: z.number().int(),
  extra: z.string().nullable(),
});

export const CategoryOut = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  display: z.string(),
  order: z.number().int(),
  icon: z.string().nullable(),
  path: z.string().nullable(),
  count: z.number().int().describe('Active offers in this category'),
  subcategories: z.array(Subcategory),
});
export type CategoryOut = z.infer<typeof CategoryOut>;

export const CategoriesOut = z.object({
  main: z.array(CategoryOut).describe('The main categories in their fixed order (contests included)'),
  filter: z.array(CategoryOut).describe('The filter list: main categories without contests (SPEC.md 3)'),
  homepros: z.array(CategoryOut).describe('The five home-pros groups with their subcategory lists'),
});
export type CategoriesOut = z.infer<typeof CategoriesOut>;

export const SpotlightOut = z.object({
  id: z.number().int().describe('Location id, for /merchants/{slug}/{id}'),
  slug: z.string(),
  merchant: z.object({ id: z.number().int(), display: z.string() }),
  city: z.string(),
  state: z.string(),
  about: z.string().describe('HTML'),
  logo: z.object({ path: z.string().nullable() }),
  is_certified: z.boolean(),
  distance: z.number(),
});
export type SpotlightOut = z.infer<typeof SpotlightOut>;
