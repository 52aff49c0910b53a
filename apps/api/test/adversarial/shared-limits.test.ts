// With REDIS_URL set, rate limits are shared between server instances on one database
// (docs/security.md "Limits"): two instances of the app, one PostgreSQL (or PGlite) database, one
// Redis; a limit reached through one instance holds on the other. It needs a Redis server, which
// npm does not bring: it runs when REDIS_URL is set (.ci/run starts Redis and sets it) and is
// skipped otherwise, saying so.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { App } from '../../src/app.ts';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/routes.ts';
import { randomClientIp } from '../../src/modules/auth/members.fixtures.ts';
import { openTwoInstances, type TwoInstances } from '../support/two-instances.ts';

const redisUrl = inject('redisUrl');
if (!redisUrl) console.info('shared-limits: skipped, REDIS_URL is not set (rate limits shared through Redis need a Redis server, e.g. REDIS_URL=redis://127.0.0.1:6379)');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: App;
  let second: App;
  let instances: TwoInstances | undefined;

  beforeAll(async () => {
    instances = await openTwoInstances({ poolSize: 4, extraEnv: { REDIS_URL: redisUrl } });
    ({ first, second } = instances);
  });
  afterAll(async () => {
    await instances?.close();
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
