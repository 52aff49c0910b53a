import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { PreferencesForm, PREFERENCES_SAVED } from './preferences-form.tsx';

const FLAGS = {
  food_dining_preference: 1,
  home_services_preference: 0,
  health_beauty_preference: 0,
  auto_transportation_preference: 0,
  travel_entertainment_preference: 0,
  retail_fashion_preference: 0,
  special_services_preference: 0,
};
const NOTHING_SAVED = { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } };

describe('my interests', () => {
  it('shows the stored interests, waits while saving the ticked ones, then confirms', async () => {
    const held = gate();
    const api = stubApi({
      'GET /api/user/preferences/': { body: FLAGS },
      'PUT /api/user/preferences/': { body: { ...FLAGS, home_services_preference: 1 }, gate: held.promise },
      'GET /api/userfavorites/': NOTHING_SAVED,
    });
    const { user } = renderPage(<PreferencesForm />, { signedIn: true });
    const food = await screen.findByLabelText('Food & Dining');
    await waitFor(() => expect(food).toHaveProperty('checked', true));
    await user.click(screen.getByLabelText('Home Services'));
    await user.click(screen.getByRole('button', { name: 'Save Interests' }));
    expect(screen.getByRole('button', { name: 'Save Interests' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText(PREFERENCES_SAVED)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...FLAGS, home_services_preference: 1 });
  });

  it('shows a failed save and keeps the choices', async () => {
    stubApi({ 'GET /api/user/preferences/': { body: FLAGS }, 'PUT /api/user/preferences/': { status: 502 }, 'GET /api/userfavorites/': NOTHING_SAVED });
    const { user } = renderPage(<PreferencesForm />, { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Food & Dining')).toHaveProperty('checked', true));
    await user.click(screen.getByRole('button', { name: 'Save Interests' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SERVER_ERROR);
    expect(screen.getByLabelText('Food & Dining')).toHaveProperty('checked', true);
  });

  it('cannot be sent before the interests have loaded', async () => {
    stubApi({ 'GET /api/user/preferences/': { status: 500 }, 'GET /api/userfavorites/': NOTHING_SAVED });
    renderPage(<PreferencesForm />, { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SERVER_ERROR);
    expect(screen.getByRole('button', { name: 'Save Interests' })).toHaveProperty('disabled', true);
  });
});
