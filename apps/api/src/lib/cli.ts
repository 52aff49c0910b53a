// What the operations commands share (contests:draw, leads:export): the server's configuration and
// database, opened from the repository root like `npm start` does, migrations applied. With the
// embedded database (PGlite) the server must be stopped first: one process owns its directory.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { parseEnv, type Env } from '../config/env.ts';
import { openDatabase, type DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Parses the environment and opens the server's database; throws with one readable line. */
export async function openCommandDatabase(): Promise<{ env: Env; db: DbHandle }> {
  process.chdir(REPOSITORY_ROOT);
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, 'pglite'), poolSize: 2 });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { env, db };
}

/** A logger for modules that want Fastify's (the mail queue): errors and warnings to stderr. */
export const commandLogger = {
  level: 'warn',
  fatal: (...args: unknown[]) => console.error(...args),
  error: (...args: unknown[]) => console.error(...args),
  warn: (...args: unknown[]) => console.error(...args),
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child() {
    return commandLogger;
  },
} as unknown as FastifyBaseLogger;
