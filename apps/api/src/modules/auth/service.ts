// Member accounts: sign-up, log in/out, the mailed password-reset and verification links, profile,
// password change and account deletion (SPEC.md 3, 5, 7;
// docs/decisions.md "Review fixes (accounts)").
import { parseOptions } from '@node-rs/argon2';
import type { Registration } from '@market/domain/validation/registration';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@market/domain/validation/profile';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { runAccountDeletionSteps } from './lib/account-deletion.ts';
import { ACCOUNT_EXISTS_MAIL, RESET_MAIL, SECOND_FACTOR_PAUSED_MAIL, STAFF_ACCOUNT_CHANGED_MAIL, VERIFY_MAIL, type StaffAccountChange } from './lib/mails.ts';
import { SECOND_FACTOR_LIMITS, clearSecondFactorFailures, readSecondFactorCeiling, recordSecondFactorFailure, secondFactorPausedError } from './lib/second-factor-ceiling.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './lib/passwords.ts';
import { BUSINESS_TOTP_ISSUER, MFA_CHALLENGE_SECONDS, MFA_MAX_ATTEMPTS, TOTP_ISSUER, hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUrl } from './lib/second-factor.ts';
import { INVITATION_MAIL, invitationLink } from './lib/invitation-mail.ts';
import {
  consumeOneTimeToken,
  deleteDeadAccessTokens,
  deleteDeadAuthRows,
  deleteQuietLoginThrottles,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  consumeRecoveryCode,
  findInvitations,
  findLiveSessions,
  findStaffAccounts,
  hasActiveAdmin,
  hasRecentBootstrapInvitation,
  insertAccessToken,
  insertInvitation,
  insertMfaChallenge,
  insertUserIfNew,
  lockLiveMfaChallenge,
  lockPendingInvitation,
  lockUserById,
  findLiveMfaChallengeUser,
  countMfaAttempt,
  advanceTotpLastStep,
  deleteQuietSecondFactorThrottles,
  markInvitationAccepted,
  replaceRecoveryCodes,
  revokePendingBootstrapInvitations,
  revokeSession,
  updateMfaChallenge,
  type InvitationRow,
  type SessionFacts,
  retireOneTimeTokens,
  revokeAccessToken,
  revokeAllAccessTokens,
  revokeOtherAccessTokens,
  updateUser,
  type UserRow,
} from './repository.ts';
import type { LoginOut, UserInfoOut } from './schema.ts';
import { ADDRESS_MAILS_REACHED, deleteStaleSends, takeAddressMail } from './lib/send-limits.ts';
import { ACCOUNT_SIGN_IN_LIMITS, clearSignInFailures, recordSignInFailure, signInPausedError, signInPauseSeconds } from './lib/sign-in-throttle.ts';
import { ACCESS_TOKEN_SECONDS, STAFF_SESSION_SECONDS, hashToken, newToken } from './lib/tokens.ts';
import { sql } from 'drizzle-orm';
import { guessablePasswordMessage } from '@market/domain/validation/password-policy';
import { MARKETS, type MarketId } from '@market/domain/markets';
import type { SessionOut } from '@market/domain/api/staff';
import type { MerchantRole, StaffRole } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/service.ts';
import { joinTeam, needsSecondFactor } from '../merchant-access/lib/access.ts';

/**
 * The same answer for a new and an already registered e-mail (no account enumeration,
 * docs/security.md).
 */
export const REGISTERED_DETAIL = 'Account created! Check your e-mail to confirm your address.';
export const BAD_CREDENTIALS = 'Unable to log in with the provided credentials.';
export const RESET_REQUESTED_DETAIL = 'If an account exists for this e-mail address, we have sent it a link to reset the password.';
export const RESET_DONE_DETAIL = 'Your password has been reset. You can now log in with the new password.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const VERIFIED_DETAIL = 'Thank you! Your e-mail address is confirmed.';
export const VERIFY_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const WRONG_PASSWORD = 'Your password is incorrect.';

function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The profile a member sees (GET/PUT /auth/user/info/; SPEC.md 3 User info plus the sign-up fields). */
export function userInfo(user: UserRow): UserInfoOut {
  return {
    id: user.id,
    name: displayName(user),
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    state: user.state,
    zipcode: user.zip,
    birthday: user.birthday,
    promotions_agree: user.promotionsAgree,
    email_verified: user.emailVerifiedAt !== null,
  };
}

