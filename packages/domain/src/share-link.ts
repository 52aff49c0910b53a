// Shared links (SPEC.md 2 Routes: "/merchants/{merchantSlug}/{locationId}/?o={offerId} ...
// Lat, lng, city and state are stripped from shared links"; 4 Share copy).
import { LOCATION_QUERY_KEYS } from './user-geo.ts';

/** An absolute or site-relative URL with lat, lng, city and state removed from its query. */
export function stripLocationFromLink(link: string): string {
  const relative = link.startsWith('/');
  const url = new URL(link, relative ? 'http://internal.invalid' : undefined);
  for (const key of LOCATION_QUERY_KEYS) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  const rest = `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
  return relative ? rest : `${url.origin}${rest}`;
}

/** The shareable link of an offer at a location: {origin}/merchants/{slug}/{locationId}/?o={offerId}. */
export function offerShareLink(origin: string, merchantSlug: string, locationId: number, offerId: number): string {
  return `${origin.replace(/\/+$/, '')}/merchants/${encodeURIComponent(merchantSlug)}/${locationId}/?o=${offerId}`;
}

export type ShareMethod = 'link' | 'email' | 'facebook' | 'twitter';

/** Where each share option sends the visitor (SPEC.md 2 Coupon modal: link, email, facebook, twitter). */
export function shareTargets(link: string, title: string): Record<Exclude<ShareMethod, 'link'>, string> {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(title);
  return {
    email: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n\n${link}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
  };
}
