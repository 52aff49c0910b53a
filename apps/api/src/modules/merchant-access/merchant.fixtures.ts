// Test helpers for merchant-centre route tests: a person of a merchant's team made through the real
// steps (an invitation, accepted, then the sign-in: two factors for owners and managers, a password
// for cashiers), so a test's session is exactly what a person gets.
//
//   const owner = await signUpMerchantPerson(t.app, merchantId, 'owner');
//   const cashier = await signUpMerchantPerson(t.app, merchantId, 'cashier', [locationId]);
//   await t.app.inject({ method: 'GET', url: `/api/merchant/${merchantId}/team/`, headers: owner.headers });
//
// `passwordSession` is a session of the same account that did not pass the second factor (what a
// password alone gave the account before it owned or managed a business; a 401 on owner and
// manager calls). Only that one is written directly: the sign-in never issues it to an owner.
import { randomUUID } from 'node:crypto';
import type { App } from '../../app.ts';
import type { MerchantRole } from '../../db/schema/index.ts';
import { randomClientIp } from '../auth/members.fixtures.ts';
import { totpCode } from '../auth/lib/second-factor.ts';
import { hashToken, newToken } from '../auth/lib/tokens.ts';
import { insertAccessToken, setInvitationToken } from '../auth/repository.ts';
import { inviteToMerchant } from '../auth/service.ts';
import { membershipOf } from './lib/access.ts';

export const MERCHANT_PASSWORD = 'Business centre passphrase 9';

export interface TestMerchantPerson {
  id: number;
  email: string;
  password: string;
  merchantId: number;
  role: MerchantRole;
  /** merchant_members.id */
  membershipId: number;
  /** The session a call of this person's role uses (second factor passed for owners and managers). */
  token: string;
  headers: { authorization: string };
  /** A password-only session of the same account (cashiers: the same as `headers`). */
  passwordSession: { authorization: string };
  /** The TOTP secret enrolled at the first sign-in (owners and managers), else null. */
  secret: string | null;
  /** The made-up client IP the person signed in from. */
  ip: string;
}

/** An invitation to a merchant's team with a known token (the mail path is tested on its own). */
export async function merchantInvitation(app: App, merchantId: number, role: MerchantRole, email: string, locationIds: number[] | null = null): Promise<string> {
  const invitation = await inviteToMerchant(app.deps.db.db, { email, role, merchantId, locationIds }, null);
  const token = newToken();
  await setInvitationToken(app.deps.db.db, invitation.id, hashToken(token));
  return token;
}

/**
 * A person of a merchant's team, signed in (owners and managers enrol TOTP at the first sign-in).
 * `overrides` may name the person (first_name, last_name) and their e-mail address.
 */
export async function signUpMerchantPerson(
  app: App,
  merchantId: number,
  role: MerchantRole,
  locationIds: number[] | null = null,
  overrides: { first_name?: string; last_name?: string; email?: string } = {},
): Promise<TestMerchantPerson> {
  const ip = randomClientIp();
  const email = overrides.email ?? `biz-${randomUUID().slice(0, 12)}@localsaver.example`;
  const token = await merchantInvitation(app, merchantId, role, email, locationIds);
  const post = async (url: string, payload: unknown, expected = 200) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
    if (res.statusCode !== expected) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const accepted = await post('/auth/invitations/accept/', { token, password: MERCHANT_PASSWORD, first_name: overrides.first_name ?? 'Pat', last_name: overrides.last_name ?? role }, 201);
  const userId = Number(accepted.user_id);
  const login = await post('/auth/login/', { email, password: MERCHANT_PASSWORD });
  let session: string;
  let secret: string | null = null;
  let passwordSession: string;
  if (role === 'cashier') {
    session = String(login.token);
    passwordSession = session;
  } else {
    const setup = await post('/auth/mfa/totp/setup/', { mfa_token: login.mfa_token });
    secret = String(setup.secret);
    const confirmed = await post('/auth/mfa/totp/confirm/', { mfa_token: login.mfa_token, code: totpCode(secret) });
    session = String(confirmed.token);
    passwordSession = newToken();
    await insertAccessToken(app.deps.db.db, userId, hashToken(passwordSession), 3600, { kind: 'member', ip });
  }
  const membership = await membershipOf(app.deps.db.db, userId, merchantId);
  if (!membership) throw new Error(`no membership of ${email} at merchant ${merchantId}`);
  return {
    id: userId,
    email,
    password: MERCHANT_PASSWORD,
    merchantId,
    role,
    membershipId: membership.id,
    token: session,
    headers: { authorization: `Bearer ${session}` },
    passwordSession: { authorization: `Bearer ${passwordSession}` },
    secret,
    ip,
  };
}
