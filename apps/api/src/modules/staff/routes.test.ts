import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember } from '../auth/members.fixtures.ts';
import { totpCode } from '../auth/lib/second-factor.ts';
import { bootstrapAdminInvitation } from '../auth/service.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { STAFF_PASSWORD, invitationToken, signUpStaff, type TestStaff } from './staff.fixtures.ts';

describe('staff accounts, second factor and sessions', () => {
  let t: TestApp;
  let admin: TestStaff;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpStaff(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { headers?: Record<string, string>; payload?: unknown; ip?: string } = {}) =>
    t.app.inject({ method, url, headers: options.headers, payload: options.payload as Record<string, unknown> | undefined, remoteAddress: options.ip ?? '10.9.0.1' });

  it('enrols TOTP at the first sign-in: ten recovery codes once, then a staff session that reaches the console', async () => {
    expect(admin.recoveryCodes).toHaveLength(10);
    expect(new Set(admin.recoveryCodes).size).toBe(10);
    const me = await inject('GET', '/api/console/me/', { headers: admin.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.json()).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', markets: null, first_name: 'Sam' });
  });

  it('asks every later sign-in for a code; a code works once, a recovery code works once', async () => {
    const login = await inject('POST', '/auth/login/', { payload: { email: admin.email, password: STAFF_PASSWORD }, ip: admin.ip });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const mfaToken = login.json().mfa_token as string;

    const wrong = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: '000000' }, ip: admin.ip });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code[0]).toMatch(/not right/);

    // The enrolment already used this step's code: the same code is refused (replay).
    const replay = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: totpCode(admin.secret) }, ip: admin.ip });
    expect(replay.statusCode).toBe(400);

    const next = totpCode(admin.secret, Date.now() + 30_000);
    const ok = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: next }, ip: admin.ip });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { id: admin.id } });
    // The step is spent once used.
    const again = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: next }, ip: admin.ip });
    expect(again.statusCode).toBe(400);
    expect(again.json().mfa_token).toBeDefined();

    const login2 = await inject('POST', '/auth/login/', { payload: { email: admin.email, password: STAFF_PASSWORD }, ip: admin.ip });
    const recovery = admin.recoveryCodes[0]!.toUpperCase();
    const viaRecovery = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: login2.json().mfa_token, code: recovery }, ip: admin.ip });
    expect(viaRecovery.statusCode).toBe(200);
    const login3 = await inject('POST', '/auth/login/', { payload: { email: admin.email, password: STAFF_PASSWORD }, ip: admin.ip });
    const reused = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: login3.json().mfa_token, code: recovery }, ip: admin.ip });
    expect(reused.statusCode).toBe(400);
  });

  it('spends the sign-in step after five wrong codes', async () => {
    const login = await inject('POST', '/auth/login/', { payload: { email: admin.email, password: STAFF_PASSWORD }, ip: '10.9.0.2' });
    const mfaToken = login.json().mfa_token as string;
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: '111111' }, ip: '10.9.0.2' })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const right = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: mfaToken, code: totpCode(admin.secret, Date.now() + 30_000) }, ip: '10.9.0.2' });
    expect(right.statusCode).toBe(400);
    expect(right.json().mfa_token[0]).toMatch(/sign in again/i);
  });

  it('refuses bad second-factor input with a 400 naming the field', async () => {
    const res = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: 'x'.repeat(20), code: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeDefined();
    const setup = await inject('POST', '/auth/mfa/totp/setup/', { payload: { mfa_token: 'nope-nope-nope-nope' } });
    expect(setup.statusCode).toBe(400);
    expect(setup.json().mfa_token).toBeDefined();
  });

  it('keeps members and anonymous callers out of the console', async () => {
    expect((await inject('GET', '/api/console/me/')).statusCode).toBe(401);
    const member = await signUpMember(t.app);
    const res = await inject('GET', '/api/console/me/', { headers: member.headers });
    expect(res.statusCode).toBe(403);
    // A member's sign-in is unchanged: a token at once.
    expect((await inject('POST', '/auth/login/', { payload: { email: member.email, password: member.password }, ip: member.ip })).json().token).toEqual(expect.any(String));
  });

  it('ends a staff session after 30 idle minutes and after 12 hours at most', async () => {
    const s = await signUpStaff(t.app, 'support');
    expect((await inject('GET', '/api/console/me/', { headers: s.headers })).statusCode).toBe(200);
    await t.db.db.execute(sql`UPDATE access_tokens SET last_used_at = now() - interval '31 minutes' WHERE user_id = ${s.id}`);
    expect((await inject('GET', '/api/console/me/', { headers: s.headers })).statusCode).toBe(401);

    const s2 = await signUpStaff(t.app, 'support');
    const [row] = await t.db.rows<{ seconds: number }>(sql`SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM access_tokens WHERE user_id = ${s2.id}`);
    expect(row!.seconds).toBe(12 * 3600);
    await t.db.db.execute(sql`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${s2.id}`);
    expect((await inject('GET', '/api/console/me/', { headers: s2.headers })).statusCode).toBe(401);
  });

  it('lists my sessions and ends one of mine, never another account’s', async () => {
    const s = await signUpStaff(t.app, 'editor');
    const list = await inject('GET', '/auth/sessions/', { headers: s.headers });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: number; kind: string; current: boolean }[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ kind: 'staff', current: true });
    const adminSessions = (await inject('GET', '/auth/sessions/', { headers: admin.headers })).json() as { id: number }[];
    expect((await inject('DELETE', `/auth/sessions/${adminSessions[0]!.id}/`, { headers: s.headers })).statusCode).toBe(404);
    expect((await inject('DELETE', `/auth/sessions/${sessions[0]!.id}/`, { headers: s.headers })).statusCode).toBe(204);
    expect((await inject('GET', '/api/console/me/', { headers: s.headers })).statusCode).toBe(401);
  });

  describe('my own account', () => {
    /** A second session of the account, signed in with a recovery code. */
    async function secondSession(who: { email: string; ip: string }, code: string): Promise<Record<string, string>> {
      const login = await inject('POST', '/auth/login/', { payload: { email: who.email, password: STAFF_PASSWORD }, ip: who.ip });
      const verified = await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: login.json().mfa_token, code }, ip: who.ip });
      expect(verified.statusCode, verified.body).toBe(200);
      return { authorization: `Bearer ${verified.json().token}` };
    }
    const auditOf = (id: number, action: string) =>
      t.db.rows<{ actor_id: number; before: Record<string, unknown> | null; after: Record<string, unknown> }>(sql`SELECT actor_id, before, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(id)} ORDER BY id`);
    const mailsTo = async (to: string) => {
      await t.app.deps.mail.drain();
      return (await listMailbox(mailboxDir(t.app.deps.env))).filter((m) => m.to === to);
    };

    it('changes my e-mail address with my password: unique, my other sessions end, audited, the old address told', async () => {
      const me = await signUpStaff(t.app, 'support');
      const other = await secondSession(me, me.recoveryCodes[0]!);
      const url = '/api/console/account/email/';
      const newEmail = `moved-${me.id}@localsaver.example`;
      const wrong = await inject('POST', url, { headers: me.headers, payload: { current_password: 'not it', email: newEmail } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ current_password: ['Your password is incorrect.'] });
      const taken = await inject('POST', url, { headers: me.headers, payload: { current_password: STAFF_PASSWORD, email: admin.email.toUpperCase() } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().email).toEqual(['Another account uses this e-mail address.']);
      expect((await inject('POST', url, { headers: me.headers, payload: { current_password: STAFF_PASSWORD, email: me.email } })).json().email).toBeDefined();
      for (const payload of [{ current_password: STAFF_PASSWORD, email: 'not an address' }, { email: newEmail }, [], 'x']) {
        const bad = await inject('POST', url, { headers: me.headers, payload });
        // A bare string is not JSON the route reads: 415; the rest a 400 naming the field.
        expect(bad.statusCode, JSON.stringify(payload)).toBe(payload === 'x' ? 415 : 400);
      }
      // Nothing changed so far: both sessions live.
      expect((await inject('GET', '/api/console/me/', { headers: other })).statusCode).toBe(200);

      const changed = await inject('POST', url, { headers: me.headers, payload: { current_password: STAFF_PASSWORD, email: ` ${newEmail.toUpperCase()} ` } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: me.id, email: newEmail, role: 'support' });
      expect((await inject('GET', '/api/console/me/', { headers: me.headers })).json().email).toBe(newEmail);
      expect((await inject('GET', '/api/console/me/', { headers: other })).statusCode).toBe(401);
      expect((await inject('POST', '/auth/login/', { payload: { email: me.email, password: STAFF_PASSWORD }, ip: me.ip })).statusCode).toBe(400);
      expect((await inject('POST', '/auth/login/', { payload: { email: newEmail, password: STAFF_PASSWORD }, ip: me.ip })).json()).toMatchObject({ mfa_required: true });
      expect(await auditOf(me.id, 'staff.change_own_email')).toEqual([{ actor_id: me.id, before: { email: me.email }, after: { email: newEmail, other_sessions_ended: true } }]);
      const [notice] = await mailsTo(me.email);
      expect(notice!.subject).toBe('The e-mail address of your LocalSaver console account was changed');
      expect(notice!.text).toContain(newEmail);
    });

    it('makes new recovery codes with my password: the old ones stop working, audited, told', async () => {
      const me = await signUpStaff(t.app, 'editor');
      const url = '/api/console/account/recovery-codes/';
      expect((await inject('POST', url, { headers: me.headers, payload: { current_password: 'nope' } })).json()).toEqual({ current_password: ['Your password is incorrect.'] });
      expect((await inject('POST', url, { headers: me.headers, payload: {} })).json().current_password).toBeDefined();
      const made = await inject('POST', url, { headers: me.headers, payload: { current_password: STAFF_PASSWORD } });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.headers['cache-control']).toBe('private, no-store');
      const codes = made.json().recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(codes.filter((c) => me.recoveryCodes.includes(c))).toEqual([]);
      // An old code no longer signs in; a new one does. This session goes on.
      const login = await inject('POST', '/auth/login/', { payload: { email: me.email, password: STAFF_PASSWORD }, ip: me.ip });
      expect((await inject('POST', '/auth/mfa/verify/', { payload: { mfa_token: login.json().mfa_token, code: me.recoveryCodes[1] }, ip: me.ip })).statusCode).toBe(400);
      await secondSession(me, codes[0]!);
      expect((await inject('GET', '/api/console/me/', { headers: me.headers })).statusCode).toBe(200);
      expect(await auditOf(me.id, 'staff.regenerate_recovery_codes')).toEqual([{ actor_id: me.id, before: null, after: { recovery_codes: 10 } }]);
      expect((await mailsTo(me.email)).map((m) => m.subject)).toContain('New recovery codes for your LocalSaver console account');
    });

    it('resets my authenticator app with my password: every session ends and the next sign-in enrols a new one', async () => {
      const me = await signUpStaff(t.app, 'editor');
      const other = await secondSession(me, me.recoveryCodes[0]!);
      const url = '/api/console/account/second-factor/reset/';
      expect((await inject('POST', url, { headers: me.headers, payload: { current_password: 'nope' } })).statusCode).toBe(400);
      expect((await inject('GET', '/api/console/me/', { headers: me.headers })).statusCode).toBe(200);
      const reset = await inject('POST', url, { headers: me.headers, payload: { current_password: STAFF_PASSWORD } });
      expect(reset.statusCode, reset.body).toBe(204);
      expect((await inject('GET', '/api/console/me/', { headers: me.headers })).statusCode).toBe(401);
      expect((await inject('GET', '/api/console/me/', { headers: other })).statusCode).toBe(401);
      const login = await inject('POST', '/auth/login/', { payload: { email: me.email, password: STAFF_PASSWORD }, ip: me.ip });
      expect(login.json()).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
      // The old app's codes and the old recovery codes are gone with it.
      const setup = await inject('POST', '/auth/mfa/totp/setup/', { payload: { mfa_token: login.json().mfa_token }, ip: me.ip });
      expect(setup.json().secret).not.toBe(me.secret);
      const confirmed = await inject('POST', '/auth/mfa/totp/confirm/', { payload: { mfa_token: login.json().mfa_token, code: totpCode(setup.json().secret) }, ip: me.ip });
      expect(confirmed.statusCode).toBe(200);
      const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${me.id}`);
      expect(row!.n).toBe(10);
      expect(await auditOf(me.id, 'staff.reset_own_second_factor')).toEqual([{ actor_id: me.id, before: null, after: { second_factor_enrolled: false, sessions_ended: true } }]);
      expect((await mailsTo(me.email)).map((m) => m.subject)).toContain('The second factor of your LocalSaver console account was reset');
    });
  });

  it('lets one admin send 20 invitations in 24 hours and one address get 3 an hour, then answers 429 naming the limit', async () => {
    const sender = await signUpStaff(t.app, 'admin');
    const invite = (email: string) => inject('POST', '/api/console/staff/invitations/', { headers: sender.headers, payload: { email, role: 'support' } });
    const again = 'invited-thrice@example.com';
    for (let i = 0; i < 3; i++) expect((await invite(again)).statusCode).toBe(201);
    const fourth = await invite(again);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ email: ['We have already sent 3 mails to this address in the last hour, the most we send to one address. Try again in an hour.'] });
    for (let i = 3; i < 20; i++) expect((await invite(`invitee-${i}-${sender.id}@example.com`)).statusCode).toBe(201);
    const over = await invite(`invitee-20-${sender.id}@example.com`);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: 'You have sent 20 invitations in the last 24 hours, the most one account may send. Try again tomorrow.' });
    const [made] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invitations WHERE invited_by = ${sender.id}`);
    expect(made!.n).toBe(20);
    // Another admin is not held back by this one.
    expect((await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email: `other-${sender.id}@example.com`, role: 'support' } })).statusCode).toBe(201);
  });

  it('lets admins invite, change and disable staff with their password, and audits each write', async () => {
    const editor = await signUpStaff(t.app, 'editor', ['minneapolis']);
    expect((await inject('GET', '/api/console/me/', { headers: editor.headers })).json().markets).toEqual(['minneapolis']);
    // An editor cannot manage staff.
    expect((await inject('GET', '/api/console/staff/', { headers: editor.headers })).statusCode).toBe(403);
    expect((await inject('POST', '/api/console/staff/invitations/', { headers: editor.headers, payload: { email: 'x@example.com', role: 'admin' } })).statusCode).toBe(403);

    const invited = await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email: ' New.Person@Example.com ', role: 'support', markets: ['chicago'] } });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'new.person@example.com', role: 'support', markets: ['chicago'], accepted_at: null });
    const bad = await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email: 'nope', role: 'boss', markets: ['atlantis'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'markets.0', 'role']);

    const wrongPassword = await inject('PATCH', `/api/console/staff/${editor.id}/`, { headers: admin.headers, payload: { current_password: 'not it', role: 'support' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().current_password).toBeDefined();

    const changed = await inject('PATCH', `/api/console/staff/${editor.id}/`, { headers: admin.headers, payload: { current_password: STAFF_PASSWORD, markets: ['minneapolis', 'detroit'] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'editor', markets: ['minneapolis', 'detroit'], disabled: false });
    // The change ended the editor's sessions.
    expect((await inject('GET', '/api/console/me/', { headers: editor.headers })).statusCode).toBe(401);

    const disabled = await inject('PATCH', `/api/console/staff/${editor.id}/`, { headers: admin.headers, payload: { current_password: STAFF_PASSWORD, disabled: true } });
    expect(disabled.json().disabled).toBe(true);
    const login = await inject('POST', '/auth/login/', { payload: { email: editor.email, password: STAFF_PASSWORD }, ip: editor.ip });
    expect(login.statusCode).toBe(403);

    const audit = await inject('GET', `/api/console/audit/?entity=staff&entity_id=${editor.id}`, { headers: admin.headers });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().results as { action: string; actor_email: string; before: { markets: string[] }; after: { markets: string[]; disabled: boolean } }[];
    expect(entries.map((e) => e.action)).toEqual(['staff.update', 'staff.update', 'staff.accept_invitation']);
    expect(entries[1]).toMatchObject({ actor_email: admin.email, before: { markets: ['minneapolis'] }, after: { markets: ['minneapolis', 'detroit'] } });
    expect(entries[0]!.after.disabled).toBe(true);
    const invites = await inject('GET', '/api/console/audit/?action=staff.invite', { headers: admin.headers });
    expect(invites.json().results[0]).toMatchObject({ actor_id: admin.id, entity: 'invitation', after: { email: 'new.person@example.com' } });
    expect((await inject('GET', '/api/console/audit/', { headers: editor.headers })).statusCode).toBe(401);
  });

  it('keeps the audit log append-only, whoever asks the database', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`UPDATE audit_log SET action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
    expect((await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n).toBeGreaterThan(0);
  });

  it('makes an invitation work once, and refuses an expired one', async () => {
    const email = 'once@localsaver.example';
    await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email, role: 'editor' } });
    const token = await invitationToken(t.app, email);
    const body = { token, password: 'A good long passphrase', first_name: 'One', last_name: 'Time' };
    expect((await inject('POST', '/auth/invitations/accept/', { payload: body })).statusCode).toBe(201);
    const twice = await inject('POST', '/auth/invitations/accept/', { payload: body });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().token[0]).toMatch(/already used or has expired/);

    const late = 'late@localsaver.example';
    await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email: late, role: 'editor' } });
    const lateToken = await invitationToken(t.app, late);
    await t.db.db.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = ${late}`);
    expect((await inject('POST', '/auth/invitations/accept/', { payload: { ...body, token: lateToken } })).statusCode).toBe(400);
  });

  it('refuses a common password when accepting, naming the field', async () => {
    const email = 'common@localsaver.example';
    await inject('POST', '/api/console/staff/invitations/', { headers: admin.headers, payload: { email, role: 'support' } });
    const token = await invitationToken(t.app, email);
    const res = await inject('POST', '/auth/invitations/accept/', { payload: { token, password: 'password123', first_name: 'A', last_name: 'B' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toBeDefined();
  });
});

describe('the first admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_BOOTSTRAP_EMAIL: 'Owner@LocalSaver.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is invited by e-mail when no admin exists, once per start, and never again after', async () => {
    const link = await bootstrapAdminInvitation(t.app.deps, t.env.STAFF_BOOTSTRAP_EMAIL!);
    expect(link).toMatch(/^http:\/\/localhost:3000\/console\/invitation\?token=[A-Za-z0-9_-]{40,}$/);
    // Another instance starting at the same moment makes no second invitation.
    expect(await bootstrapAdminInvitation(t.app.deps, t.env.STAFF_BOOTSTRAP_EMAIL!)).toBeNull();
    // The mailed link is the logged one.
    expect(await invitationToken(t.app, 'owner@localsaver.example')).toBe(new URL(link!).searchParams.get('token'));
    const token = new URL(link!).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: '/auth/invitations/accept/', payload: { token, password: 'First admin passphrase', first_name: 'Olive', last_name: 'Owner' } });
    expect(res.statusCode).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: 'owner@localsaver.example', password: 'First admin passphrase' } });
    expect(login.json()).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
    await t.db.db.execute(sql`UPDATE invitations SET created_at = now() - interval '2 minutes'`);
    expect(await bootstrapAdminInvitation(t.app.deps, t.env.STAFF_BOOTSTRAP_EMAIL!)).toBeNull();
  });
});
