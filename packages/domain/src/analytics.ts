// Analytics events (SPEC.md 7): the names the web sends to POST /api/analytics/event/ and the
// share methods of entity.share.
import type { ShareMethod } from './share-link.ts';

/** Events a browser may send (SPEC.md 7). */
export const CLIENT_EVENTS = ['offer.impression', 'offer.print', 'location.view', 'merchant-website.view', 'entity.share'] as const;
export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** Events only the server records, when a copy is issued, a coupon redeemed or confirmed by a cashier, or an offer saved. */
export const SERVER_EVENTS = ['offer.printed', 'offer.downloaded', 'offer.redeemed', 'redemption.verified', 'offer.saved'] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export const SHARE_METHODS: readonly ShareMethod[] = ['link', 'email', 'facebook', 'twitter'];

/** The daily counters merchant dashboards read, per offer, location and merchant. */
/** `verified_redemptions`: copies whose code a cashier or till confirmed (docs/api.md "Redemption codes"). */
export const DAILY_METRICS = ['impressions', 'print_clicks', 'prints', 'downloads', 'redemptions', 'verified_redemptions', 'location_views', 'website_views', 'shares', 'saves'] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/** Which daily counter an event adds one to. */
export const METRIC_OF_EVENT: Record<ClientEvent | ServerEvent, DailyMetric> = {
  'offer.impression': 'impressions',
  'offer.print': 'print_clicks',
  'location.view': 'location_views',
  'merchant-website.view': 'website_views',
  'entity.share': 'shares',
  'offer.printed': 'prints',
  'offer.downloaded': 'downloads',
  'offer.redeemed': 'redemptions',
  'redemption.verified': 'verified_redemptions',
  'offer.saved': 'saves',
};
