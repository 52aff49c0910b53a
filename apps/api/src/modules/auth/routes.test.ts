import { createHash } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE_SECONDS } from '@market/domain/constants';
import { HEADQUARTERS } from '@market/domain/markets';
import { formatWait } from '@market/domain/wait-time';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { listMailbox, mailboxDir, type MailboxEntry } from '../mail/lib/mailbox.ts';
import type { AccountDeletionStep } from './lib/account-deletion.ts';
import { INVALID_TOKEN_DETAIL, LOGIN_REQUIRED_DETAIL } from './lib/guard.ts';
import { hashPassword } from './lib/passwords.ts';
import { AUTH_RATE_LIMITS } from './routes.ts';
import { ACCOUNT_SIGN_IN_LIMITS } from './lib/sign-in-throttle.ts';
import { randomClientIp, registrationBody, signUpMember, type TestMember } from './members.fixtures.ts';
import { RESET_REQUESTED_DETAIL } from './service.ts';

describe('auth calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Json = Record<string, unknown>;
  const post = (url: string, payload: unknown, extra: { headers?: Json; ip?: string } = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as Json, headers: extra.headers as Record<string, string>, remoteAddress: extra.ip ?? randomClientIp() });
  const put = (url: string, payload: unknown, member: TestMember) => t.app.inject({ method: 'PUT', url, payload: payload as Json, headers: member.headers });
  const get = (url: string, member?: TestMember) => t.app.inject({ method: 'GET', url, headers: member?.headers ?? {} });
  const del = (url: string, payload: unknown, member: TestMember) => t.app.inject({ method: 'DELETE', url, payload: payload as Json, headers: member.headers });

  async function userRow(email: string) {
    const rows = await t.db.rows<Json>(sql`SELECT * FROM users WHERE email = ${email}`);
    return rows[0] ?? null;
  }

  async function mailsTo(email: string): Promise<MailboxEntry[]> {
    await t.app.deps.mail.drain();
    return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === email);
  }

  /** The id and token of the link in a mail (e.g. '/verify' or '/login/reset'). */
  function linkIn(mail: MailboxEntry, path: string): { id: number; token: string; url: string } {
    const match = new RegExp(`(${t.env.PUBLIC_URL}${path}\\?id=(\\d+)&token=([A-Za-z0-9_-]+))`).exec(mail.text);
    if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
    return { url: match[1]!, id: Number(match[2]), token: match[3]! };
  }

  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

  describe('POST /auth/register/', () => {
    it('creates the member, hashes the password with argon2id at OWASP parameters and mails a verification link', async () => {
      const year = new Date().getFullYear();
      const body = registrationBody({ email: ' New.Member@Example.COM ', birthday: `${year - 30}-04-05`, tracking_id: 'abc_123', promotions_agree: true, idmkmdigid: '' });
      const res = await post('/auth/register/', body);
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({ detail: 'Account created! Check your e-mail to confirm your address.' });

      const row = (await userRow('new.member@example.com'))!;
      expect(row).toMatchObject({ first_name: 'Test', last_name: 'Member', state: 'MI', zip: '48075', tracking_id: 'abc_123', promotions_agree: true, email_verified_at: null });
      expect(String(row.birthday).slice(0, 10)).toBe(`${year - 30}-04-05`);
      const hash = String(row.password_hash);
      expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(parseOptions(hash)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
      expect(hash).not.toContain(String(body.password));

      const [mail] = await mailsTo('new.member@example.com');
      expect(mail!.subject).toBe('Confirm your LocalSaver e-mail address');
      const link = linkIn(mail!, '/verify');
      expect(link.id).toBe(row.id);
      expect(mail!.html).toContain(HEADQUARTERS.street);
      expect(mail!.text).toContain(HEADQUARTERS.street);
      // Only the hash of the mailed token is stored, with a one-day lifetime.
      const tokens = await t.db.rows<{ token_hash: string; seconds: number }>(
        sql`SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS seconds FROM user_tokens WHERE user_id = ${row.id as number} AND kind = 'verify'`,
      );
      expect(tokens).toEqual([{ token_hash: sha256(link.token), seconds: 86_400 }]);
    });

    it('accepts the camelCase and short field names and sends Other as MI', async () => {
      const { first_name, last_name, zipcode, ...rest } = registrationBody({ state: 'Other' });
      const res = await post('/auth/register/', { ...rest, firstName: first_name, lastName: last_name, zip: zipcode, authAgeRequirement: true });
      expect(res.statusCode).toBe(201);
      expect(await userRow(String(rest.email))).toMatchObject({ first_name: 'Test', last_name: 'Member', zip: '48075', state: 'MI' });
    });

    it("answers every SPEC.md 5 rule with its message, naming the field", async () => {
      const empty = await post('/auth/register/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        email: ['This is required'],
        password: ['This is required'],
        confirmPassword: ['This is required'],
        first_name: ['This is required'],
        last_name: ['This is required'],
        state: ['This is required'],
        zipcode: ['This is required'],
        terms_agree: ['This is required'],
      });
      const year = new Date().getFullYear();
      const cases: Array<[Json, Json]> = [
        [{ zipcode: '123' }, { zipcode: ['Enter a 5-digit zip code.'] }],
        [{ zipcode: '12a45' }, { zipcode: ['Enter a 5-digit zip code.'] }],
        [{ confirmPassword: 'something else' }, { confirmPassword: ['Passwords do not match'] }],
        [{ birthday: `${year - 13}-06-01` }, { birthday: ['You must be at least 13 years old'] }],
        [{ terms_agree: false }, { terms_agree: ['You must agree to the terms of use.'] }],
        [{ state: 'TX' }, { state: ['Choose Michigan, Minnesota, Illinois, Florida or Other.'] }],
        [{ email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
        [{ first_name: 12 }, { first_name: ['Enter text.'] }],
        [{ last_name: 'x'.repeat(101) }, { last_name: ['Use at most 100 characters.'] }],
      ];
      for (const [change, errors] of cases) {
        const res = await post('/auth/register/', registrationBody(change));
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json()).toEqual(errors);
      }
      const notObject = await post('/auth/register/', ['a']);
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json()).toEqual({ non_field_errors: ['Send the form fields as a JSON object.'] });
    });

    it('ignores fields a client must not set (mass assignment): the stored row shows none of them', async () => {
      const body = registrationBody({ id: 999_999, is_staff: true, is_superuser: true, email_verified: true, email_verified_at: '2020-01-01T00:00:00Z', user_id: 1, password_hash: 'plain', created_at: '2000-01-01' });
      expect((await post('/auth/register/', body)).statusCode).toBe(201);
      const row = (await userRow(String(body.email)))!;
      expect(row.id).not.toBe(999_999);
      expect(row.email_verified_at).toBeNull();
      expect(String(row.password_hash).startsWith('$argon2id$')).toBe(true);
      expect(new Date(String(row.created_at)).getFullYear()).toBeGreaterThan(2000);
      expect(Object.keys(row)).not.toContain('is_staff');
      expect(Object.keys(row)).not.toContain('is_superuser');
    });

    it('answers the same for an e-mail that already has an account, changes nothing and tells its owner by e-mail', async () => {
      const owner = await signUpMember(t.app);
      const before = (await userRow(owner.email))!;
      const fresh = await post('/auth/register/', registrationBody());
      const again = await post('/auth/register/', registrationBody({ email: owner.email.toUpperCase(), password: 'another one', confirmPassword: 'another one', first_name: 'Mallory' }));
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.body).toBe(fresh.body);
      expect(await userRow(owner.email)).toEqual(before);
      expect((await post('/auth/login/', { email: owner.email, password: 'another one' })).statusCode).toBe(400);
      const mails = await mailsTo(owner.email);
      expect(mails.map((m) => m.subject).sort()).toEqual(['Confirm your LocalSaver e-mail address', 'You already have a LocalSaver account']);
    });

    it('stores markup as text and escapes it in the HTML mail', async () => {
      const body = registrationBody({ first_name: '<script>alert(1)</script>' });
      expect((await post('/auth/register/', body)).statusCode).toBe(201);
      expect((await userRow(String(body.email)))!.first_name).toBe('<script>alert(1)</script>');
      const [mail] = await mailsTo(String(body.email));
      expect(mail!.html).not.toContain('<script>');
      expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });
  });

  describe('POST /auth/login/ and bearer tokens', () => {
    it('answers a 30-day token, stored only as its SHA-256, and the user', async () => {
      const member = await signUpMember(t.app, { first_name: 'Ann', last_name: 'Lee' });
      const before = Math.floor(Date.now() / 1000);
      const res = await post('/auth/login/', { email: member.email, password: member.password });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json() as { token: string; expires: number; user: Json };
      expect(body.user).toEqual({ id: member.id, name: 'Ann Lee', email: member.email, first_name: 'Ann' });
      expect(body.expires).toBeGreaterThanOrEqual(before + AUTH_COOKIE_SECONDS - 5);
      expect(body.expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + AUTH_COOKIE_SECONDS + 5);
      // 32 random bytes in base64url: 256 bits, well above 128.
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.token).not.toBe(member.token);

      const rows = await t.db.rows<{ token_hash: string; seconds: number }>(
        sql`SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS seconds FROM access_tokens WHERE user_id = ${member.id} ORDER BY id`,
      );
      expect(rows.map((r) => r.token_hash)).toEqual([sha256(member.token), sha256(body.token)]);
      expect(rows.every((r) => r.seconds === AUTH_COOKIE_SECONDS)).toBe(true);
      const leaked = await t.db.rows(sql`SELECT 1 FROM access_tokens WHERE token_hash = ${body.token}`);
      expect(leaked).toHaveLength(0);

      const info = await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization: `Bearer ${body.token}` } });
      expect(info.statusCode).toBe(200);
    });

    it('answers the same for a wrong password and an unknown e-mail', async () => {
      const member = await signUpMember(t.app);
      const wrong = await post('/auth/login/', { email: member.email, password: 'wrong password' });
      const unknown = await post('/auth/login/', { email: 'nobody-here@example.com', password: 'wrong password' });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(400);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.json()).toEqual({ non_field_errors: ['Unable to log in with the provided credentials.'] });
    });

    it("needs both fields: 'This is required'", async () => {
      const res = await post('/auth/login/', undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['This is required'], password: ['This is required'] });
    });

    it('tells a missing token from a bad, expired or revoked one', async () => {
      const missing = await get('/auth/user/info/');
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ detail: LOGIN_REQUIRED_DETAIL });
      expect(missing.headers['www-authenticate']).toBe('Bearer');

      for (const authorization of ['Bearer not-a-real-token-at-all-000000', 'Basic dXNlcjpwYXNz', 'Bearer <script>']) {
        const bad = await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization } });
        expect(bad.statusCode).toBe(401);
        expect(bad.json()).toEqual({ detail: INVALID_TOKEN_DETAIL });
        expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }

      const expiring = await signUpMember(t.app);
      await t.db.rows(sql`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(expiring.token)}`);
      const expired = await get('/auth/user/info/', expiring);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: INVALID_TOKEN_DETAIL });

      const leaving = await signUpMember(t.app);
      const out = await post('/auth/logout/', undefined, { headers: leaving.headers });
      expect(out.statusCode).toBe(204);
      const revoked = await get('/auth/user/info/', leaving);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual({ detail: INVALID_TOKEN_DETAIL });
    });

    it('logging out revokes only the token of that call', async () => {
      const a = await signUpMember(t.app);
      const b = await signUpMember(t.app);
      const second = (await post('/auth/login/', { email: a.email, password: a.password })).json() as { token: string };
      expect((await post('/auth/logout/', {}, { headers: b.headers })).statusCode).toBe(204);
      expect((await get('/auth/user/info/', a)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization: `Bearer ${second.token}` } })).statusCode).toBe(200);
    });
  });

  describe('POST /auth/verifyuser/', () => {
    it('confirms the address once with the mailed link; wrong, reused and expired links answer the same 400', async () => {
      const body = registrationBody();
      await post('/auth/register/', body);
      const email = String(body.email);
      const link = linkIn((await mailsTo(email))[0]!, '/verify');

      const wrong = await post('/auth/verifyuser/', { id: link.id, token: `${link.token.slice(0, -2)}xx` });
      const unknownId = await post('/auth/verifyuser/', { id: 2_000_000_000, token: link.token });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ detail: 'This confirmation link is invalid or has expired.' });
      expect(unknownId.body).toBe(wrong.body);

      const ok = await post('/auth/verifyuser/', { id: String(link.id), token: link.token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: 'Thank you! Your e-mail address is confirmed.' });
      expect((await userRow(email))!.email_verified_at).not.toBeNull();
      const reused = await post('/auth/verifyuser/', { id: link.id, token: link.token });
      expect(reused.body).toBe(wrong.body);

      const later = registrationBody();
      await post('/auth/register/', later);
      const late = linkIn((await mailsTo(String(later.email)))[0]!, '/verify');
      await t.db.rows(sql`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(late.token)}`);
      expect((await post('/auth/verifyuser/', { id: late.id, token: late.token })).body).toBe(wrong.body);
      expect((await userRow(String(later.email)))!.email_verified_at).toBeNull();
    });

    it('names the field of a malformed id or token', async () => {
      const res = await post('/auth/verifyuser/', { id: 'abc', token: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ id: ['Enter a valid id.'], token: ['This is required'] });
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown e-mails, and mails only the owner', async () => {
      const member = await signUpMember(t.app);
      const known = await post('/auth/passwordreset/', { email: member.email });
      const unknown = await post('/auth/passwordreset/', { email: 'no-account-here@example.com' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect((await mailsTo(member.email)).filter((m) => m.subject === 'Reset your LocalSaver password')).toHaveLength(1);
      expect(await mailsTo('no-account-here@example.com')).toHaveLength(0);
    });

    it('mails one address at most 3 times an hour whatever client asks; every answer stays the same (no account is revealed)', async () => {
      const member = await signUpMember(t.app);
      const answers = [];
      for (let i = 0; i < 17; i++) answers.push(await post('/auth/passwordreset/', { email: i % 2 ? member.email.toUpperCase() : member.email }));
      expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set([`200 ${JSON.stringify({ detail: RESET_REQUESTED_DETAIL })}`]));
      // The sign-up's confirmation mail and two reset mails.
      const mails = await mailsTo(member.email);
      expect(mails.map((m) => m.subject).sort()).toEqual(['Confirm your LocalSaver e-mail address', 'Reset your LocalSaver password', 'Reset your LocalSaver password']);
      const unknown = 'nobody-flooded@example.com';
      for (let i = 0; i < 5; i++) expect((await post('/auth/passwordreset/', { email: unknown })).body).toBe(answers[0]!.body);
      // An hour later the address gets mail again.
      await t.db.db.execute(sql`UPDATE send_quotas SET sent_at = ARRAY(SELECT s - interval '61 minutes' FROM unnest(sent_at) AS s)`);
      await post('/auth/passwordreset/', { email: member.email });
      expect((await mailsTo(member.email)).filter((m) => m.subject === 'Reset your LocalSaver password')).toHaveLength(3);
    });

    it('sets a new password once with a link that lives one hour, and revokes every access token', async () => {
      const member = await signUpMember(t.app);
      await post('/auth/passwordreset/', { email: member.email });
      const mail = (await mailsTo(member.email)).find((m) => m.subject === 'Reset your LocalSaver password')!;
      const link = linkIn(mail, '/login/reset');
      expect(link.id).toBe(member.id);
      const [stored] = await t.db.rows<{ seconds: number; token_hash: string }>(
        sql`SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS seconds FROM user_tokens WHERE user_id = ${member.id} AND kind = 'reset'`,
      );
      expect(stored).toEqual({ token_hash: sha256(link.token), seconds: 3600 });

      const mismatch = await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'New pass 1', re_password: 'New pass 2' });
      expect(mismatch.json()).toEqual({ re_password: ['Passwords do not match'] });

      const ok = await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'Brand new password' });
      expect(ok.statusCode).toBe(200);
      expect((await get('/auth/user/info/', member)).statusCode).toBe(401);
      expect((await post('/auth/login/', { email: member.email, password: member.password })).statusCode).toBe(400);
      expect((await post('/auth/login/', { email: member.email, password: 'Brand new password' })).statusCode).toBe(200);

      const reused = await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'Third password' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ detail: 'This password reset link is invalid or has expired.' });
    });

    it('refuses an expired link and a link of another member', async () => {
      const a = await signUpMember(t.app);
      const b = await signUpMember(t.app);
      await post('/auth/passwordreset/', { email: a.email });
      const link = linkIn((await mailsTo(a.email)).find((m) => m.subject.startsWith('Reset'))!, '/login/reset');
      // B replays A's token with B's id: nothing of A's or B's changes.
      const replay = await post('/auth/resetpassword/', { id: b.id, token: link.token, password: 'Taken over' });
      expect(replay.statusCode).toBe(400);
      expect((await post('/auth/login/', { email: b.email, password: b.password })).statusCode).toBe(200);

      await t.db.rows(sql`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(link.token)}`);
      expect((await post('/auth/resetpassword/', { id: a.id, token: link.token, password: 'Too late' })).statusCode).toBe(400);
      expect((await post('/auth/login/', { email: a.email, password: a.password })).statusCode).toBe(200);
    });
  });

  describe('GET/PUT /auth/user/info/', () => {
    it("answers the member's own profile", async () => {
      const member = await signUpMember(t.app, { first_name: 'Dana', last_name: 'Cole', state: 'FL', zipcode: '33602' });
      const res = await get('/auth/user/info/', member);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({
        id: member.id,
        name: 'Dana Cole',
        email: member.email,
        first_name: 'Dana',
        last_name: 'Cole',
        state: 'FL',
        zipcode: '33602',
        birthday: null,
        promotions_agree: false,
        email_verified: false,
      });
    });

    it('changes the fields sent and ignores the rest (e-mail, id, flags): checked on the stored row', async () => {
      const member = await signUpMember(t.app);
      const res = await put('/auth/user/info/', { firstName: 'Renamed', zip: '60606', state: 'il', email: 'evil@example.com', id: 1, email_verified: true, is_staff: true, password_hash: 'x' }, member);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: member.id, first_name: 'Renamed', zipcode: '60606', state: 'IL', email: member.email, email_verified: false });
      const row = (await userRow(member.email))!;
      expect(row).toMatchObject({ id: member.id, first_name: 'Renamed', zip: '60606', state: 'IL', email_verified_at: null });
      expect(String(row.password_hash).startsWith('$argon2id$')).toBe(true);
      expect(await userRow('evil@example.com')).toBeNull();

      const bad = await put('/auth/user/info/', { zipcode: '1234', first_name: '' }, member);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ zipcode: ['Enter a 5-digit zip code.'], first_name: ['This is required'] });
    });

    it("never shows or changes another member's profile (ids in the query or body are ignored)", async () => {
      const a = await signUpMember(t.app, { first_name: 'Alice' });
      const b = await signUpMember(t.app, { first_name: 'Bob' });
      const seen = await get(`/auth/user/info/?id=${a.id}&user_id=${a.id}`, b);
      expect(seen.json()).toMatchObject({ id: b.id, first_name: 'Bob' });
      await put('/auth/user/info/', { id: a.id, user_id: a.id, first_name: 'Hacked' }, b);
      expect((await userRow(a.email))!.first_name).toBe('Alice');
      expect((await userRow(b.email))!.first_name).toBe('Hacked');
    });
  });

  describe('PUT /auth/user/changepassword/', () => {
    it('checks the current password and the confirmation', async () => {
      const member = await signUpMember(t.app);
      const wrong = await put('/auth/user/changepassword/', { password: 'not it', new_password: 'Next one' }, member);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: ['Your password is incorrect.'] });
      const mismatch = await put('/auth/user/changepassword/', { password: member.password, new_password: 'Next one', re_new_password: 'Next two' }, member);
      expect(mismatch.json()).toEqual({ re_new_password: ['New Passwords to not match.'] });
      const missing = await put('/auth/user/changepassword/', {}, member);
      expect(missing.json()).toEqual({ password: ['This is required'], new_password: ['This is required'] });
    });

    it('revokes every token of the member and answers a fresh one', async () => {
      const member = await signUpMember(t.app);
      const other = (await post('/auth/login/', { email: member.email, password: member.password })).json() as { token: string };
      const res = await put('/auth/user/changepassword/', { password: member.password, new_password: 'Changed password', re_new_password: 'Changed password' }, member);
      expect(res.statusCode).toBe(200);
      const fresh = res.json() as { token: string; user: { id: number } };
      expect(fresh.user.id).toBe(member.id);
      expect((await get('/auth/user/info/', member)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization: `Bearer ${fresh.token}` } })).statusCode).toBe(200);
      expect((await post('/auth/login/', { email: member.email, password: member.password })).statusCode).toBe(400);
      expect((await post('/auth/login/', { email: member.email, password: 'Changed password' })).statusCode).toBe(200);
    });
  });

  describe('DELETE /auth/user/', () => {
    it('checks the password and its confirmation', async () => {
      const member = await signUpMember(t.app);
      expect((await del('/auth/user/', { password: 'nope' }, member)).json()).toEqual({ password: ['Your password is incorrect.'] });
      expect((await del('/auth/user/', { password: member.password, confirm_password: 'other' }, member)).json()).toEqual({ re_password: ['Passwords do not match.'] });
      expect((await t.app.inject({ method: 'DELETE', url: '/auth/user/', headers: member.headers })).json()).toEqual({ password: ['This is required'] });
      expect(await userRow(member.email)).not.toBeNull();
    });

    it('erases the member, their tokens, preferences and mail records, runs the account-deletion steps and revokes every token', async () => {
      const seen: number[] = [];
      const testStep: AccountDeletionStep = {
        name: 'auth-test',
        run: async (tx, userId) => {
          seen.push(userId);
          await tx.execute(sql`SELECT 1`);
        },
      };
      t.app.deps.accountDeletionSteps = [...t.app.deps.accountDeletionSteps, testStep];
      const member = await signUpMember(t.app);
      await put('/api/user/preferences/', { food_dining_preference: 1 }, member);
      await post('/auth/passwordreset/', { email: member.email });
      await t.app.deps.mail.drain();

      const res = await del('/auth/user/', { password: member.password, re_password: member.password }, member);
      expect(res.statusCode).toBe(204);
      expect(seen).toEqual([member.id]);
      expect(await userRow(member.email)).toBeNull();
      for (const table of ['access_tokens', 'user_tokens', 'user_preferences', 'user_clips', 'user_favorites']) {
        const rows = await t.db.rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE user_id = ${member.id}`);
        expect(rows, table).toHaveLength(0);
      }
      const jobs = await t.db.rows(sql`SELECT 1 FROM pgboss.job WHERE data->>'to' = ${member.email}`);
      expect(jobs).toHaveLength(0);
      expect((await get('/auth/user/info/', member)).statusCode).toBe(401);
      expect((await post('/auth/login/', { email: member.email, password: member.password })).statusCode).toBe(400);
    });

    it("deletes only the caller's account, whatever id is sent", async () => {
      const a = await signUpMember(t.app);
      const b = await signUpMember(t.app);
      const res = await del('/auth/user/', { id: a.id, user_id: a.id, password: b.password }, b);
      expect(res.statusCode).toBe(204);
      expect(await userRow(a.email)).not.toBeNull();
      expect(await userRow(b.email)).toBeNull();
      expect((await get('/auth/user/info/', a)).statusCode).toBe(200);
    });
  });

  describe('rate limits (429 with Retry-After)', () => {
    it('a burst of wrong passwords blocks that client for one window only, never the owner elsewhere', async () => {
      const owner = await signUpMember(t.app);
      const attacker = randomClientIp();
      const { max, timeWindow } = AUTH_RATE_LIMITS.loginFailures;
      for (let i = 0; i < max; i++) expect((await post('/auth/login/', { email: owner.email, password: `guess ${i}` }, { ip: attacker })).statusCode).toBe(400);
      const blocked = await post('/auth/login/', { email: owner.email, password: owner.password }, { ip: attacker });
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(timeWindow / 1000);
      expect(blocked.json()).toHaveProperty('detail');

      // The owner, from their own connection, is not affected at all.
      expect((await post('/auth/login/', { email: owner.email, password: owner.password }, { ip: owner.ip })).statusCode).toBe(200);

      // Once the window has passed, the blocked client can log in again.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + timeWindow + 1000);
      expect((await post('/auth/login/', { email: owner.email, password: owner.password }, { ip: attacker })).statusCode).toBe(200);
    });

    it('limits sign-ups per client, and the message says how long to wait (from Retry-After), not "a moment"', async () => {
      const ip = randomClientIp();
      for (let i = 0; i < AUTH_RATE_LIMITS.register.max; i++) expect((await post('/auth/register/', {}, { ip })).statusCode).toBe(400);
      const res = await post('/auth/register/', registrationBody(), { ip });
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(59 * 60);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      // The window is an hour: the wait is an hour, and the message says so.
      expect(res.json()).toEqual({ detail: 'Too many requests. Please try again in 1 hour.' });
      expect(res.body).not.toContain('a moment');
      expect((await post('/auth/register/', registrationBody())).statusCode).toBe(201);
    });

    it('limits reset requests per client', async () => {
      const ip = randomClientIp();
      for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.max; i++) expect((await post('/auth/passwordreset/', { email: `x${i}@example.com` }, { ip })).statusCode).toBe(200);
      const res = await post('/auth/passwordreset/', { email: 'y@example.com' }, { ip });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits password checks per member', async () => {
      const member = await signUpMember(t.app);
      for (let i = 0; i < AUTH_RATE_LIMITS.passwordChecks.max; i++) expect((await put('/auth/user/changepassword/', { password: `no ${i}`, new_password: 'Next password 1' }, member)).statusCode).toBe(400);
      const res = await put('/auth/user/changepassword/', { password: member.password, new_password: 'Next password 1' }, member);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('new passwords: OWASP ASVS 5.0 level 2, 6.2 (docs/decisions.md; supersedes SPEC.md 5 minimum 1)', () => {
    const TOO_SHORT = 'Use at least 8 characters.';
    const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

    it("sign-up refuses 'a', a single space, 7 characters and common or breached passwords, naming the field", async () => {
      const cases: Array<[string, string]> = [
        ['a', TOO_SHORT],
        [' ', TOO_SHORT],
        ['Seven77', TOO_SHORT],
        ['password1', TOO_COMMON],
        ['Qwertyuiop', TOO_COMMON],
        ['iloveyou', TOO_COMMON],
        ['LocalSaver2024!', 'Do not use your e-mail address or the name of this site as your password.'],
      ];
      for (const [password, message] of cases) {
        const body = registrationBody({ password, confirmPassword: password });
        const res = await post('/auth/register/', body);
        expect(res.statusCode, password).toBe(400);
        expect(res.json(), password).toEqual({ password: [message] });
        expect(await userRow(String(body.email))).toBeNull();
      }
    });

    it('sign-up takes 8, 64 and 128 characters of any composition, and they sign in as typed', async () => {
      for (const password of ['eight ch', 'a'.repeat(30) + ' sixty-four characters long passphrase!!', 'z'.repeat(128), 'только строчные буквы']) {
        const body = registrationBody({ password, confirmPassword: password });
        const res = await post('/auth/register/', body);
        expect(res.statusCode, `${password.length} characters`).toBe(201);
        expect((await post('/auth/login/', { email: body.email, password })).statusCode).toBe(200);
      }
    });

    it('reset and change apply the same rules to the new password; the link survives a refused one', async () => {
      const member = await signUpMember(t.app);
      expect((await put('/auth/user/changepassword/', { password: member.password, new_password: 'short' }, member)).json()).toEqual({ new_password: [TOO_SHORT] });
      expect((await put('/auth/user/changepassword/', { password: member.password, new_password: 'Password123' }, member)).json()).toEqual({ new_password: [TOO_COMMON] });

      await post('/auth/passwordreset/', { email: member.email });
      const link = linkIn((await mailsTo(member.email)).find((m) => m.subject === 'Reset your LocalSaver password')!, '/login/reset');
      expect((await post('/auth/resetpassword/', { id: link.id, token: link.token, password: ' ' })).json()).toEqual({ password: [TOO_SHORT] });
      expect((await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'football' })).json()).toEqual({ password: [TOO_COMMON] });
      expect((await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'A long way home' })).statusCode).toBe(200);
      expect((await post('/auth/login/', { email: member.email, password: 'A long way home' })).statusCode).toBe(200);
    });

    it('an existing password shorter than 8 characters keeps working: sign-in, change and delete', async () => {
      const member = await signUpMember(t.app);
      await t.db.rows(sql`UPDATE users SET password_hash = ${await hashPassword('a')} WHERE id = ${member.id}`);
      const login = await post('/auth/login/', { email: member.email, password: 'a' });
      expect(login.statusCode).toBe(200);
      const fresh = { ...member, headers: { authorization: `Bearer ${(login.json() as { token: string }).token}` } };
      expect((await put('/auth/user/changepassword/', { password: 'a', new_password: 'Now a longer one' }, fresh)).statusCode).toBe(200);
      expect((await post('/auth/login/', { email: member.email, password: 'Now a longer one' })).statusCode).toBe(200);

      const leaving = await signUpMember(t.app);
      await t.db.rows(sql`UPDATE users SET password_hash = ${await hashPassword(' ')} WHERE id = ${leaving.id}`);
      const signedIn = await post('/auth/login/', { email: leaving.email, password: ' ' });
      expect(signedIn.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${(signedIn.json() as { token: string }).token}` };
      expect((await del('/auth/user/', { password: ' ', re_password: ' ' }, { ...leaving, headers })).statusCode).toBe(204);
      expect((await post('/auth/login/', { email: leaving.email, password: ' ' })).statusCode).toBe(400);
    });
  });

  describe('POST /auth/verifyuser/resend/', () => {
    const confirmMails = async (email: string) => (await mailsTo(email)).filter((m) => m.subject === 'Confirm your LocalSaver e-mail address');

    it('mails a signed-in member a new confirmation link; the old one stops working; a confirmed address gets none', async () => {
      const member = await signUpMember(t.app);
      const first = linkIn((await confirmMails(member.email))[0]!, '/verify');
      const res = await post('/auth/verifyuser/resend/', undefined, { headers: member.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({ detail: `We have sent a new confirmation link to ${member.email}.` });
      const mails = await confirmMails(member.email);
      expect(mails).toHaveLength(2);
      const second = mails.map((m) => linkIn(m, '/verify')).find((l) => l.token !== first.token)!;
      expect((await post('/auth/verifyuser/', { id: first.id, token: first.token })).statusCode).toBe(400);
      expect((await post('/auth/verifyuser/', { id: second.id, token: second.token })).statusCode).toBe(200);

      const again = await post('/auth/verifyuser/resend/', {}, { headers: member.headers });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ detail: 'Your e-mail address is already confirmed.' });
      expect(await confirmMails(member.email)).toHaveLength(2);
    });

    it('needs a signed-in member and is limited per member', async () => {
      const anonymous = await post('/auth/verifyuser/resend/', {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: LOGIN_REQUIRED_DETAIL });
      const member = await signUpMember(t.app);
      // The sign-up's mail and two resends are the address's 3 mails of the hour: the next is 429 naming that limit.
      for (let i = 0; i < 2; i++) expect((await post('/auth/verifyuser/resend/', {}, { headers: member.headers })).statusCode).toBe(200);
      const addressLimited = await post('/auth/verifyuser/resend/', {}, { headers: member.headers });
      expect(addressLimited.statusCode).toBe(429);
      expect(addressLimited.json()).toEqual({ detail: 'We have already sent 3 mails to this address in the last hour, the most we send to one address. Try again in an hour.' });
      // With the address's hour over, the per-member rate limit of the route still holds.
      await t.db.db.execute(sql`DELETE FROM send_quotas`);
      for (let i = 3; i < AUTH_RATE_LIMITS.verificationResends.max; i++) expect((await post('/auth/verifyuser/resend/', {}, { headers: member.headers })).statusCode).toBe(200);
      const limited = await post('/auth/verifyuser/resend/', {}, { headers: member.headers });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('per-account ceiling on failed sign-ins, across client addresses (docs/decisions.md)', () => {
    const { failures: ceiling, firstPauseSeconds, longestPauseSeconds } = ACCOUNT_SIGN_IN_LIMITS;
    const slowedMails = async (email: string) => (await mailsTo(email)).filter((m) => m.subject === 'We paused sign-in to your LocalSaver account');
    const endPause = (email: string) => t.db.rows(sql`UPDATE login_throttles SET blocked_until = now() - interval '1 second' WHERE email = ${email}`);

    it('6 addresses x 5 wrong passwords: 429 with Retry-After past the ceiling, even for the right password, and one e-mail to the owner', async () => {
      const owner = await signUpMember(t.app);
      const codes: number[] = [];
      for (let a = 0; a < 6; a++) {
        const ip = randomClientIp();
        for (let i = 0; i < 5; i++) codes.push((await post('/auth/login/', { email: owner.email, password: `wrong guess ${a}.${i}` }, { ip })).statusCode);
      }
      expect(codes.slice(0, ceiling)).toEqual(Array(ceiling).fill(400));
      expect(codes.slice(ceiling)).toEqual(Array(30 - ceiling).fill(429));

      const blocked = await post('/auth/login/', { email: owner.email, password: owner.password }, { ip: owner.ip });
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(firstPauseSeconds);
      // The message names the wait Retry-After gives: a minute at first, a few seconds less when the
      // thirty refused attempts took a while on a busy machine (formatWait's wording has its own test).
      expect(blocked.json()).toEqual({
        detail: `Too many failed sign-in attempts for this account. Please try again in ${formatWait(retryAfter)}, or reset your password by e-mail.`,
      });
      expect(retryAfter).toBeGreaterThan(firstPauseSeconds / 2);
      const notices = await slowedMails(owner.email);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain(`${t.env.PUBLIC_URL}/login/recover`);
    });

    it('the pause is short and grows with each run of failures, up to a ceiling; the owner is told only once', async () => {
      const owner = await signUpMember(t.app);
      const pauses: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < ceiling; i++) expect((await post('/auth/login/', { email: owner.email, password: 'not the password' })).statusCode).toBe(400);
        const res = await post('/auth/login/', { email: owner.email, password: 'not the password' });
        expect(res.statusCode).toBe(429);
        pauses.push(Number(res.headers['retry-after']));
        await endPause(owner.email);
      }
      expect(pauses[1]).toBeGreaterThan(pauses[0]!);
      expect(pauses[2]).toBeGreaterThan(pauses[1]!);
      expect(pauses[2]).toBeLessThanOrEqual(longestPauseSeconds);
      expect(await slowedMails(owner.email)).toHaveLength(1);
      // Once a pause is over the right password signs in, and the count starts again.
      expect((await post('/auth/login/', { email: owner.email, password: owner.password })).statusCode).toBe(200);
      expect(await t.db.rows(sql`SELECT 1 FROM login_throttles WHERE email = ${owner.email}`)).toHaveLength(0);
    });

    it('never locks the owner out: a password reset by e-mail ends the pause at once', async () => {
      const owner = await signUpMember(t.app);
      for (let i = 0; i < ceiling; i++) await post('/auth/login/', { email: owner.email, password: `wrong ${i}` });
      expect((await post('/auth/login/', { email: owner.email, password: owner.password }, { ip: owner.ip })).statusCode).toBe(429);
      expect((await post('/auth/passwordreset/', { email: owner.email })).statusCode).toBe(200);
      const link = linkIn((await mailsTo(owner.email)).find((m) => m.subject === 'Reset your LocalSaver password')!, '/login/reset');
      expect((await post('/auth/resetpassword/', { id: link.id, token: link.token, password: 'After the storm 7' })).statusCode).toBe(200);
      expect((await post('/auth/login/', { email: owner.email, password: 'After the storm 7' }, { ip: owner.ip })).statusCode).toBe(200);
    });

    it('answers an e-mail without an account the same way (no account enumeration) and mails nobody', async () => {
      const owner = await signUpMember(t.app);
      const nobody = `nobody-${randomClientIp()}@example.com`;
      const run = async (email: string) => {
        const codes: number[] = [];
        for (let i = 0; i <= ceiling; i++) codes.push((await post('/auth/login/', { email, password: 'Wrong password' })).statusCode);
        return codes;
      };
      expect(await run(nobody)).toEqual(await run(owner.email));
      expect(await mailsTo(nobody)).toHaveLength(0);
    });
  });

  describe('malformed input is a 4xx naming the field, never a 5xx', () => {
    const weird: unknown[] = [null, true, 1e308, -1, 1.5, '<script>alert(1)</script>', 'x'.repeat(5000), [], {}, [1, 2], { $gt: '' }];

    it('on every member call', async () => {
      const member = await signUpMember(t.app);
      const calls: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; fields: string[]; auth?: boolean }> = [
        { method: 'POST', url: '/auth/register/', fields: ['email', 'password', 'confirmPassword', 'first_name', 'last_name', 'state', 'zipcode', 'birthday', 'tracking_id', 'terms_agree', 'promotions_agree'] },
        { method: 'POST', url: '/auth/login/', fields: ['email', 'password'] },
        { method: 'POST', url: '/auth/passwordreset/', fields: ['email'] },
        { method: 'POST', url: '/auth/resetpassword/', fields: ['id', 'token', 'password', 're_password'] },
        { method: 'POST', url: '/auth/verifyuser/', fields: ['id', 'token'] },
        { method: 'PUT', url: '/auth/user/info/', fields: ['first_name', 'last_name', 'state', 'zipcode', 'birthday', 'promotions_agree'], auth: true },
        { method: 'PUT', url: '/api/user/preferences/', fields: ['food_dining_preference', 'special_services_preference'], auth: true },
        { method: 'POST', url: '/api/userclipped/', fields: ['offer_id'], auth: true },
        { method: 'POST', url: '/api/userfavoriteslocation/', fields: ['favoritable_id', 'favoritable_type'], auth: true },
      ];
      for (const call of calls) {
        for (const field of call.fields) {
          for (const value of weird) {
            const base = call.url === '/auth/register/' ? registrationBody() : {};
            const res = await t.app.inject({
              method: call.method,
              url: call.url,
              payload: { ...base, [field]: value } as Json,
              headers: call.auth ? member.headers : {},
              remoteAddress: randomClientIp(),
            });
            const where = `${call.method} ${call.url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode === 400) {
              const body = res.json() as Json;
              expect(Object.keys(body).length, where).toBeGreaterThan(0);
            }
          }
        }
      }
      for (const url of ['/api/userclipped/99999999999999/', '/api/userclipped/-1/', '/api/userfavorites/%3Cscript%3E/', '/api/userfavorites/1/?favoritable_type=%00']) {
        const res = await t.app.inject({ method: 'DELETE', url, headers: member.headers });
        expect(res.statusCode, url).toBe(400);
      }
      const huge = await t.app.inject({ method: 'GET', url: '/auth/user/info/', headers: { authorization: `Bearer ${'a'.repeat(8000)}` } });
      expect(huge.statusCode).toBe(401);
    });
  });
});

// How members are greeted by name: the member mails open with the whole first name, each word
// capitalised and the rest as typed; the log-in answer carries the first name as typed, so the
// web greets a multi-word first name whole (SPEC.md 2 Home greeting, docs/decisions.md).
describe('greetings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function mailsTo(email: string, subject: string): Promise<MailboxEntry[]> {
    await t.app.deps.mail.drain();
    return (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === email && m.subject === subject);
  }

  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress: randomClientIp() });

  describe('member mail greetings', () => {
    it('greets "walker" as "Hi Walker" in the verification, reset and account-exists mails', async () => {
      const body = registrationBody({ first_name: 'walker' });
      const email = String(body.email);
      expect((await post('/auth/register/', body)).statusCode).toBe(201);
      const [verify] = await mailsTo(email, 'Confirm your LocalSaver e-mail address');
      expect(verify!.text).toContain('Hi Walker,');
      expect(verify!.html).toContain('Hi Walker,');
      expect(verify!.text).not.toContain('Hi walker');

      expect((await post('/auth/passwordreset/', { email })).statusCode).toBe(200);
      const [reset] = await mailsTo(email, 'Reset your LocalSaver password');
      expect(reset!.text).toContain('Hi Walker,');

      expect((await post('/auth/register/', body)).statusCode).toBe(201);
      const [exists] = await mailsTo(email, 'You already have a LocalSaver account');
      expect(exists!.text).toContain('Hi Walker,');
    });

    it('greets a multi-word first name whole and keeps the capitals the member typed', async () => {
      const maryAnn = registrationBody({ first_name: 'mary ann' });
      const mcKenzie = registrationBody({ first_name: 'McKenzie' });
      for (const body of [maryAnn, mcKenzie]) expect((await post('/auth/register/', body)).statusCode).toBe(201);
      const [toMaryAnn] = await mailsTo(String(maryAnn.email), 'Confirm your LocalSaver e-mail address');
      expect(toMaryAnn!.text).toContain('Hi Mary Ann,');
      const [toMcKenzie] = await mailsTo(String(mcKenzie.email), 'Confirm your LocalSaver e-mail address');
      expect(toMcKenzie!.text).toContain('Hi McKenzie,');
    });
  });

  describe('the first name in the log-in answer', () => {
    it('answers the whole first name as typed beside the full name', async () => {
      const member = await signUpMember(t.app, { first_name: 'mary ann', last_name: 'Walker' });
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: member.email, password: member.password }, remoteAddress: member.ip });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { user: unknown }).user).toEqual({ id: member.id, name: 'mary ann Walker', email: member.email, first_name: 'mary ann' });
    });

    it('answers the new first name with the fresh token of a password change', async () => {
      const member = await signUpMember(t.app, { first_name: 'pat' });
      const renamed = await t.app.inject({ method: 'PUT', url: '/auth/user/info/', headers: member.headers, payload: { first_name: 'Mary Ann' } });
      expect(renamed.statusCode).toBe(200);
      const newPassword = `${member.password} and more`;
      const changed = await t.app.inject({ method: 'PUT', url: '/auth/user/changepassword/', headers: member.headers, payload: { password: member.password, new_password: newPassword, re_new_password: newPassword } });
      expect(changed.statusCode).toBe(200);
      expect((changed.json() as { user: { first_name: string } }).user.first_name).toBe('Mary Ann');
    });
  });
});
