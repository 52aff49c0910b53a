// What the offer pages load beside the offer: the merchant it belongs to (with its locations, for
// the location picker), a merchant search for "Change merchant", and the preview's data: the
// saver's card as the list API would answer it, and the coupon as the PDF lays it out
// (apps/api/src/modules/prints/lib/coupon-pdf.ts), built from the saved offer.
import type { ConsoleApi } from './console-api.server.ts';
import { ConsoleMerchantDetailOut, ConsoleMerchantPageOut } from '@market/domain/api/console-merchants';
import type { ConsoleOffer } from '@market/domain/api/console-offers';
import { expiryLabel, expiryStatus, formatDisplayDate } from '@market/domain/expiry';
import { offerCode } from '@market/domain/offer-code';
import { stripMarkup } from '@market/domain/spotlight';
import { MARKETS, type MarketId } from '@market/domain/markets';
import type { OfferMerchant } from '../../components/console/offer-form.tsx';
import type { OfferPreview } from '../../components/console/offer-preview.tsx';

export async function offerMerchant(api: ConsoleApi, id: number): Promise<{ merchant: OfferMerchant; detail: ConsoleMerchantDetailOut }> {
  const detail = await api.get(`/api/console/merchants/${id}/`, ConsoleMerchantDetailOut);
  return {
    detail,
    merchant: {
      id: detail.id,
      name: detail.name,
      locations: detail.locations.map((l) => ({ id: l.id, label: `${l.display_name}: ${l.address}, ${l.city}, ${l.state} (${MARKETS[l.market_id as MarketId]?.name ?? l.market_id})` })),
    },
  };
}

/** Merchants whose name contains `q` (the first ten), for the merchant picker. */
export async function merchantSearch(api: ConsoleApi, q: string | null): Promise<Array<{ id: number; name: string; detail: string }> | null> {
  const text = q?.trim().slice(0, 200);
  if (!text) return null;
  const page = await api.get(`/api/console/merchants/?${new URLSearchParams({ q: text, page_size: '10', sort: 'name' })}`, ConsoleMerchantPageOut);
  return page.results.map((m) => ({ id: m.id, name: m.name, detail: `${m.location_count} location${m.location_count === 1 ? '' : 's'}${m.markets.length ? `, ${m.markets.map((id) => MARKETS[id as MarketId]?.name ?? id).join(', ')}` : ''}` }));
}

/** A whole id from the URL, or null. */
export function idParam(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** The saved offer as savers would see it: the card, the modal and the printed coupon. */
export async function offerPreview(offer: ConsoleOffer, merchant: ConsoleMerchantDetailOut): Promise<OfferPreview> {
  const location = merchant.locations.find((l) => l.id === offer.location.id);
  const place = { address: offer.location.address, city: offer.location.city, state: offer.location.state, zip: location?.zip ?? '' };
  const status = expiryStatus(offer.expires_at);
  return {
    card: {
      entitiable_id: offer.id,
      entitiable_type: 'Offer',
      name: offer.name,
      path: offer.picture_path,
      merchant_logo: merchant.logo_url,
      merchant_name: merchant.name,
      merchant_slug: merchant.slug,
      merchant_id: merchant.id,
      location_id: offer.location.id,
      location: place,
      expires_at: offer.expires_at.slice(0, 10),
      latitude: location?.lat ?? 0,
      longitude: location?.lng ?? 0,
      is_certified: merchant.certified_badge,
      secondary_type: offer.secondary_type,
      additional_offers: 0,
      is_featured: offer.is_featured,
      distance: null,
    },
    modal: {
      name: offer.name,
      merchantName: merchant.name,
      logo: merchant.logo_url,
      picture: offer.picture_path,
      featured: offer.is_featured,
      certified: merchant.certified_badge,
      expiry: expiryLabel(offer.expires_at, status),
      address: [place.address, place.city, `${place.state} ${place.zip}`.trim()].filter(Boolean).join(', '),
      externalUrl: offer.external_offer_url,
      finePrintLines: offer.fine_print_lines,
      description: offer.description,
      retailerTerms: offer.retailer_terms,
      consumerTerms: offer.consumer_terms,
    },
    coupon: {
      merchantName: merchant.name,
      headline: offer.name,
      certified: merchant.certified_badge,
      expires: `Expires: ${formatDisplayDate(offer.expires_at)}`,
      street: [location?.address ?? place.address, location?.address2].filter(Boolean).join(', '),
      cityLine: `${place.city}, ${place.state} ${place.zip}`.trim(),
      description: stripMarkup(offer.description),
      code: await offerCode(offer.id, offer.code),
      finePrint: offer.fine_print_lines.join('\n'),
      retailerTerms: stripMarkup(offer.retailer_terms),
      consumerTerms: stripMarkup(offer.consumer_terms),
    },
  };
}
