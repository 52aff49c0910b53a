// A ceiling on wrong second-factor codes per account (docs/decisions.md "Second factor ceiling"),
// counted in the database across every sign-in step, client address and instance: a step allows
// 5 codes, but whoever has the password can open as many steps as they like, so the step alone
// is no ceiling. A right password does not touch this count; a right second factor ends it, and so
// does an admin's reset of a staff member's factor.
//
// Past 10 wrong codes in a day, 6-digit codes for the account are refused (429 with Retry-After)
// for 15 minutes, twice as long with each further run of 10, up to 8 hours: at most 80 codes are
// checked in any day (70 of them in the first 8 hours), 30 a day while the guessing goes on
// (SECOND_FACTOR_GUESSES_PER_DAY, shown by the tests). The owner is told by e-mail when a pause
// starts (once a day at most): wrong codes after a right password mean the password is known. A
// recovery code is still checked during a pause, so the owner always has a way in.
import { formatWait } from '@market/domain/wait-time';
import type { Database } from '../../../db/client.ts';
import { tooMany, type AppError } from '../../../lib/errors.ts';
import { deleteSecondFactorThrottle, findSecondFactorThrottle, saveSecondFactorThrottle, type LoginThrottle } from '../repository.ts';
import { countFailure, type FailureLimits } from './sign-in-throttle.ts';

export const SECOND_FACTOR_LIMITS = {
  failures: 10,
  windowSeconds: 24 * 3600,
  firstPauseSeconds: 15 * 60,
  longestPauseSeconds: 8 * 3600,
  quietSeconds: 24 * 3600,
  noticeSeconds: 24 * 3600,
} as const satisfies FailureLimits;

/**
 * The most 6-digit codes an attacker with the password gets checked for one account in any 24
 * hours (runs of 10 at 0 h, 0.25 h, 0.75 h, 1.75 h, 3.75 h, 7.75 h, 15.75 h and 23.75 h), and a day
 * once the pauses have reached their longest. The tests replay countFailure to check both.
 */
export const SECOND_FACTOR_GUESSES_PER_DAY = { mostInAnyDay: 80, sustained: 30 } as const;

export interface SecondFactorCeiling {
  state: LoginThrottle | null;
  now: Date;
  /** Whole seconds left of a running pause; 0 when none runs. */
  pausedSeconds: number;
}

/** Where the account stands. Call with the account locked (lockUserById). */
export async function readSecondFactorCeiling(tx: Database, userId: number): Promise<SecondFactorCeiling> {
  const { state, now } = await findSecondFactorThrottle(tx, userId);
  const until = state?.blockedUntil?.getTime() ?? 0;
  return { state, now, pausedSeconds: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0 };
}

/**
 * Counts one wrong code (in the caller's transaction, the account locked); answers the seconds of
 * a pause that this code started (0 when none did) and whether the owner must be told.
 */
export async function recordSecondFactorFailure(tx: Database, userId: number, ceiling: SecondFactorCeiling): Promise<{ pauseStarted: number; notify: boolean }> {
  const { now } = ceiling;
  const state = ceiling.state ?? { failures: 0, windowStartedAt: now, blockedUntil: null, blocks: 0, notifiedAt: null, updatedAt: now };
  const { next, notify } = countFailure(state, now, SECOND_FACTOR_LIMITS);
  await saveSecondFactorThrottle(tx, userId, next);
  // countFailure empties the count only when it starts a pause.
  const started = next.failures === 0 && next.blockedUntil !== null;
  return { pauseStarted: started ? Math.ceil((next.blockedUntil!.getTime() - now.getTime()) / 1000) : 0, notify };
}

/** Ends the count: a right second factor, or an admin's reset of the factor. */
export function clearSecondFactorFailures(tx: Database, userId: number): Promise<void> {
  return deleteSecondFactorThrottle(tx, userId);
}

/** The answer while an account's second-factor checks are paused. */
export function secondFactorPausedError(seconds: number): AppError {
  return tooMany(
    `Too many wrong codes for this account. Codes from your authenticator app are not checked for ${formatWait(seconds)}; a recovery code still works. The account's owner is told by e-mail.`,
    seconds,
  );
}
