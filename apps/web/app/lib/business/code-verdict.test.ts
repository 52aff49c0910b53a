import { describe, expect, it } from 'vitest';
import type { CodeCheckOut } from '@market/domain/api/redemption-codes';
import { mayRedeem, REDEEMED_NOW, verdictView } from './code-verdict.ts';

const grand = { id: 1, name: 'Grand Avenue', address: '1 Grand Ave, Detroit, MI' };

function check(verdict: CodeCheckOut['verdict'], redeemer: CodeCheckOut['redeemer'] = null): CodeCheckOut {
  return {
    code: '7K3QD-M2XWA-9PTRC',
    status: 'valid',
    kind: 'print',
    offer: { id: 1, name: 'Free croissant', code: '' },
    merchant: { id: 1, name: 'Bakery', slug: 'bakery' },
    valid_at: grand,
    expires_at: '2026-12-31',
    valid_until: null,
    redeemed_at: null,
    location: null,
    redeemer,
    verdict,
    conditions: ['Valid Mon–Fri, 6:30 AM–11:00 AM'],
  };
}
const none = { problem: null, refusal: null, redeemedNow: false };
const till = { as: 'device' as const, locations: [grand] };

describe('verdictView', () => {
  it('shows a till "Valid — redeem now" and anyone else "Valid coupon" with the verdict message; Redeem only for the team', () => {
    const valid = check({ redeemable: true, reason: null, message: 'Valid — redeem now.' }, till);
    expect(verdictView(valid, none)).toMatchObject({ tone: 'ok', title: 'Valid — redeem now', message: null });
    expect(mayRedeem(valid)).toBe(true);
    const anyone = check({ redeemable: true, reason: null, message: 'Valid now. The business’s staff redeem it at the till.' });
    expect(verdictView(anyone, none)).toMatchObject({ tone: 'ok', title: 'Valid coupon', message: 'Valid now. The business’s staff redeem it at the till.' });
    expect(mayRedeem(anyone)).toBe(false);
  });

  it('shows each refusal in red with its message and where it is valid, and no Redeem', () => {
    const outside = check({ redeemable: false, reason: 'outside_hours', message: 'Not valid at this time. Next valid Mon, 12/07/2026, 6:30 AM.', next_valid_at: '2026-12-07T11:30:00.000Z' }, till);
    expect(verdictView(outside, none)).toEqual({ tone: 'bad', key: 'outside_hours', title: 'Not valid now', message: 'Not valid at this time. Next valid Mon, 12/07/2026, 6:30 AM.', validLocations: [] });
    expect(mayRedeem(outside)).toBe(false);
    const wrong = check({ redeemable: false, reason: 'wrong_location', message: 'Not valid at this location. Valid only at Grand Avenue.', valid_locations: [grand] }, till);
    expect(verdictView(wrong, none)).toMatchObject({ title: 'Not valid at this location', validLocations: [grand] });
    expect(verdictView(check({ redeemable: false, reason: 'other_merchant', message: 'This coupon is for another business.' }), none)?.title).toBe('Another business’s coupon');
  });

  it('after a redeem shows only the redeemed verdict; a refused redeem shows only the refusal', () => {
    const redeemed = check({ redeemable: false, reason: 'redeemed', message: 'Redeemed on 12/07/2026, 3:04 PM at Grand Avenue.', redeemed_at: '2026-12-07T20:04:00.000Z', location: grand }, till);
    expect(verdictView(redeemed, { ...none, redeemedNow: true })).toMatchObject({ tone: 'ok', title: REDEEMED_NOW, message: 'Redeemed on 12/07/2026, 3:04 PM at Grand Avenue.' });
    const refusal = { reason: 'redeemed' as const, message: 'This code was already redeemed on 12/07/2026, 3:04 PM at Grand Avenue.' };
    expect(verdictView(redeemed, { ...none, refusal })).toMatchObject({ tone: 'bad', title: 'Already redeemed', message: refusal.message });
    expect(verdictView(null, { ...none, problem: { status: 401, message: 'Sign in.' } })).toMatchObject({ tone: 'bad', key: 'problem', title: 'Sign in to redeem' });
    expect(verdictView(null, none)).toBeNull();
  });
});
