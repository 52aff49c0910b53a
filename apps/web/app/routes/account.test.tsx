import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELETE_PASSWORDS_DO_NOT_MATCH, NEW_PASSWORDS_DO_NOT_MATCH, REQUIRED } from '@market/domain/validation/fields';
import { cookieUser, storedToken } from '../lib/member/auth-storage.ts';
import { gate, stubApi, type StubAnswer } from '../test/api-stub.ts';
import { MEMBER, renderPage } from '../test/render.tsx';
import Account, { ACCOUNT_DELETED, PASSWORD_CHANGED, PROFILE_SAVED } from './account.tsx';

const PROFILE = { id: MEMBER.id, name: 'Pat Saver', email: 'pat@example.com', first_name: 'Pat', last_name: 'Saver', state: 'MI', zipcode: '48226', birthday: null, promotions_agree: false, email_verified: true };
const NOTHING_SAVED = { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } };
const WRONG_PASSWORD = { status: 400, body: { password: ['Your password is incorrect.'] } };
const LOGIN = { token: 'new-token', expires: Math.floor(Date.now() / 1000) + 3600, user: { id: MEMBER.id, name: 'Pat Saver', email: 'pat@example.com', first_name: 'Pat' } };

function renderAccount(routes: Record<string, StubAnswer | StubAnswer[]>) {
  const api = stubApi({ 'GET /auth/user/info/': { body: PROFILE }, 'GET /api/userfavorites/': NOTHING_SAVED, ...routes });
  return { api, ...renderPage(<Account />, { signedIn: true, path: '/user/account?info=1' }) };
}

describe('profile', () => {
  it('loads the profile, checks it, waits while saving, then confirms and renames the member', async () => {
    const held = gate();
    const { api, user } = renderAccount({ 'PUT /auth/user/info/': { body: { ...PROFILE, first_name: 'Patricia', name: 'Patricia Saver' }, gate: held.promise } });
    const section = within(await screen.findByRole('region', { name: 'Profile' }));
    const first = await section.findByLabelText('First Name');
    await user.clear(first);
    await user.click(section.getByRole('button', { name: 'Save Profile' }));
    expect(section.getByText(REQUIRED)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(first, 'Patricia');
    await user.click(section.getByRole('button', { name: 'Save Profile' }));
    expect(section.getByRole('button', { name: 'Save Profile' })).toHaveProperty('disabled', true);
    held.open();
    expect(await section.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(cookieUser()?.firstName).toBe('Patricia');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ first_name: 'Patricia', zipcode: '48226', birthday: null });
  });

  it("puts the server's message beside its field", async () => {
    const { user } = renderAccount({ 'PUT /auth/user/info/': { status: 400, body: { zipcode: ['Enter a zip code in a state we serve.'] } } });
    const section = within(await screen.findByRole('region', { name: 'Profile' }));
    await user.click(await section.findByRole('button', { name: 'Save Profile' }));
    expect(await section.findByText('Enter a zip code in a state we serve.')).toBeTruthy();
    expect(section.getByLabelText('Zip')).toBe(document.activeElement);
    expect(section.queryByRole('alert')).toBeNull();
  });

  it('sends a member whose session expired to sign in again', async () => {
    stubApi({ 'GET /auth/user/info/': { status: 401, body: { detail: 'Invalid token.' } }, 'GET /api/userfavorites/': NOTHING_SAVED, 'POST /auth/logout/': { status: 204 } });
    renderPage(<Account />, { signedIn: true, path: '/user/account?info=1' });
    expect(await screen.findByText('Sign in to see your account.')).toBeTruthy();
    expect(storedToken()).toBeNull();
  });
});

