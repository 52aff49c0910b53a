// Every lead form (SPEC.md 3 Lease/test-drive request and Other payloads, 5, 7): auto lease and
// test drive, suggest a merchant or contractor, newsletter, mailing list removal, magazine lead,
// business lead, contractor application. The web forms and the API parse with these schemas, so the
// two can never disagree.
import { z } from 'zod';
import { CATEGORY_SLUG_PATTERN } from '../categories.ts';
import { STATES_SOLD } from '../markets.ts';
import { ADDRESS_MAX, CITY_MAX, usStateField } from './contests.ts';
import {
  NAME_MAX,
  OBJECT_EXPECTED,
  REQUIRED,
  INVALID_TEXT,
  blankableText,
  bodyId,
  checkboxField,
  emailField,
  requiredText,
  tooLong,
  trackingIdField,
  withAliases,
  zipField,
} from './fields.ts';
import { optionalPhoneField, phoneField } from './phone.ts';

// Success texts of SPEC.md 2 and 4.
export const LEASE_SUBMITTED = 'Form successfully submitted!';
export const SUGGESTION_SUBMITTED = 'Suggestion Submitted!';
export const NEWSLETTER_SUBMITTED = 'Submitted!';
export const MAIL_REMOVAL_SUBMITTED = 'Submitted.';
/** SPEC.md 8: the mailing removal form's failure text. */
export const MAIL_REMOVAL_FAILED = 'Unable to submit request.';

// Messages SPEC.md leaves open (docs/decisions.md).
export const INVALID_SOLD_STATE = 'Choose Michigan, Illinois, Minnesota or Florida.';
export const INVALID_OFFER_TYPE = 'Choose lease or test-drive.';
export const INVALID_YES_NO = 'Answer yes or no.';
export const INVALID_INTERESTS = 'Choose print, digital or home pros.';
export const INVALID_PROJECTS = 'Choose at least one kind of project.';
export const INVALID_YEARS = 'Enter a number of years.';
export const INVALID_URL = 'Enter a web address such as https://example.com.';

export const BUSINESS_NAME_MAX = 200;
export const MESSAGE_MAX = 2000;
export const MAX_PROJECT_SLUGS = 60;

const required = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT);

/** One of the four sold states (SPEC.md 5 Suggest merchant: MI, IL, MN, FL); no 'Other'. */
export const soldStateField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_SOLD_STATE) })
    .min(1, { message: REQUIRED, abort: true })
    .refine((s) => (STATES_SOLD as readonly string[]).includes(s), INVALID_SOLD_STATE),
);

/** SPEC.md 3 Lease/test-drive request: type lease or test-drive. */
export const OFFER_TYPES = ['lease', 'test-drive'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

const offerTypeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s_]+/g, '-').replace(/^testdrive$/, 'test-drive') : v),
  z
    .string({ error: required })
    .min(1, { message: REQUIRED, abort: true })
    .refine((s): s is OfferType => (OFFER_TYPES as readonly string[]).includes(s), INVALID_OFFER_TYPE)
    .transform((s) => s as OfferType),
);

/**
 * POST /api/autolead/ (SPEC.md 5 Lease/test-drive): first name, last name, e-mail, phone (a US
 * number, answered as +1 E.164) and a 5-digit zip are required. The lease form's camelCase names
 * (firstName, lastName, type) are accepted too.
 */
