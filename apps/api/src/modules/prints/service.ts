// Prints and downloads, print tokens, the printable PDF and redemption (SPEC.md 3 Print record,
// 4 Print count and Slide-to-redeem, 6, 8, 9). Every copy and every redemption also leaves an
// analytics event (SPEC.md 7).
import { printLimit } from '@market/domain/constants';
import { businessToday } from '@market/domain/expiry';
import { offerShareLink } from '@market/domain/share-link';
import { ALREADY_REDEEMED, ANONYMOUS_PRINT_LIMIT_REACHED, PRINT_LIMIT_REACHED, type PrintKind } from '@market/domain/prints';
import type { AppDeps } from '../../context.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashToken, newToken } from '../auth/lib/tokens.ts';
import type { OfferDetail } from '../catalogue/schema.ts';
import { getOfferDetail } from '../catalogue/service.ts';
import { merchantLogo } from '../media/service.ts';
import { renderCouponPdf } from './lib/coupon-pdf.ts';
import {
  findCopyByToken,
  findPrintRecord,
  findPrintRecords,
  findRedemptions,
  insertRedemption,
  takeAnonymousCopy,
  takeMemberCopy,
  useToken,
} from './repository.ts';
import type { PrintRecordOut, RedemptionOut } from './schema.ts';

/** A print token is for printing now: it expires an hour after it is issued. */
export const PRINT_TOKEN_SECONDS = 3600;
/**
 * Anonymous copies one client address may take of one offer per business day (decision in
 * docs/decisions.md): the browser's own limit (SPEC.md 4) is easy to clear, and one address is
 * often a household or an office, so the server's cap is generous but finite.
 */
export const ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY = 10;

export const TOKEN_NOT_VALID = 'This print link is not valid for this offer.';
export const TOKEN_USED = 'This print link has already been used. Print the coupon again from the offer.';
export const TOKEN_EXPIRED = 'This print link has expired. Print the coupon again from the offer.';

/** An offer a copy or a redemption can be made of: it exists, is active and not expired. */
async function usableOffer(deps: AppDeps, offerId: number, field: string): Promise<OfferDetail> {
  let offer: OfferDetail;
  try {
    offer = await getOfferDetail(deps, offerId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw invalid(field, 'Unknown offer.');
    throw error;
  }
  if (!offer.is_active) throw invalid(field, 'This offer is no longer available.');
  if (offer.expiry_status !== 'active') throw invalid(field, 'This offer has expired.');
  return offer;
}

const EVENT_OF_KIND: Record<PrintKind, 'offer.printed' | 'offer.downloaded'> = { print: 'offer.printed', download: 'offer.downloaded' };

export interface IssuedToken {
  id: number;
  token: string;
  offer_id: number;
  kind: PrintKind;
  prints: number;
  limit: number;
}

/**
 * Issues a member one copy of an offer (a print or a download) while under max(maxPrints, 3)
 * (SPEC.md 4, 9): a single-use token for the PDF. At the limit: 409 'Print/Download Limit Reached'.
 */
export async function issuePrintToken(deps: AppDeps, userId: number, offerId: number, kind: PrintKind, field = 'offer_id'): Promise<IssuedToken> {
  const offer = await usableOffer(deps, offerId, field);
  const limit = printLimit(offer.max_prints);
  const token = newToken();
  const copy = await takeMemberCopy(deps.db, userId, limit, {
    offerId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + PRINT_TOKEN_SECONDS * 1000),
  });
  if (!copy) throw new AppError('conflict', PRINT_LIMIT_REACHED);
  deps.analytics.record({ event: EVENT_OF_KIND[kind], source: 'server', offerId, locationId: offer.location_id, userId, data: { copy_id: copy.id } });
  return { id: copy.id, token, offer_id: offerId, kind, prints: copy.prints, limit };
}

/** The member's Print record of one offer (SPEC.md 3): prints so far and the limit. */
export async function printRecord(deps: Pick<AppDeps, 'db'>, userId: number, offerId: number): Promise<PrintRecordOut> {
  const row = await findPrintRecord(deps.db.db, userId, offerId);
  if (!row) throw invalid('offer_id', 'Unknown offer.');
  return { offer_id: offerId, prints: row.prints ?? 0, limit: printLimit(row.maxPrints), last_printed_at: row.lastPrintedAt?.toISOString() ?? null };
}

/** All of the member's Print records, most recently printed first. */
export async function printRecords(deps: Pick<AppDeps, 'db'>, userId: number): Promise<PrintRecordOut[]> {
  const rows = await findPrintRecords(deps.db.db, userId);
  return rows.map((r) => ({ offer_id: r.offerId, prints: r.prints, limit: printLimit(r.maxPrints), last_printed_at: r.lastPrintedAt.toISOString() }));
}

