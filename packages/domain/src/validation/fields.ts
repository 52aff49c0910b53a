// Field builders and the exact user-facing messages of SPEC.md 5 (and 8 "Client messages"), shared
// by the web forms and the API so the two can never disagree.
import './zod-jitless.ts';
import { z } from 'zod';
import { STATES_SOLD } from '../markets.ts';

/** SPEC.md 5: every required field. */
export const REQUIRED = 'This is required';
/** SPEC.md 5 Sign-up: thrown by the register step. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
/** SPEC.md 5 Delete account. */
export const DELETE_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
/** SPEC.md 5 Change password (the text is the product's, typo included). */
export const NEW_PASSWORDS_DO_NOT_MATCH = 'New Passwords to not match.';
/** SPEC.md 5 Sign-up birthday. */
export const TOO_YOUNG = 'You must be at least 13 years old';
/** SPEC.md 5 Sign-up terms. */
export const MUST_AGREE_TO_TERMS = 'You must agree to the terms of use.';

// Messages SPEC.md leaves open (docs/decisions.md).
export const INVALID_EMAIL = 'Enter a valid email address.';
export const INVALID_ZIP = 'Enter a 5-digit zip code.';
export const INVALID_STATE = 'Choose Michigan, Minnesota, Illinois, Florida or Other.';
export const INVALID_DATE = 'Enter a valid date (YYYY-MM-DD or MM/DD/YYYY).';
export const INVALID_CHECKBOX = 'Tick the box or leave it empty.';
export const INVALID_TEXT = 'Enter text.';
export const INVALID_ID = 'Enter a valid id.';
export const tooLong = (max: number) => `Use at most ${max} characters.`;

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX = 256;
export const TOKEN_MAX = 200;

const stringError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT);

/** No NUL characters: PostgreSQL text cannot hold them (they would make a 5xx of a typo). */
export const hasNoNul = (s: string) => !s.includes('\u0000');

/** A required free-text field, trimmed: missing or blank is 'This is required'. */
export function requiredText(max: number) {
  return z
    .string({ error: stringError })
    .trim()
    .min(1, { message: REQUIRED, abort: true })
    .max(max, tooLong(max))
    .refine(hasNoNul, INVALID_TEXT);
}

/** Same as requiredText, but absent is allowed (partial updates); blank is still 'This is required'. */
export function optionalText(max: number) {
  return requiredText(max).optional();
}

/** A free-text field a form may leave empty: absent, null or blank all mean "not given". */
export function blankableText(max: number) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: INVALID_TEXT }).trim().max(max, tooLong(max)).refine(hasNoNul, INVALID_TEXT).optional(),
  );
}

/** A required e-mail address, trimmed and lower-cased. */
export const emailField = z
  .string({ error: stringError })
  .trim()
  .toLowerCase()
  .min(1, { message: REQUIRED, abort: true })
  .max(EMAIL_MAX, { message: tooLong(EMAIL_MAX), abort: true })
  .email(INVALID_EMAIL);

/**
 * A password being checked (log in, the current password of a change, account deletion): only
 * required, never trimmed, so passwords chosen under SPEC.md 5's minimum of 1 keep working.
 */
export const passwordField = z
  .string({ error: stringError })
  .min(1, { message: REQUIRED, abort: true })
  .max(PASSWORD_MAX, tooLong(PASSWORD_MAX));

