// @vitest-environment node
// The sign-in flow's server side (login, second factor, authenticator set-up, invitation, sign-out,
// sessions) against a stubbed API: which calls go out, and what the browser gets back. Node's own
// Request, since a browser's (happy-dom's) drops the Cookie header.
import { describe, expect, it } from 'vitest';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { mfaCookie } from '../../lib/console/console-api.server.ts';
import { action as enrolAction, loader as enrolLoader } from './enrol.tsx';
import { action as invitationAction } from './invitation.tsx';
import { loader as layoutLoader } from './layout.tsx';
import { action as loginAction } from './login.tsx';
import { action as logoutAction } from './logout.tsx';
import { action as sessionsAction, loader as sessionsLoader } from './sessions.tsx';

const STAFF_TOKEN = 'staff-token-0123456789abcdef';
/** The API's answer with a staff session (LoginOut of @market/domain/api/auth). */
const SIGNED_IN = { token: STAFF_TOKEN, expires: 2_000_000_000, user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', first_name: 'Ada' } };
type Args = Parameters<typeof loginAction>[0];
const args = (request: Request, context: unknown) => ({ request, context, params: {}, unstable_pattern: '' }) as unknown as Args;

function cookieValue(setCookie: string): string {
  return setCookie.split(';')[0]!;
}

describe('/console/login', () => {
  it('password, then the code from the app: the staff session cookie, and back to the page asked for', async () => {
    const { context, calls } = consoleContext({
      'POST /auth/login/': { body: { mfa_required: true, mfa_token: 'challenge-1' } },
      'POST /auth/mfa/verify/': (call) => ((call.body as { code: string }).code === '123456' ? { body: SIGNED_IN } : { status: 400, body: { code: ['The code is not valid.'] } }),
    });
    const first = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'password', email: 'ada@example.com', password: 'pw', next: '/console/offers' } }), context)));
    expect(first.body).toEqual({ step: 'code', mfaToken: 'challenge-1', recovery: false, message: null });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/login/', body: { email: 'ada@example.com', password: 'pw' }, headers: { authorization: '', cookie: '' } });

    const wrong = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'code', mfa_token: 'challenge-1', code: '000000', next: '/console/offers' } }), context)));
    expect(wrong).toMatchObject({ status: 200, body: { step: 'code', mfaToken: 'challenge-1', message: 'The code is not valid.' } });

    // Typed with a space, as apps show it.
    const right = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'code', mfa_token: 'challenge-1', code: '123 456', next: '/console/offers' } }), context)));
    expect(right.status).toBe(302);
    expect(right.location).toBe('/console/offers');
    expect(right.cookies).toEqual([`console_session=${STAFF_TOKEN}; Path=/console; Max-Age=43200; HttpOnly; SameSite=Strict`]);
    expect(calls.at(-1)).toMatchObject({ path: '/auth/mfa/verify/', body: { mfa_token: 'challenge-1', code: '123456' } });
  });

  it('never returns to another site', async () => {
    const { context } = consoleContext({ 'POST /auth/mfa/verify/': { body: SIGNED_IN } });
    const result = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'code', mfa_token: 'c', code: '123456', next: '//evil.example/console' } }), context)));
    expect(result.location).toBe('/console/');
  });

  it('a recovery code goes in the same field, after "Use a recovery code"', async () => {
    const { context, calls } = consoleContext({ 'POST /auth/mfa/verify/': { body: SIGNED_IN } });
    const switched = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'use-recovery', mfa_token: 'challenge-1', next: '/console/' } }), context)));
    expect(switched.body).toEqual({ step: 'code', mfaToken: 'challenge-1', recovery: true, message: null });
    expect(calls).toHaveLength(0);
    const used = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'code', recovery: '1', mfa_token: 'challenge-1', code: 'abcd-efgh-ijkl', next: '/console' } }), context)));
    expect(used.location).toBe('/console/');
    expect(calls[0]!.body).toEqual({ mfa_token: 'challenge-1', code: 'abcd-efgh-ijkl' });
  });

  it('not yet enrolled: to the set-up page, the challenge in a short-lived cookie rather than the URL', async () => {
    const { context } = consoleContext({ 'POST /auth/login/': { body: { mfa_enrolment_required: true, mfa_token: 'challenge-2' } } });
    const result = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'password', email: 'new@example.com', password: 'pw', next: '/console/sessions' } }), context)));
    expect(result.location).toBe('/console/enrol');
    expect(result.cookies).toHaveLength(1);
    expect(result.cookies[0]).toMatch(/^console_mfa=[A-Za-z0-9_-]+; Path=\/console; Max-Age=600; HttpOnly; SameSite=Strict$/);
    expect(result.cookies[0]).not.toContain('challenge-2');
  });

  it("a member's account: refused, and the member session it made is ended at once", async () => {
    const { context, calls } = consoleContext({
      'POST /auth/login/': { body: { token: 'member-token-0123456789', expires: 2000000000, user: { id: 5, name: 'Pat', email: 'pat@example.com', first_name: 'Pat' } } },
      'POST /auth/logout/': { status: 204 },
    });
    const result = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'password', email: 'pat@example.com', password: 'pw', next: '/console' } }), context)));
    expect(result).toMatchObject({ status: 200, body: { step: 'password', message: 'This account is not a staff account.' }, cookies: [] });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/auth/logout/', headers: { authorization: 'Bearer member-token-0123456789' } });
  });

  it("shows the API's refusal (wrong password, too many tries) and asks for missing fields first", async () => {
    const { context, calls } = consoleContext({ 'POST /auth/login/': { status: 429, body: { detail: 'Too many failed log-in attempts from this connection. Please try again in 15 minutes.' } } });
    const missing = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'password', email: '', password: '', next: '/console' } }), context)));
    expect(missing).toMatchObject({ status: 200, body: { fields: { email: ['This is required'], password: ['This is required'] } } });
    expect(calls).toHaveLength(0);
    const limited = await outcome(() => loginAction(args(pageRequest('/console/login', { form: { intent: 'password', email: 'ada@example.com', password: 'pw', next: '/console' } }), context)));
    expect(limited).toMatchObject({ status: 200, body: { step: 'password', email: 'ada@example.com', message: 'Too many failed log-in attempts from this connection. Please try again in 15 minutes.' } });
  });
});

