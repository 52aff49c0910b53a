// The merchant centre (docs/api.md "Merchant centre"): inviting a merchant's people and sending a
// proposed offer back. The same schemas check the console forms and the API.
import { z } from 'zod';
import { INVALID_TEXT, OBJECT_EXPECTED, REQUIRED, bodyId, emailField, hasNoNul, tooLong } from './fields.ts';

export const MERCHANT_ROLE_NAMES = ['owner', 'manager', 'cashier'] as const;
export type MerchantRoleName = (typeof MERCHANT_ROLE_NAMES)[number];

export const INVALID_MERCHANT_ROLE = 'Choose owner, manager or cashier.';
export const CASHIER_NEEDS_LOCATIONS = 'Choose the locations where this cashier redeems coupons.';
export const REVIEW_NOTE_MAX = 2_000;

/** POST /api/console/merchants/{id}/invitations/: cashiers redeem only at location_ids (required for them, ignored for the others). */
export const merchantInvitationSchema = z
  .object(
    {
      email: emailField,
      role: z.enum(MERCHANT_ROLE_NAMES, { error: INVALID_MERCHANT_ROLE }),
      location_ids: z
        .array(bodyId, { error: 'Send the locations as a list of ids.' })
        .max(500, 'Choose at most 500 locations.')
        .nullish()
        .transform((ids) => (ids && ids.length ? [...new Set(ids)] : null)),
    },
    { error: OBJECT_EXPECTED },
  )
  .superRefine((v, ctx) => {
    if (v.role === 'cashier' && !v.location_ids) ctx.addIssue({ code: 'custom', message: CASHIER_NEEDS_LOCATIONS, path: ['location_ids'] });
  })
  .transform((v) => ({ ...v, location_ids: v.role === 'cashier' ? v.location_ids : null }));
export type MerchantInvitationInput = z.output<typeof merchantInvitationSchema>;

/** POST /api/console/reviews/{id}/reject/: the merchant reads the note. */
export const reviewRejectSchema = z.object(
  {
    note: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT) })
      .trim()
      .min(1, REQUIRED)
      .max(REVIEW_NOTE_MAX, tooLong(REVIEW_NOTE_MAX))
      .refine(hasNoNul, INVALID_TEXT),
  },
  { error: OBJECT_EXPECTED },
);
