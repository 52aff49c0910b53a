import { describe, expect, it } from 'vitest';
import { conditions, decideVerdict, nextValidAt, VERDICT_REASONS, zonedInstant, type VerdictCaller, type VerdictCopy, type VerdictOffer, type VerdictPlace, type VerdictReason } from './redemption-verdict.ts';

// 2026-12-05 is a Saturday, 2026-12-07 a Monday; Detroit is UTC-5 and Chicago UTC-6 in December.
const DET = 'America/Detroit';
const grand: VerdictPlace = { id: 1, name: 'Grand Avenue', address: '1 Grand Ave, Detroit, MI', state: 'MI', lat: 42.33, lng: -83.05 };
const uptown: VerdictPlace = { id: 2, name: 'Uptown', address: '2 Uptown Rd, Detroit, MI', state: 'MI', lat: 42.36, lng: -83.07 };
const rivalPlace: VerdictPlace = { id: 9, name: 'Rival Diner', address: '9 Other St, Detroit, MI', state: 'MI', lat: 42.3, lng: -83.0 };
const mpls: VerdictPlace = { id: 5, name: 'Nicollet', address: '5 Nicollet Mall, Minneapolis, MN', state: 'MN', lat: 44.9778, lng: -93.265 };

const weekdayMornings = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '06:30', to: '11:00' } };
const baseOffer: VerdictOffer = { merchantId: 100, status: 'active', startsAt: '2026-11-01', expiresAt: '2026-12-31', finePrint: weekdayMornings, locations: [grand] };
const live: VerdictCopy = { kind: 'print', state: 'live' };

/** A weekday morning inside the hours: Tuesday 12/08 9:00 AM Detroit. */
const tuesdayMorning = new Date('2026-12-08T14:00:00Z');
/** Saturday 12/05 11:20 PM Detroit. */
const saturdayNight = new Date('2026-12-06T04:20:00Z');

const callers: Record<string, VerdictCaller> = {
  anonymous: { kind: 'anonymous' },
  saver: { kind: 'saver' },
  'cashier at Grand Avenue': { kind: 'team', role: 'cashier', merchantId: 100, locations: [grand] },
  'manager choosing Grand Avenue': { kind: 'team', role: 'manager', merchantId: 100, locations: [grand, uptown], locationId: grand.id },
  'till at Grand Avenue': { kind: 'till', merchantId: 100, location: grand },
  'cashier of another business': { kind: 'team', role: 'cashier', merchantId: 200, locations: [rivalPlace] },
  'till of another business': { kind: 'till', merchantId: 200, location: rivalPlace },
};
const team = new Set(['cashier at Grand Avenue', 'manager choosing Grand Avenue', 'till at Grand Avenue']);
const others = new Set(['cashier of another business', 'till of another business']);

/** Each reason's situation, for a caller who may redeem at Grand Avenue. */
const situations: Record<VerdictReason | 'redeemable', { offer?: Partial<VerdictOffer>; copy?: VerdictCopy; now?: Date; caller?: (c: VerdictCaller) => VerdictCaller }> = {
  redeemable: {},
  void: { copy: { kind: 'print', state: 'void' } },
  redeemed: { copy: { kind: 'print', state: 'redeemed', redeemedAt: new Date('2026-12-07T20:04:00Z'), location: grand } },
  other_merchant: {},
  expired: { offer: { expiresAt: '2026-12-07' } },
  paused: { offer: { status: 'paused' } },
  not_started: { offer: { startsAt: '2026-12-10' } },
  wrong_location: { offer: { locations: [uptown] } },
  outside_hours: { now: saturdayNight },
};

/** What each kind of caller is told in each situation. */
function expected(situation: VerdictReason | 'redeemable', who: string): VerdictReason | null {
  if (situation === 'void' || situation === 'redeemed') return situation;
  if (others.has(who)) return 'other_merchant';
  if (situation === 'other_merchant' || situation === 'redeemable') return null;
  if (situation === 'wrong_location') return team.has(who) ? 'wrong_location' : null;
  return situation;
}

