// Merchants and locations as staff edit them in the console (docs/api.md "Staff console"). The
// console forms and the API parse with these, so both give the same messages.
import { parsePhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { INVALID_TEXT, OBJECT_EXPECTED, REQUIRED, bodyId, hasNoNul, requiredText, tooLong, zipField } from './fields.ts';
import { usStateField } from './contests.ts';
import { optionalPhoneField } from './phone.ts';

export const MERCHANT_NAME_MAX = 200;
/** The about text as sent, before sanitising (HTML from the rich-text editor). */
export const ABOUT_MAX = 20_000;
export const WEBSITE_MAX = 500;
export const LICENCE_NUMBER_MAX = 100;
export const SUBCATEGORIES_MAX = 50;
export const LOCATION_NAME_MAX = 200;
export const ADDRESS_MAX = 200;
export const CITY_MAX = 100;
/** SPEC.md leaves it open: three ranges a day cover split shifts (docs/decisions.md). */
export const OPENING_RANGES_MAX = 3;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const INVALID_WEBSITE = 'Enter a web address starting with http:// or https://.';
export const INVALID_BOOLEAN = 'Send true or false.';
export const INVALID_DAY = 'Enter a date as YYYY-MM-DD.';
export const INVALID_TIME = 'Enter a time as HH:MM (00:00 to 24:00).';
export const OPEN_BEFORE_CLOSE = 'The opening time must be before the closing time.';
export const TOO_MANY_RANGES = `Enter at most ${OPENING_RANGES_MAX} opening ranges a day.`;
export const RANGES_OVERLAP = 'Opening ranges of a day must not overlap.';
export const INVALID_VERSION = 'Send the version you read (a whole number).';
export const LAT_AND_LNG = 'Send both lat and lng (the pin), or neither.';
export const INVALID_LAT = 'Enter a latitude between -90 and 90.';
export const INVALID_LNG = 'Enter a longitude between -180 and 180.';

const boolField = z.boolean({ error: INVALID_BOOLEAN });

/** Text a form may leave empty: absent stays absent (no change), null or blank clears it (''). */
function clearableText(max: number) {
  return z.preprocess(
    (v) => (v === null ? '' : v),
    z.string({ error: INVALID_TEXT }).trim().max(max, tooLong(max)).refine(hasNoNul, INVALID_TEXT),
  );
}

/** A calendar day (YYYY-MM-DD) that exists; null or blank clears it. */
const dayField = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: INVALID_DAY })
    .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01' && s <= '2999-12-31';
    }, INVALID_DAY)
    .nullable(),
);

/** http(s) only: a javascript: or data: link in a merchant's website would run in savers' pages. */
export const websiteField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z
    .string({ error: INVALID_WEBSITE })
    .trim()
    .max(WEBSITE_MAX, tooLong(WEBSITE_MAX))
    .refine(hasNoNul, INVALID_WEBSITE)
    .refine((s) => {
      if (!/^https?:\/\//i.test(s)) return false;
      try {
        const url = new URL(s);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, INVALID_WEBSITE)
    .nullable(),
);

/**
 * A US phone number, stored in the national form the catalogue already holds ('(248) 555-0100');
 * null or blank clears it.
 */
export const storedPhoneField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  optionalPhoneField.transform((e164) => (e164 === undefined ? null : parsePhoneNumber(e164).formatNational())).nullable(),
);

/** Subcategory ids, without repeats (checked against the category on the server). */
const subcategoryIdsField = z
  .array(bodyId, { error: 'Send a list of subcategory ids.' })
  .max(SUBCATEGORIES_MAX, `Choose at most ${SUBCATEGORIES_MAX} subcategories.`)
  .transform((ids) => [...new Set(ids)]);

const merchantFields = {
  name: requiredText(MERCHANT_NAME_MAX),
  about: z
    .preprocess((v) => (v === null ? '' : v), z.string({ error: INVALID_TEXT }).max(ABOUT_MAX, tooLong(ABOUT_MAX)).refine(hasNoNul, INVALID_TEXT)),
  website: websiteField,
  phone: storedPhoneField,
  category_id: z.preprocess((v) => (v === '' ? null : v), bodyId.nullable()),
  subcategory_ids: subcategoryIdsField,
  is_certified: boolField,
  licensed: boolField,
  bonded: boolField,
  insured: boolField,
  licence_number: clearableText(LICENCE_NUMBER_MAX),
  licence_expires_on: dayField,
  insurance_expires_on: dayField,
  is_spotlight: boolField,
};

/** POST /api/console/merchants/: only the name is required. */
export const merchantCreateSchema = z.object(
  {
    ...merchantFields,
    about: merchantFields.about.optional(),
    website: merchantFields.website.optional(),
    phone: merchantFields.phone.optional(),
    category_id: merchantFields.category_id.optional(),
    subcategory_ids: merchantFields.subcategory_ids.optional(),
    is_certified: boolField.optional(),
    licensed: boolField.optional(),
    bonded: boolField.optional(),
    insured: boolField.optional(),
    licence_number: merchantFields.licence_number.optional(),
    licence_expires_on: dayField.optional(),
    insurance_expires_on: dayField.optional(),
    is_spotlight: boolField.optional(),
  },
  { error: OBJECT_EXPECTED },
);
export type MerchantCreateInput = z.output<typeof merchantCreateSchema>;

/** The version an edit was made on (optimistic concurrency, docs/api.md "Staff console"). */
export const versionField = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_VERSION) })
  .int(INVALID_VERSION)
  .min(1, INVALID_VERSION)
  .max(2_147_483_647, INVALID_VERSION);

