// Titles, descriptions, canonical URLs, Open Graph and Twitter cards for every page,
// and schema.org JSON-LD for offers (when the offer modal is open) and merchants.
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { BRANDS, pageTitle, type BrandId } from '@market/domain/brand';
import { stripLocationFromLink } from '@market/domain/share-link';
import type { ModalData } from '../../components/modals.tsx';

interface RootMetaData {
  brandId: BrandId;
  publicUrl: string;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path (with the query that matters); defaults to the current path without location values. */
  path?: string;
  image?: string | null;
  type?: 'website' | 'product' | 'business.business';
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
  noindex?: boolean;
}

function rootData(matches: ReadonlyArray<MatchLike | undefined>): RootMetaData {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as Partial<RootMetaData> | undefined;
  return { brandId: root?.brandId ?? 'default', publicUrl: root?.publicUrl ?? '' };
}

function openModal(matches: ReadonlyArray<MatchLike | undefined>): ModalData | null {
  const layout = matches.find((m) => m?.id === 'routes/page-layout')?.loaderData as { modal?: ModalData | null } | undefined;
  return layout?.modal ?? null;
}

function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Offer JSON-LD (schema.org Offer with its seller, a LocalBusiness). */
export function offerJsonLd(modal: Extract<ModalData, { kind: 'offer' }>, publicUrl: string): Record<string, unknown> {
  const { offer, location } = modal;
  const place = offer.location ?? location;
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: offer.name,
    url: modal.shareUrl,
    priceValidUntil: offer.expires_at.slice(0, 10),
    availability: 'https://schema.org/InStock',
    ...(offer.path ? { image: absolute(publicUrl, offer.path) } : {}),
    seller: {
      '@type': 'LocalBusiness',
      name: offer.merchant.name ?? location?.merchant_name ?? '',
      ...(place
        ? { address: { '@type': 'PostalAddress', streetAddress: place.address, addressLocality: place.city, addressRegion: place.state, postalCode: place.zip, addressCountry: 'US' } }
        : {}),
    },
  };
}

export function buildMeta(args: { matches: ReadonlyArray<MatchLike | undefined>; location: { pathname: string; search: string } }, page: PageMeta): MetaDescriptor[] {
  const { brandId, publicUrl } = rootData(args.matches);
  const brand = BRANDS[brandId];
  const modal = openModal(args.matches);
  let title = page.title;
  let description = page.description;
  let image = page.image ?? null;
  let type = page.type ?? 'website';
  let url = absolute(publicUrl, page.path ?? stripLocationFromLink(`${args.location.pathname}${args.location.search}`));
  const jsonLd: Array<Record<string, unknown>> = page.jsonLd ? (Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd]) : [];
  if (modal?.kind === 'offer') {
    const merchant = modal.offer.merchant.name ?? modal.location?.merchant_name;
    title = merchant ? `${modal.offer.name} at ${merchant}` : modal.offer.name;
    description = `${modal.offer.name}. Coupon${merchant ? ` from ${merchant}` : ''}, expires ${modal.offer.expires_at.slice(5, 7)}/${modal.offer.expires_at.slice(8, 10)}/${modal.offer.expires_at.slice(0, 4)}.`;
    image = modal.offer.path ?? modal.offer.merchant_logo ?? image;
    type = 'product';
    url = modal.shareUrl;
    jsonLd.push(offerJsonLd(modal, publicUrl));
  } else if (modal?.kind === 'contest') {
    title = modal.contest.contest.display_name;
    image = modal.contest.contest.banner ?? image;
    url = modal.shareUrl;
  } else if (modal?.kind === 'location') {
    title = modal.location.display_name;
    url = modal.shareUrl;
  }
  const fullTitle = pageTitle(title, brand);
  const imageUrl = absolute(publicUrl, image ?? brand.logo);
  const out: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: brand.siteName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:site', content: brand.social.twitterHandle },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ];
  if (page.noindex) out.push({ name: 'robots', content: 'noindex' });
  for (const item of jsonLd) out.push({ 'script:ld+json': item } as MetaDescriptor);
  return out;
}

/**
 * The meta of a page whose data could not be loaded: 'Page Not Found' for a 404, the error page's
 * title when the data was unavailable (SPEC.md 8); neither is indexed.
 */
export function errorPageMeta(args: Parameters<typeof buildMeta>[0] & { error?: unknown }): MetaDescriptor[] {
  if (isRouteErrorResponse(args.error) && args.error.status !== 404) {
    return buildMeta(args, { title: 'Something went wrong', description: 'There was an issue processing your request. Please try again later.', noindex: true });
  }
  return buildMeta(args, { title: 'Page Not Found', description: 'This page could not be found.', noindex: true });
}