describe('decideVerdict: every reason for every kind of caller', () => {
  for (const [situation, s] of Object.entries(situations) as Array<[VerdictReason | 'redeemable', (typeof situations)[keyof typeof situations]]>) {
    for (const [who, caller] of Object.entries(callers)) {
      const reason = expected(situation, who);
      it(`${situation}, ${who}: ${reason ?? 'redeemable'}`, () => {
        const v = decideVerdict({ offer: { ...baseOffer, ...s.offer }, copy: s.copy ?? live, caller, now: s.now ?? tuesdayMorning });
        expect(v.reason).toBe(reason);
        expect(v.redeemable).toBe(reason === null);
        expect(v.message).not.toBe('');
        if (reason === null) expect(v.message).toBe(team.has(who) ? 'Valid — redeem now.' : 'Valid now. The business’s staff redeem it at the till.');
      });
    }
  }

  it('lists the reasons in their order of precedence', () => {
    expect(VERDICT_REASONS).toEqual(['void', 'redeemed', 'other_merchant', 'expired', 'paused', 'not_started', 'wrong_location', 'outside_hours']);
  });

  it('applies the precedence when several reasons hold at once', () => {
    const cashier = callers['cashier at Grand Avenue']!;
    const everything: VerdictOffer = { ...baseOffer, status: 'paused', expiresAt: '2026-12-01', startsAt: '2026-12-20', locations: [uptown] };
    const at = (offer: VerdictOffer, copy: VerdictCopy = live, caller = cashier) => decideVerdict({ offer, copy, caller, now: saturdayNight }).reason;
    expect(at(everything, { kind: 'print', state: 'void' })).toBe('void');
    expect(at(everything, { kind: 'print', state: 'redeemed', redeemedAt: saturdayNight, location: grand }, callers['till of another business'])).toBe('redeemed');
    expect(at(everything, live, callers['till of another business'])).toBe('other_merchant');
    expect(at(everything)).toBe('expired');
    expect(at({ ...everything, expiresAt: '2026-12-31' })).toBe('paused');
    expect(at({ ...everything, expiresAt: '2026-12-31', status: 'active' })).toBe('not_started');
    expect(at({ ...everything, expiresAt: '2026-12-31', status: 'active', startsAt: null })).toBe('wrong_location');
    expect(at({ ...everything, expiresAt: '2026-12-31', status: 'active', startsAt: null, locations: [grand] })).toBe('outside_hours');
  });
});

