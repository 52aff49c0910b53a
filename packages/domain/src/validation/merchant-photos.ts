// Merchant photos (docs/api.md "Merchant photos"): the alt text, location and order a business
// gives each photo. The same rules check the business centre's form and the API.
import { z } from 'zod';
import { INVALID_TEXT, OBJECT_EXPECTED, hasNoNul } from './fields.ts';

/** How many photos one business may have (docs/decisions.md "Merchant photos"). */
export const MERCHANT_PHOTOS_MAX = 12;
export const ALT_MAX = 200;

export const ALT_REQUIRED = 'Describe the photo for people who cannot see it (for example “Our dining room with the wood-fired oven”).';
export const ALT_TOO_LONG = `Keep the description to ${ALT_MAX} characters.`;
export const TOO_MANY_PHOTOS = `A business has at most ${MERCHANT_PHOTOS_MAX} photos. Remove one before adding another.`;
export const LOCATION_NOT_OURS = 'Choose one of this business’s locations, or all of them.';
export const INVALID_POSITION = 'Enter a whole number from 0 to 999.';

export const altField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? ALT_REQUIRED : INVALID_TEXT) })
  .trim()
  .min(1, ALT_REQUIRED)
  .max(ALT_MAX, ALT_TOO_LONG)
  .refine(hasNoNul, INVALID_TEXT)
  .transform((s) => s.replace(/\s+/g, ' '));

/** A location id, or null (or blank) for every location. */
export const photoLocationField = z.preprocess(
  (v) => (v === '' || v === 'all' ? null : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number({ error: LOCATION_NOT_OURS }).int(LOCATION_NOT_OURS).positive(LOCATION_NOT_OURS).max(2_147_483_647, LOCATION_NOT_OURS).nullable(),
);

export const positionField = z.number({ error: INVALID_POSITION }).int(INVALID_POSITION).min(0, INVALID_POSITION).max(999, INVALID_POSITION);

/** The text fields sent with an upload (multipart, before the file). */
export const photoUploadFieldsSchema = z.object({ alt: altField, location_id: photoLocationField.optional().default(null) }, { error: OBJECT_EXPECTED });
export type PhotoUploadFields = z.output<typeof photoUploadFieldsSchema>;

/** PATCH: the fields sent change. */
export const photoUpdateSchema = z.object(
  { alt: altField.optional(), location_id: photoLocationField.optional(), position: positionField.optional() },
  { error: OBJECT_EXPECTED },
);
export type PhotoUpdateInput = z.output<typeof photoUpdateSchema>;
