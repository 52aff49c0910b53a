// Runs the marketplace: migrates, seeds an empty database (with a progress bar), then serves the
// API and the web pages on one origin (docs/operations.md "Running").
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { applyNodeEnv, parseEnv, type Env } from './config/env.ts';
import { openDatabase, type DbHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { DEFAULT_SEED, isSeeded, seedDatabase } from './db/seed/index.ts';
import { drainRequests } from './lib/drain.ts';
import { bootstrapAdminInvitation } from './modules/auth/service.ts';
import { scheduleJobs } from './modules/console-dashboard/service.ts';
import { mountWeb } from './web/mount.ts';

/** How long in-flight requests get to finish after SIGTERM (new ones are answered 503 meanwhile). */
const SHUTDOWN_GRACE_MS = 7_000;

export async function prepareDatabase(env: Env, log: (line: string) => void = console.log): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : join(env.DATA_DIR, 'pglite'),
  });
  await migrate(handle);
  if (!(await isSeeded(handle))) {
    log(`Seeding an empty database (scale ${env.SEED_SCALE})...`);
    const bar = new cliProgress.SingleBar(
      { format: ' {bar} {percentage}% | {step} {value}/{total}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 2000 },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    await seedDatabase(handle, {
      scale: env.SEED_SCALE,
      seed: DEFAULT_SEED,
      onProgress(step, done, total) {
        if (!started) {
          bar.start(total, done, { step });
          started = true;
        }
        bar.setTotal(total);
        bar.update(done, { step });
      },
    });
    if (started) bar.stop();
    // The embedded database writes its seed to disk now, not at the next start
    // (docs/performance.md: a restart after the first run took 8 s replaying the seed's write-ahead
    // log).
    if (handle.kind === 'pglite') await handle.rows(sql`CHECKPOINT`);
    log('Seed complete.');
  }
  return handle;
}

/**
 * Starts the marketplace server from the environment (PORT, HOST, DATA_DIR, DATABASE_URL...);
 * `dev` serves the web app from its sources with hot reload (`npm run dev`).
 */
export async function main(options: { dev?: boolean } = {}): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  applyNodeEnv(env);
  const db = await prepareDatabase(env);
  const app = await buildApp({ env, db });
  await mountWeb(app, { dev: options.dev === true });

  let closing = false;
  let stopJobs = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    // Exit within 10 s whatever happens (docs/security.md): up to 7 s to drain, then close.
    const timer = setTimeout(() => process.exit(1), 9_500).unref();
    try {
      const left = await drainRequests(app, SHUTDOWN_GRACE_MS);
      if (left) app.log.warn({ left }, 'requests still in flight at shutdown');
      await app.close();
      await db.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  stopJobs = scheduleJobs(app.deps, app.log);
  const port = (app.server.address() as AddressInfo).port;
  console.log(`Marketplace ready on http://localhost:${port} (${env.NODE_ENV} mode, ${db.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'}, ${app.deps.images.kind === 's3' ? `uploads in the S3 bucket ${env.S3_BUCKET}` : 'uploads in DATA_DIR'})`);
  if (env.STAFF_BOOTSTRAP_EMAIL) {
    // The first admin (docs/operations.md "First admin"): no default password, an invitation.
    const link = await bootstrapAdminInvitation(app.deps, env.STAFF_BOOTSTRAP_EMAIL);
    if (link) console.log(`No staff admin yet: an invitation was mailed to ${env.STAFF_BOOTSTRAP_EMAIL}. Open it to set up the first admin account:\n  ${link}`);
  }
}

if (import.meta.main) await main();
