import { describe, expect, it } from 'vitest';
import { DIGEST_DAY_MESSAGE, SWITCH_MESSAGE, isMarketingKind, mayReceive, notificationChoices, notificationChoicesUpdateSchema } from './notifications.ts';

describe('notification choices', () => {
  it('defaults: every kind on, Thursday, marketing as agreed to promotions', () => {
    expect(notificationChoices(null, { promotionsAgree: false })).toMatchObject({ expiry_reminder: true, weekly_digest: true, digest_day: 3, marketing: false });
    expect(notificationChoices(null, { promotionsAgree: true }).marketing).toBe(true);
  });

  it('marketing kinds need the switch and a confirmed address; service kinds only their own switch', () => {
    const on = notificationChoices(null, { promotionsAgree: true });
    expect(isMarketingKind('weekly_digest')).toBe(true);
    expect(isMarketingKind('expiry_reminder')).toBe(false);
    expect(mayReceive('weekly_digest', on, { addressConfirmed: true })).toBe(true);
    expect(mayReceive('weekly_digest', on, { addressConfirmed: false })).toBe(false);
    expect(mayReceive('new_from_places', { ...on, marketing: false }, { addressConfirmed: true })).toBe(false);
    expect(mayReceive('expiry_reminder', { ...on, marketing: false }, { addressConfirmed: false })).toBe(true);
    expect(mayReceive('expiry_reminder', { ...on, expiry_reminder: false }, { addressConfirmed: true })).toBe(false);
  });

  it('the update names each bad field', () => {
    const bad = notificationChoicesUpdateSchema.safeParse({ digest_day: 7, contest_result: 'no' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ digest_day: DIGEST_DAY_MESSAGE, contest_result: SWITCH_MESSAGE });
    expect(notificationChoicesUpdateSchema.parse({ digest_day: 0 })).toEqual({ digest_day: 0 });
  });
});
