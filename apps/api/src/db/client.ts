// One database handle for the whole app: PGlite (embedded, under DATA_DIR) by default, a real
// PostgreSQL when DATABASE_URL is set (docs/operations.md). Both speak the same SQL dialect.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query' | 'selectDistinct' | 'selectDistinctOn' | 'with'>;

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs raw SQL and returns its rows (drizzle's `execute` differs per driver). */
  rows<T>(query: SQL, executor?: Executor): Promise<T[]>;
  /**
   * Runs a statement as `rows` does, on PostgreSQL as a named prepared statement: parsed once per
   * connection, and planned once when its generic plan costs no more than a custom one (planning
   * was half of a listing's database time, docs/performance.md). Only for statements whose best
   * plan is the same for any parameter values, and whose text takes a bounded number of shapes
   * (values always as parameters): every shape stays prepared on every pooled connection.
   */
  preparedRows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

// Planner settings both engines need: without a lower random_page_cost the planner skips the
// GiST nearest-neighbour plans, and generic plans made the geo queries 13x slower
// (docs/performance.md). The statement timeout keeps one bad query from holding a connection.
const SESSION_SETTINGS = { random_page_cost: '1.1', plan_cache_mode: 'force_custom_plan', statement_timeout: '15000' };
// On PostgreSQL, PostgreSQL's own choice: an unnamed statement (every query but `preparedRows`)
// is planned for its values whatever the mode; a named one (`preparedRows`, shapes whose plan
// does not depend on the values) keeps a generic plan once it is no costlier than the custom ones.
const POSTGRES_PLAN_CACHE_MODE = 'auto';
// No JIT compilation on PostgreSQL: a search ranking every match of a common word costs more than
// jit_above_cost, and compiling its expressions (58 functions) took longer than it saved on these
// short queries: 'pizza' at random positions, p99 620 -> 510 ms (docs/performance.md). PGlite
// has no JIT.
const POSTGRES_ONLY_SETTINGS = { plan_cache_mode: POSTGRES_PLAN_CACHE_MODE, jit: 'off' };

/** Statement names by text, at most this many (`preparedRows` shapes are few; past that, statements run unnamed). */
const MAX_PREPARED = 500;

/**
 * Dates and times as the text PostgreSQL sends, as drizzle's node-postgres driver reads them for
 * `execute` (so `preparedRows` answers what `rows` would).
 */
const TEXT_TYPES = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)),
} as unknown as pg.CustomTypesConfig;

export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump (from dumpDataDir) to start from, for tests. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /**
   * Milliseconds a statement may run (default 15,000). Batch work that is not a request (the seed
   * of a national data set, its ANALYZE) passes 0: no limit.
   */
  statementTimeoutMs?: number;
}

function wrap(kind: DbHandle['kind'], db: Database, close: () => Promise<void>, extra: Partial<DbHandle>): DbHandle {
  const handle: DbHandle = {
    kind,
    db,
    async rows<T>(query: SQL, executor: Executor = db) {
      const result = (await executor.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    preparedRows: (query) => handle.rows(query),
    close,
    ...extra,
  };
  return handle;
}

/** `preparedRows` on a pool: the statement's name is a hash of its text. */
function preparedOn(pool: pg.Pool): DbHandle['preparedRows'] {
  const dialect = new PgDialect();
  const names = new Map<string, string>();
  return async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `q_${createHash('sha1').update(text).digest('hex')}`;
      names.set(text, name);
    }
    const result = await pool.query<T & pg.QueryResultRow>({ name, text, values: params, types: pgTypes });
    return result.rows;
  };
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  const settings = { ...SESSION_SETTINGS, ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: String(options.statementTimeoutMs) }) };
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 8,
      // The wait for a free pooled connection is part of this timeout: a burst of 1,000 requests
      // on 8 connections queued past 5 s and answered 500s (the exactly-once suite on PostgreSQL,
      // docs/security.md). A database that is down refuses at once, so only an unreachable host
      // waits this long.
      connectionTimeoutMillis: 30_000,
      idleTimeoutMillis: 30_000,
      options: Object.entries({ ...settings, ...POSTGRES_ONLY_SETTINGS }).map(([k, v]) => `-c ${k}=${v}`).join(' '),
    });
    // A dropped server connection must not crash the process; the pool replaces the client.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return wrap('postgres', db, () => pool.end(), { pool, preparedRows: preparedOn(pool) });
  }
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    // A served database on disk gets 32 MB of shared buffers rather than PostgreSQL's 128 MB: the
    // WebAssembly memory never shrinks, and the demo data reads fast from the OS cache
    // (docs/performance.md "Embedded memory"). Tests (in memory) keep the default.
    ...(options.dataDir ? { dataDir: options.dataDir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  for (const [key, value] of Object.entries(settings)) await client.exec(`SET ${key} = '${value}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return wrap('pglite', db, () => client.close(), { pglite: client });
}