describe('/console/enrol', () => {
  const challenge = cookieValue(mfaCookie({ mfaToken: 'challenge-2', next: '/console/sessions' }, false));

  it('draws the QR code and the key in groups of four, and keeps the secret for the next request', async () => {
    const { context, calls } = consoleContext({ 'POST /auth/mfa/totp/setup/': { body: { secret: 'JBSWY3DPEHPK3PXPJBSW', otpauth_url: 'otpauth://totp/LocalSaver:new%40example.com?secret=JBSWY3DPEHPK3PXPJBSW&issuer=LocalSaver' } } });
    const first = await outcome(() => enrolLoader(args(pageRequest('/console/enrol', { cookie: challenge }), context) as never));
    expect(first.body).toMatchObject({ expired: false, secret: 'JBSW Y3DP EHPK 3PXP JBSW' });
    expect((first.body as { qr: string }).qr).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(calls).toHaveLength(1);
    // A reload (or a wrong code) shows the same secret: no second set-up call.
    const kept = cookieValue(first.cookies[0]!);
    const again = await outcome(() => enrolLoader(args(pageRequest('/console/enrol', { cookie: kept }), context) as never));
    expect((again.body as { secret: string }).secret).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(calls).toHaveLength(1);
  });

  it('without a challenge, back to sign-in; an ended one says so', async () => {
    const none = await outcome(() => enrolLoader(args(pageRequest('/console/enrol'), consoleContext({}).context) as never));
    expect(none.location).toBe('/console/login');
    const { context } = consoleContext({ 'POST /auth/mfa/totp/setup/': { status: 400, body: { mfa_token: ['This sign-in has expired. Please sign in again.'] } } });
    const ended = await outcome(() => enrolLoader(args(pageRequest('/console/enrol', { cookie: challenge }), context) as never));
    expect(ended.body).toEqual({ expired: true, message: 'This sign-in has expired. Please sign in again.' });
    expect(ended.cookies[0]).toMatch(/^console_mfa=; Path=\/console; Max-Age=0/);
  });

  it('the right code: the staff session, the challenge cleared, the recovery codes once', async () => {
    const { context, calls } = consoleContext({ 'POST /auth/mfa/totp/confirm/': { body: { ...SIGNED_IN, recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] } } });
    const result = await outcome(() => enrolAction(args(pageRequest('/console/enrol', { cookie: challenge, form: { code: '654 321' } }), context) as never));
    expect(calls[0]).toMatchObject({ path: '/auth/mfa/totp/confirm/', body: { mfa_token: 'challenge-2', code: '654321' } });
    expect(result.body).toEqual({ done: true, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'], next: '/console/sessions' });
    expect(result.cookies).toEqual([`console_session=${STAFF_TOKEN}; Path=/console; Max-Age=43200; HttpOnly; SameSite=Strict`, 'console_mfa=; Path=/console; Max-Age=0; HttpOnly; SameSite=Strict']);
  });
});

describe('/console/invitation', () => {
  const form = { token: 'invite-token', first_name: 'Ada', last_name: 'Admin', password: 'Kestrel-Orbit-2291', password_confirm: 'Kestrel-Orbit-2291' };

  it('accepts with the name and password', async () => {
    const { context, calls } = consoleContext({ 'POST /auth/invitations/accept/': { status: 201, body: { detail: 'Your account is ready.' } } });
    const result = await outcome(() => invitationAction(args(pageRequest('/console/invitation?token=invite-token', { form }), context) as never));
    expect(result.body).toEqual({ done: true, detail: 'Your account is ready.' });
    expect(calls[0]!.body).toEqual({ token: 'invite-token', password: 'Kestrel-Orbit-2291', first_name: 'Ada', last_name: 'Admin' });
  });

  it('checks the two passwords match before asking the API', async () => {
    const { context, calls } = consoleContext({});
    const result = await outcome(() => invitationAction(args(pageRequest('/console/invitation', { form: { ...form, password_confirm: 'other' } }), context) as never));
    expect(result).toMatchObject({ status: 200, body: { fields: { password_confirm: ['The two passwords are not the same.'] } } });
    expect(calls).toHaveLength(0);
  });

  it('an expired or used invitation says so; a weak password is shown beside its field', async () => {
    const { context } = consoleContext({
      'POST /auth/invitations/accept/': (call) =>
        (call.body as { password: string }).password === 'password1' ? { status: 400, body: { password: ['This password is too common.'] } } : { status: 400, body: { detail: 'This invitation has expired. Ask for a new one.' } },
    });
    const expired = await outcome(() => invitationAction(args(pageRequest('/console/invitation', { form }), context) as never));
    expect(expired.body).toMatchObject({ done: false, message: 'This invitation has expired. Ask for a new one.', fields: {} });
    const weak = await outcome(() => invitationAction(args(pageRequest('/console/invitation', { form: { ...form, password: 'password1', password_confirm: 'password1' } }), context) as never));
    expect(weak.body).toMatchObject({ done: false, message: null, fields: { password: ['This password is too common.'] } });
  });
});

describe('signed in', () => {
  const session = `console_session=${STAFF_TOKEN}`;

  it('the shell asks who is signed in; the sign-in pages do not', async () => {
    const me = { id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin', role: 'editor', markets: ['detroit'] };
    const { context, calls } = consoleContext({ 'GET /api/console/me/': { body: me } });
    expect((await outcome(() => layoutLoader(args(pageRequest('/console', { cookie: session }), context) as never))).body).toEqual({ me });
    expect((await outcome(() => layoutLoader(args(pageRequest('/console/login'), context) as never))).body).toEqual({ me: null });
    // A client-side navigation's data request, with the session cookie still there.
    expect((await outcome(() => layoutLoader(args(pageRequest('/console/login.data?_routes=routes%2Fconsole%2Flayout', { cookie: session }), context) as never))).body).toEqual({ me: null });
    expect(calls).toHaveLength(1);
    expect((await outcome(() => layoutLoader(args(pageRequest('/console/offers?page=2'), context) as never))).location).toBe('/console/login?next=%2Fconsole%2Foffers%3Fpage%3D2');
  });

  it('Sign out ends the session at the API and clears the cookie', async () => {
    const { context, calls } = consoleContext({ 'POST /auth/logout/': { status: 204 } });
    const result = await outcome(() => logoutAction(args(pageRequest('/console/logout', { cookie: session, form: {} }), context) as never));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/logout/', headers: { authorization: `Bearer ${STAFF_TOKEN}` } });
    expect(result.location).toBe('/console/login?signed_out=1');
    expect(result.cookies[0]).toBe('console_session=; Path=/console; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('lists the sessions with their device and times written in the business time zone', async () => {
    const { context } = consoleContext({
      'GET /auth/sessions/': {
        body: [
          { id: 7, kind: 'staff', created_at: '2026-11-26T15:04:00Z', last_used_at: '2026-11-26T15:04:00Z', expires_at: '2026-11-27T03:04:00Z', current: true, ip: '203.0.113.9', user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' },
          { id: 12, kind: 'member', created_at: '2026-07-04T12:00:00Z', last_used_at: '2026-07-04T12:00:00Z', expires_at: '2026-08-03T12:00:00Z', current: false, ip: null, user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' },
        ],
      },
    });
    const { body } = await outcome(() => sessionsLoader(args(pageRequest('/console/sessions', { cookie: session }), context) as never));
    expect((body as { sessions: unknown[] }).sessions).toEqual([
      { id: '7', current: true, kind: 'Staff console', device: 'Chrome on Windows', ip: '203.0.113.9', created: { iso: '2026-11-26T15:04:00Z', text: 'Nov 26, 2026, 10:04 AM EST' }, lastUsed: { iso: '2026-11-26T15:04:00Z', text: 'Nov 26, 2026, 10:04 AM EST' }, expires: { iso: '2026-11-27T03:04:00Z', text: 'Nov 26, 2026, 10:04 PM EST' } },
      { id: '12', current: false, kind: 'Saver site', device: 'Safari on iOS', ip: '', created: { iso: '2026-07-04T12:00:00Z', text: 'Jul 4, 2026, 8:00 AM EDT' }, lastUsed: { iso: '2026-07-04T12:00:00Z', text: 'Jul 4, 2026, 8:00 AM EDT' }, expires: { iso: '2026-08-03T12:00:00Z', text: 'Aug 3, 2026, 8:00 AM EDT' } },
    ]);
  });

  it('ending another session stays here; ending this one signs out', async () => {
    const { context, calls } = consoleContext({ 'DELETE /auth/sessions/12/': { status: 204 }, 'DELETE /auth/sessions/7/': { status: 204 } });
    const other = await outcome(() => sessionsAction(args(pageRequest('/console/sessions', { cookie: session, form: { id: '12' } }), context) as never));
    expect(other.body).toEqual({ message: 'The session has ended. That device is signed out.', ended: true });
    const own = await outcome(() => sessionsAction(args(pageRequest('/console/sessions', { cookie: session, form: { id: '7', current: '1' } }), context) as never));
    expect(own.location).toBe('/console/login?signed_out=1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /auth/sessions/12/', 'DELETE /auth/sessions/7/']);
  });
});
