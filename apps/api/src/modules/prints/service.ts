// Prints and downloads, print tokens, the printable PDF and redemption (SPEC.md 3 Print record,
// 4 Print count and Slide-to-redeem, 6, 8, 9). Every copy and every redemption also leaves an
// analytics event (SPEC.md 7).
import { offerShareLink } from '@market/domain/share-link';
import { regularPriceLine, valueBadge } from '@market/domain/offer-value';
import { printLimit } from '@market/domain/constants';
import { businessToday } from '@market/domain/expiry';
import { ALREADY_REDEEMED, ANONYMOUS_PRINT_LIMIT_REACHED, PRINT_LIMIT_REACHED, type PrintKind } from '@market/domain/prints';
import { formatRedemptionCode, newRedemptionCode, redemptionCodeUrl } from '@market/domain/redemption-code';
import type { AppDeps } from '../../context.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashToken, newToken } from '../auth/lib/tokens.ts';
import type { OfferDetail } from '../catalogue/schema.ts';
import { getOfferDetail, getOfferDetailForPreview } from '../catalogue/service.ts';
import { merchantLogoForPrint } from '../media/service.ts';
import { renderCouponPdf } from './lib/coupon-pdf.ts';
import {
  findCopyByToken,
  findRedeemableMemberCopy,
  findPrintRecord,
  findPrintRecords,
  findRedemptions,
  insertMobileCopy,
  insertRedemption,
  takeAnonymousCopy,
  takeMemberCopy,
  useToken,
  voidMobileCopy,
  type RedemptionRow,
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
  code: string;
}

/** How long the mobile copy of slide-to-redeem works and shows on the phone (docs/api.md "Redemption codes"). */
export const MOBILE_CODE_SECONDS = 10 * 60;
/** How long a saver may undo an accidental slide, unless a cashier confirmed it first. */
export const UNDO_SECONDS = 2 * 60;
export const UNDO_TOO_LATE = 'This redemption can no longer be undone: undo works for 2 minutes after the slide.';
export const UNDO_CONFIRMED = 'A cashier has already confirmed this redemption, so it cannot be undone.';

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
    code: newRedemptionCode(),
  });
  if (!copy) throw new AppError('conflict', PRINT_LIMIT_REACHED);
  deps.analytics.record({ event: EVENT_OF_KIND[kind], source: 'server', offerId, locationId: offer.location_id, userId, data: { copy_id: copy.id } });
  return { id: copy.id, token, offer_id: offerId, kind, prints: copy.prints, limit, code: formatRedemptionCode(copy.code) };
}

/** The copy a member's phone and wallet passes carry (docs/decisions.md "Offline wallet"). */
export interface WalletCopy {
  id: number;
  /** The copy's redemption code, shown form. */
  code: string;
  /** What its QR carries: the code's page, as on the printed coupon. */
  qr: string;
  offer: OfferDetail;
  prints: number;
  limit: number;
  /** False when this call issued it (counted like a download). */
  reused: boolean;
}

/**
 * The member's copy of an offer for the mobile coupon and the wallet passes: the newest printed or
 * downloaded copy that can still be redeemed, else a new one, counted like a download against
 * max(maxPrints, 3) (SPEC.md 4, 9). One copy serves the phone, the PDF and both passes, so opening
 * them again never uses up the limit.
 */
