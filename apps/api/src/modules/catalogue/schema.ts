// zod in/out for the public catalogue (SPEC.md 3 and 7). The field names are
// the provider API's, so they stay snake_case.
import { z } from 'zod';
import { CATEGORY_SLUG_PATTERN } from '@market/domain/categories';
import { parseMapBox, type MapBox } from '@market/domain/map-area';
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

export const OFFER_ORDERS = ['distance', 'featured', 'cars', 'newest', 'ending', 'saving', 'random'] as const;
export type OfferOrder = (typeof OFFER_ORDERS)[number];

/** The radius choices of the browse and search pages, in miles (docs/api.md "Sort, distance and radius"). */
export const RADIUS_MILES = ['5', '10', '25', '50'] as const;

/** A list's radius in miles, within the market radius (which it never widens). */
export const radiusParam = optionalQuery(
  z.enum(RADIUS_MILES, { error: `Use one of: ${RADIUS_MILES.join(', ')} (miles).` }).transform(Number),
).describe('Only offers within this many miles (5, 10, 25 or 50); default the market radius');

/** "Valid right now" (docs/api.md "Offer lists"): true/1 keeps offers usable this minute at a location open now. */
export const validNowParam = flagParam.describe(
  'true: only offers whose fine print allows this minute at a location open now (market time zone); locations with unknown hours are left out',
);
/** The map's visible box ("Search this area", docs/api.md "Map area"): west,south,east,north. */
export const bboxParam = optionalQuery(
  z
    .string()
    .max(200, 'The box is too long.')
    .transform((text, ctx): MapBox => {
      const box = parseMapBox(text);
      if ('message' in box) {
        ctx.addIssue({ code: 'custom', message: box.message });
        return z.NEVER;
      }
      return box;
    }),
).describe('Only offers in this box, west,south,east,north in degrees (at most 400 miles corner to corner); nearest its centre first and distances from its centre');

/** The seed that fixes a random order (same seed, same order; default: today's date). */
export const seedParam = optionalQuery(
  z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Enter a whole number.').max(MAX_ID, 'Enter a whole number.'),
);

export const EntitiesQuery = z.object({
  type: optionalQuery(z.enum(['Offer'], { error: 'Only type=Offer is listed here.' })),
  offset: offsetParam,
  limit: limitParam,
  category: categoryList.describe('Comma list of main, home-pros or subcategory slugs; contests is ignored'),
  order: optionalQuery(z.enum(OFFER_ORDERS, { error: `Use one of: ${OFFER_ORDERS.join(', ')}.` })).describe('Default distance; featured: featured offers first; cars: lease and purchase offers first (the auto special edition); saving: biggest saving first (cents, then percent; offers without a value last), then nearest'),
  seed: seedParam.describe('Fixes the random order (default: today)'),
  exclude: idList().describe('Comma list of offer ids to leave out'),
  exclude_location_ids: idList().describe('Comma list of location ids to leave out'),
  featured: flagParam.describe('1: featured offers only'),
  radius: radiusParam,
  valid_now: validNowParam,
  bbox: bboxParam,
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

// The answers are the shared schemas of @market/domain/api/catalogue, which the web client
// parses with too.
export { CategoriesOut, CategoryOut, LocationOut, OfferDetail, OfferListItem, SpotlightOut, Subcategory } from '@market/domain/api/catalogue';
