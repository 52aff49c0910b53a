// The console's contest forms and draws (docs/api.md "Staff console"). The console forms and the
// API parse with these, so the two never disagree.
import { z } from 'zod';
import { isSafeCalloutLink } from '../callouts.ts';
import { MARKET_IDS } from '../markets.ts';
import { INVALID_CHECKBOX, OBJECT_EXPECTED, REQUIRED, bodyId, hasNoNul, requiredText, tooLong } from './fields.ts';

export const INVALID_DAY = 'Enter a date as YYYY-MM-DD.';
export const ENDS_BEFORE_STARTS = 'The end date must be on or after the start date.';
export const INVALID_LINK = 'Enter a site path (/...) or an http(s) address.';
export const INVALID_SLUG = 'Use lowercase letters, digits and single hyphens.';
export const INVALID_SWEEPSTAKES_NUMBER = 'Enter each winning number with digits (spaces and hyphens allowed).';
export const INVALID_MARKETS = `Choose markets among ${MARKET_IDS.join(', ')}, each once.`;
export const INVALID_VERSION = 'Send the version you read (a whole number).';
export const MAX_DRAW_WINNERS = 100;
export const INVALID_WINNERS = `Enter how many winners to draw, from 1 to ${MAX_DRAW_WINNERS}.`;
export const INVALID_SEED = `Enter the seed as a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, or leave it out for a random one.`;
export const RICH_TEXT_MAX = 50_000;

const stringError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : 'Enter text.');

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_DAY) })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, INVALID_DAY);

/** HTML from the rich-text editor; the server sanitises it before storing. */
export const richTextField = z
  .string({ error: stringError })
  .max(RICH_TEXT_MAX, tooLong(RICH_TEXT_MAX))
  .refine(hasNoNul, 'Enter text.');

/** A site path or an http(s) URL (SPEC.md 7: the links callouts may carry). */
export const siteLinkField = z
  .string({ error: stringError })
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(2000, tooLong(2000))
  .refine((v) => isSafeCalloutLink(v) && hasNoNul(v), INVALID_LINK);

export const slugField = z
  .string({ error: stringError })
  .trim()
  .toLowerCase()
  .min(1, { message: REQUIRED, abort: true })
  .max(120, tooLong(120))
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, INVALID_SLUG);

const booleanField = z.boolean({ error: INVALID_CHECKBOX });

export const contestMarketsField = z
  .array(z.object({ market_id: z.enum(MARKET_IDS, { error: INVALID_MARKETS }), is_featured: booleanField.optional().default(false) }, { error: INVALID_MARKETS }), { error: INVALID_MARKETS })
  .max(MARKET_IDS.length, INVALID_MARKETS)
  .refine((list) => new Set(list.map((m) => m.market_id)).size === list.length, INVALID_MARKETS);

const contestFields = {
  display_name: requiredText(200),
  slug: slugField.optional(),
  description: richTextField.optional(),
  rules: richTextField.optional(),
  prize: requiredText(300),
  starts_at: dayField,
  ends_at: dayField,
  is_active: booleanField.optional(),
  sweepstakes_numbers: z
    .array(z.string({ error: INVALID_SWEEPSTAKES_NUMBER }).trim().regex(/^\d[\d -]{0,29}$/, INVALID_SWEEPSTAKES_NUMBER), { error: INVALID_SWEEPSTAKES_NUMBER })
    .max(200, 'Enter at most 200 winning numbers.')
    .optional(),
  merchant_id: bodyId.nullable().optional(),
  win_save_contest_link: z.preprocess((v) => (v === '' ? null : v), siteLinkField.nullable().optional()),
  markets: contestMarketsField.optional(),
};

/** POST /api/console/contests/. */
export const contestCreateSchema = z
  .object(contestFields, { error: OBJECT_EXPECTED })
  .refine((c) => c.ends_at >= c.starts_at, { message: ENDS_BEFORE_STARTS, path: ['ends_at'] });
export type ContestCreate = z.infer<typeof contestCreateSchema>;

/** PATCH /api/console/contests/{id}/: any of the fields, with the version read. */
export const contestUpdateSchema = z.object(
  {
    ...Object.fromEntries(Object.entries(contestFields).map(([k, v]) => [k, v.optional()])),
    version: z.number({ error: INVALID_VERSION }).int(INVALID_VERSION).positive(INVALID_VERSION),
  } as { [K in keyof typeof contestFields]: z.ZodOptional<(typeof contestFields)[K]> } & { version: z.ZodNumber },
  { error: OBJECT_EXPECTED },
);
export type ContestUpdate = z.infer<typeof contestUpdateSchema>;

/** POST /api/console/contests/{id}/draws/. */
export const drawSchema = z.object(
  {
    winners: z.number({ error: INVALID_WINNERS }).int(INVALID_WINNERS).min(1, INVALID_WINNERS).max(MAX_DRAW_WINNERS, INVALID_WINNERS),
    seed: z.number({ error: INVALID_SEED }).int(INVALID_SEED).min(0, INVALID_SEED).max(Number.MAX_SAFE_INTEGER, INVALID_SEED).nullish(),
  },
  { error: OBJECT_EXPECTED },
);
export type DrawInput = z.infer<typeof drawSchema>;

