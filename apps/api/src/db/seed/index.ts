// Deterministic seed data (issue 2 section 3). `seedDatabase` fills an empty, migrated database;
// the same seed number and scale always produce the same rows (dates are relative to `today`).
import { sql } from 'drizzle-orm';
import { MARKETS } from '@market/domain/markets';
import { businessToday } from '@market/domain/expiry';
import type { DbHandle } from '../client.ts';
import { markets } from '../schema/index.ts';

export interface SeedOptions {
  /** Multiplies the volume (SEED_SCALE); 1 is the demo size. */
  scale?: number;
  /** The random seed; the same number gives the same data. */
  seed?: number;
  /** The business day the relative dates (expiring today, expired 6 days ago...) hang on. */
  today?: string;
  /** Progress callback: a step name, done and total units. */
  onProgress?: (step: string, done: number, total: number) => void;
}

export const DEFAULT_SEED = 20261122;

/** Whether the database already holds seed data (markets are the first rows written). */
export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const rows = await handle.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM markets`);
  return (rows[0]?.n ?? 0) > 0;
}

export async function seedDatabase(handle: DbHandle, options: SeedOptions = {}): Promise<void> {
  const today = options.today ?? businessToday();
  void today;
  await handle.db.insert(markets).values(
    Object.values(MARKETS).map((m) => ({
      id: m.id,
      name: m.name,
      fullAdministrativeArea: m.fullAdministrativeArea,
      state: m.state,
      telephone: m.telephone,
      fax: m.fax,
      street: m.address.street,
      city: m.address.city,
      zip: m.address.zip,
      contactEmail: m.contactEmail,
      openingHours: m.openingHours,
      lat: m.lat,
      lng: m.lng,
      radiusM: m.radiusM,
      timezone: m.timezone,
    })),
  );
}
