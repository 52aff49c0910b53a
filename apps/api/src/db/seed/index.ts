// Deterministic seed data (docs/operations.md "Data"). `seedDatabase` fills an empty, migrated
// database; the same seed number and scale always produce the same rows (dates are relative to
// `today`).
import { sql } from 'drizzle-orm';
import { MARKETS } from '@market/domain/markets';
import { businessToday } from '@market/domain/expiry';
import type { DbHandle } from '../client.ts';
import { markets } from '../schema/index.ts';
import { rebuildSearchSupport } from '../search-terms.ts';
import { buildCallouts } from './callouts.ts';
import { CatalogueGenerator } from './catalogue.ts';
import { buildCategories } from './categories.ts';
import { buildContests } from './contests.ts';
import { buildCityPools } from './geography.ts';
import { insertRows, syncSequence } from './insert.ts';
import { loadUsPlaces } from './places.ts';

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

/** Merchants generated and written per transaction: about 2,500 locations' worth of offers at most. */
const MERCHANTS_PER_CHUNK = 300;
/** Progress units per merchant (a merchant brings about 2.5 locations and 4 offers). */
const UNITS_PER_MERCHANT = 8;
const FIXED_UNITS = { markets: 10, categories: 200, contests: 100, callouts: 20, search: 2000, analyze: 1000 };

/** Whether the database already holds seed data (markets are the first rows written). */
export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const rows = await handle.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM markets`);
  return (rows[0]?.n ?? 0) > 0;
}

export async function seedDatabase(handle: DbHandle, options: SeedOptions = {}): Promise<void> {
  const today = options.today ?? businessToday();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`seed: today must be YYYY-MM-DD, got ${today}`);
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`seed: scale must be positive, got ${scale}`);

  const { places, zipPoints } = loadUsPlaces();
  const categories = buildCategories();
  const pools = buildCityPools(places);
  const catalogue = new CatalogueGenerator({ seed, scale, today, categories, pools, zipPoints });

  const total =
    FIXED_UNITS.markets + FIXED_UNITS.categories + places.length + catalogue.merchantTotal * UNITS_PER_MERCHANT +
    FIXED_UNITS.contests + FIXED_UNITS.callouts + FIXED_UNITS.search + FIXED_UNITS.analyze;
  let done = 0;
  const progress = (step: string, units: number) => {
    done += units;
    options.onProgress?.(step, Math.min(done, total), total);
  };
  options.onProgress?.('markets', 0, total);

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
  progress('categories', FIXED_UNITS.markets);

  await insertRows(handle, handle.db, 'categories', categories.rows);
  progress('places', FIXED_UNITS.categories);

  const PLACE_BATCH = 2000;
  for (let start = 0; start < places.length; start += PLACE_BATCH) {
    const batch = places.slice(start, start + PLACE_BATCH);
    await insertRows(handle, handle.db, 'places', batch, PLACE_BATCH);
    progress('places', batch.length);
  }

  // Merchants, locations and offers stream in chunks, each chunk one transaction; the offer
  // index follows through the statement-level triggers of migration 0002.
  let merchantsDone = 0;
  let chunks = 0;
  for (const chunk of catalogue.chunks(MERCHANTS_PER_CHUNK)) {
    await handle.db.transaction(async (tx) => {
      await insertRows(handle, tx, 'merchants', chunk.merchants);
      await insertRows(handle, tx, 'locations', chunk.locations);
      await insertRows(handle, tx, 'offers', chunk.offers);
    });
    // Fresh statistics as the tables grow (after chunks 1, 10, 100...), so the index trigger's
    // joins keep their index plans at scale.
    chunks++;
    if (Number.isInteger(Math.log10(chunks))) await handle.rows(sql`ANALYZE merchants, locations, offers, offer_index`);
    progress('offers', (chunk.merchantsDone - merchantsDone) * UNITS_PER_MERCHANT);
    merchantsDone = chunk.merchantsDone;
  }

  await seedMerchantPhotos(handle);

  const contests = buildContests({ seed, today, sponsors: catalogue.sponsors, pools });
  await handle.db.transaction(async (tx) => {
    await insertRows(handle, tx, 'contests', contests.contests);
    await insertRows(handle, tx, 'contest_entities', contests.entities);
    await insertRows(handle, tx, 'users', contests.entrants);
    await insertRows(handle, tx, 'contest_entries', contests.entries);
    await insertRows(handle, tx, 'contest_draws', contests.draws);
    await insertRows(handle, tx, 'contest_winners', contests.winners);
  });
  progress('callouts', FIXED_UNITS.contests);

  const { callouts, settings } = buildCallouts();
  await insertRows(handle, handle.db, 'callouts', callouts);
  await insertRows(handle, handle.db, 'callout_settings', [settings]);

  for (const table of ['categories', 'places', 'merchants', 'locations', 'merchant_photos', 'offers', 'contests', 'contest_entities', 'users', 'contest_entries', 'contest_draws', 'contest_winners', 'callouts']) {
    await syncSequence(handle, table);
  }
  progress('search', FIXED_UNITS.callouts);

  await rebuildSearchSupport(handle);
  progress('analyze', FIXED_UNITS.search);

  await handle.rows(sql`ANALYZE`);
  progress('done', FIXED_UNITS.analyze);
}

/**
 * Three merchants in five get two or three photos of their place (docs/decisions.md "Merchant
 * photos"): the generated scenes under /media/places/ (storefront, inside, counter), so no image
 * is drawn or stored at seed time. One statement, the same rows for the same merchants.
 */
async function seedMerchantPhotos(handle: DbHandle): Promise<void> {
  await handle.rows(sql`
    INSERT INTO merchant_photos (merchant_id, location_id, path, alt, position, width, height, created_at)
    SELECT m.id, NULL, '/media/places/' || m.slug || '/' || s.scene || '.svg', s.alt_before || m.name || s.alt_after, s.pos, 1200, 800, m.created_at
    FROM merchants m
    CROSS JOIN (VALUES
      (0, 'storefront', 'The storefront of ', ' with its sign and striped awning'),
      (1, 'inside', 'Inside ', ': shelves, the counter and hanging lamps'),
      (2, 'counter', 'A close-up on the counter at ', '')
    ) AS s(pos, scene, alt_before, alt_after)
    WHERE m.id % 5 < 3 AND s.pos < 2 + m.id % 2
    ORDER BY m.id, s.pos`);
}
