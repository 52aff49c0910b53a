// The status staff read for an offer (docs/api.md "Staff console: offers"). Staff store draft, live
// or paused (offers.status); "scheduled" and "expired" follow from the dates, so an offer goes live
// and expires on its own without anyone pressing a button. "Today" is the business day of offer
// expiry (expiry.ts), the same day the saver pages use.
import { businessToday } from './expiry.ts';

export const STORED_OFFER_STATUSES = ['draft', 'live', 'paused'] as const;
export type StoredOfferStatus = (typeof STORED_OFFER_STATUSES)[number];
export const OFFER_STATUSES = ['draft', 'scheduled', 'live', 'paused', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * Draft and paused are what staff set; a live offer is expired after its last valid day and
 * scheduled before its first one.
 */
export function offerStatus(offer: { status: StoredOfferStatus; startsAt: string | null; expiresAt: string }, today: string = businessToday()): OfferStatus {
  if (offer.status !== 'live') return offer.status;
  if (offer.expiresAt.slice(0, 10) < today) return 'expired';
  if (offer.startsAt && offer.startsAt.slice(0, 10) > today) return 'scheduled';
  return 'live';
}