describe('decideVerdict: what each verdict tells', () => {
  it('a weekday-morning offer on a Saturday at 11:20 PM: outside hours, next valid Monday 6:30 AM local', () => {
    for (const caller of [callers.anonymous!, callers['till at Grand Avenue']!]) {
      const v = decideVerdict({ offer: baseOffer, copy: live, caller, now: saturdayNight });
      expect(v).toEqual({
        redeemable: false,
        reason: 'outside_hours',
        next_valid_at: '2026-12-07T11:30:00.000Z',
        message: 'Not valid at this time. It is valid Mon–Fri, 6:30 AM–11:00 AM. Next valid Mon, 12/07/2026, 6:30 AM.',
      });
    }
  });

  it('valid through a date in Minneapolis: valid at 11 PM Central that day, expired at 12:01 AM Central the next', () => {
    const offer: VerdictOffer = { ...baseOffer, finePrint: null, startsAt: null, expiresAt: '2026-11-28', locations: [mpls] };
    const till: VerdictCaller = { kind: 'till', merchantId: 100, location: mpls };
    const elevenPm = new Date('2026-11-29T05:00:00Z'); // already 12:00 AM on 11/29 in Detroit
    const afterMidnight = new Date('2026-11-29T06:01:00Z');
    for (const caller of [till, callers.anonymous!]) {
      expect(decideVerdict({ offer, copy: live, caller, now: elevenPm })).toMatchObject({ redeemable: true, reason: null });
      expect(decideVerdict({ offer, copy: live, caller, now: afterMidnight })).toEqual({
        redeemable: false,
        reason: 'expired',
        message: 'This coupon has expired. It was valid through 11/28/2026.',
      });
    }
  });

  it('wrong location: where it is valid; a cashier with several locations, none valid, is told the same', () => {
    const offer = { ...baseOffer, finePrint: null, locations: [grand] };
    const uptownCashier: VerdictCaller = { kind: 'team', role: 'cashier', merchantId: 100, locations: [uptown] };
    expect(decideVerdict({ offer, copy: live, caller: uptownCashier, now: tuesdayMorning })).toEqual({
      redeemable: false,
      reason: 'wrong_location',
      message: 'Not valid at this location. Valid only at Grand Avenue.',
      valid_locations: [{ id: 1, name: 'Grand Avenue', address: '1 Grand Ave, Detroit, MI' }],
    });
    const manager: VerdictCaller = { kind: 'team', role: 'manager', merchantId: 100, locations: [grand, uptown], locationId: uptown.id };
    expect(decideVerdict({ offer, copy: live, caller: manager, now: tuesdayMorning }).reason).toBe('wrong_location');
    // Without a choice, a manager stands where the offer is valid.
    expect(decideVerdict({ offer, copy: live, caller: { ...manager, locationId: undefined }, now: tuesdayMorning }).reason).toBeNull();
    const twoElsewhere: VerdictCaller = { kind: 'team', role: 'cashier', merchantId: 100, locations: [uptown, { ...uptown, id: 3, name: 'Eastside' }] };
    expect(decideVerdict({ offer, copy: live, caller: twoElsewhere, now: tuesdayMorning })).toMatchObject({ reason: 'wrong_location', message: 'None of your locations can redeem this coupon. Valid only at Grand Avenue.' });
  });

  it('redeemed: when and where, on the clock of the place it was redeemed', () => {
    const v = decideVerdict({ offer: baseOffer, copy: { kind: 'print', state: 'redeemed', redeemedAt: new Date('2026-12-07T20:04:00Z'), location: mpls }, caller: callers.anonymous!, now: tuesdayMorning });
    expect(v).toEqual({
      redeemable: false,
      reason: 'redeemed',
      message: 'Redeemed on 12/07/2026, 2:04 PM at Nicollet.',
      redeemed_at: '2026-12-07T20:04:00.000Z',
      location: { id: 5, name: 'Nicollet', address: '5 Nicollet Mall, Minneapolis, MN' },
    });
  });

  it('not started: the first valid minute on or after its first day', () => {
    const v = decideVerdict({ offer: { ...baseOffer, startsAt: '2026-12-12' }, copy: live, caller: callers.saver!, now: tuesdayMorning });
    // 12/12 is a Saturday: the first valid minute is Monday 12/14 6:30 AM.
    expect(v).toMatchObject({ reason: 'not_started', next_valid_at: '2026-12-14T11:30:00.000Z', message: 'Not valid yet: it starts Mon, 12/14/2026, 6:30 AM.' });
  });

  it('a mobile copy past its 10 minutes is expired', () => {
    const copy: VerdictCopy = { kind: 'mobile', state: 'live', expiresAt: new Date(tuesdayMorning.getTime() - 1000) };
    expect(decideVerdict({ offer: baseOffer, copy, caller: callers['till at Grand Avenue']!, now: tuesdayMorning })).toMatchObject({ reason: 'expired' });
    expect(decideVerdict({ offer: baseOffer, copy: { ...copy, expiresAt: new Date(tuesdayMorning.getTime() + 1000) }, caller: callers['till at Grand Avenue']!, now: tuesdayMorning }).redeemable).toBe(true);
  });

  it('outside hours with no valid minute left before expiry has no next time', () => {
    const v = decideVerdict({ offer: { ...baseOffer, expiresAt: '2026-12-06' }, copy: live, caller: callers.anonymous!, now: saturdayNight });
    expect(v).toMatchObject({ reason: 'outside_hours', message: 'Not valid at this time. It is valid Mon–Fri, 6:30 AM–11:00 AM. It is not valid again before it expires.' });
    expect(v.next_valid_at).toBeUndefined();
  });
});

describe('nextValidAt and zonedInstant', () => {
  it('reads wall-clock times across daylight saving', () => {
    expect(zonedInstant('2026-07-01', 390, DET).toISOString()).toBe('2026-07-01T10:30:00.000Z');
    expect(zonedInstant('2026-12-07', 390, DET).toISOString()).toBe('2026-12-07T11:30:00.000Z');
    expect(zonedInstant('2026-11-28', 23 * 60, 'America/Chicago').toISOString()).toBe('2026-11-29T05:00:00.000Z');
  });

  it('is now when now is valid; finds overnight hours', () => {
    expect(nextValidAt(null, DET, tuesdayMorning, '2026-12-31')).toEqual(tuesdayMorning);
    const lateNights = { days: ['fri'], hours: { from: '22:00', to: '02:00' } };
    expect(nextValidAt(lateNights, DET, tuesdayMorning, '2026-12-31')?.toISOString()).toBe('2026-12-12T03:00:00.000Z');
  });
});

describe('conditions', () => {
  it('gives the fine print in the saver wording, then the dates and where', () => {
    expect(conditions({ ...baseOffer, finePrint: { ...weekdayMornings, limit: 'one_per_visit', exclusions: 'alcohol' }, locations: [grand, uptown] })).toEqual([
      'Valid Mon–Fri, 6:30 AM–11:00 AM',
      'One per visit',
      'Excludes alcohol',
      'Valid 11/01/2026 through 12/31/2026',
      'Only at Grand Avenue or Uptown',
    ]);
    expect(conditions({ finePrint: null, startsAt: null, expiresAt: '2026-11-28', locations: [] })).toEqual(['Valid through 11/28/2026']);
  });
});
