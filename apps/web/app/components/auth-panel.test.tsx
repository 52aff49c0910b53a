import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORDS_DO_NOT_MATCH, REQUIRED } from '@market/domain/validation/fields';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { storedToken } from '../lib/member/auth-storage.ts';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { ACCOUNT_CREATED, AuthPanel, STAFF_SIGN_IN_ELSEWHERE } from './auth-panel.tsx';

const LOGIN = { token: 'fresh-token', expires: Math.floor(Date.now() / 1000) + 3600, user: { id: 7, name: 'Pat Saver', email: 'pat@example.com', first_name: 'Pat' } };

describe('sign in', () => {
  it('shows each field message before sending anything, and focuses the first field', async () => {
    const api = stubApi({});
    const { user } = renderPage(<AuthPanel initialTab="signin" twinCities={false} />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toBe(document.activeElement);
    expect(api.calls).toHaveLength(0);
  });

  it('says it is signing in while the call is on its way, then signs the member in', async () => {
    const held = gate();
    const api = stubApi({ 'POST /auth/login/': { body: LOGIN, gate: held.promise } });
    const afterSignIn = vi.fn();
    const { user } = renderPage(<AuthPanel initialTab="signin" twinCities={false} afterSignIn={afterSignIn} />);
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'A long enough password 1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const busy = screen.getByRole('button', { name: 'Signing In…' });
    expect(busy).toHaveProperty('disabled', true);
    held.open();
    await waitFor(() => expect(afterSignIn).toHaveBeenCalledOnce());
    expect(storedToken()).toBe('fresh-token');
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/auth/login/', body: { email: 'pat@example.com', password: 'A long enough password 1' } });
  });

  it("shows the server's refusal below the fields and lets the member try again", async () => {
    stubApi({ 'POST /auth/login/': [{ status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } }, { status: 503 }] });
    const { user } = renderPage(<AuthPanel initialTab="signin" twinCities={false} />);
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'A wrong password 1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Unable to log in with provided credentials.');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SERVER_ERROR));
    expect(storedToken()).toBeNull();
  });

  it('sends a staff account to the staff console instead of failing silently', async () => {
    stubApi({ 'POST /auth/login/': { body: { mfa_required: true, mfa_token: 'step-token-123456' } } });
    const { user } = renderPage(<AuthPanel initialTab="signin" twinCities={false} />);
    await user.type(screen.getByLabelText('Email'), 'staff@localsaver.example');
    await user.type(screen.getByLabelText('Password'), 'A long enough password 1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', STAFF_SIGN_IN_ELSEWHERE);
    expect(storedToken()).toBeNull();
  });
});

describe('sign up', () => {
  async function fillSignUp(user: ReturnType<typeof renderPage>['user'], password = 'A long enough password 1', confirm = password) {
    await user.type(screen.getByLabelText('First Name'), 'Pat');
    await user.type(screen.getByLabelText('Last Name'), 'Saver');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.type(screen.getByLabelText('Zip'), '48226');
    await user.click(screen.getByLabelText('I am at least 13 years old.'));
    await user.click(screen.getByLabelText(/I agree to the/));
  }

  it('shows the shared schema messages before sending anything', async () => {
    const api = stubApi({});
    const { user } = renderPage(<AuthPanel initialTab="signup" twinCities={false} />);
    await fillSignUp(user, 'A long enough password 1', 'Another password 2');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText(PASSWORDS_DO_NOT_MATCH)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("puts a field's server message beside that field only", async () => {
    stubApi({ 'POST /auth/register/': { status: 400, body: { password: [PASSWORD_TOO_COMMON] } } });
    const { user } = renderPage(<AuthPanel initialTab="signup" twinCities={false} />);
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Password')).toBe(document.activeElement);
  });

  it('creates the account, then signs the member in', async () => {
    const held = gate();
    const api = stubApi({ 'POST /auth/register/': { status: 201, body: { id: 7 } }, 'POST /auth/login/': { body: LOGIN, gate: held.promise } });
    const { user } = renderPage(<AuthPanel initialTab="signup" twinCities={false} />);
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(ACCOUNT_CREATED)).toBeTruthy();
    held.open();
    await waitFor(() => expect(storedToken()).toBe('fresh-token'));
    expect(api.calls.slice(0, 2).map((c) => c.path)).toEqual(['/auth/register/', '/auth/login/']);
    expect(api.calls[0]?.body).toMatchObject({ email: 'pat@example.com', first_name: 'Pat', idmkmdigid: '' });
  });
});
