// The catalogue: markets, categories, merchants, locations, offers and the denormalised
// offer-at-location index that listing and search read (SPEC.md 3 and 9).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { earth, int4multirange, tsvector } from './types.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const markets = pgTable('markets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullAdministrativeArea: text('full_administrative_area').notNull(),
  state: text('state').notNull(),
  telephone: text('telephone').notNull(),
  fax: text('fax').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  zip: text('zip').notNull(),
  contactEmail: text('contact_email').notNull(),
  openingHours: text('opening_hours').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  radiusM: integer('radius_m').notNull(),
  timezone: text('timezone').notNull(),
});

/**
 * Main categories (kind 'main'), home-pros groups ('homepros') and the subcategories of the
 * static lists ('sub', with a parent and a count). Slugs repeat across lists, so they are unique
 * per parent.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['main', 'homepros', 'sub'] }).notNull(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    display: text('display').notNull(),
    orderNum: smallint('order_num').notNull().default(0),
    /** Which static list a subcategory belongs to (restaurants, entertainment, auto...). */
    list: text('list'),
    count: integer('count').notNull().default(0),
    /** The extra value some lists carry (SPEC.md 3: cuisines). */
    extra: text('extra'),
    icon: text('icon'),
    imagePath: text('image_path'),
  },
  (t) => [
    uniqueIndex('categories_kind_parent_slug_uq').on(t.kind, sql`coalesce(${t.parentId}, 0)`, t.slug),
    index('categories_slug_idx').on(t.slug),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    about: text('about').notNull().default(''),
    logoPath: text('logo_path'),
    websiteUrl: text('website_url'),
    phone: text('phone'),
    categoryId: integer('category_id').references(() => categories.id),
    isCertified: boolean('is_certified').notNull().default(false),
    /** Certification facts for home pros (SPEC.md 6): licensed, bonded, insured. */
    licensed: boolean('licensed').notNull().default(false),
    bonded: boolean('bonded').notNull().default(false),
    insured: boolean('insured').notNull().default(false),
    isSpotlight: boolean('is_spotlight').notNull().default(false),
    photoPath: text('photo_path'),
    subcategoryIds: integer('subcategory_ids').array().notNull().default(sql`'{}'::integer[]`),
    licenceNumber: text('licence_number'),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    /** The certified badge shows until this day, inclusive (the day after it lapses it goes). */
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    /** The markets of its locations, kept by triggers on locations (migration 0015): console lists filter by it. */
    marketIds: text('market_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Optimistic concurrency: a console edit carries the version it read. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_slug_uq').on(t.slug),
    index('merchants_updated_idx').on(t.updatedAt),
    index('merchants_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('merchants_name_idx').on(t.name, t.id),
    index('merchants_market_ids_gin').using('gin', t.marketIds),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    marketId: text('market_id').notNull().references(() => markets.id),
    displayName: text('display_name').notNull(),
    address: text('address').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone'),
    /** The location's own links, set by the merchant (http or https URLs). */
    websiteUrl: text('website_url'),
    menuUrl: text('menu_url'),
    bookingUrl: text('booking_url'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    earth: earth('earth').generatedAlwaysAs(sql`ll_to_earth(lat, lng)`),
    /** Opening hours by weekday: {mon: [{open: '09:00', close: '17:00'}], ...}; absent days are closed. */
    openingHours: jsonb('opening_hours').$type<Record<string, { open: string; close: string }[]>>(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_merchant_idx').on(t.merchantId),
    index('locations_earth_gist').using('gist', t.earth),
    index('locations_market_merchant_idx').on(t.marketId, t.merchantId),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    /** Subcategories of the static lists (cuisines, services) this offer belongs to. */
    subcategoryIds: integer('subcategory_ids').array().notNull().default(sql`'{}'::integer[]`),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Sanitised HTML (SPEC.md 3: description (HTML)). */
    description: text('description').notNull().default(''),
    picturePath: text('picture_path'),
    startsAt: date('starts_at', { mode: 'string' }),
    /** Last valid day (SPEC.md 4 expiry rule). */
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    maxPrints: smallint('max_prints').notNull().default(3),
    code: text('code').notNull().default(''),
    externalOfferUrl: text('external_offer_url').notNull().default(''),
    retailerTerms: text('retailer_terms').notNull().default(''),
    consumerTerms: text('consumer_terms').notNull().default(''),
    secondaryType: text('secondary_type', { enum: ['lease', 'purchase', 'other'] }).notNull().default('other'),
    horizontal: boolean('horizontal').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    /**
     * What staff set: draft, live or paused. 'scheduled' and 'expired' are read from the dates;
     * isActive is kept equal to status = 'live' (the saver lists read it through offer_index).
     */
    status: text('status', { enum: ['draft', 'live', 'paused'] }).notNull().default('live'),
    /** Structured fine print (@market/domain/fine-print), shown on the card, modal and PDF. */
    finePrint: jsonb('fine_print').$type<Record<string, unknown>>(),
    /**
     * Structured value (@market/domain/offer-value): amount off, percent off, BOGO, a price, a free
     * item, with an optional regular price. Null: the offer's name says it all.
     */
    value: jsonb('value').$type<Record<string, unknown>>(),
    /** Its location's market, kept by triggers (migration 0015): console lists filter and count by it. */
    marketId: text('market_id'),
    createdBy: integer('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_location_idx').on(t.locationId),
    index('offers_merchant_idx').on(t.merchantId),
    index('offers_updated_idx').on(t.updatedAt, t.id),
    index('offers_status_updated_idx').on(t.status, t.updatedAt),
    index('offers_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('offers_name_idx').on(t.name, t.id),
    index('offers_expires_idx').on(t.expiresAt, t.id),
    index('offers_starts_idx').on(t.startsAt, t.id),
    index('offers_live_starts_idx').on(t.startsAt).where(sql`${t.status} = 'live'`),
    index('offers_featured_updated_idx').on(t.updatedAt).where(sql`${t.isFeatured}`),
    index('offers_market_status_updated_idx').on(t.marketId, t.status, t.updatedAt, t.id),
    index('offers_market_status_expires_idx').on(t.marketId, t.status, t.expiresAt, t.startsAt, t.updatedAt, t.id),
    check('offers_status_known', sql`${t.status} IN ('draft', 'live', 'paused')`),
  ],
);

/**
 * One row per offer at its location, denormalised for listing and search: display fields, a
 * weighted text vector, the location's `earth` point and the filters. Kept in step with offers,
 * locations, merchants and categories by triggers (see the migration that defines
 * refresh_offer_index).
 */
export const offerIndex = pgTable(
  'offer_index',
  {
    offerId: integer('offer_id').primaryKey().references(() => offers.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    marketId: text('market_id').notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    categorySlugs: text('category_slugs').array().notNull(),
    name: text('name').notNull(),
    picturePath: text('picture_path'),
    merchantName: text('merchant_name').notNull(),
    merchantSlug: text('merchant_slug').notNull(),
    merchantLogo: text('merchant_logo'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    earth: earth('earth').notNull(),
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    /** First valid day of a scheduled offer; savers see it from that day (null: at once). */
    startsAt: date('starts_at', { mode: 'string' }),
    isActive: boolean('is_active').notNull(),
    isFeatured: boolean('is_featured').notNull(),
    isCertified: boolean('is_certified').notNull(),
    secondaryType: text('secondary_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A per-row constant for the stable random order. */
    randomKey: integer('random_key').notNull(),
    tsv: tsvector('tsv').notNull(),
    /** The offer's structured value, for the card's badge. */
    value: jsonb('value').$type<Record<string, unknown>>(),
    /** Estimated saving in cents and in percent from the value (SQL offer_saving_cents/percent); null when unknown. */
    savingCents: integer('saving_cents'),
    savingPercent: smallint('saving_percent'),
    /** The location's market time zone, for "valid right now". */
    timezone: text('timezone'),
    /**
     * Minutes of the week (Monday 00:00 = 0, local time) the location is open (SQL opening_week);
     * null when its hours are unknown.
     */
    openWeek: int4multirange('open_week'),
    /** Minutes of the week the fine print allows (SQL fine_print_week); null: no day or hour limit. */
    validWeek: int4multirange('valid_week'),
  },
  (t) => [
    index('offer_index_earth_gist').using('gist', t.earth),
    index('offer_index_tsv_gin').using('gin', t.tsv),
    index('offer_index_location_idx').on(t.locationId),
    index('offer_index_category_gin').using('gin', t.categoryIds),
    index('offer_index_expires_idx').on(t.expiresAt),
  ],
);

/** Search terms for autocomplete and typo tolerance: merchant names, offer words, categories. */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: serial('id').primaryKey(),
    term: text('term').notNull(),
    kind: text('kind', { enum: ['merchant', 'category', 'word'] }).notNull(),
    weight: integer('weight').notNull().default(1),
  },
  (t) => [uniqueIndex('search_terms_term_kind_uq').on(t.term, t.kind)],
);

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population').notNull().default(0),
    zips: text('zips').array().notNull().default(sql`'{}'::text[]`),
    earth: earth('earth').generatedAlwaysAs(sql`ll_to_earth(lat, lng)`),
  },
  (t) => [
    index('places_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('places_earth_gist').using('gist', t.earth),
    index('places_zips_gin').using('gin', t.zips),
  ],
);
