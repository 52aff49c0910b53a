// A ceiling on failed password sign-ins per e-mail address, counted across every client address
// and every instance (the counts live in the database), so guessing one account from many
// addresses is slowed as much as from one (docs/decisions.md, Review fixes (accounts)). Past the
// ceiling, password sign-in for that address pauses for a short time that doubles with each
// further run of failures, up to a quarter of an hour: a guesser gets ten tries per pause, while
// the owner is never locked out for long, can end the pause at once with a password reset by
// e-mail, and is told by e-mail (once a day at most) that sign-in was slowed.
import { formatWait } from '@market/domain/wait-time';
import type { AppDeps } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { tooMany, type AppError } from '../../../lib/errors.ts';
import { SIGN_IN_PAUSED_MAIL } from './mails.ts';
import { deleteLoginThrottle, deleteQuietLoginThrottles, findLoginPauseSeconds, lockLoginThrottle, updateLoginThrottle, type LoginThrottle } from '../repository.ts';

/** The numbers of a ceiling on failures (this one, and the second factor's: second-factor-ceiling.ts). */
export interface FailureLimits {
  /** Failures within windowSeconds that start a pause. */
  failures: number;
  windowSeconds: number;
  firstPauseSeconds: number;
  longestPauseSeconds: number;
  /** After this long without a failure the next pause is a first one again. */
  quietSeconds: number;
  /** The owner is told at most once in this time. */
  noticeSeconds: number;
}

export const ACCOUNT_SIGN_IN_LIMITS = {
  /** Failures within windowSeconds that start a pause. */
  failures: 10,
  windowSeconds: 15 * 60,
  firstPauseSeconds: 60,
  longestPauseSeconds: 15 * 60,
  /** After a quiet day the next pause is a first one again (and the row can go). */
  quietSeconds: 24 * 3600,
  /** The owner is told at most once in this time. */
  noticeSeconds: 24 * 3600,
} as const satisfies FailureLimits;

const secondsBetween = (later: Date, earlier: Date) => (later.getTime() - earlier.getTime()) / 1000;

/**
 * The count after one more failure at `now` (the database's clock), and whether a pause begins
 * that the owner must be told of.
 */
export function countFailure(state: LoginThrottle, now: Date, limits: FailureLimits = ACCOUNT_SIGN_IN_LIMITS): { next: LoginThrottle; notify: boolean } {
  const quiet = secondsBetween(now, state.updatedAt) >= limits.quietSeconds;
  const inWindow = !quiet && secondsBetween(now, state.windowStartedAt) < limits.windowSeconds;
  const next: LoginThrottle = {
    failures: inWindow ? state.failures + 1 : 1,
    windowStartedAt: inWindow ? state.windowStartedAt : now,
    blockedUntil: state.blockedUntil,
    blocks: quiet ? 0 : state.blocks,
    notifiedAt: state.notifiedAt,
    updatedAt: now,
  };
  if (next.failures < limits.failures) return { next, notify: false };
  // The failure that reaches the ceiling starts a pause.
  next.blocks += 1;
  const pause = Math.min(limits.firstPauseSeconds * 2 ** (next.blocks - 1), limits.longestPauseSeconds);
  next.blockedUntil = new Date(now.getTime() + pause * 1000);
  next.failures = 0;
  next.windowStartedAt = now;
  const notify = !state.notifiedAt || secondsBetween(now, state.notifiedAt) >= limits.noticeSeconds;
  if (notify) next.notifiedAt = now;
  return { next, notify };
}

/** The answer while password sign-in for an address is paused. */
export function signInPausedError(seconds: number): AppError {
  return tooMany(`Too many failed sign-in attempts for this account. Please try again in ${formatWait(seconds)}, or reset your password by e-mail.`, seconds);
}

/** Seconds left of the pause on password sign-in for this e-mail address; 0 when there is none. */
export function signInPauseSeconds(db: Database, email: string): Promise<number> {
  return findLoginPauseSeconds(db, email);
}

/**
 * Counts a failed password sign-in for an e-mail address, account or not (the answers must not
 * tell which), and queues the owner's notice when a pause begins.
 */
export async function recordSignInFailure(deps: Pick<AppDeps, 'db' | 'mail'>, email: string): Promise<void> {
  const notify = await deps.db.db.transaction(async (tx) => {
    const { state, now } = await lockLoginThrottle(tx, email);
    const { next, notify } = countFailure(state, now);
    await updateLoginThrottle(tx, email, next);
    return notify;
  });
  // The worker sends nothing when the address has no account.
  if (notify) await deps.mail.enqueue(SIGN_IN_PAUSED_MAIL, email);
  await deleteQuietLoginThrottles(deps.db.db, ACCOUNT_SIGN_IN_LIMITS.quietSeconds);
}

/** Ends the count for an address: after a successful sign-in or a password reset. */
export function clearSignInFailures(db: Database, email: string): Promise<void> {
  return deleteLoginThrottle(db, email);
}
