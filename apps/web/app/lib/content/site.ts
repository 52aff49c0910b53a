// Site-wide texts, links and images the pages share (SPEC.md 1, 2). External pages the SPEC names
// without an address use the addresses below (a decision recorded in docs/decisions.md).
import { MAIN_CATEGORIES } from '@market/domain/categories';
import { servingMarket, type SoldState } from '@market/domain/markets';

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

/** Business pages (SPEC.md 2 Footer: the business footer, no newsletter strip, isBusiness). */
export function isBusinessPath(pathname: string): boolean {
  return pathname === '/business' || pathname.startsWith('/business/');
}

/**
 * The staff console (apps/web/app/routes/console) and the business centre
 * (routes/business-centre): their own shell, none of the site's header, footer or member overlays.
 */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/') || pathname === '/business/centre' || pathname.startsWith('/business/centre/');
}

const ACCOUNT_PATHS = ['/login', '/signup', '/membership', '/verify', '/user/account'];

/** Pages where a visitor signs in, signs up, recovers or confirms an account, or manages it. */
export function isAccountPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ACCOUNT_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
