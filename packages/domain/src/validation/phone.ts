// Phone numbers (SPEC.md 5 Phone, 9): parsed as a US number, 'Phone number not recognized' when
// invalid, normalised to the international +1 form before sending. The limits of SPEC.md 9 (text
// cap 250, national number 2-17 digits) are libphonenumber-js's own parse limits.
import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js';
import { z } from 'zod';
import { INVALID_TEXT, REQUIRED } from './fields.ts';

/** SPEC.md 5 and 8. */
export const PHONE_NOT_RECOGNIZED = 'Phone number not recognized';
// SPEC.md 5 says the text and national number can be too long or too short; it does not give the
// words (docs/decisions.md).
export const PHONE_TOO_LONG = 'Phone number is too long.';
export const PHONE_TOO_SHORT = 'Phone number is too short.';

/** SPEC.md 9: phone minimum 10 characters, text cap 250, default country US. */
export const PHONE_MIN_CHARS = 10;
export const PHONE_MAX_CHARS = 250;
export const PHONE_DEFAULT_COUNTRY = 'US';

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Parses a phone number typed by a person: '(248) 555-0100', '248.555.0100', '+1 248 555 0100'
 * all give '+12485550100'. Only valid North American (+1) numbers pass, since every market is in
 * the US.
 */
export function parseUsPhone(text: string): PhoneResult {
  const trimmed = text.trim();
  if (trimmed.length > PHONE_MAX_CHARS) return { ok: false, message: PHONE_TOO_LONG };
  if (trimmed.length < PHONE_MIN_CHARS) return { ok: false, message: PHONE_TOO_SHORT };
  try {
    const phone = parsePhoneNumberWithError(trimmed, PHONE_DEFAULT_COUNTRY);
    if (phone.countryCallingCode !== '1' || !phone.isValid()) return { ok: false, message: PHONE_NOT_RECOGNIZED };
    return { ok: true, e164: phone.number };
  } catch (error) {
    if (error instanceof ParseError && error.message === 'TOO_LONG') return { ok: false, message: PHONE_TOO_LONG };
    if (error instanceof ParseError && error.message === 'TOO_SHORT') return { ok: false, message: PHONE_TOO_SHORT };
    return { ok: false, message: PHONE_NOT_RECOGNIZED };
  }
}

/** A required US phone number, answered in E.164 form ('+12485550100'). Numbers sent as JSON numbers are accepted. */
export const phoneField = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : v),
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT) })
    .trim()
    .min(1, { message: REQUIRED, abort: true })
    .transform((v, ctx) => {
      const result = parseUsPhone(v);
      if (result.ok) return result.e164;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }),
);

/** The same, optional: absent, null or blank means "not given". */
export const optionalPhoneField = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), phoneField.optional());