async function issueAccessToken(db: Database, user: UserRow, facts: SessionFacts = {}): Promise<LoginOut> {
  const token = newToken();
  const seconds = facts.kind === 'staff' ? STAFF_SESSION_SECONDS : ACCESS_TOKEN_SECONDS;
  const expiresAt = await insertAccessToken(db, user.id, hashToken(token), seconds, facts);
  return {
    token,
    expires: Math.floor(expiresAt.getTime() / 1000),
    user: { id: user.id, name: displayName(user), email: user.email, first_name: user.firstName },
  };
}

/**
 * Signs a member up and mails the verification link. An e-mail that already has an account gets
 * the same answer, and its owner a notice instead (docs/decisions.md).
 */
export async function register(deps: AppDeps, input: Registration): Promise<{ detail: string }> {
  // Hashing first keeps the answer time the same for new and known e-mails.
  const passwordHash = await hashPassword(input.password);
  const id = await insertUserIfNew(deps.db.db, {
    email: input.email,
    passwordHash,
    firstName: input.first_name,
    lastName: input.last_name,
    state: input.state,
    zip: input.zipcode,
    birthday: input.birthday ?? null,
    trackingId: input.tracking_id ?? null,
    promotionsAgree: input.promotions_agree,
  });
  // Past the address's hourly mails the answer is the same and nothing is sent (send-limits.ts).
  if (await takeAddressMail(deps.db.db, input.email)) {
    if (id !== null) await deps.mail.enqueue(VERIFY_MAIL, input.email, { userId: id });
    else await deps.mail.enqueue(ACCOUNT_EXISTS_MAIL, input.email);
  }
  return { detail: REGISTERED_DETAIL };
}

export type LoginResult =
  | { kind: 'ok'; answer: LoginOut | MfaStepOut }
  | { kind: 'wrong' }
  | { kind: 'paused'; seconds: number }
  | { kind: 'disabled' };

export type MfaStepOut = { mfa_required: true; mfa_token: string } | { mfa_enrolment_required: true; mfa_token: string };

export const ACCOUNT_DISABLED = 'This account has been disabled. Contact your LocalSaver administrator.';

/**
 * Checks e-mail and password; answers a new 30-day bearer token (SPEC.md 4, 9). While password
 * sign-in for the address is paused the password is not even checked; a wrong one counts towards
 * the next pause, whether or not the address has an account (sign-in-throttle.ts).
 */
export async function login(deps: AppDeps, input: { email: string; password: string }, facts: SessionFacts = {}): Promise<LoginResult> {
  const paused = await signInPauseSeconds(deps.db.db, input.email);
  if (paused > 0) return { kind: 'paused', seconds: paused };
  const user = await findUserByEmail(deps.db.db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordSignInFailure(deps, input.email);
    return { kind: 'wrong' };
  }
  await clearSignInFailures(deps.db.db, user.email);
  const stored = parseOptions(user.passwordHash);
  if (stored.memoryCost !== ARGON2_OPTIONS.memoryCost || stored.timeCost !== ARGON2_OPTIONS.timeCost || stored.parallelism !== ARGON2_OPTIONS.parallelism) {
    // Hashes made with older parameters are upgraded the next time their password is seen.
    await updateUser(deps.db.db, user.id, { passwordHash: await hashPassword(input.password) });
  }
  await deleteDeadAccessTokens(deps.db.db, user.id);
  // Told only after the right password, so the answer never says which addresses have accounts.
  if (user.disabledAt) return { kind: 'disabled' };
  // Staff accounts, and the owners and managers of a business, need their second factor before
  // any session (ASVS 6.3.3; docs/security.md "Merchant centre"). Cashiers sign in with a password.
  if (user.role || (await needsSecondFactor(deps.db.db, user.id))) return { kind: 'ok', answer: await startMfaStep(deps.db.db, user, facts) };
  return { kind: 'ok', answer: await issueAccessToken(deps.db.db, user, { ...facts, kind: 'member' }) };
}

async function startMfaStep(db: Database, user: UserRow, facts: SessionFacts): Promise<MfaStepOut> {
  const token = newToken();
  const enrolled = user.totpEnrolledAt !== null;
  await insertMfaChallenge(db, user.id, hashToken(token), enrolled ? 'verify' : 'enrol', MFA_CHALLENGE_SECONDS, facts.userAgent ?? null);
  return enrolled ? { mfa_required: true, mfa_token: token } : { mfa_enrolment_required: true, mfa_token: token };
}

export const MFA_STEP_INVALID = 'This sign-in step has expired. Please sign in again.';
export const MFA_CODE_WRONG = 'That code is not right. Check the time on your phone and try again.';
export const MFA_TOO_MANY = 'Too many wrong codes. Please sign in again.';

