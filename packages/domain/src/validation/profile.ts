// My Account (PUT /auth/user/info/) and My Interests (PUT /api/user/preferences/), SPEC.md 3, 7.
import { z } from 'zod';
import { NAME_MAX, OBJECT_EXPECTED, birthdayField, checkboxField, optionalText, stateField, withAliases, zipField } from './fields.ts';

/**
 * The profile fields a member may change; every field is optional (send only what changed). The
 * e-mail address is not changed through this call.
 */
export const profileUpdateSchema = z.preprocess(
  (v) => withAliases(v, { first_name: ['firstName'], last_name: ['lastName'], zipcode: ['zip'], promotions_agree: ['authSignupPromotions'] }),
  z.object(
    {
      first_name: optionalText(NAME_MAX),
      last_name: optionalText(NAME_MAX),
      state: stateField.optional(),
      zipcode: zipField.optional(),
      birthday: birthdayField,
      promotions_agree: checkboxField,
    },
    { error: OBJECT_EXPECTED },
  ),
);
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The seven interest flags of SPEC.md 3 Preferences, in display order. */
export const PREFERENCE_FLAGS = [
  'food_dining_preference',
  'home_services_preference',
  'health_beauty_preference',
  'auto_transportation_preference',
  'travel_entertainment_preference',
  'retail_fashion_preference',
  'special_services_preference',
] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

export const FLAG_MESSAGE = 'Use 1 or 0.';

/** A 0/1 flag; true/false and '0'/'1' are accepted and answered as 0/1. */
const flag = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : v === true || v === 1 || v === '1' || v === 'true' ? 1 : v === false || v === 0 || v === '0' || v === 'false' ? 0 : v),
  z.union([z.literal(0), z.literal(1)], { error: FLAG_MESSAGE }).optional(),
);

/** PUT /api/user/preferences/: any subset of the seven flags (SPEC.md 7: "same flags as 0/1"). */
export const preferencesUpdateSchema = z.object(
  Object.fromEntries(PREFERENCE_FLAGS.map((name) => [name, flag])) as Record<PreferenceFlag, typeof flag>,
  { error: OBJECT_EXPECTED },
);
export type PreferencesUpdate = z.output<typeof preferencesUpdateSchema>;
