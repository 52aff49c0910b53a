// The database every API test starts from: the real migrations plus the deterministic seed,
// built once per run (global-setup.ts) and copied for each test file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { DEFAULT_SEED, seedDatabase } from '../../src/db/seed/index.ts';

/** The business day the test seed is built for; tests compute their dates from it too. */
export const TEST_TODAY_ENV = 'TEST_TODAY';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Builds the template on PostgreSQL (a database to copy) or PGlite (a data-dir dump). */
export async function buildTemplate(options: { databaseUrl?: string | undefined; today: string }): Promise<{ pgTemplate?: string; pgliteDump?: Uint8Array }> {
  let handle: DbHandle;
  let pgTemplate: string | undefined;
  if (options.databaseUrl) {
    pgTemplate = uniqueName('tpl');
    await adminQuery(options.databaseUrl, `CREATE DATABASE ${pgTemplate}`);
    handle = await openDatabase({ databaseUrl: withDatabase(options.databaseUrl, pgTemplate), poolSize: 2 });
  } else {
    handle = await openDatabase({});
  }
  try {
    await migrate(handle);
    await seedDatabase(handle, { seed: DEFAULT_SEED, scale: 1, today: options.today });
    if (handle.pglite) {
      const blob = await handle.pglite.dumpDataDir('none');
      return { pgliteDump: new Uint8Array(await blob.arrayBuffer()) };
    }
    return { pgTemplate: pgTemplate! };
  } finally {
    await handle.close();
  }
}