/**
 * The live step of a token and its account, both locked: the account first (the order an account's
 * deletion takes them in), so every check of one account's codes runs one at a time on every
 * instance. A spent, unknown or used-up step is a 400 on mfa_token; so is an enrolment step of an
 * account that has enrolled since it began.
 */
async function lockStep(tx: Database, mfaToken: string, purpose: 'verify' | 'enrol') {
  const tokenHash = hashToken(mfaToken);
  const userId = await findLiveMfaChallengeUser(tx, tokenHash);
  const user = userId === null ? null : await lockUserById(tx, userId);
  const step = user ? await lockLiveMfaChallenge(tx, tokenHash) : null;
  if (!user || !step || step.userId !== user.id || step.purpose !== purpose || step.attempts >= MFA_MAX_ATTEMPTS) throw invalid('mfa_token', MFA_STEP_INVALID);
  if (purpose === 'enrol' && user.totpEnrolledAt) throw invalid('mfa_token', MFA_STEP_INVALID);
  if (user.disabledAt || !(user.role || (await needsSecondFactor(tx, user.id)))) throw invalid('mfa_token', MFA_STEP_INVALID);
  return { step, user };
}

/**
 * Counts a check of a code on its step, in the transaction that holds the step, before the code
 * is looked at: a step never checks more than MFA_MAX_ATTEMPTS codes, however many race.
 */
async function countCheck(tx: Database, stepId: number): Promise<number> {
  const attempts = await countMfaAttempt(tx, stepId, MFA_MAX_ATTEMPTS);
  if (attempts === null) throw invalid('mfa_token', MFA_TOO_MANY);
  return attempts;
}

/**
 * Starts TOTP enrolment for a staff account that has none: a new secret, kept pending until a code
 * from it is confirmed. Asking again replaces the pending secret.
 */
export async function setupTotp(deps: AppDeps, mfaToken: string): Promise<{ secret: string; otpauth_url: string }> {
  return deps.db.db.transaction(async (tx) => {
    const { user } = await lockStep(tx as Database, mfaToken, 'enrol');
    const secret = newTotpSecret();
    await updateUser(tx, user.id, { totpSecret: secret, totpEnrolledAt: null, totpLastStep: null });
    return { secret, otpauth_url: totpUrl(secret, user.email, user.role ? TOTP_ISSUER : BUSINESS_TOTP_ISSUER) };
  });
}

/** The refusal of a wrong code (after its transaction committed the count): the step is spent after MFA_MAX_ATTEMPTS. */
function wrongCode(attempts: number): never {
  if (attempts >= MFA_MAX_ATTEMPTS) throw invalid('mfa_token', MFA_TOO_MANY);
  throw invalid('code', MFA_CODE_WRONG);
}

/**
 * Confirms enrolment with a code of the pending secret: the factor is on, ten recovery codes are
 * answered once, and a staff session starts. Concurrent confirms of one account run one at a time
 * (lockStep): the first enrols, the others find the account enrolled.
 */
export async function confirmTotp(deps: AppDeps, input: { mfa_token: string; code: string }, facts: SessionFacts): Promise<LoginOut & { recovery_codes: string[] }> {
  const outcome = await deps.db.db.transaction(async (tx) => {
    const { step, user } = await lockStep(tx as Database, input.mfa_token, 'enrol');
    if (!user.totpSecret) throw invalid('code', 'Set up your authenticator app first.');
    const attempts = await countCheck(tx as Database, step.id);
    const matched = /^\d{6}$/.test(input.code) ? matchTotp(user.totpSecret, input.code) : null;
    if (matched === null || !(await advanceTotpLastStep(tx, user.id, matched))) return { wrong: attempts, answer: null };
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
    const updated = await updateUser(tx, user.id, { totpEnrolledAt: new Date() });
    await updateMfaChallenge(tx, step.id, { used: true });
    await clearSecondFactorFailures(tx as Database, user.id);
    return { wrong: null, answer: { ...(await issueAccessToken(tx as Database, updated!, { ...facts, kind: 'staff' })), recovery_codes: codes } };
  });
  if (outcome.wrong !== null) return wrongCode(outcome.wrong);
  return outcome.answer!;
}

type VerifyOutcome = { kind: 'ok'; answer: LoginOut } | { kind: 'paused'; seconds: number; notify: { userId: number; email: string } | null } | { kind: 'wrong'; attempts: number };

