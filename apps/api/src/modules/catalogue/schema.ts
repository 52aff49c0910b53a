// zod in/out for the public catalogue (SPEC.md 3 and 7, issue 2 section 4). The field names are
// the provider API's, so they stay snake_case.
import { z } from 'zod';
import { CATEGORY_SLUG_PATTERN } from '@market/domain/categories';
import { MAX_PAGE_SIZE, RECOMMENDED_COUNT } from '@market/domain/constants';
import { PREFERENCE_FLAGS, type PreferenceFlag } from '@market/domain/recommendations';
import { flagParam, limitParam, offsetParam, optionalQuery, placeQuery } from '../../lib/query.ts';

const MAX_ID = 2_147_483_647;

/**
 * A comma list checked as a whole, so a bad value is reported under the parameter's own name
 * (`{"exclude": [...]}`), not under `exclude.3`.
 */
function listParam<T>(check: (item: string) => T | undefined, message: string, max: number) {
  return optionalQuery(
    z
      .string()
      .max(4000, 'The list is too long.')
      .transform((s, ctx) => {
        const items = s.split(',').map((x) => x.trim()).filter(Boolean);
        if (items.length > max) {
          ctx.addIssue({ code: 'custom', message: `Send at most ${max} values.` });
          return z.NEVER;
        }
        const out: T[] = [];
        for (const item of items) {
          const value = check(item);
          if (value === undefined) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          out.push(value);
        }
        return out;
      }),
  );
}

/** A comma list of positive database ids. */
export function idList(max = 300) {
  return listParam(
    (item) => {
      if (!/^\d{1,10}$/.test(item)) return undefined;
      const n = Number(item);
      return n >= 1 && n <= MAX_ID ? n : undefined;
    },
    'Send a comma-separated list of ids.',
    max,
  );
}

/** A comma list of category slugs (main, home-pros or subcategory). */
export const categoryList = listParam(
  (item) => (item.length <= 80 && CATEGORY_SLUG_PATTERN.test(item.toLowerCase()) ? item.toLowerCase() : undefined),
  'Send category slugs such as food-dining, separated by commas.',
  50,
);

export const OFFER_ORDERS = ['distance', 'featured', 'cars', 'newest', 'ending', 'random'] as const;
export type OfferOrder = (typeof OFFER_ORDERS)[number];

/** The seed that fixes a random order (same seed, same order; default: today's date). */
export const seedParam = optionalQuery(
  z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Enter a whole number.').max(MAX_ID, 'Enter a whole number.'),
);

export const EntitiesQuery = z.object({
  type: optionalQuery(z.enum(['Offer'], { error: 'Only type=Offer is listed here.' })),
  offset: offsetParam,
  limit: limitParam,
  category: categoryList.describe('Comma list of main, home-pros or subcategory slugs; contests is ignored'),
  order: optionalQuery(z.enum(OFFER_ORDERS, { error: `Use one of: ${OFFER_ORDERS.join(', ')}.` })).describe('Default distance; featured: featured offers first; cars: lease and purchase offers first (the auto special edition)'),
  seed: seedParam.describe('Fixes the random order (default: today)'),
  exclude: idList().describe('Comma list of offer ids to leave out'),
  exclude_location_ids: idList().describe('Comma list of location ids to leave out'),
  featured: flagParam.describe('1: featured offers only'),
  ...placeQuery,
});
export type EntitiesQuery = z.infer<typeof EntitiesQuery>;

export const LocationsQuery = z.object({
  slug: optionalQuery(z.string().trim().max(200, 'Slug is too long.').regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Send a merchant slug.')).describe(
    "A merchant slug: that merchant's locations, nearest first",
  ),
  offset: offsetParam,
  limit: limitParam,
  category: categoryList,
  exclude: idList().describe('Comma list of location ids to leave out'),
  ...placeQuery,
});
export type LocationsQuery = z.infer<typeof LocationsQuery>;

export const IdParams = z.object({
  id: z.coerce
    .number({ error: 'Enter a valid id.' })
    .int('Enter a valid id.')
    .positive('Enter a valid id.')
    .max(MAX_ID, 'Enter a valid id.'),
});

export const RecommendationsQuery = z.object({
  limit: optionalQuery(
    z.coerce
      .number({ error: `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.` })
      .int(`Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`)
      .min(1, `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`)
      .max(MAX_PAGE_SIZE, `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`),
  ).transform((v) => v ?? RECOMMENDED_COUNT),
  offer_ids: idList(100).describe('Saved offer ids: their categories are favoured, the offers themselves left out'),
  preferences: listParam(
    (item) => ((PREFERENCE_FLAGS as readonly string[]).includes(item) ? (item as PreferenceFlag) : undefined),
    `Send preference names from: ${PREFERENCE_FLAGS.join(', ')}.`,
    PREFERENCE_FLAGS.length,
  ).describe('Comma list of preference flags that are on (SPEC.md 3 Preferences)'),
  ...placeQuery,
});

export const PlaceOnlyQuery = z.object({
  limit: limitParam,
  ...placeQuery,
});

// ---- answers ----

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
  additional_offers: z.number().int(),
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
