// Member accounts: sign-up, log in/out, the mailed password-reset and verification links, profile,
// password change and account deletion (SPEC.md 3, 5, 7;
// docs/decisions.md "Review fixes (accounts)").
import { parseOptions } from '@node-rs/argon2';
import type { Registration } from '@market/domain/validation/registration';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@market/domain/validation/profile';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { runAccountDeletionSteps } from './lib/account-deletion.ts';
import { ACCOUNT_EXISTS_MAIL, RESET_MAIL, VERIFY_MAIL } from './lib/mails.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './lib/passwords.ts';
import {
  consumeOneTimeToken,
  deleteDeadAccessTokens,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  insertAccessToken,
  insertUserIfNew,
  retireOneTimeTokens,
  revokeAccessToken,
  revokeAllAccessTokens,
  updateUser,
  type UserRow,
} from './repository.ts';
import type { LoginOut, UserInfoOut } from './schema.ts';
import { clearSignInFailures, recordSignInFailure, signInPauseSeconds } from './lib/sign-in-throttle.ts';
import { ACCESS_TOKEN_SECONDS, hashToken, newToken } from './lib/tokens.ts';

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

async function issueAccessToken(db: Database, user: UserRow): Promise<LoginOut> {
  const token = newToken();
  const expiresAt = await insertAccessToken(db, user.id, hashToken(token), ACCESS_TOKEN_SECONDS);
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
  if (id !== null) await deps.mail.enqueue(VERIFY_MAIL, input.email, { userId: id });
  else await deps.mail.enqueue(ACCOUNT_EXISTS_MAIL, input.email);
  return { detail: REGISTERED_DETAIL };
}

export type LoginResult = { kind: 'ok'; answer: LoginOut } | { kind: 'wrong' } | { kind: 'paused'; seconds: number };

/**
 * Checks e-mail and password; answers a new 30-day bearer token (SPEC.md 4, 9). While password
 * sign-in for the address is paused the password is not even checked; a wrong one counts towards
 * the next pause, whether or not the address has an account (sign-in-throttle.ts).
 */
export async function login(deps: AppDeps, input: { email: string; password: string }): Promise<LoginResult> {
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
  return { kind: 'ok', answer: await issueAccessToken(deps.db.db, user) };
}

/** Revokes the token the call was made with. */
export async function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  await revokeAccessToken(deps.db.db, tokenHash);
}

/** Queues the reset mail; whether the e-mail has an account is decided by the worker. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<{ detail: string }> {
  await deps.mail.enqueue(RESET_MAIL, email);
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
  const user = await memberOrFail(deps.db.db, userId);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalid('password', WRONG_PASSWORD);
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
  const user = await memberOrFail(deps.db.db, userId);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalid('password', WRONG_PASSWORD);
  await deps.db.db.transaction(async (tx) => {
    await runAccountDeletionSteps(deps.accountDeletionSteps, tx, user.id);
    await deleteUserRow(tx, user.id);
  });
  // Queued and sent-mail records hold the address too.
  await deps.mail.forgetRecipient(user.email);
}
