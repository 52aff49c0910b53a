// Offers in the staff console (docs/api.md "Staff console: offers"): what a create or an edit may
// carry. The same schemas check the console form and the API, with the messages a person reads.
import { z } from 'zod';
import { finePrintSchema } from '../fine-print.ts';
import { offerValueSchema } from '../offer-value.ts';
import { INVALID_TEXT, OBJECT_EXPECTED, REQUIRED, bodyId, hasNoNul, requiredText, tooLong } from './fields.ts';

export const OFFER_NAME_MAX = 200;
export const OFFER_HTML_MAX = 20_000;
export const OFFER_TERMS_MAX = 10_000;
export const OFFER_CODE_MAX = 32;
export const OFFER_URL_MAX = 2_000;
/** SPEC.md 4 counts prints per member up to max(max_prints, 3); more than 10 copies of one coupon is never meant. */
export const MAX_PRINTS_MIN = 1;
export const MAX_PRINTS_MAX = 10;
export const SUBCATEGORIES_MAX = 50;
export const SECONDARY_TYPES = ['lease', 'purchase', 'other'] as const;

export const OFFER_DATE_INVALID = 'Enter a date as YYYY-MM-DD.';
export const EXPIRES_BEFORE_START = 'The last valid day cannot be before the first one.';
export const MAX_PRINTS_INVALID = `Enter a whole number from ${MAX_PRINTS_MIN} to ${MAX_PRINTS_MAX}.`;
export const OFFER_URL_INVALID = 'Enter a web address starting with http:// or https://.';
export const OFFER_CODE_INVALID = 'Use letters, digits and dashes only.';

const requiredOr = (message: string) => (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : message);

function isCalendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2099-12-31';
}

/** A day, YYYY-MM-DD, between 2000 and 2099. */
export const offerDateField = z
  .string({ error: requiredOr(OFFER_DATE_INVALID) })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: OFFER_DATE_INVALID, abort: true })
  .refine(isCalendarDate, OFFER_DATE_INVALID);

/** HTML from the rich-text editor; the server sanitises it (sanitizeRichText). */
const htmlField = (max: number) => z.string({ error: INVALID_TEXT }).max(max, tooLong(max)).refine(hasNoNul, INVALID_TEXT);

const urlField = z
  .string({ error: INVALID_TEXT })
  .trim()
  .max(OFFER_URL_MAX, tooLong(OFFER_URL_MAX))
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, OFFER_URL_INVALID);

const codeField = z
  .string({ error: INVALID_TEXT })
  .trim()
  .max(OFFER_CODE_MAX, tooLong(OFFER_CODE_MAX))
  .regex(/^[A-Za-z0-9-]*$/, OFFER_CODE_INVALID);

const maxPrintsField = z
  .number({ error: requiredOr(MAX_PRINTS_INVALID) })
  .int(MAX_PRINTS_INVALID)
  .min(MAX_PRINTS_MIN, MAX_PRINTS_INVALID)
  .max(MAX_PRINTS_MAX, MAX_PRINTS_INVALID);

const subcategoriesField = z
  .array(bodyId, { error: 'Send the subcategories as a list of ids.' })
  .max(SUBCATEGORIES_MAX, `Choose at most ${SUBCATEGORIES_MAX} subcategories.`)
  .transform((ids) => [...new Set(ids)]);

export const UNKNOWN_FIELD = 'An offer has no such field.';

/** A key an offer does not have is named on its own field, not dropped (a typo would otherwise look saved). */
function noUnknownKeys(known: readonly string[]) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const key of Object.keys(v)) if (!known.includes(key)) ctx.addIssue({ code: 'custom', message: UNKNOWN_FIELD, path: [key] });
  };
}

const booleanField = z.boolean({ error: 'Send true or false.' });

const fields = {
  merchant_id: bodyId,
  location_id: bodyId,
  category_id: bodyId,
  subcategory_ids: subcategoriesField,
  name: requiredText(OFFER_NAME_MAX),
  description: htmlField(OFFER_HTML_MAX),
  starts_at: offerDateField.nullable(),
  expires_at: offerDateField,
  max_prints: maxPrintsField,
  code: codeField,
  external_offer_url: urlField,
  retailer_terms: htmlField(OFFER_TERMS_MAX),
  consumer_terms: htmlField(OFFER_TERMS_MAX),
  secondary_type: z.enum(SECONDARY_TYPES, { error: 'Choose lease, purchase or other.' }),
  is_featured: booleanField,
  fine_print: finePrintSchema.nullable(),
  value: offerValueSchema.nullable(),
};