/**
 * The second factor at sign-in: a TOTP code not used before, or an unused recovery code. Every
 * check of an account's codes runs behind the account's row lock: the step's count is taken before
 * the code is looked at (5 a step), a code signs in once, and wrong codes count towards the
 * account's ceiling (second-factor-ceiling.ts). While that ceiling pauses the account, 6-digit
 * codes are refused unchecked (429); a recovery code is still checked, so the owner can get in.
 */
export async function verifySecondFactor(deps: AppDeps, input: { mfa_token: string; code: string }, facts: SessionFacts): Promise<LoginOut> {
  const outcome = await deps.db.db.transaction(async (tx): Promise<VerifyOutcome> => {
    const { step, user } = await lockStep(tx as Database, input.mfa_token, 'verify');
    const totp = /^\d{6}$/.test(input.code);
    const ceiling = await readSecondFactorCeiling(tx as Database, user.id);
    if (totp && ceiling.pausedSeconds > 0) return { kind: 'paused', seconds: ceiling.pausedSeconds, notify: null };
    const attempts = await countCheck(tx as Database, step.id);
    let ok: boolean;
    if (totp) {
      const matched = user.totpSecret ? matchTotp(user.totpSecret, input.code) : null;
      // A code already used (or an older one) is refused: a code seen over a shoulder is spent.
      ok = matched !== null && (await advanceTotpLastStep(tx, user.id, matched));
    } else ok = await consumeRecoveryCode(tx, user.id, hashRecoveryCode(input.code));
    if (!ok) {
      const { pauseStarted, notify } = await recordSecondFactorFailure(tx as Database, user.id, ceiling);
      if (pauseStarted > 0) return { kind: 'paused', seconds: pauseStarted, notify: notify ? { userId: user.id, email: user.email } : null };
      return { kind: 'wrong', attempts };
    }
    await clearSecondFactorFailures(tx as Database, user.id);
    await updateMfaChallenge(tx, step.id, { used: true });
    return { kind: 'ok', answer: await issueAccessToken(tx as Database, user, { ...facts, kind: 'staff' }) };
  });
  if (outcome.kind === 'ok') return outcome.answer;
  if (outcome.kind === 'wrong') return wrongCode(outcome.attempts);
  if (outcome.notify) {
    await deps.mail.enqueue(SECOND_FACTOR_PAUSED_MAIL, outcome.notify.email, { userId: outcome.notify.userId, seconds: outcome.seconds, longestSeconds: SECOND_FACTOR_LIMITS.longestPauseSeconds });
  }
  throw secondFactorPausedError(outcome.seconds);
}

/** The live sessions of the caller's account. */
export async function listSessions(deps: AppDeps, userId: number, currentTokenHash: string): Promise<SessionOut[]> {
  const rows = await findLiveSessions(deps.db.db, userId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    user_agent: r.userAgent,
    ip: r.ip,
    current: r.tokenHash === currentTokenHash,
  }));
}

export const SESSION_NOT_FOUND = 'There is no such session of yours.';

/** Ends one of the caller's own sessions. */
export async function endOwnSession(deps: AppDeps, userId: number, sessionId: number): Promise<void> {
  if (!(await revokeSession(deps.db.db, userId, sessionId))) throw new AppError('not_found', SESSION_NOT_FOUND);
}

/** Ends every session of an account (an admin's act, or a disabled account). */
export async function endAllSessions(db: Database, userId: number): Promise<void> {
  await revokeAllAccessTokens(db, userId);
}

export const INVITATION_SECONDS = 72 * 3600;
export const INVITATION_INVALID = 'This invitation is invalid, was already used or has expired. Ask your administrator for a new one.';
export const INVITATION_PASSWORD_MISMATCH = 'This e-mail address already has a LocalSaver account: enter its password to accept.';

export interface StaffInvitationInput {
  email: string;
  role: StaffRole;
  markets: string[] | null;
}

/**
 * Records an invitation to the staff console; mailInvitation sends it once the transaction that
 * made it has committed (the mail worker then gives it its token, so the token exists in plain
 * text only in the mail). The link works once, for 72 hours.
 */
export async function inviteStaff(db: Database, input: StaffInvitationInput, invitedBy: number | null): Promise<InvitationRow> {
  return insertInvitation(db, { tokenHash: hashToken(newToken()), email: input.email, kind: 'staff', role: input.role, markets: input.markets, invitedBy }, INVITATION_SECONDS);
}

