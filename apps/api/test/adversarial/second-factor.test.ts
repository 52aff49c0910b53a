// The second factor under attack (docs/security.md "Second factor", docs/decisions.md "Second
// factor ceiling"), on PGlite and on PostgreSQL (the suite runs on both), through two instances of
// the app on one database (on PostgreSQL each with its own pool, as two servers would be):
// - a ceiling per account on wrong codes, across sign-in steps, client addresses and instances, that
//   a right password does not reset, with a mail to the owner and a recovery code or an admin's
//   reset as the way in;
// - the per-step cap and single use hold under real parallel requests: 300 wrong codes on one step
//   check 5; 20 sign-ins racing with one valid code (or one recovery code, or one enrolment code)
//   open one session;
// - password re-checks of a signed-in account count towards the sign-in ceiling (429 past it).
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Env } from '../../src/config/env.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { randomClientIp } from '../../src/modules/auth/members.fixtures.ts';
import { SECOND_FACTOR_GUESSES_PER_DAY, SECOND_FACTOR_LIMITS } from '../../src/modules/auth/lib/second-factor-ceiling.ts';
import { totpCode } from '../../src/modules/auth/lib/second-factor.ts';
import { ACCOUNT_SIGN_IN_LIMITS, countFailure } from '../../src/modules/auth/lib/sign-in-throttle.ts';
import type { LoginThrottle } from '../../src/modules/auth/repository.ts';
import { addMerchant } from '../../src/modules/catalogue/catalogue.fixtures.ts';
import { signUpMerchantPerson } from '../../src/modules/merchant-access/merchant.fixtures.ts';
import { listMailbox, mailboxDir } from '../../src/modules/mail/lib/mailbox.ts';
import { STAFF_PASSWORD, signUpStaff, type TestStaff } from '../../src/modules/staff/staff.fixtures.ts';
import { openTwoInstances, type TwoInstances } from '../support/two-instances.ts';

const RACE_TIMEOUT_MS = 300_000;

let first: App;
let second: App;
let db: DbHandle;
let env: Env;
let instances: TwoInstances | undefined;

beforeAll(async () => {
  instances = await openTwoInstances({ poolSize: 8 });
  ({ first, second, db, env } = instances);
});
afterAll(async () => {
  await instances?.close();
});

type Json = Record<string, unknown>;
/** Every call from a new client address: only the per-account rules are at work. */
const call = (app: App, method: 'POST' | 'PATCH', url: string, payload: unknown, headers?: Record<string, string>) =>
  app.inject({ method, url, payload: payload as Json, headers, remoteAddress: randomClientIp() });

