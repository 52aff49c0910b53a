// The second factor of staff accounts (OWASP ASVS 5.0 level 2, 6.3.3; docs/security.md "Staff
// console"): TOTP (RFC 6238, SHA-1, 6 digits, 30 s, one step of drift either way) through the
// otpauth library, and one-time recovery codes. A code is never accepted twice: the step it
// matched is kept and only later steps pass.
import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

export const TOTP_ISSUER = 'LocalSaver Console';
/** The label business owners and managers see in their authenticator app. */
export const BUSINESS_TOTP_ISSUER = 'LocalSaver Business';
const PERIOD = 30;
/** How long the step between the password and the second factor lasts. */
export const MFA_CHALLENGE_SECONDS = 600;
/** Wrong codes one sign-in step takes before it is spent (sign in again). */
export const MFA_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = '', issuer = TOTP_ISSUER): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new 160-bit secret (RFC 4226's recommended size), Base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// address the enrolment QR code carries. */
export function totpUrl(secret: string, email: string, issuer = TOTP_ISSUER): string {
  return totp(secret, email, issuer).toString();
}

/** The time step a code matches (now, or one step either side), or null. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of a step (tests and the console's own checks). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/** Ten codes of ten Base32 characters (50 bits each), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: dashes and case do not matter. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase(), 'utf8').digest('hex');
}