export async function walletCopy(deps: AppDeps, userId: number, offerId: number): Promise<WalletCopy> {
  const offer = await usableOffer(deps, offerId, 'offer_id');
  const limit = printLimit(offer.max_prints);
  const existing = await findRedeemableMemberCopy(deps.db, userId, offerId);
  if (existing) {
    const record = await findPrintRecord(deps.db.db, userId, offerId);
    const qr = redemptionCodeUrl(deps.env.PUBLIC_URL, existing.code);
    return { id: existing.id, code: formatRedemptionCode(existing.code), qr, offer, prints: record?.prints ?? existing.copyNumber ?? 1, limit, reused: true };
  }
  const issued = await issuePrintToken(deps, userId, offerId, 'download');
  const qr = redemptionCodeUrl(deps.env.PUBLIC_URL, issued.code.replaceAll('-', ''));
  return { id: issued.id, code: issued.code, qr, offer, prints: issued.prints, limit, reused: false };
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

function redemptionOut(r: RedemptionRow): RedemptionOut {
  const live = r.code !== null && r.copyCreatedAt !== null;
  return {
    id: r.id,
    offer_id: r.offerId,
    redeemed_at: r.createdAt.toISOString(),
    code: live ? formatRedemptionCode(r.code!) : null,
    valid_until: live ? (r.copyExpiresAt?.toISOString() ?? null) : null,
    undo_until: live && r.copyRedeemedAt === null ? new Date(r.copyCreatedAt!.getTime() + UNDO_SECONDS * 1000).toISOString() : null,
    confirmed_at: r.copyRedeemedAt?.toISOString() ?? null,
  };
}

/**
 * Registers the member's one redemption of an offer (SPEC.md 4 Slide-to-redeem); a second is a
 * 409. It also makes the mobile copy whose code the phone shows the cashier (10 minutes), in the
 * same transaction.
 */
export async function redeem(deps: AppDeps, userId: number, offerId: number): Promise<RedemptionOut> {
  const offer = await usableOffer(deps, offerId, 'offer_id');
  const made = await deps.db.db.transaction(async (tx) => {
    const row = await insertRedemption(tx, userId, offerId);
    if (!row) return undefined;
    const copy = await insertMobileCopy(tx, userId, offerId, newRedemptionCode(), MOBILE_CODE_SECONDS);
    return { row, copy };
  });
  if (!made) throw new AppError('conflict', ALREADY_REDEEMED);
  const { row, copy } = made;
  deps.analytics.record({ event: 'offer.redeemed', source: 'server', offerId, locationId: offer.location_id, userId, data: { redemption_id: row.id, copy_id: copy.id } });
  return redemptionOut({ id: row.id, offerId, createdAt: row.createdAt, code: copy.code, copyCreatedAt: row.createdAt, copyExpiresAt: copy.expiresAt, copyRedeemedAt: null });
}

/** The member's redeemed coupons, newest first (the web's slide-to-redeem state). */
export async function redemptionList(deps: Pick<AppDeps, 'db'>, userId: number): Promise<RedemptionOut[]> {
  const rows = await findRedemptions(deps.db.db, userId);
  return rows.map(redemptionOut);
}

/**
 * Undoes an accidental slide (docs/api.md "Redemption codes"): within 2 minutes and while no
 * cashier confirmed the code, the mobile copy becomes void and the redemption is removed.
 */
export async function undoRedemption(deps: AppDeps, userId: number, redemptionId: number): Promise<{ offer_id: number; code: string; status: 'void' }> {
  const undone = await voidMobileCopy(deps.db.db, userId, redemptionId, UNDO_SECONDS);
  if (undone) return { offer_id: undone.offerId, code: formatRedemptionCode(undone.code), status: 'void' };
  const [current] = await findRedemptions(deps.db.db, userId, redemptionId);
  if (!current) throw new AppError('not_found', 'No such redemption of yours.');
  if (current.copyRedeemedAt) throw new AppError('conflict', UNDO_CONFIRMED);
  throw new AppError('conflict', UNDO_TOO_LATE);
}

export interface CopyToRender {
  offer: OfferDetail;
  copyId: number;
  copyNumber: number | null;
  kind: PrintKind;
  /** The copy's redemption code (canonical). */
  code: string;
}

/** Uses a print token: for its offer only, and once. */
export async function copyFromToken(deps: AppDeps, token: string, offerId: number): Promise<CopyToRender> {
  const hash = hashToken(token);
  const used = await useToken(deps.db.db, hash, offerId, newRedemptionCode());
  if (!used) {
    const copy = await findCopyByToken(deps.db.db, hash);
    if (!copy || copy.offerId !== offerId) throw new AppError('not_found', TOKEN_NOT_VALID);
    throw new AppError('gone', copy.usedAt ? TOKEN_USED : TOKEN_EXPIRED);
  }
  // The offer was printable when the token was issued; it must still be now.
  const offer = await usableOffer(deps, offerId, 'offer_id');
  // Tokens are only issued for printed and downloaded copies; a mobile copy has none.
  if (used.kind === 'mobile') throw new AppError('not_found', TOKEN_NOT_VALID);
  return { offer, copyId: used.id, copyNumber: used.copyNumber, kind: used.kind, code: used.code! };
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
    code: newRedemptionCode(),
  });
  if (!copy) throw new AppError('too_many', ANONYMOUS_PRINT_LIMIT_REACHED);
  deps.analytics.record({ event: EVENT_OF_KIND[kind], source: 'server', offerId, locationId: offer.location_id, data: { copy_id: copy.id, anonymous: true } });
  return { offer, copyId: copy.id, copyNumber: null, kind, code: copy.code };
}

