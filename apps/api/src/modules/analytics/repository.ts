// Analytics rows: batched event inserts, counter upserts and daily reads.
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analyticsDaily, analyticsEvents, analyticsImpressions, locations, markets, offers, users } from '../../db/schema/index.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;
export interface CounterRow {
  day: string;
  scope: 'offer' | 'location' | 'merchant';
  scopeId: number;
  metric: string;
  count: number;
}

export interface ImpressionKey {
  offerId: number;
  day: string;
  viewer: string;
}

/** Inserts the impression keys not seen before, in one statement; answers those it inserted. */
export async function claimImpressions(db: Executor, keys: ImpressionKey[]): Promise<ImpressionKey[]> {
  const claimed: ImpressionKey[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    claimed.push(
      ...(await db
        .insert(analyticsImpressions)
        .values(keys.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ offerId: analyticsImpressions.offerId, day: analyticsImpressions.day, viewer: analyticsImpressions.viewer })),
    );
  }
  return claimed;
}

/** Location and merchant of each offer id that exists. */
export function findOfferOwners(db: Executor, offerIds: number[]) {
  if (!offerIds.length) return Promise.resolve([]);
  return db.select({ id: offers.id, locationId: offers.locationId, merchantId: offers.merchantId }).from(offers).where(inArray(offers.id, offerIds));
}

/** Merchant and market time zone of each location id that exists. */
export function findLocationOwners(db: Executor, locationIds: number[]) {
  if (!locationIds.length) return Promise.resolve([]);
  return db
    .select({ id: locations.id, merchantId: locations.merchantId, timeZone: markets.timezone })
    .from(locations)
    .innerJoin(markets, eq(markets.id, locations.marketId))
    .where(inArray(locations.id, locationIds));
}

/** The ids among `userIds` that still have an account. */
export function findExistingUsers(db: Executor, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
}

/**
 * Writes a batch: the events, then the counters added onto the day's totals. The counters come
 * sorted by key, so concurrent batches from several servers lock rows in one order (no deadlock).
 */
export async function insertBatch(db: Executor, events: EventRow[], counters: CounterRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < events.length; i += 1000) await tx.insert(analyticsEvents).values(events.slice(i, i + 1000));
    for (let i = 0; i < counters.length; i += 1000) {
      await tx
        .insert(analyticsDaily)
        .values(counters.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [analyticsDaily.scope, analyticsDaily.scopeId, analyticsDaily.day, analyticsDaily.metric],
          set: { count: sql`${analyticsDaily.count} + excluded.count` },
        });
    }
  });
}

/** Daily counters of one offer, location or merchant between two days (inclusive). */
export function findDailyCounters(db: Executor, scope: CounterRow['scope'], scopeId: number, from: string, to: string) {
  return db
    .select({ day: analyticsDaily.day, metric: analyticsDaily.metric, count: analyticsDaily.count })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.scope, scope), eq(analyticsDaily.scopeId, scopeId), between(analyticsDaily.day, from, to)))
    .orderBy(asc(analyticsDaily.day));
}

/** Keeps a deleted member's events for the counts, without their id. */
export async function forgetUserInEvents(db: Executor, userId: number): Promise<void> {
  await db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));
}
