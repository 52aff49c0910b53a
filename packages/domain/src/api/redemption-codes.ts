// Answers of the redemption-code calls (docs/api.md "Redemption codes"; ARCHITECTURE.md wave 2):
// what anyone sees of a copy's code, and what its merchant's team may do with it.
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { VERDICT_REASONS } from '../redemption-verdict.ts';

export const CODE_STATUSES = ['valid', 'redeemed', 'expired', 'void'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export const CodeLocationOut = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().describe('Street, city and state on one line'),
});
export type CodeLocationOut = z.infer<typeof CodeLocationOut>;

/** The one answer to "may this copy be honoured here, now?" (redemption-verdict.ts), for the caller. */
export const VerdictOut = z.object({
  redeemable: z.boolean().describe('True only when a redeem by this caller, now, would succeed (anonymous callers and savers: the copy is live, in its dates, days and hours)'),
  reason: z.enum(VERDICT_REASONS).nullable().describe('Null when redeemable; else the first that applies, in this order of precedence'),
  message: z.string().describe('What the screen shows'),
  next_valid_at: z.string().optional().describe('outside_hours and not_started: the next instant it may be honoured (ISO 8601), when there is one before it expires'),
  valid_locations: z.array(CodeLocationOut).optional().describe('wrong_location: where the offer is valid'),
  redeemed_at: z.string().optional().describe('redeemed: when'),
  location: CodeLocationOut.nullable().optional().describe('redeemed: where'),
});
export type VerdictOut = z.infer<typeof VerdictOut>;

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
  verdict: VerdictOut.describe('Whether this caller may honour the copy here, now (a cashier or manager: at `location_id`, else where the offer is valid among theirs; a till: its own location)'),
  conditions: z.array(z.string()).describe('The fine print a cashier reads before honouring it: days and hours, minimum purchase, limits, exclusions, dates, where'),
});
export type CodeCheckOut = z.infer<typeof CodeCheckOut>;

/** The 409 of a second redeem: when and where the first was. */
export const CodeAlreadyRedeemedOut = z.object({
  detail: z.string(),
  reason: z.literal('redeemed'),
  message: z.string().describe("The verdict's message"),
  redeemed_at: z.string(),
  location: CodeLocationOut.nullable(),
});

/**
 * Any other refused redeem (403, 410, 422): the verdict's reason and message, and what helps the
 * cashier (where it is valid, when it is next valid). A refused location choice also names
 * `location_id`.
 */
export const CodeRefusedOut = z.object({
  detail: z.string().optional(),
  location_id: z.array(z.string()).optional(),
  reason: z.enum(VERDICT_REASONS),
  message: z.string(),
  next_valid_at: z.string().optional(),
  valid_locations: z.array(CodeLocationOut).optional(),
});
export type CodeRefusedOut = z.infer<typeof CodeRefusedOut>;

/** Refused tries staff see: the verdict's reasons (other_merchant as wrong_merchant, redeemed as already_redeemed) and unknown codes. */
export const ATTEMPT_REASONS = ['unknown', 'wrong_merchant', 'wrong_location', 'already_redeemed', 'expired', 'void', 'paused', 'not_started', 'outside_hours'] as const;
export type AttemptReason = (typeof ATTEMPT_REASONS)[number];

/** POST /api/redemptions/{id}/undo/. */
export const RedemptionUndoOut = z.object({ offer_id: z.number().int(), code: z.string(), status: z.literal('void') });

/** GET /api/console/redemption-attempts/: a refused code check or redeem. */
export const RedemptionAttemptOut = z.object({
  id: z.number().int(),
  at: z.string(),
  code: z.string(),
  reason: z.enum(ATTEMPT_REASONS),
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
