// With REDIS_URL set, rate limits are shared between server instances on one database
// (docs/security.md "Limits"): two instances of the app, one PostgreSQL (or PGlite) database, one
// Redis; a limit reached through one instance holds on the other.
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

let first: App;
let second: App;
const handles: DbHandle[] = [];
let drop: () => Promise<void>;
const dataDir = mkdtempSync(join(tmpdir(), 'market-shared-'));

beforeAll(async () => {
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
    REDIS_URL: inject('redisUrl'),
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
  rmSync(dataDir, { recursive: true, force: true });
});

describe('rate limits shared through Redis', () => {
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
