// @vitest-environment node
// Server code: Node's own Request (a browser's, as happy-dom's, drops the Cookie header).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { clearSessionCookie, consoleApi, consolePageUrl, consoleReturnPath, loginPathFor, mfaCookie, readMfaState, sessionCookie } from './console-api.server.ts';
import { StaffMeOut } from '@market/domain/api/staff';

const TOKEN = 'staff-token-0123456789abcdef';
const ME = { id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin', role: 'admin', markets: null };

describe('console cookies', () => {
  it('keeps the staff token HttpOnly, for /console only, SameSite=Strict, 12 hours; Secure on https', () => {
    expect(sessionCookie(TOKEN, false)).toBe(`console_session=${TOKEN}; Path=/console; Max-Age=43200; HttpOnly; SameSite=Strict`);
    expect(sessionCookie(TOKEN, true)).toBe(`console_session=${TOKEN}; Path=/console; Max-Age=43200; HttpOnly; SameSite=Strict; Secure`);
    expect(clearSessionCookie(false)).toBe('console_session=; Path=/console; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('carries the sign-in challenge for 10 minutes, read back as written', () => {
    const cookie = mfaCookie({ mfaToken: 'challenge-1', next: '/console/offers?page=2' }, false);
    expect(cookie).toMatch(/^console_mfa=[A-Za-z0-9_-]+; Path=\/console; Max-Age=600; HttpOnly; SameSite=Strict$/);
    const value = cookie.split(';')[0]!;
    expect(readMfaState(pageRequest('/console/enrol', { cookie: value }))).toEqual({ mfaToken: 'challenge-1', next: '/console/offers?page=2', setup: undefined });
    expect(readMfaState(pageRequest('/console/enrol', { cookie: 'console_mfa=not-json' }))).toBeNull();
  });
});

describe('where sign-in returns to', () => {
  it('only to a console page of this site', () => {
    const origin = 'http://localhost';
    expect(consoleReturnPath('/console/offers?status=live', origin)).toBe('/console/offers?status=live');
    for (const bad of ['//evil.example/console', 'https://evil.example/console', '/\\evil.example', '/account', '/console/login', '/console/logout', '/consoles', 'console', '', null]) {
      expect(consoleReturnPath(bad, origin)).toBe('/console/');
    }
    // The dashboard keeps its slash (sections.ts CONSOLE_HOME).
    expect(consoleReturnPath('/console', origin)).toBe('/console/');
    expect(consoleReturnPath('/console?tab=2', origin)).toBe('/console/?tab=2');
  });

  it("the sign-in page carries this page's path and query", () => {
    expect(loginPathFor(pageRequest('/console/offers?page=2'))).toBe('/console/login?next=%2Fconsole%2Foffers%3Fpage%3D2');
    expect(loginPathFor(pageRequest('/console'))).toBe('/console/login');
  });

  it("a client-side navigation's data request names the page the browser shows", () => {
    expect(loginPathFor(pageRequest('/console/offers.data?page=2&_routes=routes%2Fconsole%2Flayout'))).toBe('/console/login?next=%2Fconsole%2Foffers%3Fpage%3D2');
    expect(consolePageUrl(pageRequest('/console/_.data')).pathname).toBe('/console/');
  });

  it("a client-side navigation to /console (its data request misses the cookie's path) is sent to /console/", async () => {
    const { context, calls } = consoleContext({});
    const result = await outcome(() => consoleApi(context, pageRequest('/console.data?_routes=routes%2Fconsole%2Flayout')).get('/api/console/me/', StaffMeOut));
    expect(result).toMatchObject({ status: 302, location: '/console/' });
    expect(calls).toHaveLength(0);
  });
});

describe('consoleApi', () => {
  it("sends the console token as the bearer, never the visitor's own authorization or cookies", async () => {
    const { context, calls } = consoleContext({ 'GET /api/console/me/': { body: ME } });
    const request = pageRequest('/console', { cookie: `auth=1; console_session=${TOKEN}` });
    expect(await consoleApi(context, request).get('/api/console/me/', StaffMeOut)).toEqual(ME);
    expect(calls[0]!.headers).toEqual({ authorization: `Bearer ${TOKEN}`, cookie: '' });
  });

  it('without a session goes to sign-in at once, coming back here', async () => {
    const { context, calls } = consoleContext({});
    const result = await outcome(() => consoleApi(context, pageRequest('/console/leads?status=new')).get('/api/console/me/', StaffMeOut));
    expect(result.status).toBe(302);
    expect(result.location).toBe('/console/login?next=%2Fconsole%2Fleads%3Fstatus%3Dnew');
    expect(calls).toHaveLength(0);
  });

  it('a 401 (session ended) clears the cookie and goes to sign-in', async () => {
    const { context } = consoleContext({ 'GET /api/console/me/': { status: 401, body: { detail: 'Your session has expired. Please log in again.' } } });
    const result = await outcome(() => consoleApi(context, pageRequest('/console/offers', { cookie: `console_session=${TOKEN}` })).get('/api/console/me/', StaffMeOut));
    expect(result.location).toBe('/console/login?next=%2Fconsole%2Foffers');
    expect(result.cookies).toEqual([clearSessionCookie(false)]);
  });

  it('a 403 is the "no access" page; a 404 the not-found page', async () => {
    const { context } = consoleContext({ 'GET /api/console/audit/': { status: 403, body: { detail: 'Forbidden.' } }, 'GET /api/console/offers/9/': { status: 404, body: { detail: 'Not found.' } } });
    const api = consoleApi(context, pageRequest('/console/audit', { cookie: `console_session=${TOKEN}` }));
    expect(await outcome(() => api.get('/api/console/audit/', z.unknown()))).toMatchObject({ status: 403, body: { message: 'You do not have access to this.' } });
    expect(await outcome(() => api.get('/api/console/offers/9/', z.unknown()))).toMatchObject({ status: 404, body: { message: 'This page or record does not exist.' } });
  });

  it("hands a form the API's field errors (400) and the current record (409)", async () => {
    const current = { id: 9, version: 5, title: 'Theirs' };
    const { context, calls } = consoleContext({
      'PATCH /api/console/offers/9/': (call) =>
        (call.body as { version: number }).version === 4 ? { status: 409, body: { detail: 'Someone else changed this offer since you opened it.', current } } : { status: 400, body: { title: ['This is required'], non_field_errors: ['Check the dates.'] } },
    });
    const api = consoleApi(context, pageRequest('/console/offers/9', { cookie: `console_session=${TOKEN}` }));
    expect(await api.send('PATCH', '/api/console/offers/9/', { version: 4, title: 'Mine' }, z.unknown())).toEqual({ ok: false, kind: 'conflict', status: 409, message: 'Someone else changed this offer since you opened it.', current });
    expect(await api.send('PATCH', '/api/console/offers/9/', { version: 5, title: '' }, z.unknown())).toEqual({ ok: false, kind: 'invalid', status: 400, message: 'Check the dates.', fields: { title: ['This is required'] } });
    expect(calls.map((c) => c.method)).toEqual(['PATCH', 'PATCH']);
  });

  it('a 204 is a success without a body', async () => {
    const { context } = consoleContext({ 'DELETE /auth/sessions/3/': { status: 204 } });
    const api = consoleApi(context, pageRequest('/console/sessions', { cookie: `console_session=${TOKEN}` }));
    expect(await api.send('DELETE', '/auth/sessions/3/', undefined)).toEqual({ ok: true, status: 204, data: null });
  });

  it('a server failure or an undocumented answer is the generic text, never the details', async () => {
    const { context } = consoleContext({ 'GET /api/console/me/': { status: 500, body: { detail: 'relation "users" does not exist' } }, 'GET /auth/sessions/': { body: { unexpected: true } } });
    const api = consoleApi(context, pageRequest('/console', { cookie: `console_session=${TOKEN}` }));
    for (const path of ['/api/console/me/', '/auth/sessions/']) {
      const result = await outcome(() => api.get(path, StaffMeOut));
      expect(result).toMatchObject({ status: 503, body: { message: 'There was an issue processing your request. Please try again later.' } });
    }
  });
});