/**
 * Records an invitation to a merchant's team (docs/api.md "Merchant centre"); mailed like a staff
 * one (mailInvitation after the commit), once, for 72 hours.
 */
export async function inviteToMerchant(db: Database, input: { email: string; role: MerchantRole; merchantId: number; locationIds: number[] | null }, invitedBy: number | null): Promise<InvitationRow> {
  return insertInvitation(
    db,
    { tokenHash: hashToken(newToken()), email: input.email, kind: 'merchant', role: input.role, markets: null, merchantId: input.merchantId, locationIds: input.locationIds, invitedBy },
    INVITATION_SECONDS,
  );
}

/** Queues the mail of an invitation (call after its transaction committed). */
export async function mailInvitation(deps: AppDeps, invitation: Pick<InvitationRow, 'id' | 'email'>, link?: string): Promise<void> {
  await deps.mail.enqueue(INVITATION_MAIL, invitation.email, { invitationId: invitation.id, ...(link ? { link } : {}) });
}

/**
 * The first admin (docs/operations.md "First admin"): with no admin, an invitation for
 * STAFF_BOOTSTRAP_EMAIL, mailed and its link answered for the log. A pending bootstrap invitation
 * from an earlier start is replaced, so the link in the newest log is the one that works; another
 * instance starting at the same moment does not make a second one.
 */
export async function bootstrapAdminInvitation(deps: AppDeps, email: string): Promise<string | null> {
  const made = await deps.db.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff-bootstrap'))`);
    if (await hasActiveAdmin(tx)) return null;
    if (await hasRecentBootstrapInvitation(tx, 60)) return null;
    await revokePendingBootstrapInvitations(tx);
    const token = newToken();
    const row = await insertInvitation(tx, { tokenHash: hashToken(token), email, kind: 'staff', role: 'admin', markets: null, invitedBy: null }, INVITATION_SECONDS);
    return { row, link: invitationLink(deps.env, token) };
  });
  if (!made) return null;
  await mailInvitation(deps, made.row, made.link);
  return made.link;
}

export const INVITATION_STAFF_ACCOUNT = 'A LocalSaver staff account cannot join a business’s team. Ask for the invitation to be sent to another e-mail address.';

/**
 * Accepts an invitation: creates the account (its address is proven by the mailed link), or, when
 * the address already has one, checks its password and gives it the role. Works once.
 *
 * A staff invitation gives the account its staff role; a merchant invitation puts it on the
 * merchant's team (docs/security.md "Merchant centre"). An existing account's password is counted
 * like a sign-in (sign-in-throttle.ts), so the link alone never helps guess it; a staff account
 * cannot join a business's team (it would review its own offers).
 */
export async function acceptInvitation(deps: AppDeps, input: { token: string; password: string; first_name: string; last_name: string }): Promise<{ detail: string; user_id: number }> {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashToken(input.token);
  // The password of an existing account is checked (and a wrong one counted) before the
  // transaction: the throttle writes through its own connection.
  const pending = await lockPendingInvitation(deps.db.db, tokenHash);
  const existing = pending ? await findUserByEmail(deps.db.db, pending.email) : null;
  if (pending && existing) {
    const paused = await signInPauseSeconds(deps.db.db, existing.email);
    if (paused > 0) throw signInPausedError(paused);
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      await recordSignInFailure(deps, existing.email);
      throw invalid('password', INVITATION_PASSWORD_MISMATCH);
    }
  }
  return deps.db.db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, tokenHash);
    if (!invitation) throw invalid('token', INVITATION_INVALID);
    const merchant = invitation.kind === 'merchant';
    if (merchant && (!invitation.merchantId || !(['owner', 'manager', 'cashier'] as const).includes(invitation.role as MerchantRole))) throw invalid('token', INVITATION_INVALID);
    const guessable = guessablePasswordMessage(input.password, invitation.email);
    let user = await findUserByEmail(tx, invitation.email);
    if (user) {
      if (!(await verifyPassword(user.passwordHash, input.password))) throw invalid('password', INVITATION_PASSWORD_MISMATCH);
      if (merchant) {
        if (user.role) throw invalid('token', INVITATION_STAFF_ACCOUNT);
        if (user.disabledAt) throw new AppError('forbidden', ACCOUNT_DISABLED);
        if (!user.emailVerifiedAt) user = await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
      } else {
        user = await updateUser(tx, user.id, { role: invitation.role as StaffRole, staffMarkets: invitation.markets, disabledAt: null, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }) });
      }
    } else {
      if (guessable) throw invalid('password', guessable);
      const market = invitation.markets?.[0];
      const id = await insertUserIfNew(tx, {
        email: invitation.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        state: market ? (MARKETS[market as MarketId]?.state ?? '') : '',
        zip: '',
        ...(merchant ? {} : { role: invitation.role as StaffRole, staffMarkets: invitation.markets }),
        emailVerifiedAt: new Date(),
      });
      user = id === null ? null : await findUserById(tx, id);
    }
    if (!user) throw invalid('token', INVITATION_INVALID);
    await markInvitationAccepted(tx, invitation.id, user.id);
    if (merchant) {
      const role = invitation.role as MerchantRole;
      const member = await joinTeam(tx, { merchantId: invitation.merchantId!, userId: user.id, role, locationIds: role === 'cashier' ? (invitation.locationIds ?? []) : null, invitedBy: invitation.invitedBy });
      // A session from before the new role could act for the team without its second factor.
      if (role !== 'cashier') await revokeAllAccessTokens(tx, user.id);
      await recordAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'merchant_member.accept_invitation',
        entity: 'merchant_member',
        entityId: member.id,
        after: { merchant_id: invitation.merchantId, user_id: user.id, role, location_ids: member.locationIds, invitation_id: invitation.id, existing_account: existing !== null },
      });
      const detail = role === 'cashier' ? 'You are on the team. Sign in to the business centre with your password.' : 'You are on the team. Sign in to the business centre to set up your authenticator app.';
      return { detail, user_id: user.id };
    }
    await revokeAllAccessTokens(tx, user.id);
    await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'staff.accept_invitation', entity: 'staff', entityId: String(user.id), after: { role: invitation.role, markets: invitation.markets, invitation_id: invitation.id } });
    return { detail: 'Your account is ready. Sign in to set up your authenticator app.', user_id: user.id };
  });
}

