// "Save to Google Wallet": a save link whose JWT (RS256, signed with the configured service
// account's key) carries the offer class and this copy's offer object, with its code as QR.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../../config/env.ts';
import type { PassContent } from './pass-content.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** Google Wallet ids: issuer id, a dot, then letters, digits, '.', '_' or '-'. */
const walletId = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;

/** The save link of one copy. */
export async function googleSaveUrl(config: GoogleWalletConfig, content: PassContent, publicUrl: string): Promise<string> {
  const classId = walletId(config.issuerId, `offer-${content.offerId}`);
  const payload = {
    offerClasses: [
      {
        id: classId,
        issuerName: content.brand.siteName,
        provider: content.merchantName,
        title: content.offerName,
        redemptionChannel: 'INSTORE',
        reviewStatus: 'UNDER_REVIEW',
        hexBackgroundColor: content.brand.accent,
        ...(content.terms ? { finePrint: content.terms } : {}),
      },
    ],
    offerObjects: [
      {
        id: walletId(config.issuerId, `copy-${content.copyId}`),
        classId,
        state: 'ACTIVE',
        barcode: { type: 'QR_CODE', value: content.qr, alternateText: content.code },
        validTimeInterval: { end: { date: content.endsAt.toISOString() } },
      },
    ],
  };
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT({ origins: [new URL(publicUrl).origin], typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return GOOGLE_SAVE_URL + jwt;
}
