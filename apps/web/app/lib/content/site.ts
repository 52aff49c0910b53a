// Site-wide texts, links and images the pages share (SPEC.md 1, 2). External pages the SPEC names
// without an address use the addresses below (a decision recorded in docs/decisions.md).
import { MAIN_CATEGORIES, HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { servingMarket, type SoldState } from '@market/domain/markets';
import type { PageType } from '@market/domain/page-type';

export const EXTERNAL = {
  contests: 'https://win.localsaver.example/',
  estimates: 'https://estimates.localsaver.example/',
  advertise: 'https://advertise.localsaver.example/',
  leadGuides: 'https://guides.localsaver.example/',
} as const;

/** Six hero images; one is picked at random per visit (SPEC.md 2 Home). */
export const HERO_IMAGES = [1, 2, 3, 4, 5, 6].map((n) => `/media/hero/${n}.svg`);

/**
 * Hero banner by market: MI for Detroit, IL for Chicago, MN for the Twin Cities, default MI
 * (SPEC.md 2), and FL for Florida, which SPEC.md 2 leaves out (docs/decisions.md). Null outside
 * the four markets, where no state's banner is true.
 */
export function heroBannerState(place: { state?: string | null; lat?: number | null; lng?: number | null }): SoldState | null {
  return servingMarket(place)?.state ?? null;
}

export const HERO_BANNER_TEXT: Record<SoldState, string> = {
  MI: 'Savings all over Michigan',
  IL: 'Savings all over Chicagoland',
  MN: 'Savings all over the Twin Cities',
  FL: 'Savings all over Florida',
};

/** Category browse buttons of the home page: the six browse categories and the external contests page (SPEC.md 2 Home). */
export const BROWSE_BUTTONS: ReadonlyArray<{ slug: string; label: string; href: string; external: boolean; icon: string }> = [
  ...MAIN_CATEGORIES.filter((c) => c.slug !== 'contests' && c.slug !== 'special-services').map((c) => ({ slug: c.slug, label: c.display, href: `/browse/${c.slug}`, external: false, icon: c.icon })),
  { slug: 'contests', label: 'Contests', href: EXTERNAL.contests, external: true, icon: 'trophy' },
];

/** Category entries of the mobile menu (SPEC.md 2 Mobile menu): the contests category goes to the external contest page. */
export const MENU_CATEGORIES = MAIN_CATEGORIES.map((c) => ({ slug: c.slug, label: c.display, href: c.slug === 'contests' ? EXTERNAL.contests : `/browse/${c.slug}`, external: c.slug === 'contests' }));

export const HOME_PROS_LINKS = HOME_PROS_CATEGORIES.map((c) => ({ slug: c.slug, label: c.display, href: `/browse/${c.slug}` }));

export interface SpecialEdition {
  mainText: string;
  subText: string;
  alt: string;
  image: string;
  badge?: string;
  action?: { label: string; href: string };
}

/** Special-edition headers (SPEC.md 2 Home): main text, sub text, alt text, image, optional badge and button. */
export const SPECIAL_EDITIONS: Partial<Record<PageType, SpecialEdition>> = {
  Automotive: {
    mainText: 'Auto Special Edition',
    subText: 'Lease deals, test drives and service coupons from Michigan dealers.',
    alt: 'A new car on a showroom floor',
    image: '/media/headers/automotive.svg',
    badge: 'Michigan only',
  },
  HomeImprovement: {
    mainText: 'Home Improvement Special Edition',
    subText: 'Trusted local pros for every room, yard and repair.',
    alt: 'A renovated kitchen',
    image: '/media/headers/home-improvement.svg',
  },
  HomeImprovementHomePros: {
    mainText: 'Get the right professional',
    subText: 'Certified home pros are licensed where required, bonded when needed and insured.',
    alt: 'A contractor at work on a house',
    image: '/media/headers/home-pros.svg',
    badge: 'Certified HomePros',
    action: { label: 'Get Estimates', href: EXTERNAL.estimates },
  },
  Contests: {
    mainText: 'Contests & Sweepstakes',
    subText: 'Enter for free to win prizes from local businesses.',
    alt: 'Prize tickets and confetti',
    image: '/media/headers/contests.svg',
    badge: 'Free to enter',
  },
};

export const COMPANY_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/careers', label: 'Careers' },
  { href: '/presskit', label: 'Press Kit' },
  { href: '/contact', label: 'Contact Us' },
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy Policy' },
] as const;

/** Business pages (SPEC.md 2 Footer: the business footer, no newsletter strip, isBusiness). */
export function isBusinessPath(pathname: string): boolean {
  return pathname === '/business' || pathname.startsWith('/business/');
}

/** The staff console (apps/web/app/routes/console): its own shell, none of the site's header, footer or member overlays. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/');
}

const ACCOUNT_PATHS = ['/login', '/signup', '/membership', '/verify', '/user/account'];

/** Pages where a visitor signs in, signs up, recovers or confirms an account, or manages it. */
export function isAccountPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ACCOUNT_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
