// Prints, downloads and redemption (SPEC.md 3 Print record, 4 Print count and Slide-to-redeem,
// 8 print errors, 9 limits). The limit itself is printLimit() in constants.ts.
import { printLimit } from './constants.ts';

/** SPEC.md 4: what the dropdown says at the member's limit (also the API's 409 detail). */
export const PRINT_LIMIT_REACHED = 'Print/Download Limit Reached';
/** SPEC.md 8: the anonymous limit (also the API's 429 detail when an address takes too many copies). */
export const ANONYMOUS_PRINT_LIMIT_REACHED = 'Print Limit Reached';
/** SPEC.md 4 Slide-to-redeem: the text before redeeming, and the API's 409 detail for a second redemption. */
export const ALREADY_REDEEMED = 'This coupon has already been redeemed';
export const REDEEM_ONCE = 'Coupon can be redeemed only once';
/** Local storage key of an anonymous visitor's printed offer ids (SPEC.md 3, 9). */
export const ANONYMOUS_PRINTS_KEY = 'offer_prints';

export type PrintKind = 'print' | 'download';
export const PRINT_KINDS: readonly PrintKind[] = ['print', 'download'];

/** SPEC.md 4: a member may print or download while their count is under max(maxPrints, 3). */
export function canMemberPrint(prints: number, maxPrints: number | null | undefined): boolean {
  return prints < printLimit(maxPrints);
}

/**
 * SPEC.md 4, anonymous visitors: "if a limit is given and the prints of that offer exceed the
 * larger of the limit and 1, printing fails". `prints` counts the offer's entries in the local
 * offer_prints list, including the one being made.
 */
export function canAnonymousPrint(prints: number, limit: number | null | undefined): boolean {
  if (limit === null || limit === undefined) return true;
  return prints <= Math.max(limit, 1);
}
