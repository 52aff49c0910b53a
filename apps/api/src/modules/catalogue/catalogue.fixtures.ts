// Test-only helpers: rows the catalogue and search tests create for themselves, with unique slugs
// so they never collide with the seed, and points at exact distances from an origin.
import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { categories, locations, merchants, offers, places } from '../../db/schema/index.ts';

/** The sphere earthdistance measures on (`earth()`, metres): points placed with it sit at exact distances. */
const EARTH_RADIUS_M = 6_378_168;
const METRES_PER_MILE = 1609.344;

export function uid(): string {
  return randomBytes(4).toString('hex');
}

/** A point `miles` due north of `origin` (along the meridian, so the distance is exact). */
export function north(origin: { lat: number; lng: number }, miles: number): { lat: number; lng: number } {
  return { lat: origin.lat + ((miles * METRES_PER_MILE) / EARTH_RADIUS_M) * (180 / Math.PI), lng: origin.lng };
}

type CategoryInsert = typeof categories.$inferInsert;
type MerchantInsert = typeof merchants.$inferInsert;
type LocationInsert = typeof locations.$inferInsert;
type OfferInsert = typeof offers.$inferInsert;

export async function addCategory(db: DbHandle, values: Partial<CategoryInsert> & Pick<CategoryInsert, 'kind' | 'slug' | 'name'>) {
  const [row] = await db.db.insert(categories).values({ display: values.name, ...values }).returning();
  return row!;
}

export async function addMerchant(db: DbHandle, values: Partial<MerchantInsert> & Pick<MerchantInsert, 'name'>) {
  const [row] = await db.db
    .insert(merchants)
    .values({ slug: `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${uid()}`, ...values })
    .returning();
  return row!;
}

export async function addLocation(
  db: DbHandle,
  merchant: { id: number },
  point: { lat: number; lng: number },
  values: Partial<LocationInsert> = {},
) {
  const [row] = await db.db
    .insert(locations)
    .values({
      merchantId: merchant.id,
      marketId: 'detroit',
      displayName: 'Main Street',
      address: '100 Main St',
      city: 'Testville',
      state: 'MI',
      zip: '48201',
      lat: point.lat,
      lng: point.lng,
      ...values,
    })
    .returning();
  return row!;
}

export async function addOffer(
  db: DbHandle,
  location: { id: number; merchantId: number },
  category: { id: number },
  values: Partial<OfferInsert> & Pick<OfferInsert, 'name' | 'expiresAt'>,
) {
  const [row] = await db.db
    .insert(offers)
    .values({
      merchantId: location.merchantId,
      locationId: location.id,
      categoryId: category.id,
      slug: values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      ...values,
    })
    .returning();
  return row!;
}

export async function addPlace(db: DbHandle, values: typeof places.$inferInsert) {
  const [row] = await db.db.insert(places).values(values).returning();
  return row!;
}

/**
 * Counts the SQL statements a block sends, by watching the driver (PGlite's `query` or the pg
 * pool's `query`): the way to prove a request's query count is bounded.
 */
export async function countQueries<T>(db: DbHandle, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const target = (db.pglite ?? db.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  try {
    const result = await run();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
