// Answers of the wallet calls (docs/api.md "Wallet"): the member's copy of an offer for the mobile
// coupon and the passes, which passes this site can sign, and the Google Wallet save link.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

export const WalletCopyOut = z.object({
  id: z.number().int().describe('The copy id'),
  offer_id: z.number().int(),
  code: z.string().describe("The copy's own redemption code, shown form (docs/api.md \"Redemption codes\")"),
  qr: z.string().describe('What the QR code carries: the page of the code, {PUBLIC_URL}/r/{code}'),
  offer_name: z.string(),
  merchant_name: z.string(),
  expires_at: z.string().describe('Last valid day, YYYY-MM-DD'),
  prints: z.number().int().describe("The member's copies of this offer, this one included"),
  limit: z.number().int(),
  reused: z.boolean().describe('True: an existing copy that can still be redeemed; false: issued by this call, counted like a download'),
});
export type WalletCopyOut = z.infer<typeof WalletCopyOut>;

export const WalletPassesOut = z.object({
  apple: z.boolean().describe('Add to Apple Wallet is configured (POST /api/wallet/apple-passes/)'),
  google: z.boolean().describe('Save to Google Wallet is configured (POST /api/wallet/google-passes/)'),
});
export type WalletPassesOut = z.infer<typeof WalletPassesOut>;

export const GoogleWalletSaveOut = z.object({
  url: z.string().describe('https://pay.google.com/gp/v/save/{signed JWT}'),
});
export type GoogleWalletSaveOut = z.infer<typeof GoogleWalletSaveOut>;
