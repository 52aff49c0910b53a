import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { printLimit } from '@market/domain/constants';
import { ANONYMOUS_PRINT_LIMIT_REACHED, PRINT_LIMIT_REACHED, REDEEM_ONCE, ALREADY_REDEEMED } from '@market/domain/prints';
import type { OfferDetail } from '../lib/api/api-types.ts';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { recordAnonymousPrint } from '../lib/member/print-coupon.ts';
import { gate, stubApi } from '../test/api-stub.ts';
import { MEMBER, renderPage } from '../test/render.tsx';
import { CouponActions } from './coupon-actions.tsx';

const OFFER = { id: 3, max_prints: 3, code: 'SAVE10', name: '10% off', merchant: { id: 1, slug: 'cafe' } } as unknown as OfferDetail;
const LIMIT = printLimit(OFFER.max_prints);
const PRINTS = `GET /api/userprintsamount/?offer_id=${OFFER.id}&user_id=${MEMBER.id}`;
/** The Print record GET /api/userprintsamount/ answers (PrintRecordOut). */
const printRecord = (prints: number) => ({ offer_id: OFFER.id, prints, limit: LIMIT, last_printed_at: prints ? '2026-11-20T15:04:05.000Z' : null });
/** A redemption as POST and GET /api/redemptions/ answer it (RedemptionOut), made just now. */
function redemption() {
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  return { id: 11, offer_id: OFFER.id, redeemed_at: iso(0), code: '7K3QD-M2XWA-9PTRC', valid_until: iso(600_000), undo_until: iso(120_000), confirmed_at: null };
}
const REDEMPTION = redemption();

describe('coupon actions for a member', () => {
  it('shows the print count, asks before redeeming, waits, then shows the code', async () => {
    const held = gate();
    const api = stubApi({
      [PRINTS]: { body: printRecord(1) },
      'GET /api/redemptions/': [{ body: [] }, { body: [REDEMPTION] }],
      'POST /api/redemptions/': { status: 201, body: REDEMPTION, gate: held.promise },
      'GET /api/userfavorites/': { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } },
    });
    const { user } = renderPage(<CouponActions offer={OFFER} locationId={0} />, { signedIn: true });
    expect(await screen.findByText(`Printed 1 of ${LIMIT}`)).toBeTruthy();
    expect(screen.getByText(REDEEM_ONCE)).toBeTruthy();
    const redeem = screen.getByRole('button', { name: 'Redeem Coupon' });
    await waitFor(() => expect(redeem).toHaveProperty('disabled', false));
    await user.click(redeem);
    await user.click(screen.getByRole('button', { name: 'Yes, Redeem' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    held.open();
    expect(await screen.findByText('Coupon redeemed')).toBeTruthy();
    expect(screen.getByText('SAVE10')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/redemptions/', body: { offer_id: OFFER.id }, authorization: 'Bearer test-token' });
    // The copy's own code, full screen for the cashier, with its countdown (a phone opens it at once).
    await user.click(screen.getByRole('button', { name: 'Show code to cashier' }));
    const shown = await screen.findByRole('dialog', { name: 'Show this to the cashier' });
    expect(shown.textContent).toContain('7K3QD-M2XWA-9PTRC');
    expect(shown.textContent).toMatch(/Works for (10:00|9:5\d) more/);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show code to cashier' })).toBeTruthy();
  });

  it('undoes an accidental slide within 2 minutes and offers redemption again', async () => {
    const api = stubApi({
      [PRINTS]: { body: printRecord(1) },
      'GET /api/redemptions/': { body: [redemption()] },
      'POST /api/redemptions/11/undo/': { body: { offer_id: OFFER.id, code: '7K3QD-M2XWA-9PTRC', status: 'void' } },
      'GET /api/userfavorites/': { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } },
    });
    const { user } = renderPage(<CouponActions offer={OFFER} locationId={0} />, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /^Undo redemption \(\d:\d\d\)$/ }));
    expect(await screen.findByRole('button', { name: 'Redeem Coupon' })).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/redemptions/11/undo/']);
  });

  it("shows a failed redemption's message and offers the button again", async () => {
    stubApi({
      [PRINTS]: { body: printRecord(0) },
      'GET /api/redemptions/': { body: [] },
      'POST /api/redemptions/': { status: 500 },
      'GET /api/userfavorites/': { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } },
    });
    const { user } = renderPage(<CouponActions offer={OFFER} locationId={0} />, { signedIn: true });
    const redeem = await screen.findByRole('button', { name: 'Redeem Coupon' });
    await waitFor(() => expect(redeem).toHaveProperty('disabled', false));
    await user.click(redeem);
    await user.click(screen.getByRole('button', { name: 'Yes, Redeem' }));
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redeem Coupon' })).toBeTruthy();
  });

  it('at the print limit, says so and does not offer redemption', async () => {
    stubApi({
      [PRINTS]: { body: printRecord(LIMIT) },
      'GET /api/redemptions/': { body: [] },
      'GET /api/userfavorites/': { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } },
    });
    renderPage(<CouponActions offer={OFFER} locationId={0} />, { signedIn: true });
    expect(await screen.findByText(PRINT_LIMIT_REACHED)).toBeTruthy();
    expect(screen.getByText(ALREADY_REDEEMED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redeem Coupon' })).toHaveProperty('disabled', true);
  });
});

describe('coupon actions for a visitor', () => {
  it('refuses a print past the anonymous limit without asking for the PDF', async () => {
    const api = stubApi({});
    for (let i = 0; i < LIMIT; i += 1) recordAnonymousPrint(OFFER.id);
    const { user } = renderPage(<CouponActions offer={OFFER} locationId={0} />);
    expect(screen.queryByRole('button', { name: 'Redeem Coupon' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Print / Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Print' }));
    expect(await screen.findByText(ANONYMOUS_PRINT_LIMIT_REACHED)).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/pdf'))).toHaveLength(0);
  });
});