/** PATCH /api/console/merchants/{id}/: the fields sent change; `version` is required. */
export const merchantUpdateSchema = merchantCreateSchema.extend({ name: merchantFields.name.optional(), version: versionField });
export type MerchantUpdateInput = z.output<typeof merchantUpdateSchema>;

const timeField = z.string({ error: INVALID_TIME }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, INVALID_TIME);
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const openingRange = z
  .object({ open: timeField, close: timeField }, { error: 'Send each range as {open: "HH:MM", close: "HH:MM"}.' })
  .refine((r) => minutes(r.open) < minutes(r.close), { message: OPEN_BEFORE_CLOSE, path: ['close'] });

const dayRanges = z
  .array(openingRange, { error: 'Send a list of opening ranges (an empty list: closed).' })
  .max(OPENING_RANGES_MAX, TOO_MANY_RANGES)
  .superRefine((ranges, ctx) => {
    const sorted = [...ranges].sort((a, b) => minutes(a.open) - minutes(b.open));
    for (let i = 1; i < sorted.length; i += 1) {
      if (minutes(sorted[i]!.open) < minutes(sorted[i - 1]!.close)) {
        ctx.addIssue({ code: 'custom', message: RANGES_OVERLAP });
        return;
      }
    }
  })
  .transform((ranges) => [...ranges].sort((a, b) => minutes(a.open) - minutes(b.open)));

/** Opening hours by weekday ({mon: [{open: '09:00', close: '17:00'}], ...}); absent days are closed; null clears. */
export const openingHoursField = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges.optional()])) as Record<Weekday, z.ZodOptional<typeof dayRanges>>,
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `Use the days ${WEEKDAYS.join(', ')}.` : 'Send opening hours as {mon: [{open, close}], ...}.') },
  )
  .transform((hours) => {
    const out: Record<string, { open: string; close: string }[]> = {};
    for (const day of WEEKDAYS) if (hours[day]?.length) out[day] = hours[day]!;
    return out;
  })
  .nullable();
export type OpeningHours = Record<string, { open: string; close: string }[]>;

const latField = z.number({ error: INVALID_LAT }).min(-90, INVALID_LAT).max(90, INVALID_LAT);
const lngField = z.number({ error: INVALID_LNG }).min(-180, INVALID_LNG).max(180, INVALID_LNG);

const locationFields = {
  display_name: requiredText(LOCATION_NAME_MAX),
  address: requiredText(ADDRESS_MAX),
  address2: clearableText(ADDRESS_MAX),
  city: requiredText(CITY_MAX),
  state: usStateField,
  zip: zipField,
  phone: storedPhoneField,
  opening_hours: openingHoursField,
  /** The pin, when the staff member moved it: wins over the address's geocode. */
  lat: latField,
  lng: lngField,
};

function pinTogether<T extends { lat?: number | undefined; lng?: number | undefined }>(v: T, ctx: z.RefinementCtx) {
  if ((v.lat === undefined) !== (v.lng === undefined)) ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: LAT_AND_LNG });
}

/** POST /api/console/merchants/{id}/locations/. */
export const locationCreateSchema = z
  .object(
    {
      ...locationFields,
      address2: locationFields.address2.optional(),
      phone: locationFields.phone.optional(),
      opening_hours: locationFields.opening_hours.optional(),
      lat: latField.optional(),
      lng: lngField.optional(),
    },
    { error: OBJECT_EXPECTED },
  )
  .superRefine(pinTogether);
export type LocationCreateInput = z.output<typeof locationCreateSchema>;

/** PATCH /api/console/locations/{id}/: the fields sent change; `version` is required. */
export const locationUpdateSchema = z
  .object(
    {
      display_name: locationFields.display_name.optional(),
      address: locationFields.address.optional(),
      address2: locationFields.address2.optional(),
      city: locationFields.city.optional(),
      state: locationFields.state.optional(),
      zip: locationFields.zip.optional(),
      phone: locationFields.phone.optional(),
      opening_hours: locationFields.opening_hours.optional(),
      lat: latField.optional(),
      lng: lngField.optional(),
      version: versionField,
    },
    { error: OBJECT_EXPECTED },
  )
  .superRefine(pinTogether);
export type LocationUpdateInput = z.output<typeof locationUpdateSchema>;

