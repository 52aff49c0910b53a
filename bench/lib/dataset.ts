// The benchmark's data set: a PostgreSQL database of its own (bench_national for the full run),
// generated through the seed CLI (SEED_SCALE, deterministic by seed number) and reused when it
// already holds the asked scale and seed (recorded in the database's comment).
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ROOT } from './proc.ts';

export interface DatasetInfo {
  database: string;
  url: string;
  scale: number;
  seed: number;
  seededOn: string;
  reused: boolean;
  seedSeconds: number | null;
  counts: { merchants: number; locations: number; offers: number; activeOffers: number; places: number };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function runSeed(url: string, scale: number, seed: number, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'apps/api/src/db/seed/cli.ts', '--scale', String(scale), '--seed', String(seed)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let last = 0;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // The progress bar prints every few seconds; pass on about one line a minute.
      if (Date.now() - last > 60_000 || /Seeded|Seeding/.test(text)) {
        last = Date.now();
        log(`  seed: ${text.trim().split('\n').pop()}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

async function counts(url: string): Promise<DatasetInfo['counts']> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(`SELECT (SELECT count(*) FROM merchants)::int AS merchants, (SELECT count(*) FROM locations)::int AS locations,
      (SELECT count(*) FROM offers)::int AS offers, (SELECT count(*) FROM places)::int AS places,
      (SELECT count(*) FROM offer_index WHERE is_active AND expires_at >= (now() AT TIME ZONE 'America/Detroit')::date)::int AS "activeOffers"`);
    return rows[0];
  });
}

/**
 * Makes sure `database` on the server of `adminUrl` holds the seed at `scale`/`seed`: reuses it
 * when its comment says so, otherwise recreates it and seeds it (about 5 minutes at scale 200).
 */
export async function ensureDataset(adminUrl: string, database: string, scale: number, seed: number, log: (line: string) => void): Promise<DatasetInfo> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name ${database}`);
  const url = withDatabase(adminUrl, database);
  const marker = await withClient(adminUrl, async (c) => {
    const { rows } = await c.query(`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`, [database]);
    if (!rows.length) return undefined;
    try {
      return JSON.parse(rows[0].comment ?? 'null') as { scale: number; seed: number; seededOn: string } | null;
    } catch {
      return null;
    }
  });
  if (marker && marker.scale === scale && marker.seed === seed) {
    log(`Reusing ${database} (scale ${scale}, seed ${seed}, seeded on ${marker.seededOn}).`);
    return { database, url, scale, seed, seededOn: marker.seededOn, reused: true, seedSeconds: null, counts: await counts(url) };
  }
  log(`Creating ${database} at scale ${scale}, seed ${seed}...`);
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
  const started = Date.now();
  await runSeed(url, scale, seed, log);
  const seedSeconds = (Date.now() - started) / 1000;
  await withClient(url, (c) => c.query('VACUUM ANALYZE'));
  const seededOn = new Date().toISOString().slice(0, 10);
  await withClient(adminUrl, (c) => c.query(`COMMENT ON DATABASE ${database} IS '${JSON.stringify({ scale, seed, seededOn })}'`));
  return { database, url, scale, seed, seededOn, reused: false, seedSeconds, counts: await counts(url) };
}
