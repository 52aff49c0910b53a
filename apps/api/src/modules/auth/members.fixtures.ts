// Test helpers for any module's route tests: make a member through the real HTTP calls.
//
//   const member = await signUpMember(t.app);
//   await t.app.inject({ method: 'GET', url: '/api/userfavorites/', headers: member.headers });
//
// Each sign-up comes from its own made-up client IP, so tests never trip the sign-up and log-in
// rate limits of one another. Contest entries and sweepstakes claims need a confirmed e-mail
// address: `await signUpVerifiedMember(t.app)` confirms it with the mailed link, as a member would.
import { randomBytes, randomUUID } from 'node:crypto';
import type { App } from '../../app.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';

export interface TestMember {
  id: number;
  email: string;
  password: string;
  token: string;
  /** The Authorization header of this member. */
  headers: { authorization: string };
  /** The made-up client IP the member signed up from. */
  ip: string;
}

/** A random private client address for app.inject({ remoteAddress }). */
export function randomClientIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${Math.max(1, b[2]!)}`;
}

/** A valid POST /auth/register/ body; override any field. */
export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const password = 'Correct horse battery 1';
  return {
    email: `member-${randomUUID().slice(0, 12)}@example.com`,
    password,
    confirmPassword: password,
    first_name: 'Test',
    last_name: 'Member',
    state: 'MI',
    zipcode: '48075',
    terms_agree: true,
    ...overrides,
  };
}

/** Registers and logs in a member through /auth/register/ and /auth/login/. */
export async function signUpMember(app: App, overrides: Record<string, unknown> = {}): Promise<TestMember> {
  const ip = randomClientIp();
  const body = registrationBody(overrides);
  const registered = await app.inject({ method: 'POST', url: '/auth/register/', payload: body, remoteAddress: ip });
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const email = String(body.email).trim().toLowerCase();
  const password = String(body.password);
  const loggedIn = await app.inject({ method: 'POST', url: '/auth/login/', payload: { email, password }, remoteAddress: ip });
  if (loggedIn.statusCode !== 200) throw new Error(`login answered ${loggedIn.statusCode}: ${loggedIn.body}`);
  const { token, user } = loggedIn.json() as { token: string; user: { id: number } };
  return { id: user.id, email, password, token, headers: { authorization: `Bearer ${token}` }, ip };
}

/** Confirms a member's e-mail address with the link of the newest verification mail. */
export async function verifyMemberEmail(app: App, member: Pick<TestMember, 'email' | 'ip'>): Promise<void> {
  await app.deps.mail.drain();
  const mails = (await listMailbox(mailboxDir(app.deps.env))).filter((m) => m.to === member.email && /\/verify\?id=/.test(m.text));
  const match = /\/verify\?id=(\d+)&token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '');
  if (!match) throw new Error(`no verification mail to ${member.email}`);
  const res = await app.inject({ method: 'POST', url: '/auth/verifyuser/', payload: { id: Number(match[1]), token: match[2] }, remoteAddress: member.ip });
  if (res.statusCode !== 200) throw new Error(`verifyuser answered ${res.statusCode}: ${res.body}`);
}

/** signUpMember, then the e-mail address confirmed through the mailed link. */
export async function signUpVerifiedMember(app: App, overrides: Record<string, unknown> = {}): Promise<TestMember> {
  const member = await signUpMember(app, overrides);
  await verifyMemberEmail(app, member);
  return member;
}
