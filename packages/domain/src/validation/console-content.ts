// The console's content forms: callouts (SPEC.md 3 Callouts, 7) and their settings. The console
// forms and the API parse with these.
import { z } from 'zod';
import { US_STATE_CODES } from '../markets.ts';
import { INVALID_CHECKBOX, OBJECT_EXPECTED, REQUIRED, hasNoNul, requiredText, tooLong } from './fields.ts';
import { INVALID_VERSION, dayField, siteLinkField } from './console-contests.ts';

export const INVALID_IMAGE_URL = 'Enter a site path (/...) or an https address of the image.';
export const INVALID_CALLOUT_STATES = 'Choose US states by their two-letter codes.';
export const INVALID_ORDER = 'Enter the order as a whole number from 0 to 10000.';
export const CALLOUT_ENDS_BEFORE_STARTS = 'The last day must be on or after the first day.';
export const INVALID_CALLOUT_COUNT = 'Enter how many callouts to show, from 0 to 50.';

const booleanField = z.boolean({ error: INVALID_CHECKBOX });

/** An image a page may load: a site path or an https URL (never http: mixed content, never javascript:). */
export const imageUrlField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_IMAGE_URL) })
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(2000, tooLong(2000))
  .refine((v) => {
    if (!hasNoNul(v)) return false;
    if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\');
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, INVALID_IMAGE_URL);

const calloutFields = {
  image_url: imageUrlField,
  alternative_text: requiredText(300),
  link: siteLinkField,
  open_link_in_new_tab: booleanField.optional(),
  order: z.number({ error: INVALID_ORDER }).int(INVALID_ORDER).min(0, INVALID_ORDER).max(10_000, INVALID_ORDER).optional(),
  states: z
    .array(
      z
        .string({ error: INVALID_CALLOUT_STATES })
        .trim()
        .toUpperCase()
        .refine((s) => US_STATE_CODES.has(s), INVALID_CALLOUT_STATES),
      { error: INVALID_CALLOUT_STATES },
    )
    .max(60, INVALID_CALLOUT_STATES)
    .transform((list) => [...new Set(list)])
    .optional(),
  show_for_all_states: booleanField.optional(),
  starts_on: dayField.nullable().optional(),
  ends_on: dayField.nullable().optional(),
  is_default: booleanField.optional(),
};

const datesInOrder = (c: { starts_on?: string | null | undefined; ends_on?: string | null | undefined }) => !c.starts_on || !c.ends_on || c.ends_on >= c.starts_on;

/** POST /api/console/callouts/. */
export const calloutCreateSchema = z.object(calloutFields, { error: OBJECT_EXPECTED }).refine(datesInOrder, { message: CALLOUT_ENDS_BEFORE_STARTS, path: ['ends_on'] });
export type CalloutCreate = z.infer<typeof calloutCreateSchema>;

/** PATCH /api/console/callouts/{id}/. */
export const calloutUpdateSchema = z.object(
  {
    ...Object.fromEntries(Object.entries(calloutFields).map(([k, v]) => [k, v.optional()])),
    version: z.number({ error: INVALID_VERSION }).int(INVALID_VERSION).positive(INVALID_VERSION),
  } as { [K in keyof typeof calloutFields]: z.ZodOptional<(typeof calloutFields)[K]> } & { version: z.ZodNumber },
  { error: OBJECT_EXPECTED },
);
export type CalloutUpdate = z.infer<typeof calloutUpdateSchema>;

/** PUT /api/console/callout-settings/: the three settings, all required. */
export const calloutSettingsSchema = z.object(
  {
    use_default_callouts: booleanField,
    number_of_default_callouts_to_use: z.number({ error: INVALID_CALLOUT_COUNT }).int(INVALID_CALLOUT_COUNT).min(0, INVALID_CALLOUT_COUNT).max(50, INVALID_CALLOUT_COUNT),
    randomize_callout_order: booleanField,
  },
  { error: OBJECT_EXPECTED },
);

/** PUT /api/console/merchants/{id}/spotlight/. */
export const spotlightSchema = z.object({ is_spotlight: booleanField }, { error: OBJECT_EXPECTED });