async function mfaStep(who: { email: string; password?: string }, app: App = first): Promise<string> {
  const res = await call(app, 'POST', '/auth/login/', { email: who.email, password: who.password ?? STAFF_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return String((res.json() as Json).mfa_token);
}
const verify = (mfaToken: string, code: string, app: App = first) => call(app, 'POST', '/auth/mfa/verify/', { mfa_token: mfaToken, code });

/** A code of the account's app that no sign-in has used yet (enrolment used the current one). */
const freshCode = (staff: TestStaff) => totpCode(staff.secret, Date.now() + 30_000);

function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}

const throttleOf = async (userId: number) =>
  (await db.rows<{ failures: number; blocks: number; paused_seconds: number | null }>(
    sql`SELECT failures, blocks, ceil(extract(epoch FROM blocked_until - now()))::int AS paused_seconds FROM second_factor_throttles WHERE user_id = ${userId}`,
  ))[0] ?? null;
const endPause = (userId: number) => db.rows(sql`UPDATE second_factor_throttles SET blocked_until = now() - interval '1 second' WHERE user_id = ${userId}`);
const staffSessions = async (userId: number) => (await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM access_tokens WHERE user_id = ${userId} AND kind = 'staff' AND revoked_at IS NULL`))[0]!.n;

async function mailsTo(email: string) {
  await first.deps.mail.drain();
  await second.deps.mail.drain();
  return (await listMailbox(mailboxDir(env))).filter((m) => m.to === email);
}
const PAUSED_SUBJECT = 'Someone entered your LocalSaver password and wrong sign-in codes';

describe('guesses of the second factor per account per day', () => {
  it(`an attacker with the password who guesses as fast as allowed gets at most ${SECOND_FACTOR_GUESSES_PER_DAY.mostInAnyDay} codes checked in any day, ${SECOND_FACTOR_GUESSES_PER_DAY.sustained} a day later on`, () => {
    // countFailure is what the verify call runs on each wrong code, with the database's clock.
    const start = Date.UTC(2026, 0, 1);
    let now = start;
    let state: LoginThrottle = { failures: 0, windowStartedAt: new Date(now), blockedUntil: null, blocks: 0, notifiedAt: null, updatedAt: new Date(now) };
    const guesses: number[] = [];
    let mails = 0;
    while (now < start + 4 * 86_400_000) {
      if (state.blockedUntil && state.blockedUntil.getTime() > now) {
        now = state.blockedUntil.getTime();
        continue;
      }
      guesses.push(now);
      const counted = countFailure(state, new Date(now), SECOND_FACTOR_LIMITS);
      state = counted.next;
      if (counted.notify) mails += 1;
      now += 1000; // one guess a second from ever-new addresses (the per-address limit does not help)
    }
    const day = 86_400_000;
    let mostInAnyDay = 0;
    for (let i = 0, j = 0; i < guesses.length; i++) {
      while (j < guesses.length && guesses[j]! < guesses[i]! + day) j++;
      mostInAnyDay = Math.max(mostInAnyDay, j - i);
    }
    const lastDay = guesses.filter((g) => g >= start + 3 * day).length;
    console.log(`second-factor guesses per account: ${mostInAnyDay} in the worst day, ${lastDay} on day 4; ${mails} notices in 4 days`);
    expect(mostInAnyDay).toBe(SECOND_FACTOR_GUESSES_PER_DAY.mostInAnyDay);
    expect(lastDay).toBeLessThanOrEqual(SECOND_FACTOR_GUESSES_PER_DAY.sustained);
    expect(mostInAnyDay).toBeLessThanOrEqual(100);
    // The owner is told once a day at most, from the first pause on.
    expect(mails).toBe(4);
  });
});

describe('the ceiling per account, across sign-ins, client addresses and instances', () => {
  it('10 wrong codes in 3 sign-ins (a right password each time) pause the account: 429 with Retry-After even for a right code, and one mail to the owner', async () => {
    const staff = await signUpStaff(first, 'editor');
    const codes: number[] = [];
    // 5 on the first step (spent), 4 on the second, 1 on the third: the right password in between
    // does not reset the account's count.
    for (const [n, app] of [
      [5, first],
      [4, second],
      [1, first],
    ] as const) {
      const step = await mfaStep(staff, app);
      for (let i = 0; i < n; i++) codes.push((await verify(step, `00000${i}`, i % 2 ? second : first)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
    const step = await mfaStep(staff, second);
    const right = await verify(step, freshCode(staff));
    expect(right.statusCode).toBe(429);
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SECOND_FACTOR_LIMITS.firstPauseSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(SECOND_FACTOR_LIMITS.firstPauseSeconds);
    expect((right.json() as Json).detail).toMatch(/^Too many wrong codes for this account\..*a recovery code still works/);
    expect(await staffSessions(staff.id)).toBe(1);
    // The pause is per account: every new address and step is refused unchecked.
    expect((await verify(await mfaStep(staff), freshCode(staff), second)).statusCode).toBe(429);
    expect(await throttleOf(staff.id)).toMatchObject({ failures: 0, blocks: 1 });

    const mails = (await mailsTo(staff.email)).filter((m) => m.subject === PAUSED_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${env.PUBLIC_URL}/login/recover`);
    expect(mails[0]!.text).toMatch(/recovery codes/);

    // The next run of 10 pauses twice as long; the owner is not mailed again the same day.
    await endPause(staff.id);
    const more: number[] = [];
    for (let s = 0; s < 2; s++) {
      const next = await mfaStep(staff);
      for (let i = 0; i < 5; i++) more.push((await verify(next, `11111${i}`, second)).statusCode);
    }
    expect(more).toEqual([...Array(9).fill(400), 429]);
    expect((await throttleOf(staff.id))!.paused_seconds).toBeGreaterThan(2 * SECOND_FACTOR_LIMITS.firstPauseSeconds - 60);
    expect((await mailsTo(staff.email)).filter((m) => m.subject === PAUSED_SUBJECT)).toHaveLength(1);
  });

  it('keeps the owner able to get in: a recovery code works during the pause and ends it', async () => {
    const staff = await signUpStaff(first, 'support');
    for (let s = 0; s < 2; s++) {
      const step = await mfaStep(staff);
      for (let i = 0; i < 5; i++) await verify(step, '123456');
    }
    expect((await verify(await mfaStep(staff), freshCode(staff))).statusCode).toBe(429);
    const viaRecovery = await verify(await mfaStep(staff), staff.recoveryCodes[0]!, second);
    expect(viaRecovery.statusCode, viaRecovery.body).toBe(200);
    expect(await throttleOf(staff.id)).toBeNull();
    // Codes from the app work again at once.
    expect((await verify(await mfaStep(staff), freshCode(staff))).statusCode).toBe(200);
  });

  it('an admin can reset a paused staff member’s factor (asking for the admin’s password, audited): the count goes, the next sign-in enrols', async () => {
    const admin = await signUpStaff(first, 'admin');
    const staff = await signUpStaff(first, 'editor');
    for (let s = 0; s < 2; s++) {
      const step = await mfaStep(staff);
      for (let i = 0; i < 5; i++) await verify(step, '654321');
    }
    expect((await throttleOf(staff.id))!.paused_seconds).toBeGreaterThan(0);
    const reset = await call(first, 'PATCH', `/api/console/staff/${staff.id}/`, { current_password: STAFF_PASSWORD, reset_second_factor: true }, admin.headers);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((reset.json() as Json).second_factor_enrolled).toBe(false);
    expect(await throttleOf(staff.id)).toBeNull();
    const [codes] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${staff.id}`);
    expect(codes!.n).toBe(0);
    const [audit] = await db.rows<{ actor_id: number; after: Json }>(sql`SELECT actor_id, after FROM audit_log WHERE action = 'staff.update' AND entity_id = ${String(staff.id)} ORDER BY id DESC LIMIT 1`);
    expect(audit).toMatchObject({ actor_id: admin.id, after: { second_factor_reset: true, second_factor_enrolled: false } });
    const login = await call(second, 'POST', '/auth/login/', { email: staff.email, password: STAFF_PASSWORD });
    expect(login.json()).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
  });
});

describe('per-step cap and single use under real parallel requests, two instances', () => {
  it('300 wrong codes at once on one step: 5 are checked, the rest refused unchecked', async () => {
    const staff = await signUpStaff(first, 'editor');
    const step = await mfaStep(staff);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => verify(step, String(100_000 + i), i % 2 ? second : first)));
    const codes = statuses(answers);
    const checked = answers.filter((a) => a.statusCode === 400 && ((a.json() as Json).code || /Too many wrong codes/.test(JSON.stringify(a.json())))).length;
    const [row] = await db.rows<{ attempts: number }>(sql`SELECT attempts FROM mfa_challenges WHERE user_id = ${staff.id} AND purpose = 'verify' ORDER BY id DESC LIMIT 1`);
    console.log(`300 wrong codes on one step: ${JSON.stringify(codes)}; checked ${row!.attempts}`);
    expect(row!.attempts).toBe(5);
    expect(checked).toBe(5);
    expect(await throttleOf(staff.id)).toMatchObject({ failures: 5 });
    expect(Object.keys(codes)).toEqual(['400']);
  }, RACE_TIMEOUT_MS);

  it('20 sign-ins racing with one valid code: one session', async () => {
    const staff = await signUpStaff(first, 'editor');
    const steps = await Promise.all(Array.from({ length: 20 }, (_, i) => mfaStep(staff, i % 2 ? second : first)));
    const code = freshCode(staff);
    const before = await staffSessions(staff.id);
    const answers = await Promise.all(steps.map((step, i) => verify(step, code, i % 2 ? second : first)));
    console.log(`20 sign-ins with one code: ${JSON.stringify(statuses(answers))}`);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect((await staffSessions(staff.id)) - before).toBe(1);
  }, RACE_TIMEOUT_MS);

  it('20 sign-ins racing with one recovery code: one session, the code used', async () => {
    const staff = await signUpStaff(first, 'support');
    const steps = await Promise.all(Array.from({ length: 20 }, (_, i) => mfaStep(staff, i % 2 ? second : first)));
    const before = await staffSessions(staff.id);
    const answers = await Promise.all(steps.map((step, i) => verify(step, staff.recoveryCodes[3]!, i % 2 ? second : first)));
    console.log(`20 sign-ins with one recovery code: ${JSON.stringify(statuses(answers))}`);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await staffSessions(staff.id)) - before).toBe(1);
  }, RACE_TIMEOUT_MS);

  it('10 enrolment steps racing to confirm one code: one session, one set of recovery codes', async () => {
    const admin = await signUpStaff(first, 'admin');
    const staff = await signUpStaff(first, 'editor');
    expect((await call(first, 'PATCH', `/api/console/staff/${staff.id}/`, { current_password: STAFF_PASSWORD, reset_second_factor: true }, admin.headers)).statusCode).toBe(200);
    const steps = await Promise.all(Array.from({ length: 10 }, (_, i) => mfaStep(staff, i % 2 ? second : first)));
    const setup = await call(first, 'POST', '/auth/mfa/totp/setup/', { mfa_token: steps[0] });
    const code = totpCode(String((setup.json() as Json).secret));
    const answers = await Promise.all(steps.map((step, i) => call(i % 2 ? second : first, 'POST', '/auth/mfa/totp/confirm/', { mfa_token: step, code })));
    console.log(`10 enrolment confirms with one code: ${JSON.stringify(statuses(answers))}`);
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(await staffSessions(staff.id)).toBe(1);
    const rows = await db.rows<{ code_hash: string }>(sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${staff.id}`);
    expect(rows).toHaveLength(10);
    // The codes shown are the ones that work.
    expect((await verify(await mfaStep(staff), ((won[0]!.json() as Json).recovery_codes as string[])[0]!)).statusCode).toBe(200);
  }, RACE_TIMEOUT_MS);
});

