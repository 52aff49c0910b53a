// Answers of the redemption-code calls (docs/api.md "Redemption codes"; ARCHITECTURE.md wave 2):
// what anyone sees of a copy's code, and what its merchant's team may do with it.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const CODE_STATUSES = ['valid', 'redeemed', 'expired', 'void'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const CodeLocationOut = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().describe('Street, city and state on one line'),
});
export type CodeLocationOut = z.infer<typeof CodeLocationOut>;

/** GET /api/redemption-codes/{code}/ and the 200 of its redeem: no personal data. */
export const CodeCheckOut = z.object({
  code: z.string().describe('The code as it is shown: three groups of five'),
  status: z.enum(CODE_STATUSES),
  kind: z.enum(['print', 'download', 'mobile']).describe('A printed or downloaded PDF, or the mobile coupon of slide-to-redeem'),
  offer: z.object({ id: z.number().int(), name: z.string(), code: z.string().describe("The offer's own coupon code (shared by every copy)") }),
  merchant: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  valid_at: CodeLocationOut.describe('The location the offer is valid at'),
  expires_at: z.string().describe("The offer's last valid day, YYYY-MM-DD"),
  valid_until: z.string().nullable().describe('Mobile copies: the moment the code shown on the phone stops working (10 minutes after the slide)'),
  redeemed_at: z.string().nullable(),
  location: CodeLocationOut.nullable().describe('Where it was redeemed'),
  redeemer: z
    .object({
      as: z.enum(['owner', 'manager', 'cashier', 'device']),
      locations: z.array(CodeLocationOut).describe('Where this caller may redeem (a device: its own location)'),
    })
    .nullable()
    .describe("Set when the caller is on the offer's merchant's team or a till paired to it: they may redeem"),
});
export type CodeCheckOut = z.infer<typeof CodeCheckOut>;

/** The 409 of a second redeem: when and where the first was. */
export const CodeAlreadyRedeemedOut = z.object({
  detail: z.string(),
  redeemed_at: z.string(),
  location: CodeLocationOut.nullable(),
});

/** POST /api/redemptions/{id}/undo/. */
export const RedemptionUndoOut = z.object({ offer_id: z.number().int(), code: z.string(), status: z.literal('void') });

/** GET /api/console/redemption-attempts/: a refused code check or redeem. */
export const RedemptionAttemptOut = z.object({
  id: z.number().int(),
  at: z.string(),
  code: z.string(),
  reason: z.enum(['unknown', 'wrong_merchant', 'wrong_location', 'already_redeemed', 'expired', 'void']),
  ip: z.string().nullable(),
  offer_merchant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tried_merchant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tried_location_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  device_id: z.number().int().nullable(),
});
export type RedemptionAttemptOut = z.infer<typeof RedemptionAttemptOut>;

export const RedemptionAttemptListOut = z.object({
  results: z.array(RedemptionAttemptOut),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RedemptionAttemptListOut = z.infer<typeof RedemptionAttemptListOut>;