/** Revokes the token the call was made with. */
export async function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  await revokeAccessToken(deps.db.db, tokenHash);
}

/**
 * Queues the reset mail; whether the e-mail has an account is decided by the worker. Past the
 * address's hourly mails (send-limits.ts) nothing is queued and the answer is the same, so it
 * tells nobody whether the address has an account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<{ detail: string }> {
  if (await takeAddressMail(deps.db.db, email)) await deps.mail.enqueue(RESET_MAIL, email);
  return { detail: RESET_REQUESTED_DETAIL };
}

/** Sets a new password with a mailed one-time token; every access token of the member is revoked. */
export async function resetPassword(deps: AppDeps, input: { id: number; token: string; password: string }): Promise<{ detail: string }> {
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, input.id, 'reset', hashToken(input.token)))) return false;
    // The link reached the member's mailbox, which also proves the address.
    const user = await findUserById(tx, input.id);
    await updateUser(tx, input.id, { passwordHash, passwordChangedAt: new Date(), ...(user?.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }) });
    await retireOneTimeTokens(tx, input.id, 'reset');
    await revokeAllAccessTokens(tx, input.id);
    // The owner proved the mailbox: a pause that wrong passwords started ends here.
    if (user) await clearSignInFailures(tx as Database, user.email);
    return true;
  });
  if (!done) throw new AppError('invalid', RESET_LINK_INVALID);
  return { detail: RESET_DONE_DETAIL };
}

/** Confirms the e-mail address with the mailed one-time token. */
export async function verifyUser(deps: AppDeps, input: { id: number; token: string }): Promise<{ detail: string }> {
  const done = await deps.db.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, input.id, 'verify', hashToken(input.token)))) return false;
    await updateUser(tx, input.id, { emailVerifiedAt: new Date() });
    return true;
  });
  if (!done) throw new AppError('invalid', VERIFY_LINK_INVALID);
  return { detail: VERIFIED_DETAIL };
}

export const ALREADY_VERIFIED_DETAIL = 'Your e-mail address is already confirmed.';

/**
 * Mails a signed-in member a new verification link (the worker retires the old one), for the
 * member who lost the first one: contest entries need a confirmed address.
 */
export async function resendVerification(deps: AppDeps, userId: number): Promise<{ detail: string }> {
  const user = await memberOrFail(deps.db.db, userId);
  if (user.emailVerifiedAt) return { detail: ALREADY_VERIFIED_DETAIL };
  // The member's own address: saying it is the limit reveals nothing.
  if (!(await takeAddressMail(deps.db.db, user.email))) throw new AppError('too_many', ADDRESS_MAILS_REACHED);
  await deps.mail.enqueue(VERIFY_MAIL, user.email, { userId: user.id });
  return { detail: `We have sent a new confirmation link to ${user.email}.` };
}