describe('password re-checks count towards the sign-in ceiling', () => {
  const ceiling = ACCOUNT_SIGN_IN_LIMITS.failures;

  it(`a staff member's re-checks (staff change, own e-mail, recovery codes): ${ceiling} wrong, then 429 with Retry-After even for the right password, sign-in paused too`, async () => {
    const admin = await signUpStaff(first, 'admin');
    const editor = await signUpStaff(first, 'editor');
    const tries: Array<() => Promise<LightMyRequestResponse>> = [
      () => call(first, 'PATCH', `/api/console/staff/${editor.id}/`, { current_password: 'not the password', role: 'support' }, admin.headers),
      () => call(second, 'POST', '/api/console/account/email/', { current_password: 'not the password', email: `x-${admin.id}@localsaver.example` }, admin.headers),
      () => call(first, 'POST', '/api/console/account/recovery-codes/', { current_password: 'not the password' }, admin.headers),
    ];
    const codes: number[] = [];
    for (let i = 0; i < ceiling + 3; i++) codes.push((await tries[i % 3]!()).statusCode);
    expect(codes).toEqual([...Array(ceiling).fill(400), 429, 429, 429]);
    const right = await call(second, 'PATCH', `/api/console/staff/${editor.id}/`, { current_password: STAFF_PASSWORD, role: 'support' }, admin.headers);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((right.json() as Json).detail).toMatch(/^Too many failed sign-in attempts for this account/);
    expect((await call(first, 'POST', '/auth/login/', { email: admin.email, password: STAFF_PASSWORD })).statusCode).toBe(429);
    expect((await mailsTo(admin.email)).filter((m) => m.subject === 'We paused sign-in to your LocalSaver account')).toHaveLength(1);
  });

  it(`a business owner's role change: ${ceiling} wrong passwords, then 429`, async () => {
    const merchant = await addMerchant(db, { name: 'Ceiling Bakery' });
    const owner = await signUpMerchantPerson(first, merchant.id, 'owner');
    const cashier = await signUpMerchantPerson(first, merchant.id, 'cashier');
    const url = `/api/merchant/${merchant.id}/team/${cashier.membershipId}/`;
    const codes: number[] = [];
    for (let i = 0; i <= ceiling; i++) codes.push((await call(i % 2 ? second : first, 'PATCH', url, { role: 'manager', current_password: `wrong ${i}` }, owner.headers)).statusCode);
    expect(codes).toEqual([...Array(ceiling).fill(400), 429]);
    expect((await call(first, 'PATCH', url, { role: 'manager', current_password: owner.password }, owner.headers)).statusCode).toBe(429);
  });
});
