// Answers of prints, print tokens and redemptions (SPEC.md 3 Print record, 7; ARCHITECTURE.md
// unnamed paths).
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const PrintTokenOut = z.object({
  id: z.number().int().describe('The copy id, printed in its QR code and barcode'),
  token: z.string().describe('Single-use key for GET /api/pdf?token=...&offer_id=... (expires after an hour)'),
  offer_id: z.number().int(),
  kind: z.enum(['print', 'download']),
  prints: z.number().int().describe("The member's prints and downloads of this offer, this one included"),
  limit: z.number().int().describe('max(max_prints, 3) (SPEC.md 9)'),
  code: z.string().describe('This copy\'s own redemption code (docs/api.md "Redemption codes"), printed on its PDF as text, QR and barcode'),
});
export type PrintTokenOut = z.infer<typeof PrintTokenOut>;

export const PrintRecordOut = z.object({
  offer_id: z.number().int(),
  prints: z.number().int(),
  limit: z.number().int(),
  last_printed_at: z.string().nullable(),
});
export type PrintRecordOut = z.infer<typeof PrintRecordOut>;

export const RedemptionOut = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  redeemed_at: z.string(),
  code: z.string().nullable().describe('The mobile copy of slide-to-redeem: its code for the cashier (null: redeemed before codes, or by a cashier from a printed copy)'),
  valid_until: z.string().nullable().describe('The mobile code works (and the phone shows it) until then: 10 minutes after the slide'),
  undo_until: z.string().nullable().describe('POST /api/redemptions/{id}/undo/ works until then (2 minutes) unless a cashier confirmed the code'),
  confirmed_at: z.string().nullable().describe('When a cashier or till confirmed the mobile code'),
});
export type RedemptionOut = z.infer<typeof RedemptionOut>;

/** GET /api/redemptions/: the member's redeemed coupons, newest first. */
export const RedemptionListOut = z.array(RedemptionOut);
