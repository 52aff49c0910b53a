import { describe, expect, it } from 'vitest';
import { addDays, businessToday, dayIn, expiryLabel, expiryStatus, formatDisplayDate, oldestVisibleExpiry } from './expiry.ts';
import { printLimit } from './constants.ts';

describe('offer expiry (SPEC.md 4)', () => {
  const today = '2026-11-22';
  it('keeps an offer expiring today active', () => {
    expect(expiryStatus(today, today)).toBe('active');
    expect(expiryStatus(addDays(today, 30), today)).toBe('active');
  });
  it('shows offers expired 1 to 6 days ago as expired', () => {
    expect(expiryStatus(addDays(today, -1), today)).toBe('expired');
    expect(expiryStatus(addDays(today, -6), today)).toBe('expired');
  });
  it('hides offers expired 7 or more days ago', () => {
    expect(expiryStatus(addDays(today, -7), today)).toBe('hidden');
    expect(expiryStatus(addDays(today, -400), today)).toBe('hidden');
  });
  it('names the oldest still-visible expiry date', () => {
    expect(oldestVisibleExpiry(today)).toBe('2026-11-16');
  });
  it('formats dates as MM/DD/YYYY (SPEC.md 9)', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('03/05/2026');
  });
  it('computes today in the business time zone', () => {
    // 03:00 UTC on Nov 23 is still Nov 22 in Detroit.
    expect(businessToday(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});

describe('print limit (SPEC.md 4, 9)', () => {
  it('is max(maxPrints, 3)', () => {
    expect(printLimit(1)).toBe(3);
    expect(printLimit(3)).toBe(3);
    expect(printLimit(10)).toBe(10);
    expect(printLimit(null)).toBe(3);
  });
});

describe('expiry line of a coupon (SPEC.md 2, 9)', () => {
  it("says 'Expires' while active and 'Expired' with the date once expired", () => {
    expect(expiryLabel('2026-12-01', 'active')).toBe('Expires: 12/01/2026');
    expect(expiryLabel('2026-11-20', 'expired')).toBe('Expired: 11/20/2026');
  });
});

describe('dayIn', () => {
  it("answers the date in a market's time zone, with daylight saving", () => {
    const at = new Date('2026-01-15T05:30:00Z');
    expect(dayIn('America/Detroit', at)).toBe('2026-01-15');
    expect(dayIn('America/Chicago', at)).toBe('2026-01-14');
    expect(dayIn('America/Chicago', new Date('2026-01-15T06:00:00Z'))).toBe('2026-01-15');
    // Summer (UTC-4 and UTC-5).
    expect(dayIn('America/Detroit', new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(dayIn('America/Detroit', new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
    expect(dayIn('America/Chicago', new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
    expect(dayIn('America/New_York', at)).toBe(businessToday(at));
  });
});
