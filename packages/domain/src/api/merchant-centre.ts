// Answers of the merchant centre's own calls and of the console's offer review (docs/api.md
// "Merchant centre").
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { ConsoleOffer, ConsoleOfferStatus } from './console-offers.ts';

const Role = z.enum(['owner', 'manager', 'cashier']);

/** One location a member of the team sees. */
export const MerchantLocationOut = z.object({ id: z.number().int(), display_name: z.string(), address: z.string(), city: z.string(), state: z.string(), market_id: z.string() });

/** GET /api/merchant/: the merchants the account is on the team of. */
export const MerchantMembershipOut = z.object({
  id: z.number().int().describe('The merchant id'),
  name: z.string(),
  slug: z.string(),
  role: Role,
  location_ids: z.array(z.number().int()).nullable().describe('Cashiers: where they redeem; others: null (every location)'),
  locations: z.array(MerchantLocationOut),
  second_factor_passed: z.boolean().describe('Owners and managers act only in a session that passed the second factor'),
});
export type MerchantMembershipOut = z.infer<typeof MerchantMembershipOut>;
export const MerchantMembershipList = z.array(MerchantMembershipOut);

/** The fields a merchant proposes (every offer field but the merchant and is_featured). */
export const MerchantOfferFields = ConsoleOffer.pick({
  name: true,
  description: true,
  starts_at: true,
  expires_at: true,
  max_prints: true,
  code: true,
  external_offer_url: true,
  retailer_terms: true,
  consumer_terms: true,
  secondary_type: true,
  category_id: true,
  subcategory_ids: true,
  fine_print: true,
}).extend({
  location_id: z.number().int(),
  // Optional: proposals stored before offers had a value carry none (approving them leaves it as it is).
  value: ConsoleOffer.shape.value.optional(),
});
export type MerchantOfferFields = z.infer<typeof MerchantOfferFields>;

export const MERCHANT_OFFER_STATUSES = ['draft', 'submitted', 'sent_back', 'scheduled', 'live', 'paused', 'expired'] as const;
export type MerchantOfferStatus = (typeof MERCHANT_OFFER_STATUSES)[number];

export const RevisionOut = z.object({
  id: z.number().int(),
  status: z.enum(['draft', 'submitted', 'approved', 'rejected', 'withdrawn']),
  review_note: z.string().nullable().describe("Staff's note when they sent it back"),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
});

/** One offer of a merchant as its team sees it. */
export const MerchantOfferOut = z.object({
  id: z.number().int(),
  merchant_id: z.number().int(),
  status: z
    .enum(MERCHANT_OFFER_STATUSES)
    .describe('draft, submitted (staff review it) or sent_back (see revision.review_note) while a proposal is open or was last refused; otherwise the published status: scheduled, live, paused or expired'),
  offer_status: ConsoleOfferStatus.describe('What savers see now: draft means never approved'),
  version: z.number().int().describe('Send it back with PATCH; a stale one is a 409 with `current`'),
  fields: MerchantOfferFields.describe('The proposal when one is open or was sent back, else the offer as published'),
  fine_print_lines: z.array(z.string()).describe("The proposal's fine print as savers will read it"),
  badge: z.string().nullable().describe("The proposal's value as the card's badge will read"),
  location: MerchantLocationOut,
  revision: RevisionOut.nullable().describe('The latest proposal, if any'),
  updated_at: z.string(),
});
export type MerchantOfferOut = z.infer<typeof MerchantOfferOut>;
export const MerchantOfferList = z.array(MerchantOfferOut);

/** One proposal waiting for staff (GET /api/console/reviews/). */
export const ReviewOut = z.object({
  id: z.number().int().describe('The revision id'),
  offer_id: z.number().int(),
  merchant: z.object({ id: z.number().int(), name: z.string() }),
  market_id: z.string(),
  is_new: z.boolean().describe('The offer was never approved (approval publishes it)'),
  submitted_at: z.string().nullable(),
  submitted_by: z.string().nullable().describe('E-mail of who submitted it'),
  before: MerchantOfferFields.nullable().describe('The offer as savers see it now; null for a new offer'),
  after: MerchantOfferFields,
  fine_print_lines: z.array(z.string()),
  badge: z.string().nullable().describe("The proposed value as savers' badge will read it"),
  own_business: z.boolean().describe('The caller is on this business’s team: another staff member must review it (approve and reject answer 403)'),
});
export type ReviewOut = z.infer<typeof ReviewOut>;
export const ReviewList = z.object({ results: z.array(ReviewOut), count: z.number().int() });
export type ReviewList = z.infer<typeof ReviewList>;

/** POST /api/console/merchants/{id}/invitations/ and the merchant's pending invitations. */
export const MerchantInvitationOut = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  merchant_id: z.number().int(),
  location_ids: z.array(z.number().int()).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type MerchantInvitationOut = z.infer<typeof MerchantInvitationOut>;

/** A merchant's team and pending invitations, as staff see them. */
export const MerchantTeamOut = z.object({
  members: z.array(z.object({ id: z.number().int(), user_id: z.number().int(), email: z.string(), name: z.string(), role: Role, location_ids: z.array(z.number().int()).nullable(), created_at: z.string() })),
  invitations: z.array(MerchantInvitationOut),
});
export type MerchantTeamOut = z.infer<typeof MerchantTeamOut>;