/** The first valid day is not after the last one (checked again on the merged record of an edit). */
function datesInOrder(v: { starts_at?: string | null | undefined; expires_at?: string | undefined }, ctx: z.RefinementCtx): void {
  if (v.starts_at && v.expires_at && v.expires_at < v.starts_at) ctx.addIssue({ code: 'custom', message: EXPIRES_BEFORE_START, path: ['expires_at'] });
}

/** POST /api/console/offers/: a new offer is a draft until it is published. */
const offerCreateObject = z.object(
  {
    merchant_id: fields.merchant_id,
    location_id: fields.location_id,
    category_id: fields.category_id,
    subcategory_ids: fields.subcategory_ids.default([]),
    name: fields.name,
    description: fields.description.default(''),
    starts_at: fields.starts_at.default(null),
    expires_at: fields.expires_at,
    max_prints: fields.max_prints.default(3),
    code: fields.code.default(''),
    external_offer_url: fields.external_offer_url.default(''),
    retailer_terms: fields.retailer_terms.default(''),
    consumer_terms: fields.consumer_terms.default(''),
    secondary_type: fields.secondary_type.default('other'),
    is_featured: fields.is_featured.default(false),
    fine_print: fields.fine_print.default(null),
    value: fields.value.default(null),
  },
  { error: OBJECT_EXPECTED },
);
export type OfferCreateInput = z.output<typeof offerCreateObject>;
export const offerCreateSchema = offerCreateObject.loose().superRefine(noUnknownKeys(Object.keys(fields))).superRefine(datesInOrder);

export const versionField = z
  .number({ error: requiredOr('Send the version you read.') })
  .int('Send the version you read.')
  .min(1, 'Send the version you read.')
  .max(2_147_483_647, 'Send the version you read.');

/** PATCH /api/console/offers/{id}/: any of the fields, and the version the editor read. */
const offerUpdateObject = z.object(
  {
    version: versionField,
    merchant_id: fields.merchant_id.optional(),
    location_id: fields.location_id.optional(),
    category_id: fields.category_id.optional(),
    subcategory_ids: fields.subcategory_ids.optional(),
    name: fields.name.optional(),
    description: fields.description.optional(),
    starts_at: fields.starts_at.optional(),
    expires_at: fields.expires_at.optional(),
    max_prints: fields.max_prints.optional(),
    code: fields.code.optional(),
    external_offer_url: fields.external_offer_url.optional(),
    retailer_terms: fields.retailer_terms.optional(),
    consumer_terms: fields.consumer_terms.optional(),
    secondary_type: fields.secondary_type.optional(),
    is_featured: fields.is_featured.optional(),
    fine_print: fields.fine_print.optional(),
    value: fields.value.optional(),
  },
  { error: OBJECT_EXPECTED },
);
export type OfferUpdateInput = z.output<typeof offerUpdateObject>;
export const offerUpdateSchema = offerUpdateObject.loose().superRefine(noUnknownKeys(['version', ...Object.keys(fields)])).superRefine(datesInOrder);

/** What a merchant proposes (docs/api.md "Merchant centre"): every offer field but the merchant (the path's) and is_featured (staff's choice). */
export const MERCHANT_OFFER_FIELDS = Object.keys(fields).filter((k) => k !== 'merchant_id' && k !== 'is_featured');

/** POST /api/merchant/{merchant_id}/offers/: a new offer as a draft revision, shown to savers once staff approve it. */
const merchantOfferCreateObject = offerCreateObject.omit({ merchant_id: true, is_featured: true });
export type MerchantOfferCreateInput = z.output<typeof merchantOfferCreateObject>;
export const merchantOfferCreateSchema = merchantOfferCreateObject.loose().superRefine(noUnknownKeys(MERCHANT_OFFER_FIELDS)).superRefine(datesInOrder);

/** PATCH /api/merchant/{merchant_id}/offers/{id}/: any of the fields, and the version read. */
const merchantOfferUpdateObject = offerUpdateObject.omit({ merchant_id: true, is_featured: true });
export type MerchantOfferUpdateInput = z.output<typeof merchantOfferUpdateObject>;
export const merchantOfferUpdateSchema = merchantOfferUpdateObject.loose().superRefine(noUnknownKeys(['version', ...MERCHANT_OFFER_FIELDS])).superRefine(datesInOrder);

/** POST /api/console/offers/{id}/publish/ (and pause, resume, expire): only the version read. */
export const offerActionSchema = z.object({ version: versionField }, { error: OBJECT_EXPECTED });
