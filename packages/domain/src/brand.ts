// Brand variants (SPEC.md 1): inside the Twin Cities area a second look (green accent, alternate
// logo, title suffix, favicon and social handles); teal elsewhere. Decided from the visitor's
// place on the server so the first HTML is already right.
import { isTwinCitiesArea } from './markets.ts';

export type BrandId = 'default' | 'twincities';

export interface Brand {
  id: BrandId;
  /** Shown after page titles: "{title} | {titleSuffix}". */
  titleSuffix: string;
  siteName: string;
  accent: string;
  /** Logo and favicon paths on our own origin. */
  logo: string;
  favicon: string;
  tagline: string;
  social: { facebook: string; twitter: string; instagram: string; twitterHandle: string };
}

export const BRANDS: Record<BrandId, Brand> = {
  default: {
    id: 'default',
    titleSuffix: 'LocalSaver',
    siteName: 'LocalSaver',
    accent: '#00857c',
    logo: '/brand/logo.svg',
    favicon: '/brand/favicon.svg',
    tagline: 'Live Life for Less',
    social: {
      facebook: 'https://www.facebook.com/localsaver',
      twitter: 'https://twitter.com/localsaver',
      instagram: 'https://www.instagram.com/localsaver',
      twitterHandle: '@localsaver',
    },
  },
  twincities: {
    id: 'twincities',
    titleSuffix: 'LocalSaver Twin Cities',
    siteName: 'LocalSaver Twin Cities',
    accent: '#2e7d32',
    logo: '/brand/logo-twincities.svg',
    favicon: '/brand/favicon-twincities.svg',
    tagline: 'Get the right professional',
    social: {
      facebook: 'https://www.facebook.com/localsavertwincities',
      twitter: 'https://twitter.com/localsavertc',
      instagram: 'https://www.instagram.com/localsavertwincities',
      twitterHandle: '@localsavertc',
    },
  },
};

/** The brand for a place: the Twin Cities look inside the area (isTwinCitiesArea), the default elsewhere. */
export function brandFor(place: { city?: string | null; state?: string | null; lat?: number | null; lng?: number | null } | null | undefined): Brand {
  return place && isTwinCitiesArea(place) ? BRANDS.twincities : BRANDS.default;
}

/** "{title} | {suffix}", or the suffix alone with the tagline for an empty title. */
export function pageTitle(title: string | null | undefined, brand: Brand): string {
  const t = title?.trim();
  return t ? `${t} | ${brand.titleSuffix}` : `${brand.titleSuffix} | ${brand.tagline}`;
}
