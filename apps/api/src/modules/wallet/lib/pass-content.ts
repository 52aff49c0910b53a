// What both wallet passes say about a copy (docs/api.md "Wallet"): the offer, its merchant, the
// copy's code and QR, the brand's colours, and the moment the offer ends.
import { brandFor, type Brand } from '@market/domain/brand';
import { addDays, BUSINESS_TIMEZONE, dayIn } from '@market/domain/expiry';
import type { WalletCopy } from '../../prints/service.ts';

export interface PassContent {
  copyId: number;
  offerId: number;
  offerName: string;
  merchantName: string;
  /** The copy's code, shown form. */
  code: string;
  /** What the QR carries: the code's page, as on the printed coupon. */
  qr: string;
  /** Last valid day, YYYY-MM-DD. */
  expiresOn: string;
  /** The end of that day in the business time zone (SPEC.md 4 expiry). */
  endsAt: Date;
  terms: string;
  brand: Brand;
}

/** The first instant of `day` in the business time zone (America/Detroit is UTC-4 or UTC-5). */
export function startOfBusinessDay(day: string): Date {
  for (const offsetHours of [4, 5, 6, 3]) {
    const candidate = new Date(`${day}T00:00:00Z`);
    candidate.setUTCHours(offsetHours);
    if (dayIn(BUSINESS_TIMEZONE, candidate) === day && dayIn(BUSINESS_TIMEZONE, new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  throw new Error(`No start of ${day} in ${BUSINESS_TIMEZONE}`);
}

export function passContent(copy: WalletCopy): PassContent {
  const { offer } = copy;
  return {
    copyId: copy.id,
    offerId: offer.id,
    offerName: offer.name,
    merchantName: offer.merchant.name,
    code: copy.code,
    qr: copy.qr,
    expiresOn: offer.expires_at,
    endsAt: startOfBusinessDay(addDays(offer.expires_at, 1)),
    terms: [offer.code ? `Offer code: ${offer.code}` : '', ...offer.fine_print_lines].filter(Boolean).join('\n'),
    brand: brandFor({ city: offer.location.city, state: offer.location.state, lat: offer.location.latitude, lng: offer.location.longitude }),
  };
}
