// Test helpers for console route tests: a staff member made through the real steps (an
// invitation mailed by the worker, accepted, the first sign-in enrolling TOTP), so a test's staff
// session is exactly what a person gets.
//
//   const editor = await signUpStaff(t.app, 'editor', ['minneapolis']);
//   await t.app.inject({ method: 'GET', url: '/api/console/offers/', headers: editor.headers });
import { randomUUID } from 'node:crypto';
import type { App } from '../../app.ts';
import type { StaffRole } from '../../db/schema/index.ts';
import { totpCode } from '../auth/lib/second-factor.ts';
import { hashToken, newToken } from '../auth/lib/tokens.ts';
import { setInvitationToken } from '../auth/repository.ts';
import { inviteStaff } from '../auth/service.ts';
import { randomClientIp } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
  token: string;
  headers: { authorization: string };
  /** The TOTP secret enrolled (to make codes with totpCode). */
  secret: string;
  recoveryCodes: string[];
  ip: string;
}

export const STAFF_PASSWORD = 'Staff console passphrase 7';

/** The token of the newest invitation link mailed to an address. */
export async function invitationToken(app: App, email: string): Promise<string> {
  await app.deps.mail.drain();
  const mails = (await listMailbox(mailboxDir(app.deps.env))).filter((m) => m.to === email && /\/console\/invitation\?token=/.test(m.text));
  const match = /\/console\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '');
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1]!;
}

/**
 * A staff invitation to `email` with its token, and a poster from one client address. The token is
 * set here rather than read from its mail: the mail path is tested in routes.test.ts, and waiting
 * for the queue made every console test file slow under load.
 */
async function staffInvitation(app: App, email: string, role: StaffRole, markets: string[] | null) {
  const ip = randomClientIp();
  const invitation = await inviteStaff(app.deps.db.db, { email, role, markets }, null);
  const token = newToken();
  await setInvitationToken(app.deps.db.db, invitation.id, hashToken(token));
  const post = async (url: string, payload: unknown, expected = 200) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
    if (res.statusCode !== expected) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  return { ip, token, post };
}

/** A staff account through invitation, acceptance and TOTP enrolment; answers its staff session. */
export async function signUpStaff(app: App, role: StaffRole, markets: string[] | null = null, email = `staff-${randomUUID().slice(0, 12)}@localsaver.example`): Promise<TestStaff> {
  const { ip, token, post } = await staffInvitation(app, email, role, markets);
  await post('/auth/invitations/accept/', { token, password: STAFF_PASSWORD, first_name: 'Sam', last_name: role[0]!.toUpperCase() + role.slice(1) }, 201);
  const login = await post('/auth/login/', { email, password: STAFF_PASSWORD });
  const setup = await post('/auth/mfa/totp/setup/', { mfa_token: login.mfa_token });
  const secret = String(setup.secret);
  const confirmed = await post('/auth/mfa/totp/confirm/', { mfa_token: login.mfa_token, code: totpCode(secret) });
  const session = String(confirmed.token);
  return {
    id: (confirmed.user as { id: number }).id,
    email,
    password: STAFF_PASSWORD,
    role,
    token: session,
    headers: { authorization: `Bearer ${session}` },
    secret,
    recoveryCodes: confirmed.recovery_codes as string[],
    ip,
  };
}

/**
 * An existing account (a business's owner, manager or cashier) made staff too, the way it happens:
 * a staff invitation to its address accepted with the account's own password, then a sign-in with
 * the TOTP it already has (owners and managers) or a first enrolment (cashiers).
 */
export async function promoteToStaff(app: App, person: { email: string; password: string; secret: string | null }, role: StaffRole, markets: string[] | null = null): Promise<TestStaff> {
  const { ip, token, post } = await staffInvitation(app, person.email, role, markets);
  await post('/auth/invitations/accept/', { token, password: person.password, first_name: 'Sam', last_name: 'Twohats' }, 201);
  const login = await post('/auth/login/', { email: person.email, password: person.password });
  let secret = person.secret;
  let confirmed: Record<string, unknown>;
  if (login.mfa_enrolment_required) {
    secret = String((await post('/auth/mfa/totp/setup/', { mfa_token: login.mfa_token })).secret);
    confirmed = await post('/auth/mfa/totp/confirm/', { mfa_token: login.mfa_token, code: totpCode(secret) });
  } else {
    // The code of the next step: the current one may have been spent by the business sign-in.
    confirmed = await post('/auth/mfa/verify/', { mfa_token: login.mfa_token, code: totpCode(secret!, Date.now() + 30_000) });
  }
  const session = String(confirmed.token);
  return {
    id: (confirmed.user as { id: number }).id,
    email: person.email,
    password: person.password,
    role,
    token: session,
    headers: { authorization: `Bearer ${session}` },
    secret: secret!,
    recoveryCodes: (confirmed.recovery_codes as string[] | undefined) ?? [],
    ip,
  };
}
