// The one verdict the /r/{code} page shows (routes/redeem-code.tsx): the check's verdict for the
// caller, the refusal of a redeem (the same verdict, with the API's wording), the redeem just
// made, or a problem that is no verdict (no session, a bad code). Never two at once.
import type { CodeCheckOut, CodeLocationOut } from '@market/domain/api/redemption-codes';
import type { VerdictReason } from '@market/domain/redemption-verdict';

/** A redeem refused by the verdict: its reason and the API's text, and where it is valid. */
export interface CodeRefusal {
  reason: VerdictReason;
  message: string;
  valid_locations?: CodeLocationOut[];
}

/** A refusal that is not a verdict (401 no session, 400 a bad code or location, 404 unknown). */
export interface CodeProblem {
  status: number;
  message: string;
}

export interface VerdictView {
  tone: 'ok' | 'bad';
  /** What `data-reason` carries: the verdict's reason, 'redeemable', 'redeemed_now' or 'problem'. */
  key: VerdictReason | 'redeemable' | 'redeemed_now' | 'problem';
  title: string;
  message: string | null;
  validLocations: CodeLocationOut[];
}

export const REDEEMED_NOW = 'Redeemed. Hand the customer their discount.';

const TITLES: Record<VerdictReason, string> = {
  void: 'Void',
  redeemed: 'Already redeemed',
  other_merchant: 'Another business’s coupon',
  expired: 'Expired',
  paused: 'Offer paused',
  not_started: 'Not valid yet',
  wrong_location: 'Not valid at this location',
  outside_hours: 'Not valid now',
};

function problemTitle(status: number): string {
  if (status === 400) return 'Check the code';
  if (status === 401) return 'Sign in to redeem';
  if (status === 403) return 'Not allowed';
  if (status === 404) return 'Unknown code';
  if (status === 429) return 'Too many tries';
  return 'Cannot redeem';
}

/** Whether this caller gets the Redeem button: the verdict allows it and they may redeem somewhere. */
export function mayRedeem(check: CodeCheckOut): boolean {
  return check.verdict.redeemable && check.redeemer !== null && check.redeemer.locations.length > 0;
}

/** The page's single verdict, by priority: a problem, a refused redeem, a redeem just made, the check's verdict. */
export function verdictView(check: CodeCheckOut | null, state: { problem: CodeProblem | null; refusal: CodeRefusal | null; redeemedNow: boolean }): VerdictView | null {
  if (state.refusal) {
    return { tone: 'bad', key: state.refusal.reason, title: TITLES[state.refusal.reason], message: state.refusal.message, validLocations: state.refusal.valid_locations ?? [] };
  }
  if (state.problem) return { tone: 'bad', key: 'problem', title: problemTitle(state.problem.status), message: state.problem.message, validLocations: [] };
  if (!check) return null;
  const v = check.verdict;
  if (state.redeemedNow) return { tone: 'ok', key: 'redeemed_now', title: REDEEMED_NOW, message: v.message, validLocations: [] };
  if (v.redeemable) {
    return mayRedeem(check)
      ? { tone: 'ok', key: 'redeemable', title: 'Valid — redeem now', message: null, validLocations: [] }
      : { tone: 'ok', key: 'redeemable', title: 'Valid coupon', message: v.message, validLocations: [] };
  }
  const reason = v.reason ?? 'void';
  return { tone: 'bad', key: reason, title: TITLES[reason], message: v.message, validLocations: v.valid_locations ?? [] };
}
