// What the offer pages load beside the offer: the merchant it belongs to (with its locations, for
// the location picker), a merchant search for "Change merchant", and the preview's data: the
// saver's card and modal as the list and detail APIs would answer them, built from the saved
// offer, and the page of its printed coupon's PDF preview.
import type { ConsoleApi } from './console-api.server.ts';
import { ConsoleMerchantDetailOut, ConsoleMerchantPageOut } from '@market/domain/api/console-merchants';
import type { ConsoleOffer } from '@market/domain/api/console-offers';
import { expiryLabel, expiryStatus } from '@market/domain/expiry';
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

/** The saved offer as savers would see it: the card, the modal, and where its printed coupon's preview is. */
export function offerPreview(offer: ConsoleOffer, merchant: ConsoleMerchantDetailOut): OfferPreview {
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
      value: offer.value,
      badge: offer.badge,
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
      value: offer.value,
      badge: offer.badge,
      description: offer.description,
      retailerTerms: offer.retailer_terms,
      consumerTerms: offer.consumer_terms,
    },
    couponPdf: `/console/offers/${offer.id}/preview.pdf`,
  };
}