/** Registers the member's one redemption of an offer (SPEC.md 4 Slide-to-redeem); a second is a 409. */
export async function redeem(deps: AppDeps, userId: number, offerId: number): Promise<RedemptionOut> {
  const offer = await usableOffer(deps, offerId, 'offer_id');
  const row = await insertRedemption(deps.db.db, userId, offerId);
  if (!row) throw new AppError('conflict', ALREADY_REDEEMED);
  deps.analytics.record({ event: 'offer.redeemed', source: 'server', offerId, locationId: offer.location_id, userId, data: { redemption_id: row.id } });
  return { id: row.id, offer_id: offerId, redeemed_at: row.createdAt.toISOString() };
}

/** The member's redeemed coupons, newest first (the web's slide-to-redeem state). */
export async function redemptionList(deps: Pick<AppDeps, 'db'>, userId: number): Promise<RedemptionOut[]> {
  const rows = await findRedemptions(deps.db.db, userId);
  return rows.map((r) => ({ id: r.id, offer_id: r.offerId, redeemed_at: r.createdAt.toISOString() }));
}

export interface CopyToRender {
  offer: OfferDetail;
  copyId: number;
  copyNumber: number | null;
  kind: PrintKind;
}

/** Uses a print token: for its offer only, and once. */
export async function copyFromToken(deps: AppDeps, token: string, offerId: number): Promise<CopyToRender> {
  const hash = hashToken(token);
  const used = await useToken(deps.db.db, hash, offerId);
  if (!used) {
    const copy = await findCopyByToken(deps.db.db, hash);
    if (!copy || copy.offerId !== offerId) throw new AppError('not_found', TOKEN_NOT_VALID);
    throw new AppError('gone', copy.usedAt ? TOKEN_USED : TOKEN_EXPIRED);
  }
  // The offer was printable when the token was issued; it must still be now.
  const offer = await usableOffer(deps, offerId, 'offer_id');
  return { offer, copyId: used.id, copyNumber: used.copyNumber, kind: used.kind };
}

/**
 * The address an anonymous cap counts against: an IPv4 address as is (also when mapped into
 * IPv6), an IPv6 address by its /64 network, since one household gets a whole /64 and can pick
 * any address in it.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array.from({ length: Math.max(missing, 0) }, () => '0'), ...tailParts];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * An anonymous copy (SPEC.md 6: anonymous visitors may print or download), capped per client
 * address, offer and day: beyond the cap, 429 'Print Limit Reached' (SPEC.md 8).
 */
export async function anonymousCopy(deps: AppDeps, clientAddress: string, offerId: number, kind: PrintKind): Promise<CopyToRender> {
  const offer = await usableOffer(deps, offerId, 'offer_id');
  const copy = await takeAnonymousCopy(deps.db, clientAddressKey(clientAddress), businessToday(), ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY, {
    offerId,
    kind,
    tokenHash: null,
    expiresAt: new Date(),
  });
  if (!copy) throw new AppError('too_many', ANONYMOUS_PRINT_LIMIT_REACHED);
  deps.analytics.record({ event: EVENT_OF_KIND[kind], source: 'server', offerId, locationId: offer.location_id, data: { copy_id: copy.id, anonymous: true } });
  return { offer, copyId: copy.id, copyNumber: null, kind };
}

/** The number printed in a copy's barcode: offer and copy id. */
export function copySerial(offerId: number, copyId: number): string {
  return `LS-${offerId}-${copyId}`;
}

/**
 * The coupon PDF of one copy. Its QR code links to the offer's page with the copy's serial; the
 * barcode carries the serial alone. `homePros` picks the home-pros layout (is_hpg).
 */
export async function couponPdf(deps: Pick<AppDeps, 'db'>, copy: CopyToRender, options: { homePros: boolean; publicUrl: string }): Promise<{ pdf: Buffer; filename: string }> {
  const { offer } = copy;
  const serial = copySerial(offer.id, copy.copyId);
  const logo = offer.merchant_logo ? await merchantLogo(deps, offer.merchant.slug).catch(() => null) : null;
  const pdf = await renderCouponPdf({
    layout: options.homePros ? 'home-pros' : 'default',
    merchantName: offer.merchant.name,
    logoSvg: logo,
    headline: offer.name,
    descriptionHtml: offer.description,
    expiresAt: offer.expires_at,
    address: offer.location,
    code: offer.code,
    isCertified: offer.is_certified,
    retailerTerms: offer.retailer_terms,
    consumerTerms: offer.consumer_terms,
    finePrintLines: offer.fine_print_lines,
    serial,
    qrText: `${offerShareLink(options.publicUrl, offer.merchant.slug, offer.location_id, offer.id)}&copy=${serial}`,
    copyNumber: copy.copyNumber,
    printedOn: businessToday(),
  });
  return { pdf, filename: `coupon-${offer.slug || offer.id}-${copy.copyId}.pdf` };
}