async function memberOrFail(db: Database, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  // The guard saw the account a moment ago; it can only be gone if it was just deleted.
  if (!user) throw new AppError('unauthorized', 'Your session has expired. Please log in again.');
  return user;
}

export async function getUserInfo(deps: AppDeps, userId: number): Promise<UserInfoOut> {
  return userInfo(await memberOrFail(deps.db.db, userId));
}

/** Changes the profile fields that were sent (the e-mail address is not changed here). */
export async function updateUserInfo(deps: AppDeps, userId: number, input: z.output<typeof profileUpdateSchema>): Promise<UserInfoOut> {
  const values: Partial<UserRow> = {};
  if (input.first_name !== undefined) values.firstName = input.first_name;
  if (input.last_name !== undefined) values.lastName = input.last_name;
  if (input.state !== undefined) values.state = input.state;
  if (input.zipcode !== undefined) values.zip = input.zipcode;
  if (input.birthday !== undefined) values.birthday = input.birthday;
  if (input.promotions_agree !== undefined) values.promotionsAgree = input.promotions_agree;
  if (!Object.keys(values).length) return getUserInfo(deps, userId);
  const user = await updateUser(deps.db.db, userId, values);
  if (!user) throw new AppError('unauthorized', 'Your session has expired. Please log in again.');
  return userInfo(user);
}

/**
 * Changes the password after checking the current one. Every token of the member is revoked; the
 * answer carries a fresh one so the device that made the change stays logged in.
 */
export async function changePassword(deps: AppDeps, userId: number, input: { password: string; new_password: string }): Promise<LoginOut> {
  const user = await checkOwnPassword(deps, userId, input.password, 'password');
  const passwordHash = await hashPassword(input.new_password);
  return deps.db.db.transaction(async (tx) => {
    await revokeAllAccessTokens(tx, user.id);
    await retireOneTimeTokens(tx, user.id, 'reset');
    const updated = await updateUser(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
    return issueAccessToken(tx as Database, updated!);
  });
}

/**
 * Deletes the account after checking the password: the steps of every module erase or anonymise
 * its rows (deps.accountDeletionSteps), then the member row goes with its tokens, preferences and saved items.
 */
export async function deleteAccount(deps: AppDeps, userId: number, input: { password: string }): Promise<void> {
  const user = await checkOwnPassword(deps, userId, input.password, 'password');
  await eraseAccount(deps, user);
}

/**
 * The deletion itself, without the password check: the member's own deletion above, and a staff
 * member carrying out a deletion request from the console (console-members), whose audit entry
 * `inTransaction` writes in the same transaction as the delete.
 */
export async function eraseAccount(deps: AppDeps, user: Pick<UserRow, 'id' | 'email'>, inTransaction?: (tx: Database) => Promise<void>): Promise<void> {
  await deps.db.db.transaction(async (tx) => {
    await runAccountDeletionSteps(deps.accountDeletionSteps, tx, user.id);
    await deleteUserRow(tx, user.id);
    if (inTransaction) await inTransaction(tx as Database);
  });
  // Queued and sent-mail records hold the address too.
  await deps.mail.forgetRecipient(user.email);
}

/** Disables or enables any account; a disabled account's sessions end in the same transaction. */
export async function setAccountDisabled(db: Database, id: number, disabled: boolean): Promise<UserRow | null> {
  const user = await updateUser(db, id, { disabledAt: disabled ? new Date() : null });
  if (disabled) await endAllSessions(db, id);
  return user;
}

/** Any account by id (staff tools read it; never send the row as is). */
export async function accountById(deps: AppDeps, id: number): Promise<UserRow | null> {
  return findUserById(deps.db.db, id);
}

/**
 * Checks the signed-in account's own password again before a sensitive change (a staff or team
 * change, the own e-mail, recovery codes or factor, a new password, deletion), counted like a
 * sign-in (sign-in-throttle.ts): a wrong one towards the account's pause, and 429 while it runs,
 * so a session is no way round the ceiling on guessing the password. Answers the account.
 */
export async function checkOwnPassword(deps: Pick<AppDeps, 'db' | 'mail'>, userId: number, password: string, field = 'current_password'): Promise<UserRow> {
  const user = await memberOrFail(deps.db.db, userId);
  const paused = await signInPauseSeconds(deps.db.db, user.email);
  if (paused > 0) throw signInPausedError(paused);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordSignInFailure(deps, user.email);
    throw invalid(field, WRONG_PASSWORD);
  }
  return user;
}