describe('change password', () => {
  it('checks the new passwords match before sending', async () => {
    const { api, user } = renderAccount({});
    const section = within(screen.getByRole('region', { name: 'Change Password' }));
    await user.type(section.getByLabelText('Current Password'), 'My old password 1');
    await user.type(section.getByLabelText('New Password'), 'A brand new password 1');
    await user.type(section.getByLabelText('Confirm New Password'), 'Something else 2');
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(section.getByText(NEW_PASSWORDS_DO_NOT_MATCH)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/auth/user/changepassword/')).toBe(false);
  });

  it('shows a wrong current password once, at its field', async () => {
    const { user } = renderAccount({ 'PUT /auth/user/changepassword/': WRONG_PASSWORD });
    const section = within(screen.getByRole('region', { name: 'Change Password' }));
    await user.type(section.getByLabelText('Current Password'), 'not my password at all');
    await user.type(section.getByLabelText('New Password'), 'A brand new password 1');
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(await section.findByText('Your password is incorrect.')).toBeTruthy();
    expect(screen.getAllByText('Your password is incorrect.')).toHaveLength(1);
    expect(section.getByLabelText('Current Password')).toBe(document.activeElement);
  });

  it('waits while changing, then confirms, clears the fields and keeps the member signed in with the new token', async () => {
    const held = gate();
    const { user } = renderAccount({ 'PUT /auth/user/changepassword/': { body: LOGIN, gate: held.promise } });
    const section = within(screen.getByRole('region', { name: 'Change Password' }));
    await user.type(section.getByLabelText('Current Password'), 'My old password 1');
    await user.type(section.getByLabelText('New Password'), 'A brand new password 1');
    await user.click(section.getByRole('button', { name: 'Change Password' }));
    expect(section.getByRole('button', { name: 'Change Password' })).toHaveProperty('disabled', true);
    held.open();
    expect(await section.findByText(PASSWORD_CHANGED)).toBeTruthy();
    expect(section.getByLabelText('Current Password')).toHaveProperty('value', '');
    expect(storedToken()).toBe('new-token');
  });
});

describe('delete account', () => {
  it('checks the confirmation, then shows a wrong password at its field', async () => {
    const { user } = renderAccount({ 'DELETE /auth/user/': WRONG_PASSWORD });
    const section = within(screen.getByRole('region', { name: 'Delete Account' }));
    await user.type(section.getByLabelText('Password'), 'not my password at all');
    await user.type(section.getByLabelText('Confirm Password'), 'something else');
    await user.click(section.getByRole('button', { name: 'Delete My Account' }));
    expect(section.getByText(DELETE_PASSWORDS_DO_NOT_MATCH)).toBeTruthy();
    await user.clear(section.getByLabelText('Confirm Password'));
    await user.type(section.getByLabelText('Confirm Password'), 'not my password at all');
    await user.click(section.getByRole('button', { name: 'Delete My Account' }));
    expect(await section.findByText('Your password is incorrect.')).toBeTruthy();
    expect(storedToken()).toBe('test-token');
  });

  it('deletes the account and signs the member out', async () => {
    const { user } = renderAccount({ 'DELETE /auth/user/': { status: 204 }, 'POST /auth/logout/': { status: 204 } });
    const section = within(screen.getByRole('region', { name: 'Delete Account' }));
    await user.type(section.getByLabelText('Password'), 'My password 1');
    await user.click(section.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeTruthy();
    await waitFor(() => expect(storedToken()).toBeNull());
  });
});

describe('e-mail notifications (the preference centre)', () => {
  const CHOICES = {
    expiry_reminder: true,
    new_from_places: true,
    weekly_digest: true,
    contest_reminder: true,
    contest_result: true,
    digest_day: 3,
    marketing: false,
    address_confirmed: false,
    marketing_active: false,
  };

  it('shows the choices, keeps the marketing kinds off with the switch, and saves what was changed', async () => {
    const { api, user } = renderAccount({
      'GET /api/user/notifications/': { body: CHOICES },
      'PUT /api/user/notifications/': { body: { ...CHOICES, expiry_reminder: false, marketing: true, digest_day: 5 } },
    });
    const section = within(await screen.findByRole('region', { name: 'E-mail notifications' }));
    const expiry = await section.findByRole('checkbox', { name: /Expiry reminders/ });
    await waitFor(() => expect(expiry).toHaveProperty('checked', true));
    // Marketing off: its kinds and the digest day cannot be changed.
    expect(section.getByRole('checkbox', { name: /Weekly digest/ })).toHaveProperty('disabled', true);
    expect(section.getByLabelText('Weekly digest day')).toHaveProperty('disabled', true);
    await user.click(expiry);
    await user.click(section.getByRole('checkbox', { name: /Marketing mail/ }));
    expect(section.getByRole('note').textContent).toContain('confirmed');
    await user.selectOptions(section.getByLabelText('Weekly digest day'), 'Saturday');
    await user.click(section.getByRole('button', { name: 'Save e-mail preferences' }));
    expect(await section.findByText('Your e-mail preferences have been saved.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/user/notifications/')?.body).toEqual({
      expiry_reminder: false,
      new_from_places: true,
      weekly_digest: true,
      contest_reminder: true,
      contest_result: true,
      digest_day: 5,
      marketing: true,
    });
  });
});