/** The number printed in a copy's barcode: offer and copy id. */
export function copySerial(offerId: number, copyId: number): string {
  return `LS-${offerId}-${copyId}`;
}

/**
 * The coupon PDF of one copy. It shows the copy's redemption code as text; its QR code opens
 * `/r/{code}` and its Code 128 barcode carries the code, so a till can scan either. The serial
 * (offer and copy id) stays in the small print for support. `homePros` picks the home-pros
 * layout (is_hpg).
 */
export async function couponPdf(deps: Pick<AppDeps, 'db' | 'images'>, copy: CopyToRender, options: { homePros: boolean; publicUrl: string }): Promise<{ pdf: Buffer; filename: string }> {
  const { offer } = copy;
  const serial = copySerial(offer.id, copy.copyId);
  const pdf = await renderOffer(deps, offer, {
    homePros: options.homePros,
    serial,
    redemptionCode: formatRedemptionCode(copy.code),
    qrText: redemptionCodeUrl(options.publicUrl, copy.code),
    copyNumber: copy.copyNumber,
    preview: false,
  });
  return { pdf, filename: `coupon-${offer.slug || offer.id}-${copy.copyId}.pdf` };
}

/** The serial a preview carries: it names no copy, and no copy has it. */
export const PREVIEW_SERIAL = 'PREVIEW';

/**
 * The printed coupon of any offer (drafts too) as savers will get it, from the same renderer,
 * marked PREVIEW - NOT VALID FOR REDEMPTION: for staff (the console's offer page). No copy is
 * made, no print counted, no event recorded.
 */
export async function previewCouponPdf(
  deps: Pick<AppDeps, 'db' | 'images'>,
  offerId: number,
  options: { homePros: boolean; publicUrl: string; proposal?: (offer: OfferDetail) => OfferDetail },
): Promise<{ pdf: Buffer; filename: string }> {
  const stored = await getOfferDetailForPreview(deps, offerId);
  // A merchant's proposal is previewed over the offer as it is stored (merchant-offers).
  const offer = options.proposal ? options.proposal(stored) : stored;
  const qrText = offerShareLink(options.publicUrl, offer.merchant.slug, offer.location_id, offer.id);
  const pdf = await renderOffer(deps, offer, { homePros: options.homePros, serial: PREVIEW_SERIAL, redemptionCode: null, qrText, copyNumber: null, preview: true });
  return { pdf, filename: `coupon-preview-${offer.slug || offer.id}.pdf` };
}

async function renderOffer(
  deps: Pick<AppDeps, 'db' | 'images'>,
  offer: OfferDetail,
  copy: { homePros: boolean; serial: string; redemptionCode: string | null; qrText: string; copyNumber: number | null; preview: boolean },
): Promise<Buffer> {
  // The uploaded logo when there is one, else the generated illustration (every merchant has a logo).
  const logo = await merchantLogoForPrint(deps, offer.merchant.slug).catch(() => null);
  return renderCouponPdf({
    layout: copy.homePros ? 'home-pros' : 'default',
    merchantName: offer.merchant.name,
    logoSvg: logo && 'svg' in logo ? logo.svg : null,
    logoPng: logo && 'png' in logo ? logo.png : null,
    headline: offer.name,
    badge: valueBadge(offer.value),
    regularPriceLine: regularPriceLine(offer.value),
    descriptionHtml: offer.description,
    expiresAt: offer.expires_at,
    address: offer.location,
    code: offer.code,
    isCertified: offer.is_certified,
    retailerTerms: offer.retailer_terms,
    consumerTerms: offer.consumer_terms,
    finePrintLines: offer.fine_print_lines,
    serial: copy.serial,
    // A preview has no copy, so no code: the word PREVIEW stands in the code's place and barcode.
    redemptionCode: copy.redemptionCode ?? PREVIEW_SERIAL,
    qrText: copy.qrText,
    copyNumber: copy.copyNumber,
    printedOn: businessToday(),
    preview: copy.preview,
  });
}