/** A staff account (or, with anyAccount, any account) by id. */
export async function staffAccount(deps: AppDeps, id: number, options: { anyAccount?: boolean } = {}): Promise<UserRow | null> {
  const user = await findUserById(deps.db.db, id);
  return user && (options.anyAccount || user.role) ? user : null;
}

export async function listStaffAccounts(deps: AppDeps): Promise<UserRow[]> {
  return findStaffAccounts(deps.db.db);
}

export async function listStaffInvitations(deps: AppDeps): Promise<InvitationRow[]> {
  return findInvitations(deps.db.db, 'staff');
}

export async function updateStaffAccount(db: Database, id: number, values: Partial<Pick<UserRow, 'role' | 'staffMarkets' | 'disabledAt'>>): Promise<UserRow | null> {
  return updateUser(db, id, values);
}

/**
 * The clean-up job (console-dashboard lib/jobs.ts): drops dead sessions, one-time links and
 * sign-in steps of every account, and the sign-in failure counts that have gone quiet.
 */
export async function purgeDeadAuthRecords(deps: Pick<AppDeps, 'db'>): Promise<string> {
  const counts = await deleteDeadAuthRows(deps.db.db);
  await deleteQuietLoginThrottles(deps.db.db, ACCOUNT_SIGN_IN_LIMITS.quietSeconds);
  await deleteQuietSecondFactorThrottles(deps.db.db, SECOND_FACTOR_LIMITS.quietSeconds);
  await deleteStaleSends(deps.db.db);
  return `${counts.sessions} ended sessions, ${counts.links} used or expired links, ${counts.steps} spent sign-in steps removed; quiet sign-in counts cleared.`;
}

// ---------------------------------------------------------------------------------------------
// A staff member's own e-mail address and second factor (docs/security.md "Staff console"). The
// password is checked by the caller (checkOwnPassword) before its transaction; these run in it.

export const EMAIL_TAKEN = 'Another account uses this e-mail address.';
export const EMAIL_UNCHANGED = 'This is already your e-mail address.';

/**
 * A new e-mail address for the account: unique among every account (409 on `email`), and every
 * session of the account but `keepTokenHash` (the device making the change) ends.
 */
export async function setOwnEmail(tx: Database, account: { id: number; email: string; tokenHash: string }, email: string): Promise<UserRow> {
  if (email === account.email) throw invalid('email', EMAIL_UNCHANGED);
  const other = await findUserByEmail(tx, email);
  if (other && other.id !== account.id) throw new AppError('conflict', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  let updated: UserRow | null;
  try {
    updated = await updateUser(tx, account.id, { email });
  } catch (error) {
    // Taken by another account between the look-up and the write (users_email_uq).
    if (/users_email_uq|unique/i.test(String((error as { message?: string }).message) + String((error as { cause?: { message?: string } }).cause?.message))) {
      throw new AppError('conflict', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    }
    throw error;
  }
  if (!updated) throw notFound('There is no such account.');
  await revokeOtherAccessTokens(tx, account.id, account.tokenHash);
  return updated;
}

/** Ten new recovery codes for the account (the old ones stop working); answered once. */
export async function replaceOwnRecoveryCodes(tx: Database, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Takes the account's second factor away (its secret and recovery codes) and ends every session,
 * this one too: the next sign-in enrols a new authenticator app, as the first one did.
 */
export async function resetOwnSecondFactor(tx: Database, userId: number): Promise<void> {
  await resetSecondFactor(tx, userId);
  await revokeAllAccessTokens(tx, userId);
}

/**
 * Takes an account's second factor away: its secret, its recovery codes and the count of its
 * wrong codes (a running pause ends), so the next sign-in enrols a new authenticator app. The
 * caller ends the sessions and writes the audit entry in the same transaction.
 */
export async function resetSecondFactor(tx: Database, userId: number): Promise<void> {
  await updateUser(tx, userId, { totpSecret: null, totpEnrolledAt: null, totpLastStep: null });
  await replaceRecoveryCodes(tx, userId, []);
  await clearSecondFactorFailures(tx, userId);
}

/** The notice mail of such a change, queued after the commit: to the old address for a new one. */
export async function mailStaffAccountChange(deps: Pick<AppDeps, 'mail'>, to: string, change: StaffAccountChange, newEmail?: string): Promise<void> {
  await deps.mail.enqueue(STAFF_ACCOUNT_CHANGED_MAIL, to, { change, ...(newEmail ? { newEmail } : {}) });
}
