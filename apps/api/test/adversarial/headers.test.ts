// Security headers on every answer of the API (docs/security.md "Headers"): each operation of the
// OpenAPI document, anonymous and as a member, plus the 400/401/404/413/414/415/429 answers. Pages
// are checked in e2e/tests/stored-xss.spec.ts (their CSP carries a per-request nonce). Also: client
// addresses from forwarding headers are believed only from configured proxies.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { AUTH_RATE_LIMITS } from '../../src/modules/auth/routes.ts';
import { randomClientIp, signUpMember, type TestMember } from '../../src/modules/auth/members.fixtures.ts';
import { realIds, realisticValues, sampleRequest } from './fixtures.ts';
import { isFieldMessageBody, LEAK_PATTERN, listOperations, toInject } from './operations.ts';

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  member = await signUpMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** The headers docs/security.md lists for every response; a list of what is missing or wrong. */
function headerProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const csp = String(res.headers['content-security-policy'] ?? '');
  if (!/object-src 'none'/.test(csp)) problems.push('CSP object-src');
  if (!/base-uri 'none'/.test(csp)) problems.push('CSP base-uri');
  if (!/frame-ancestors '(none|self)'/.test(csp)) problems.push('CSP frame-ancestors');
  if (!/max-age=\d{7,}/.test(String(res.headers['strict-transport-security'] ?? ''))) problems.push('HSTS');
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('nosniff');
  if (!res.headers['referrer-policy']) problems.push('Referrer-Policy');
  if (res.headers['x-powered-by']) problems.push('X-Powered-By');
  return problems;
}

describe('security headers', () => {
  it('are on every operation, for anonymous callers and members; member answers are never stored', async () => {
    const ids = await realIds(t.db);
    const problems: string[] = [];
    let checked = 0;
    for (const op of listOperations(t.app)) {
      if (op.id === 'POST /auth/logout/' || op.id === 'DELETE /auth/user/') continue;
      const parts = sampleRequest(op, realisticValues(ids));
      for (const headers of [{}, member.headers]) {
        const res = await t.app.inject(toInject(op, parts, headers, randomClientIp()));
        checked++;
        for (const p of headerProblems(res)) problems.push(`${op.id} ${'authorization' in headers ? 'member' : 'anonymous'} ${res.statusCode}: ${p}`);
        if ('authorization' in headers && !/no-store/.test(String(res.headers['cache-control'] ?? ''))) problems.push(`${op.id} member ${res.statusCode}: cache-control ${res.headers['cache-control']}`);
        if (res.statusCode >= 400 && LEAK_PATTERN.test(res.body)) problems.push(`${op.id} ${res.statusCode}: internal detail`);
      }
    }
    console.log(`security headers: ${checked} answers checked, ${problems.length} problems`);
    expect(problems).toEqual([]);
  });

  it('are on error answers too, whose bodies name fields and never leak internals', async () => {
    const ip = randomClientIp();
    const answers: Record<string, LightMyRequestResponse> = {
      '404': await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' }),
      '400 bad JSON': await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
      '400 bad URL': await t.app.inject({ method: 'GET', url: '/api/offers/%E0%A4%A/' }),
      '401': await t.app.inject({ method: 'GET', url: '/api/userfavorites/' }),
      '413': await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT_BYTES) }) }),
      '414': await t.app.inject({ method: 'GET', url: `/api/offers/${'9'.repeat(300)}/` }),
      '415': await t.app.inject({ method: 'POST', url: '/auth/login/', headers: { 'content-type': 'text/xml' }, payload: '<x/>' }),
    };
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.max; i++) {
      await t.app.inject({ method: 'POST', url: '/auth/passwordreset/', payload: { email: 'x@example.com' }, remoteAddress: ip });
    }
    answers['429'] = await t.app.inject({ method: 'POST', url: '/auth/passwordreset/', payload: { email: 'x@example.com' }, remoteAddress: ip });
    expect(answers['429']!.headers['retry-after']).toBeDefined();
    for (const [name, res] of Object.entries(answers)) {
      expect(String(res.statusCode), name).toBe(name.slice(0, 3));
      expect(headerProblems(res), name).toEqual([]);
      expect(isFieldMessageBody(res.json()), `${name}: ${res.body}`).toBe(true);
      expect(res.body, name).not.toMatch(LEAK_PATTERN);
      expect(res.body, name).not.toContain('9'.repeat(300));
    }
  });
});

describe('client addresses behind proxies', () => {
  it('believe X-Forwarded-For only from a configured proxy', async () => {
    const proxied = await createTestApp({ TRUSTED_PROXIES: '10.99.0.0/16' });
    try {
      const reset = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({ method: 'POST', url: '/auth/passwordreset/', payload: { email: 'x@example.com' }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
      // An untrusted client cannot escape its limit by naming other addresses.
      const direct = randomClientIp();
      const fromClient: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMITS.passwordReset.max; i++) fromClient.push((await reset(direct, randomClientIp())).statusCode);
      expect(fromClient.at(-1)).toBe(429);
      // Through the trusted proxy each forwarded visitor counts on its own...
      const viaProxy: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMITS.passwordReset.max; i++) viaProxy.push((await reset('10.99.0.7', `203.0.113.${i + 1}`)).statusCode);
      expect(viaProxy.every((s) => s === 200)).toBe(true);
      // ...and one forwarded visitor is limited whichever proxy address it came through.
      const visitor: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMITS.passwordReset.max; i++) visitor.push((await reset(`10.99.1.${i + 1}`, '198.51.100.77')).statusCode);
      expect(visitor.at(-1)).toBe(429);
      // A spoofed chain through the proxy: only the hop the proxy saw counts, not the client's claim.
      const spoofed: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMITS.passwordReset.max; i++) spoofed.push((await reset('10.99.0.8', `192.0.2.${i + 1}, 198.51.100.88`)).statusCode);
      expect(spoofed.at(-1)).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
