// Analytics events and their daily aggregates (SPEC.md 7 analytics events).
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every accepted event, written in batches. Ids are resolved at write time (an offer gives its
 * location and merchant); no foreign keys, so a deleted offer never blocks a batch and its
 * history stays countable.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    offerId: integer('offer_id'),
    locationId: integer('location_id'),
    merchantId: integer('merchant_id'),
    userId: integer('user_id'),
    /** The rest of the payload (share method, website type, copy id...). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Business day of occurredAt in the time zone of the location's market (America/Detroit without a location). */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('analytics_events_day_idx').on(t.day), index('analytics_events_offer_idx').on(t.offerId, t.day)],
);

/** Daily counters per offer, location and merchant (merchant dashboards read these). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope', { enum: ['offer', 'location', 'merchant'] }).notNull(),
    scopeId: integer('scope_id').notNull(),
    metric: text('metric').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.day, t.metric] })],
);

/**
 * The first impression of an offer by one viewer on one business day (docs/decisions.md
 * "Unsubscribe per kind, impressions, shutdown"): a member (`u:<id>`) or an anonymous visitor
 * (`a:<SHA-256 of the address>`). Only an impression whose row this batch inserted counts, so a
 * repeat, from any server and at any concurrency, adds nothing.
 */
export const analyticsImpressions = pgTable(
  'analytics_impressions',
  {
    offerId: integer('offer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day, t.viewer] }), index('analytics_impressions_day_idx').on(t.day)],
);
