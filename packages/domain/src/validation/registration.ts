// Sign-up (SPEC.md 3 Registration, 5 Sign-up). The API validates POST /auth/register/ with
// registrationSchema; the web sign-up form uses the same schema (plus the age checkbox, which is
// never sent).
import { z } from 'zod';
import {
  MUST_AGREE_TO_TERMS,
  NAME_MAX,
  OBJECT_EXPECTED,
  PASSWORDS_DO_NOT_MATCH,
  REQUIRED,
  INVALID_CHECKBOX,
  birthdayField,
  checkboxField,
  emailField,
  newPasswordField,
  requiredText,
  stateField,
  trackingIdField,
  withAliases,
  zipField,
} from './fields.ts';

/** Client spellings the API accepts besides the canonical snake_case names (SPEC.md 3). */
export const REGISTRATION_ALIASES = {
  first_name: ['firstName'],
  last_name: ['lastName'],
  zipcode: ['zip'],
  confirmPassword: ['confirm_password', 're_password'],
  terms_agree: ['authSignupTerms'],
  promotions_agree: ['authSignupPromotions'],
} as const;

/** SPEC.md 5: the age checkbox shown outside the Twin Cities (form only, never sent). */
export const AGE_CHECKBOX_MESSAGE = 'You must be at least 13 years old.';

const termsField = z.preprocess(
  (v) => checkboxField.safeParse(v).data ?? v,
  z.boolean({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_CHECKBOX) }).refine((v) => v, MUST_AGREE_TO_TERMS),
);

const registrationObject = z.object(
  {
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : PASSWORDS_DO_NOT_MATCH) }).min(1, REQUIRED),
    first_name: requiredText(NAME_MAX),
    last_name: requiredText(NAME_MAX),
    state: stateField,
    zipcode: zipField,
    birthday: birthdayField,
    tracking_id: trackingIdField,
    terms_agree: termsField,
    promotions_agree: checkboxField.transform((v) => v ?? false),
  },
  { error: OBJECT_EXPECTED },
);

/**
 * POST /auth/register/ body. Accepts the aliases of SPEC.md 3 (firstName, lastName, zip...);
 * idmkmdigid and any other field are ignored (never stored).
 */
export const registrationSchema = z.preprocess(
  (v) => withAliases(v, REGISTRATION_ALIASES),
  registrationObject.superRefine((v, ctx) => {
    // SPEC.md 5: 'Passwords do not match' is thrown by the register step.
    if (typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
    }
  }),
);
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The web form outside the Twin Cities: the registration plus the ticked age checkbox. */
export const registrationFormSchema = z.preprocess(
  (v) => withAliases(v, REGISTRATION_ALIASES),
  registrationObject
    .extend({
      authAgeRequirement: z.preprocess(
        (v) => checkboxField.safeParse(v).data ?? v,
        z.boolean({ error: AGE_CHECKBOX_MESSAGE }).refine((v) => v, AGE_CHECKBOX_MESSAGE),
      ),
    })
    .superRefine((v, ctx) => {
      if (typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword && v.password !== v.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
      }
    }),
);
