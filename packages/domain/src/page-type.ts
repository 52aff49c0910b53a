// Page types (SPEC.md 2 "Page types"): the header, hero and special-edition banner vary by them.

export const PAGE_TYPES = ['Home', 'Automotive', 'Default', 'HomeImprovementHomePros', 'HomeImprovement', 'Contests', 'Blog'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * Detection by path (SPEC.md 2): /browse/auto-transportation with state MI gives Automotive;
 * /browse/home-improvement gives HomeImprovementHomePros; /contests gives Contests; a path ending
 * in blog gives Blog; / gives Home; otherwise Default. Trailing slashes and case are ignored.
 */
export function detectPageType(pathname: string, state?: string | null): PageType {
  const path = normalisePath(pathname);
  if (path === '/') return 'Home';
  if (path === '/browse/auto-transportation') return state?.trim().toUpperCase() === 'MI' ? 'Automotive' : 'Default';
  if (path === '/browse/home-improvement') return 'HomeImprovementHomePros';
  if (path === '/contests') return 'Contests';
  if (path.endsWith('blog')) return 'Blog';
  return 'Default';
}

/** Page types that carry a special-edition header (SPEC.md 2 Home). */
export const SPECIAL_EDITION_PAGE_TYPES: readonly PageType[] = ['Automotive', 'HomeImprovement', 'HomeImprovementHomePros', 'Contests'];

export function isSpecialEdition(type: PageType): boolean {
  return SPECIAL_EDITION_PAGE_TYPES.includes(type);
}

function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase().split(/[?#]/)[0] ?? '/';
  const trimmed = lower.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
