import { describe, expect, it } from 'vitest';
import { offerStatus } from './offer-status.ts';

describe('the status staff read for an offer', () => {
  const today = '2026-11-26';
  it('keeps draft and paused whatever the dates', () => {
    expect(offerStatus({ status: 'draft', startsAt: null, expiresAt: '2020-01-01' }, today)).toBe('draft');
    expect(offerStatus({ status: 'paused', startsAt: '2030-01-01', expiresAt: '2030-02-01' }, today)).toBe('paused');
  });
  it('reads a published offer scheduled before its first day, live through its last, then expired', () => {
    expect(offerStatus({ status: 'live', startsAt: '2026-11-27', expiresAt: '2026-12-31' }, today)).toBe('scheduled');
    expect(offerStatus({ status: 'live', startsAt: today, expiresAt: today }, today)).toBe('live');
    expect(offerStatus({ status: 'live', startsAt: null, expiresAt: '2026-12-31' }, today)).toBe('live');
    expect(offerStatus({ status: 'live', startsAt: null, expiresAt: '2026-11-25' }, today)).toBe('expired');
  });
});