export const autoLeadSchema = z.preprocess(
  (v) => withAliases(v, { first_name: ['firstName'], last_name: ['lastName'], offer_type: ['type', 'offerType'], offer_id: ['offerId'], zip: ['zipcode', 'zipCode'] }),
  z.object(
    {
      offer_id: bodyId,
      offer_type: offerTypeField,
      first_name: requiredText(NAME_MAX),
      last_name: requiredText(NAME_MAX),
      email: emailField,
      phone: phoneField,
      zip: zipField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type AutoLeadInput = z.input<typeof autoLeadSchema>;
export type AutoLead = z.output<typeof autoLeadSchema>;

/** Suggest a location (default) or, from the home-pros footer, a contractor (SPEC.md 2). */
export const SUGGESTION_KINDS = ['location', 'contractor'] as const;

/** POST /api/suggestmerchant/ (SPEC.md 5 Suggest merchant): name, city, state (MI, IL, MN, FL). */
export const suggestMerchantSchema = z.object(
  {
    name: requiredText(BUSINESS_NAME_MAX),
    city: requiredText(CITY_MAX),
    state: soldStateField,
    kind: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'location' : typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(SUGGESTION_KINDS, { error: 'Choose location or contractor.' })),
  },
  { error: OBJECT_EXPECTED },
);
export type SuggestMerchantInput = z.input<typeof suggestMerchantSchema>;
export type SuggestMerchant = z.output<typeof suggestMerchantSchema>;

/** POST /auth/newsletter/ (SPEC.md 5 Newsletter: an e-mail, required; plus the tracking id). */
export const newsletterSchema = z.object({ email: emailField, tracking_id: trackingIdField }, { error: OBJECT_EXPECTED });
export type NewsletterInput = z.input<typeof newsletterSchema>;
export type Newsletter = z.output<typeof newsletterSchema>;

/**
 * POST /auth/mail_removal/ (SPEC.md 3, 5 Mailing removal): street address, city, state and zip
 * required ('This is required'), the zip 5 digits. The apartment/unit may be empty: SPEC.md 5
 * lists it as required, but most addresses have none (docs/decisions.md).
 */
export const mailRemovalSchema = z.preprocess(
  (v) => withAliases(v, { streetAddress: ['street_address', 'address'], aptOrUnitNumber: ['apt_or_unit_number', 'apt'], zipCode: ['zip', 'zipcode', 'zip_code'] }),
  z.object(
    {
      streetAddress: requiredText(ADDRESS_MAX),
      aptOrUnitNumber: blankableText(50),
      city: requiredText(CITY_MAX),
      state: usStateField,
      zipCode: zipField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type MailRemovalInput = z.input<typeof mailRemovalSchema>;
export type MailRemoval = z.output<typeof mailRemovalSchema>;

/**
 * POST /auth/magazine_lead/ (SPEC.md 7: form fields plus tracking_id): a request to receive the
 * printed magazine. Name, e-mail and the mailing address are required; phone and unit optional.
 */
export const magazineLeadSchema = z.preprocess(
  (v) => withAliases(v, { first_name: ['firstName'], last_name: ['lastName'], address: ['streetAddress', 'street_address', 'address1'], address2: ['aptOrUnitNumber', 'apt'], zip: ['zipCode', 'zipcode'] }),
  z.object(
    {
      first_name: requiredText(NAME_MAX),
      last_name: requiredText(NAME_MAX),
      email: emailField,
      address: requiredText(ADDRESS_MAX),
      address2: blankableText(ADDRESS_MAX),
      city: requiredText(CITY_MAX),
      state: usStateField,
      zip: zipField,
      phone: optionalPhoneField,
      tracking_id: trackingIdField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type MagazineLeadInput = z.input<typeof magazineLeadSchema>;
export type MagazineLead = z.output<typeof magazineLeadSchema>;

/** What a business wants to advertise in (SPEC.md 1: print, digital, home pros). */
export const BUSINESS_INTERESTS = ['print', 'digital', 'home-pros'] as const;
export type BusinessInterest = (typeof BUSINESS_INTERESTS)[number];

const interestsField = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : v;
    if (!Array.isArray(list)) return list;
    return list
      .map((s) => (typeof s === 'string' ? s.trim().toLowerCase().replace(/[\s_]+/g, '-').replace(/^homepros$/, 'home-pros') : s))
      .filter((s) => s !== '');
  },
  z
    .array(z.enum(BUSINESS_INTERESTS, { error: INVALID_INTERESTS }), { error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_INTERESTS) })
    .min(1, REQUIRED)
    .max(BUSINESS_INTERESTS.length, INVALID_INTERESTS)
    .transform((list) => BUSINESS_INTERESTS.filter((i) => list.includes(i))),
);

/** Folds checkbox fields interest_print, interest_digital, interest_home_pros into `interests`. */
function foldInterestCheckboxes(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const input = v as Record<string, unknown>;
  if (input.interests !== undefined && input.interests !== null && input.interests !== '') return input;
  const ticked = BUSINESS_INTERESTS.filter((i) => checkboxField.safeParse(input[`interest_${i.replace('-', '_')}`]).data === true);
  return ticked.length ? { ...input, interests: ticked } : input;
}

const websiteField = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    if (typeof v === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(v.trim())) return `https://${v.trim()}`;
    return typeof v === 'string' ? v.trim() : v;
  },
  z.url({ protocol: /^https?$/, hostname: /\./, error: INVALID_URL }).max(300, tooLong(300)).optional(),
);

/**
 * POST /api/businesslead/ (SPEC.md 3: shape not shown): what a sales team needs to call
 * back: business name, contact first and last name, phone, e-mail, city, state (a sold state) and
 * what the business is interested in (print, digital, home pros). Zip, website and a message are
 * optional.
 */
export const businessLeadSchema = z.preprocess(
  (v) => foldInterestCheckboxes(withAliases(v, { business_name: ['businessName', 'company', 'company_name'], first_name: ['firstName'], last_name: ['lastName'], zip: ['zipCode', 'zipcode'], interests: ['interest'] })),
  z.object(
    {
      business_name: requiredText(BUSINESS_NAME_MAX),
      first_name: requiredText(NAME_MAX),
      last_name: requiredText(NAME_MAX),
      email: emailField,
      phone: phoneField,
      city: requiredText(CITY_MAX),
      state: soldStateField,
      zip: z.preprocess((v) => (v === null || v === '' ? undefined : v), zipField.optional()),
      interests: interestsField,
      website: websiteField,
      message: blankableText(MESSAGE_MAX),
      tracking_id: trackingIdField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type BusinessLeadInput = z.input<typeof businessLeadSchema>;
export type BusinessLead = z.output<typeof businessLeadSchema>;

/** SPEC.md 3 contractor application: 'yes'/'no' become 1/0 (true/false and 1/0 are accepted too). */
export const yesNoField = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (s === '') return undefined;
      return s === 'yes' || s === 'y' || s === 'true' || s === '1' ? 1 : s === 'no' || s === 'n' || s === 'false' || s === '0' ? 0 : v;
    }
    return v === true ? 1 : v === false ? 0 : v;
  },
  z.union([z.literal(0), z.literal(1)], { error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_YES_NO) }),
);

/**
 * SPEC.md 3: "checkbox fields whose names start with slug_ are folded into project_slugs, the
 * list of ticked slugs". slug_kitchen_bath and slug_kitchen-bath both give 'kitchen-bath'. A
 * project_slugs list sent as such is kept and merged.
 */
export function foldProjectSlugs(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  const slugs: unknown[] = [];
  const given = (v as Record<string, unknown>).project_slugs;
  if (Array.isArray(given)) slugs.push(...given);
  else if (typeof given === 'string' && given.trim()) slugs.push(...given.split(','));
  else if (given !== undefined && given !== null && given !== '') slugs.push(given);
  for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
    if (key === 'project_slugs') continue;
    if (key.startsWith('slug_')) {
      if (checkboxField.safeParse(value).data === true) slugs.push(key.slice(5).replaceAll('_', '-'));
      continue;
    }
    out[key] = value;
  }
  out.project_slugs = [...new Set(slugs.map((s) => (typeof s === 'string' ? s.trim().toLowerCase() : s)))];
  return out;
}

const projectSlugsField = z
  .array(z.string({ error: INVALID_PROJECTS }).regex(CATEGORY_SLUG_PATTERN, INVALID_PROJECTS).max(60, INVALID_PROJECTS), { error: INVALID_PROJECTS })
  .min(1, INVALID_PROJECTS)
  .max(MAX_PROJECT_SLUGS, INVALID_PROJECTS);

/**
 * POST /api/contractorapplication/ (SPEC.md 3, 7): a home pro applying to be listed (and
 * certified: licensed where required, bonded when needed, insured, SPEC.md 6). The yes/no answers
 * become 1/0 and the ticked slug_* boxes become project_slugs.
 */
export const contractorApplicationSchema = z.preprocess(
  (v) => foldProjectSlugs(withAliases(v, { company_name: ['companyName', 'business_name', 'businessName'], first_name: ['firstName'], last_name: ['lastName'], zip: ['zipCode', 'zipcode'], years_in_business: ['yearsInBusiness'] })),
  z.object(
    {
      company_name: requiredText(BUSINESS_NAME_MAX),
      first_name: requiredText(NAME_MAX),
      last_name: requiredText(NAME_MAX),
      email: emailField,
      phone: phoneField,
      address: blankableText(ADDRESS_MAX),
      city: requiredText(CITY_MAX),
      state: soldStateField,
      zip: zipField,
      website: websiteField,
      years_in_business: z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v === '' ? undefined : v),
        z.number({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_YEARS) }).int(INVALID_YEARS).min(0, INVALID_YEARS).max(200, INVALID_YEARS),
      ),
      licensed: yesNoField,
      insured: yesNoField,
      bonded: yesNoField,
      workers_comp: yesNoField,
      project_slugs: projectSlugsField,
      comments: blankableText(MESSAGE_MAX),
      tracking_id: trackingIdField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type ContractorApplicationInput = z.input<typeof contractorApplicationSchema>;
export type ContractorApplication = z.output<typeof contractorApplicationSchema>;
