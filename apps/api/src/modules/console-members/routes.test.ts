import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

describe('console members', () => {
  let t: TestApp;
  let admin: TestStaff;
  let support: TestStaff;
  let supportMpls: TestStaff;
  let editor: TestStaff;
  let member: TestMember;
  let other: TestMember;

  const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await t.db.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const inject = (method: 'GET' | 'POST', url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) =>
    t.app.inject({ method, url, headers: options.headers, payload: options.payload as Record<string, unknown> | undefined, remoteAddress: '10.7.0.1' });
  const auditOf = (action: string, entityId: number) =>
    rowsOf<{ actor_id: number; entity: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      sql`SELECT actor_id, entity, before, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(entityId)} ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    [admin, support, supportMpls, editor, member, other] = await Promise.all([
      signUpStaff(t.app, 'admin'),
      signUpStaff(t.app, 'support'),
      signUpStaff(t.app, 'support', ['minneapolis']),
      signUpStaff(t.app, 'editor'),
      signUpMember(t.app, { email: 'zq-findme@example.com' }),
      signUpMember(t.app),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const forbidden = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    expect((await inject(method, url, { payload })).statusCode).toBe(401);
    expect((await inject(method, url, { headers: member.headers, payload })).statusCode).toBe(403);
    expect((await inject(method, url, { headers: editor.headers, payload })).statusCode).toBe(403);
  };

  it('finds accounts by e-mail, prefix or contains, without secrets', async () => {
    await forbidden('GET', '/api/console/members/?q=zq-findme');
    for (const q of ['zq-findme', 'findme@exa', 'ZQ-FINDME@EXAMPLE.COM']) {
      const res = await inject('GET', `/api/console/members/?q=${encodeURIComponent(q)}`, { headers: support.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ count: 1, results: [{ id: member.id, email: 'zq-findme@example.com', email_verified: false, disabled: false, staff_role: null }] });
    }
    const staff = await inject('GET', `/api/console/members/?q=${encodeURIComponent(admin.email)}`, { headers: supportMpls.headers });
    expect(staff.json().results[0]).toMatchObject({ id: admin.id, staff_role: 'admin' });
    const body = JSON.stringify((await inject('GET', '/api/console/members/?page_size=100', { headers: admin.headers })).json());
    expect(body).not.toMatch(/password|token|totp|\$argon2/i);
    for (const [query, field] of [['page=-1', 'page'], ['sort=password_hash', 'sort'], [`q=${'a'.repeat(201)}`, 'q']] as const) {
      const bad = await inject('GET', `/api/console/members/?${query}`, { headers: support.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()[field]).toBeDefined();
    }
  });

  it('shows one account with what it keeps', async () => {
    await forbidden('GET', `/api/console/members/${member.id}/`);
    await t.db.db.execute(sql`INSERT INTO user_clips (user_id, offer_id) SELECT ${member.id}, id FROM offers ORDER BY id LIMIT 2`);
    await t.db.db.execute(sql`INSERT INTO user_prints (user_id, offer_id, prints) SELECT ${member.id}, id, 2 FROM offers ORDER BY id LIMIT 3`);
    const res = await inject('GET', `/api/console/members/${member.id}/`, { headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, state: 'MI', zip: '48075', staff_role: null, staff_markets: null, counts: { clips: 2, favorites: 0, prints: 6, offers_printed: 3, redemptions: 0, contest_entries: 0 } });
    expect(JSON.stringify(res.json())).not.toMatch(/password|token|totp/i);
    expect((await inject('GET', '/api/console/members/999999/', { headers: support.headers })).statusCode).toBe(404);
    expect((await inject('GET', '/api/console/members/x/', { headers: support.headers })).json().id).toBeDefined();
  });

  it('resends the verification mail, audited', async () => {
    await forbidden('POST', `/api/console/members/${member.id}/verification/`);
    const res = await inject('POST', `/api/console/members/${member.id}/verification/`, { headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toContain(member.email);
    await t.app.deps.mail.drain();
    const mails = (await listMailbox(mailboxDir(t.env))).filter((m) => m.to === member.email && /\/verify\?id=/.test(m.text));
    expect(mails.length).toBe(2);
    expect(await auditOf('member.verification_resend', member.id)).toEqual([expect.objectContaining({ actor_id: support.id, entity: 'member' })]);
    // Staff accounts are admins' business.
    expect((await inject('POST', `/api/console/members/${admin.id}/verification/`, { headers: support.headers })).statusCode).toBe(403);
  });

  it('disables an account (its sessions end at once) and enables it again, audited', async () => {
    await forbidden('POST', `/api/console/members/${other.id}/disable/`);
    const before = await inject('GET', '/auth/user/info/', { headers: other.headers });
    expect(before.statusCode).toBe(200);
    const res = await inject('POST', `/api/console/members/${other.id}/disable/`, { headers: supportMpls.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.id, disabled: true });
    expect((await inject('GET', '/auth/user/info/', { headers: other.headers })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: other.email, password: other.password }, remoteAddress: other.ip });
    expect(login.statusCode).toBe(403);
    expect((await auditOf('member.disable', other.id))[0]).toMatchObject({ actor_id: supportMpls.id, before: { disabled: false }, after: { disabled: true } });

    const enabled = await inject('POST', `/api/console/members/${other.id}/enable/`, { headers: support.headers });
    expect(enabled.json()).toMatchObject({ disabled: false });
    const again = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: other.email, password: other.password }, remoteAddress: other.ip });
    expect(again.statusCode).toBe(200);
    expect(await auditOf('member.enable', other.id)).toHaveLength(1);
  });

  it('lets only admins disable staff accounts, and nobody their own', async () => {
    const target = await signUpStaff(t.app, 'editor');
    expect((await inject('POST', `/api/console/members/${target.id}/disable/`, { headers: support.headers })).statusCode).toBe(403);
    expect((await inject('POST', `/api/console/members/${admin.id}/disable/`, { headers: admin.headers })).statusCode).toBe(403);
    const res = await inject('POST', `/api/console/members/${target.id}/disable/`, { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/api/console/me/', { headers: target.headers })).statusCode).toBe(401);
    expect(await auditOf('staff.disable', target.id)).toHaveLength(1);
    await inject('POST', `/api/console/members/${target.id}/enable/`, { headers: admin.headers });
    expect((await inject('POST', '/api/console/members/999999/disable/', { headers: admin.headers })).statusCode).toBe(404);
  });

  it('carries out a deletion request with the typed e-mail, audited with the e-mail only', async () => {
    const victim = await signUpMember(t.app);
    await t.db.db.execute(sql`INSERT INTO user_clips (user_id, offer_id) SELECT ${victim.id}, id FROM offers ORDER BY id LIMIT 1`);
    const url = `/api/console/members/${victim.id}/deletion/`;
    expect((await inject('POST', url, { payload: { confirm_email: victim.email } })).statusCode).toBe(401);
    expect((await inject('POST', url, { headers: member.headers, payload: { confirm_email: victim.email } })).statusCode).toBe(403);
    expect((await inject('POST', url, { headers: editor.headers, payload: { confirm_email: victim.email } })).statusCode).toBe(403);
    for (const payload of [{}, { confirm_email: '' }, { confirm_email: 'someone@else.com' }, { confirm_email: 42 }, []]) {
      const bad = await inject('POST', url, { headers: support.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(bad.json()).some((k) => k === 'confirm_email' || k === 'non_field_errors')).toBe(true);
    }
    const res = await inject('POST', url, { headers: support.headers, payload: { confirm_email: victim.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(sql`SELECT id FROM users WHERE id = ${victim.id}`)).toEqual([]);
    expect(await rowsOf(sql`SELECT user_id FROM user_clips WHERE user_id = ${victim.id}`)).toEqual([]);
    expect((await inject('GET', '/auth/user/info/', { headers: victim.headers })).statusCode).toBe(401);
    expect(await auditOf('member.delete', victim.id)).toEqual([{ actor_id: support.id, entity: 'member', before: { email: victim.email }, after: null }]);
    expect((await inject('POST', url, { headers: support.headers, payload: { confirm_email: victim.email } })).statusCode).toBe(404);
    // Staff accounts: admins only; never one's own.
    expect((await inject('POST', `/api/console/members/${editor.id}/deletion/`, { headers: support.headers, payload: { confirm_email: editor.email } })).statusCode).toBe(403);
    expect((await inject('POST', `/api/console/members/${admin.id}/deletion/`, { headers: admin.headers, payload: { confirm_email: admin.email } })).statusCode).toBe(403);
  });
});
