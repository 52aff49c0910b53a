import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedToken } from '../lib/member/auth-storage.ts';
import { SAVE_FAILED, type SavedItems, type SavedOffer } from '../lib/member/saved.tsx';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import SavedDrawer from './saved-drawer.tsx';

function offer(id: number, name: string, expired = false): SavedOffer {
  return {
    entitiable_id: id,
    entitiable_type: 'Offer',
    name,
    path: null,
    merchant_logo: null,
    merchant_name: 'Corner Cafe',
    merchant_slug: 'corner-cafe',
    merchant_id: 1,
    distance: null,
    location_id: 1,
    location: { address: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' },
    expires_at: expired ? '2020-01-01T00:00:00Z' : '2099-01-01T00:00:00Z',
    latitude: 41.8781,
    longitude: -87.6298,
    is_certified: false,
    secondary_type: 'other',
    additional_offers: 0,
    is_featured: false,
    saved_id: 100 + id,
    expiry_status: expired ? 'expired' : 'active',
    is_active: !expired,
  };
}

function saved(offers: SavedOffer[], expired: SavedOffer[] = []): SavedItems {
  return { offers: { active: offers, expired }, cars: { active: [], expired: [] }, locations: [], contests: [], count: offers.length + expired.length };
}

describe('saved drawer', () => {
  it('says it is loading, then lists active and recently expired coupons (no Cars tab outside Michigan)', async () => {
    const held = gate();
    stubApi({ 'GET /api/userfavorites/': { body: saved([offer(1, 'Free coffee')], [offer(2, 'Half-price muffin', true)]), gate: held.promise } });
    renderPage(<SavedDrawer state="IL" />, { signedIn: true });
    expect(screen.getByText('Loading your saved items…')).toBeTruthy();
    held.open();
    expect(await screen.findByRole('link', { name: 'Free coffee' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Recently Expired Coupons' })).getByText('Half-price muffin', { selector: '.saved-item-title' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Cars' })).toBeNull();
  });

  it('removes a coupon, waiting on the button, and shows the list the server answers', async () => {
    const held = gate();
    const api = stubApi({
      'GET /api/userfavorites/': [{ body: saved([offer(1, 'Free coffee'), offer(3, 'Two for one')]) }, { body: saved([offer(3, 'Two for one')]) }],
      'DELETE /api/userclipped/101/': { status: 204, gate: held.promise },
    });
    const { user } = renderPage(<SavedDrawer state="MI" />, { signedIn: true });
    const remove = await screen.findByRole('button', { name: 'Remove Free coffee' });
    await user.click(remove);
    expect(remove).toHaveProperty('disabled', true);
    held.open();
    await waitFor(() => expect(screen.queryByText('Free coffee', { selector: '.saved-item-title' })).toBeNull());
    expect(screen.getByText('Two for one', { selector: '.saved-item-title' })).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/userclipped/101/')).toBe(true);
  });

  it('shows the generic message when the server fails', async () => {
    stubApi({ 'GET /api/userfavorites/': { body: saved([offer(1, 'Free coffee')]) }, 'DELETE /api/userclipped/101/': { status: 500 } });
    const { user } = renderPage(<SavedDrawer state="IL" />, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Remove Free coffee' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SAVE_FAILED);
    expect(screen.getByRole('link', { name: 'Free coffee' })).toBeTruthy();
  });

  it('signs the member out when the session has expired', async () => {
    stubApi({ 'GET /api/userfavorites/': { body: saved([offer(1, 'Free coffee')]) }, 'DELETE /api/userclipped/101/': { status: 401, body: { detail: 'Invalid token.' } }, 'POST /auth/logout/': { status: 204 } });
    const { user } = renderPage(<SavedDrawer state="IL" />, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Remove Free coffee' }));
    await waitFor(() => expect(storedToken()).toBeNull());
    expect(screen.getByText('Loading your saved items…')).toBeTruthy();
  });
});
