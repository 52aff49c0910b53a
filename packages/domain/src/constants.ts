// Business constants and limits: SPEC.md 9.

/** Entity list page size (SPEC.md 9). */
export const PAGE_SIZE = 12;
/** Largest page a client may ask for; anything larger is a 4xx, not a slow query. */
export const MAX_PAGE_SIZE = 100;
/** Deepest offset a list accepts; past it a client gets a 4xx naming the field. */
export const MAX_OFFSET = 10_000;
/** Recommended offers on the home page (SPEC.md 9). */
export const RECOMMENDED_COUNT = 4;
/** Category filter modal display limit (SPEC.md 9). */
export const CATEGORY_MODAL_LIMIT = 50;
/** Offers stay visible as "recently expired" for this many days after expiry (SPEC.md 4, 9). */
export const EXPIRED_VISIBLE_DAYS = 7;
/** Print/download floor: the limit is max(maxPrints, 3) (SPEC.md 4, 9). */
export const MIN_PRINT_LIMIT = 3;
/** Auth cookie lifetime, also the access token lifetime (SPEC.md 9). */
export const AUTH_COOKIE_SECONDS = 2_592_000;
export const CONSENT_COOKIE_DAYS = 150;
export const GEO_COOKIE = 'userGeo';
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const COPY_LABEL_MS = 5000;
export const NEWSLETTER_CONFIRMATION_MS = 5000;
export const REMOVAL_CLOSE_MS = 1000;
export const FILTER_BUSY_MS = 500;
export const SIGNUP_PROMPT_MS = 5000;
export const CAROUSEL_MS = 3500;
export const TAB_CLOSE_MS = 400;
export const BREAKPOINTS = { sm: 600, md: 800, lg: 1000, xl: 1280 } as const;
export const REDEEM_SWIPE_PX = 150;
export const REDEEM_VERTICAL_TOLERANCE_PX = 100;
export const MIN_AGE = 13;
export const SPOTLIGHT_DESCRIPTION_CHARS = 175;
/** Autocomplete needs at least this many characters (SPEC.md 4, 5). */
export const MIN_AUTOCOMPLETE_CHARS = 2;

/** The print/download limit of an offer for one member (SPEC.md 4: max(maxPrints, 3)). */
export function printLimit(maxPrints: number | null | undefined): number {
  return Math.max(maxPrints ?? 0, MIN_PRINT_LIMIT);
}
