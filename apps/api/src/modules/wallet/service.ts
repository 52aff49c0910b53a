// The member's coupons outside the site (docs/api.md "Wallet"): the copy the phone shows offline
// and the Apple and Google Wallet passes, all carrying that one copy's code.
import type { GoogleWalletSaveOut, WalletCopyOut, WalletPassesOut } from '@market/domain/api/wallet';
import type { ApplePassConfig, GoogleWalletConfig } from '../../config/env.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { walletCopy } from '../prints/service.ts';
import { applePass } from './lib/apple-pass.ts';
import { googleSaveUrl } from './lib/google-pass.ts';
import { passContent } from './lib/pass-content.ts';

export const APPLE_NOT_CONFIGURED = 'Apple Wallet passes are not available on this site.';
export const GOOGLE_NOT_CONFIGURED = 'Google Wallet passes are not available on this site.';

export interface WalletSigners {
  apple: ApplePassConfig | undefined;
  google: GoogleWalletConfig | undefined;
}

/** Which passes the site can sign: the buttons show only for those. */
export function walletPasses(signers: WalletSigners): WalletPassesOut {
  return { apple: signers.apple !== undefined, google: signers.google !== undefined };
}

/** The member's copy of an offer for the mobile coupon (reused while redeemable, else issued). */
export async function memberWalletCopy(deps: AppDeps, userId: number, offerId: number): Promise<WalletCopyOut> {
  const copy = await walletCopy(deps, userId, offerId);
  return {
    id: copy.id,
    offer_id: copy.offer.id,
    code: copy.code,
    qr: copy.qr,
    offer_name: copy.offer.name,
    merchant_name: copy.offer.merchant.name,
    expires_at: copy.offer.expires_at,
    prints: copy.prints,
    limit: copy.limit,
    reused: copy.reused,
  };
}

/** The signed .pkpass of the member's copy of an offer; 404 when Apple passes are not configured. */
export async function memberApplePass(deps: AppDeps, signers: WalletSigners, userId: number, offerId: number): Promise<{ pass: Buffer; filename: string }> {
  if (!signers.apple) throw new AppError('not_found', APPLE_NOT_CONFIGURED);
  const copy = await walletCopy(deps, userId, offerId);
  return { pass: applePass(signers.apple, passContent(copy)), filename: `coupon-${offerId}.pkpass` };
}

/** The Save to Google Wallet link of the member's copy of an offer; 404 when not configured. */
export async function memberGoogleSave(deps: AppDeps, signers: WalletSigners, userId: number, offerId: number): Promise<GoogleWalletSaveOut> {
  if (!signers.google) throw new AppError('not_found', GOOGLE_NOT_CONFIGURED);
  const copy = await walletCopy(deps, userId, offerId);
  return { url: await googleSaveUrl(signers.google, passContent(copy), deps.env.PUBLIC_URL) };
}
