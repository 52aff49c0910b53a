// The server side of the new-password rules (OWASP ASVS 5.0 level 2, 6.2; docs/decisions.md):
// a new password is refused when it is on a list of common and breached passwords, or when it is
// a word of this site's context. The list is the 49,000-entry common-password dictionary that
// zxcvbn-ts ships as data; it is far too large for the saver pages, so only the API imports this
// module and the web forms check the length alone (fields.ts newPasswordField).
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_COMMON, PASSWORD_TOO_PERSONAL } from './fields.ts';
import { changePasswordSchema, passwordResetSchema } from './password.ts';
import { registrationSchema } from './registration.ts';

// The dictionary is lower-case; a capital or two does not make a listed password safe.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** How many distinct passwords the list holds. */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

/** ASVS 6.2.11: the documented context words (the brand and its tagline, SPEC.md 1). */
export const CONTEXT_WORDS = ['localsaver', 'livelifeforless', 'gettherightprofessional'] as const;

const lettersOf = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Whether a password is on the common and breached list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Whether a password is only a context word with digits or signs around it ('LocalSaver2024!'),
 * or the person's own e-mail address or its local part.
 */
export function isContextPassword(password: string, email?: string): boolean {
  const letters = lettersOf(password);
  if ((CONTEXT_WORDS as readonly string[]).includes(letters)) return true;
  if (!email) return false;
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return typed === address || typed === address.split('@')[0];
}

/** The message for a new password the lists refuse, or null. */
export function guessablePasswordMessage(password: string, email?: string): string | null {
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  if (isContextPassword(password, email)) return PASSWORD_TOO_PERSONAL;
  return null;
}

/**
 * Adds the list check to a schema whose `field` holds a new password; the message names the
 * field. It runs beside the other fields' messages, so a form shows them all at once.
 */
function refuseGuessable<T extends z.ZodType>(schema: T, field: string): T {
  return schema.superRefine((value, ctx) => {
    const v = (value ?? {}) as Record<string, unknown>;
    const password = v[field];
    // One message at a time: a password the length rule refuses is not looked up as well.
    if (typeof password !== 'string' || [...password].length < PASSWORD_MIN || password.length > PASSWORD_MAX) return;
    const message = guessablePasswordMessage(password, typeof v.email === 'string' ? v.email : undefined);
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }) as T;
}

/** POST /auth/register/ on the server: the shared schema plus the list check. */
export const serverRegistrationSchema = refuseGuessable(registrationSchema, 'password');
/** PUT /auth/user/changepassword/ on the server. */
export const serverChangePasswordSchema = refuseGuessable(changePasswordSchema, 'new_password');
/** POST /auth/resetpassword/ on the server. */
export const serverPasswordResetSchema = refuseGuessable(passwordResetSchema, 'password');