/** OWASP ASVS 5.0 6.2.1: a new password has at least 8 characters (docs/decisions.md). */
export const PASSWORD_MIN = 8;
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN} characters.`;
/** ASVS 6.2.4 and 6.2.12: refused when on the list of common and breached passwords. */
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
/** ASVS 6.2.11: refused when it is the e-mail address or the name of the site. */
export const PASSWORD_TOO_PERSONAL = 'Do not use your e-mail address or the name of this site as your password.';

/**
 * A new password (sign-up, reset, change): at least PASSWORD_MIN characters counted as the person
 * sees them (an emoji is one), at most PASSWORD_MAX, any characters and no composition rules
 * (ASVS 6.2.5, 6.2.9). Never trimmed. The list check is server-side only (password-policy.ts).
 */
export const newPasswordField = z
  .string({ error: stringError })
  .min(1, { message: REQUIRED, abort: true })
  .max(PASSWORD_MAX, { message: tooLong(PASSWORD_MAX), abort: true })
  .refine((s) => [...s].length >= PASSWORD_MIN, PASSWORD_TOO_SHORT);

/** An optional confirmation: absent or empty means "not sent". */
export const optionalConfirmation = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string({ error: INVALID_TEXT }).max(PASSWORD_MAX, tooLong(PASSWORD_MAX)).optional(),
);

/** Zip: numeric, exactly 5 (SPEC.md 5, 9). Numbers sent by JSON clients are accepted too. */
export const zipField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v).padStart(5, '0') : v),
  z
    .string({ error: stringError })
    .trim()
    .min(1, { message: REQUIRED, abort: true })
    .regex(/^\d{5}$/, INVALID_ZIP),
);

/** The sign-up state options of SPEC.md 5; Other is sent as MI. */
export const STATE_OPTIONS = [
  { value: 'MI', label: 'Michigan' },
  { value: 'MN', label: 'Minnesota' },
  { value: 'IL', label: 'Illinois' },
  { value: 'FL', label: 'Florida' },
  { value: 'Other', label: 'Other' },
] as const;

/** A sold state (MI, MN, IL, FL); 'Other' becomes MI (SPEC.md 5). Case-insensitive. */
export const stateField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: stringError })
    .min(1, { message: REQUIRED, abort: true })
    .refine((s) => s === 'OTHER' || (STATES_SOLD as readonly string[]).includes(s), { message: INVALID_STATE, abort: true })
    .transform((s) => (s === 'OTHER' ? 'MI' : s)),
);

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const FALSE_VALUES = new Set<unknown>([false, 0, '0', 'false', 'off', 'no', '']);

/** A checkbox: JSON booleans, 0/1, or the strings a form posts ('on'). Absent stays undefined. */
export const checkboxField = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : TRUE_VALUES.has(v) ? true : FALSE_VALUES.has(v) ? false : v),
  z.boolean({ error: INVALID_CHECKBOX }).optional(),
);

/** The current year where the business runs (head office zone, as for offer expiry). */
function currentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Detroit', year: 'numeric' }).format(now));
}

function parseDate(v: string): string | null {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v))) [y, m, d] = [Number(match[3]), Number(match[1]), Number(match[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a birthday (YYYY-MM-DD) passes SPEC.md 5: "older than 13 by year difference". A year
 * difference above 13 guarantees an age of at least 13 whatever the day, which is what the
 * message promises.
 */
export function isOldEnough(birthday: string, now: Date = new Date()): boolean {
  return currentYear(now) - Number(birthday.slice(0, 4)) > 13;
}

/**
 * Optional birthday (YYYY-MM-DD or MM/DD/YYYY, answered as YYYY-MM-DD). Empty means absent; null
 * is kept so a profile update can clear it.
 */
export const birthdayField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: INVALID_DATE })
    .transform((v, ctx) => {
      const date = parseDate(v);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: INVALID_DATE });
        return z.NEVER;
      }
      if (!isOldEnough(date)) {
        ctx.addIssue({ code: 'custom', message: TOO_YOUNG });
        return z.NEVER;
      }
      return date;
    })
    .nullable()
    .optional(),
);

/** A positive database id sent in a body (a number or a numeric string). */
export const bodyId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_ID) }).int(INVALID_ID).positive(INVALID_ID).max(2_147_483_647, INVALID_ID),
);

/** Copies the value of the first alias present onto `name` when `name` itself is blank. */
export function withAliases(input: unknown, aliases: Record<string, readonly string[]>): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [name, others] of Object.entries(aliases)) {
    if (out[name] !== undefined && out[name] !== null && out[name] !== '') continue;
    for (const alias of others) {
      if (out[alias] !== undefined && out[alias] !== null && out[alias] !== '') {
        out[name] = out[alias];
        break;
      }
    }
  }
  return out;
}

/** The tracking id sent with newsletter, magazine-lead and sign-up forms (SPEC.md 5: cookie __ss_tk). */
export const trackingIdField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string({ error: 'Send the tracking id as text.' }).trim().max(200, 'The tracking id is too long.').refine(hasNoNul, 'Send the tracking id as text.').optional(),
);

/** The error a non-object body gets. */
export const OBJECT_EXPECTED = 'Send the form fields as a JSON object.';
