// Contest entries and sweepstakes claims (SPEC.md 3 Sweepstakes entry, 4 Contest entry, 5
// Contest entry and Sweepstakes claim, 7 calls). The web forms and the API parse with these.
import { z } from 'zod';
import { US_STATE_CODES } from '../markets.ts';
import { NAME_MAX, OBJECT_EXPECTED, REQUIRED, INVALID_CHECKBOX, blankableText, bodyId, checkboxField, emailField, hasNoNul, requiredText, withAliases, zipField } from './fields.ts';

/** SPEC.md 4 and 8: an anonymous visitor trying to enter. */
export const CONTEST_LOGIN_REQUIRED = 'You must be logged in to enter in contests.';
/** A member whose e-mail address is not confirmed trying to enter or claim (docs/decisions.md). */
export const EMAIL_NOT_CONFIRMED = 'Please confirm your e-mail address to enter contests and sweepstakes. Open the link we e-mailed you, or ask for a new one.';
/** SPEC.md 4: shown once the entry is recorded. */
export const ENTRY_SUBMITTED = 'Entry Submitted';
/** SPEC.md 4 Sweepstakes claim. */
export const CLAIM_SUBMITTED = "Your entry has been submitted! We'll reach out to you if there's a match!";
// SPEC.md 5 asks for the rules box to be ticked but gives no words (docs/decisions.md).
export const MUST_AGREE_TO_RULES = 'You must agree to the contest rules.';
export const INVALID_US_STATE = 'Choose a US state.';
export const INVALID_NUMBERS = 'Enter the numbers printed in your magazine.';

export const ADDRESS_MAX = 200;
export const CITY_MAX = 100;

/**
 * POST /api/contestapplication/ {contest} (SPEC.md 7): `contest` is the contest's id (contest.id of
 * the contest object, SPEC.md 3). `entity_id`, the contest entity the member entered through (the
 * c= deep-link id), may be sent as well; when `contest` is missing it alone is enough.
 */
export const contestApplicationSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && (v as { entity_id?: unknown }).entity_id === '' ? { ...v, entity_id: undefined } : v),
  z
    .object(
      {
        contest: bodyId.optional(),
        entity_id: bodyId.optional(),
      },
      { error: OBJECT_EXPECTED },
    )
    .superRefine((v, ctx) => {
      if (v.contest === undefined && v.entity_id === undefined) ctx.addIssue({ code: 'custom', path: ['contest'], message: REQUIRED });
    }),
);
export type ContestApplicationInput = z.input<typeof contestApplicationSchema>;
export type ContestApplication = z.output<typeof contestApplicationSchema>;

/** The contest modal's form (SPEC.md 4, 5): the rules box must be ticked before the entry is sent. */
export const contestEntryFormSchema = z.object(
  {
    rules: z.preprocess(
      (v) => checkboxField.safeParse(v).data ?? v,
      z.boolean({ error: (iss) => (iss.input === undefined || iss.input === null ? MUST_AGREE_TO_RULES : INVALID_CHECKBOX) }).refine((v) => v, MUST_AGREE_TO_RULES),
    ),
  },
  { error: OBJECT_EXPECTED },
);

/** A US state (the 50 states and DC, SPEC.md 9), upper-cased. */
export const usStateField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_US_STATE) })
    .min(1, { message: REQUIRED, abort: true })
    .refine((s) => US_STATE_CODES.has(s), INVALID_US_STATE),
);

/**
 * 'Your Numbers' of the claim form: one or more numbers (digits, separated by spaces, commas or
 * dashes; or a list of them), answered as the list of numbers in the order typed, without repeats.
 */
export const magazineNumbersField = z.preprocess(
  (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
      ? String(v)
      : Array.isArray(v) && v.every((n) => typeof n === 'string' || typeof n === 'number')
        ? v.join(' ')
        : v,
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_NUMBERS) })
    .trim()
    .min(1, { message: REQUIRED, abort: true })
    .max(200, { message: INVALID_NUMBERS, abort: true })
    .refine((s) => /^\d{1,20}(?:[\s,;/-]+\d{1,20})*$/.test(s), INVALID_NUMBERS)
    .transform((s) => [...new Set(s.split(/[\s,;/-]+/))]),
);

/**
 * POST /api/sweepstakes/ (SPEC.md 3 Sweepstakes entry, 5 Sweepstakes claim): First Name, Last
 * Name, Email, Your Numbers (magazinenum), Address 1, City, State and Zip are required, zip
 * exactly 5. Address 2 may be empty: SPEC.md 5 lists it as required, but most addresses have
 * none (docs/decisions.md). randomnum, when sent, is kept with the claim as the client's reference.
 */
export const sweepstakesSchema = z.preprocess(
  (v) => withAliases(v, { firstname: ['first_name', 'firstName'], lastname: ['last_name', 'lastName'], zip: ['zipcode', 'zipCode'], entity_id: ['entity'] }),
  z.object(
    {
      firstname: requiredText(NAME_MAX),
      lastname: requiredText(NAME_MAX),
      email: emailField,
      magazinenum: magazineNumbersField,
      address1: requiredText(ADDRESS_MAX),
      address2: blankableText(ADDRESS_MAX),
      city: requiredText(CITY_MAX),
      state: usStateField,
      zip: zipField,
      randomnum: z.preprocess(
        (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
        z.string({ error: 'Send the reference as text.' }).trim().max(100, 'The reference is too long.').refine(hasNoNul, 'Send the reference as text.').optional(),
      ),
      entity_id: bodyId,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type SweepstakesInput = z.input<typeof sweepstakesSchema>;
export type SweepstakesClaim = z.output<typeof sweepstakesSchema>;
