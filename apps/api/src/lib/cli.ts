// What the operations commands share (contests:draw, leads:export, seed): their options with
// -h/--help, and the server's configuration and database, opened from the repository root like `npm start` does, migrations applied. With the
// embedded database (PGlite) the server must be stopped first: one process owns its directory.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { parseEnv, type Env } from '../config/env.ts';
import { openDatabase, type DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

type CommandConfig<O extends ParseArgsOptionsConfig> = { options: O & typeof HELP; strict: true };
type CommandValues<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<CommandConfig<O>>>['values'];

/**
 * A command's options, parsed strictly, with -h/--help: the values, or the exit code once the usage
 * is printed (0 for --help, 2 for an option it does not know or a missing value).
 */
export function commandOptions<const O extends ParseArgsOptionsConfig>(options: O, usage: string): { values: CommandValues<O> } | { exit: number } {
  let values: CommandValues<O>;
  try {
    values = parseArgs<CommandConfig<O>>({ options: { ...options, ...HELP }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return { exit: 2 };
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return { exit: 0 };
  }
  return { values };
}

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
