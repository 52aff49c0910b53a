// Two instances of the app on one database, as two servers behind a load balancer would run: on
// PostgreSQL the second has a pool of its own; on PGlite (one session at a time) they share it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../src/app.ts';
import { parseEnv, type Env } from '../../src/config/env.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { openTestDatabase } from './harness.ts';

export interface TwoInstances {
  first: App;
  second: App;
  /** The first instance's handle (the test's own reads and writes). */
  db: DbHandle;
  env: Env;
  close: () => Promise<void>;
}

/** Opens a fresh test database and builds two ready instances on it; `extraEnv` adds settings (REDIS_URL). */
export async function openTwoInstances(options: { poolSize: number; extraEnv?: Record<string, string> }): Promise<TwoInstances> {
  const dataDir = mkdtempSync(join(tmpdir(), 'market-two-'));
  const opened = await openTestDatabase();
  const secondDb = opened.databaseUrl ? await openDatabase({ databaseUrl: opened.databaseUrl, poolSize: options.poolSize }) : opened.db;
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.extraEnv, ...(opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {}) });
  const first = await buildApp({ env, db: opened.db }, { logger: false });
  const second = await buildApp({ env, db: secondDb }, { logger: false });
  await Promise.all([first.ready(), second.ready()]);
  return {
    first,
    second,
    db: opened.db,
    env,
    close: async () => {
      await first.close();
      await second.close();
      if (secondDb !== opened.db) await secondDb.close();
      await opened.db.close();
      await opened.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
