// `npm run seed --workspace apps/api -- [--reset] [--scale N] [--seed N] [--today YYYY-MM-DD]`
// Seeds the database the server uses (PGlite under DATA_DIR, or DATABASE_URL) with a progress
// bar. --reset drops the data first and recreates it from the migrations.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { parseEnv } from '../../config/env.ts';
import { commandOptions } from '../../lib/cli.ts';
import { openDatabase, type DbHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { DEFAULT_SEED, isSeeded, seedDatabase } from './index.ts';

const USAGE = `Usage: npm run seed --workspace apps/api -- [--reset] [--scale N] [--seed N] [--today YYYY-MM-DD]
  --reset   drop the existing data (the PGlite directory, or every table of DATABASE_URL) first
  --scale   volume multiplier (default SEED_SCALE, else 1; 200 gives about 1,000,000 offers)
  --seed    random seed (default ${DEFAULT_SEED}); the same seed gives the same data
  --today   the business day relative dates hang on (default today in America/Detroit)
A relative DATA_DIR is taken from the repository root, as \`npm start\` does.`;

/** Drops everything the migrations created on PostgreSQL: the public schema and drizzle's journal. */
async function dropPostgresData(handle: DbHandle): Promise<void> {
  await handle.rows(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await handle.rows(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await handle.rows(sql`CREATE SCHEMA public`);
  await handle.rows(sql`GRANT USAGE, CREATE ON SCHEMA public TO PUBLIC`);
}

async function main(): Promise<number> {
  const parsed = commandOptions({ reset: { type: 'boolean', default: false }, scale: { type: 'string' }, seed: { type: 'string' }, today: { type: 'string' } }, USAGE);
  if ('exit' in parsed) return parsed.exit;
  const args = parsed.values;

  // npm runs workspace scripts inside apps/api; the server runs from the repository root.
  process.chdir(fileURLToPath(new URL('../../../../../', import.meta.url)));
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const scale = args.scale === undefined ? env.SEED_SCALE : Number(args.scale);
  const seed = args.seed === undefined ? DEFAULT_SEED : Number(args.seed);
  if (!(scale > 0 && scale <= 1000)) {
    console.error(`--scale must be a number above 0 and at most 1000, got ${args.scale}`);
    return 2;
  }
  if (!Number.isSafeInteger(seed)) {
    console.error(`--seed must be a whole number, got ${args.seed}`);
    return 2;
  }
  if (args.today !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(args.today) || Number.isNaN(Date.parse(args.today)))) {
    console.error(`--today must be a date as YYYY-MM-DD, got ${args.today}`);
    return 2;
  }

  const dataDir = join(env.DATA_DIR, 'pglite');
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  if (args.reset && !env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });
  // No statement timeout: a national seed's ANALYZE on a busy machine takes longer than a request may.
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : dataDir, poolSize: 2, statementTimeoutMs: 0 });
  try {
    if (args.reset && env.DATABASE_URL) await dropPostgresData(handle);
    await migrate(handle);
    if (await isSeeded(handle)) {
      console.log(`The database (${where}) already holds data; run with --reset to recreate it.`);
      return 0;
    }
    console.log(`Seeding ${where}: scale ${scale}, seed ${seed}${args.today ? `, today ${args.today}` : ''}`);
    const bar = new cliProgress.SingleBar(
      { format: ' {bar} {percentage}% | {step} | {duration_formatted}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 },
      cliProgress.Presets.shades_classic,
    );
    const started = Date.now();
    let barStarted = false;
    await seedDatabase(handle, {
      scale,
      seed,
      ...(args.today ? { today: args.today } : {}),
      onProgress(step, done, total) {
        if (!barStarted) {
          bar.start(total, done, { step });
          barStarted = true;
        }
        bar.setTotal(total);
        bar.update(done, { step });
      },
    });
    if (barStarted) bar.stop();
    const counts = await handle.rows<{ merchants: number; locations: number; offers: number; places: number }>(sql`
      SELECT (SELECT count(*) FROM merchants)::int AS merchants, (SELECT count(*) FROM locations)::int AS locations,
             (SELECT count(*) FROM offers)::int AS offers, (SELECT count(*) FROM places)::int AS places`);
    const c = counts[0]!;
    console.log(`Seeded ${c.merchants} merchants, ${c.locations} locations, ${c.offers} offers and ${c.places} places in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
