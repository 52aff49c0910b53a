// Test harness: a fresh database copied from the run's template, and the real app around it.
// Usage in a test file:
//   const t = await createTestApp();   // in beforeAll
//   const res = await t.app.inject({ method: 'GET', url: '/api/markets/' });
//   await t.close();                   // in afterAll
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { parseEnv, type Env } from '../../src/config/env.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { mountWeb } from '../../src/web/mount.ts';
import { adminQuery, uniqueName, withDatabase } from './template.ts';

export interface TestApp {
  app: App;
  db: DbHandle;
  env: Env;
  /** The business day the seed was built for (YYYY-MM-DD). */
  today: string;
  close(): Promise<void>;
}

/** Opens a fresh copy of the seeded template database. */
export async function openTestDatabase(): Promise<{ db: DbHandle; databaseUrl?: string; drop(): Promise<void> }> {
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) {
    const name = uniqueName('test');
    await adminQuery(databaseUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = withDatabase(databaseUrl, name);
    const db = await openDatabase({ databaseUrl: url, poolSize: 8 });
    return { db, databaseUrl: url, drop: () => adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dump = readFileSync(inject('pgliteDumpPath'));
  const db = await openDatabase({ loadDataDir: new Blob([dump]) });
  return { db, drop: async () => {} };
}

/** `web`: the pages too (the web build, which the global setup makes when it is stale). */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { web?: boolean } = {}): Promise<TestApp> {
  const { db, databaseUrl, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'market-app-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...envOverrides,
  });
  const app = await buildApp({ env, db }, { logger: false });
  if (options.web) await mountWeb(app);
  await app.ready();
  return {
    app,
    db,
    env,
    today: inject('today'),
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
