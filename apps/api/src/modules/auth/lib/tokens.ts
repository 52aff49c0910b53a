// Secrets handed to members: bearer access tokens and the one-time tokens of mailed links. Made by
// a CSPRNG (256 bits, above the 128 the issue asks for); only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_SECONDS } from '@market/domain/constants';

/** Access tokens live as long as the auth cookie (SPEC.md 9: 2592000 s). */
export const ACCESS_TOKEN_SECONDS = AUTH_COOKIE_SECONDS;
/** Password reset links expire within an hour; verification links within a day. */
export const RESET_TOKEN_SECONDS = 3600;
export const VERIFY_TOKEN_SECONDS = 86_400;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A staff session lasts 12 hours at most, and ends after 30 idle minutes (docs/security.md). */
export const STAFF_SESSION_SECONDS = 12 * 3600;
export const STAFF_IDLE_SECONDS = 30 * 60;
/**
 * How stale a session's last-used time may get before a call writes it again: often enough for the
 * staff idle clock and the sessions list, rarely enough that calls stay reads.
 */
export const TOUCH_AFTER_SECONDS = { staff: 60, member: 3600 } as const;
