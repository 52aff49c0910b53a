// With REDIS_URL set, rate limits are shared between server instances on one database
// (docs/security.md "Limits"): two instances of the app, one PostgreSQL (or PGlite) database, one
// Redis; a limit reached through one instance holds on the other. It needs a Redis server, which
// npm does not bring: it runs when REDIS_URL is set (.ci/run starts Redis and sets it) and is
// skipped otherwise, saying so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { openDatabase, type DbHandle } from '../../src/db/client.ts';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/routes.ts';
import { randomClientIp } from '../../src/modules/auth/members.fixtures.ts';
import { openTestDatabase } from '../support/harness.ts';

const redisUrl = inject('redisUrl');
if (!redisUrl) console.info('shared-limits: skipped, REDIS_URL is not set (rate limits shared through Redis need a Redis server, e.g. REDIS_URL=redis://127.0.0.1:6379)');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: App;
  let second: App;
  const handles: DbHandle[] = [];
  let drop: () => Promise<void>;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'market-shared-'));
    const opened = await openTestDatabase();
    drop = opened.drop;
    handles.push(opened.db);
    // On PostgreSQL the second instance has its own pool, as a second server would.
    const secondDb = opened.databaseUrl ? await openDatabase({ databaseUrl: opened.databaseUrl, poolSize: 4 }) : opened.db;
    if (secondDb !== opened.db) handles.push(secondDb);
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REDIS_URL: redisUrl,
      ...(opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {}),
    });
    first = await buildApp({ env, db: opened.db }, { logger: false });
    second = await buildApp({ env, db: secondDb }, { logger: false });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const h of handles) await h.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a client that used up its reset requests on one instance is refused on the other, and others are served', async () => {
    const client = randomClientIp();
    const reset = (app: App, ip: string) =>
      app.inject({ method: 'POST', url: '/auth/passwordreset/', payload: { email: `nobody-${ip}@example.com` }, remoteAddress: ip });
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.max; i++) expect((await reset(first, client)).statusCode).toBe(200);
    const refused = await reset(second, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(refused.json() as object)).toEqual(['detail']);
    expect((await reset(first, client)).statusCode).toBe(429);
    // Another client is served normally by both.
    const other = randomClientIp();
    expect((await reset(second, other)).statusCode).toBe(200);
    expect((await reset(first, other)).statusCode).toBe(200);
  });
});
