import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON } from '@market/domain/validation/fields';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import ResetPassword from './reset.tsx';

const LINK = '/login/reset?id=7&token=abcdefabcdefabcdefab';
/** The API's answer to a reset (RESET_DONE_DETAIL in apps/api/src/modules/auth/service.ts). */
const RESET_DONE = 'Your password has been reset. You can now log in with the new password.';

async function fill(user: ReturnType<typeof renderPage>['user'], password = 'A brand new password 1', confirm = password) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('reset password', () => {
  it('says a broken link is not valid, without sending', async () => {
    const api = stubApi({});
    const { user } = renderPage(<ResetPassword />, { path: '/login/reset' });
    await fill(user);
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid. Ask for a new one.');
    expect(api.calls).toHaveLength(0);
  });

  it('checks the two passwords match before sending', async () => {
    const api = stubApi({});
    const { user } = renderPage(<ResetPassword />, { path: LINK });
    await fill(user, 'A brand new password 1', 'Another one 2');
    expect(screen.getByLabelText('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('waits while sending, then confirms the change', async () => {
    const held = gate();
    const api = stubApi({ 'POST /auth/resetpassword/': { body: { detail: RESET_DONE }, gate: held.promise } });
    const { user } = renderPage(<ResetPassword />, { path: LINK });
    await fill(user);
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText(RESET_DONE)).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ id: '7', token: 'abcdefabcdefabcdefab', password: 'A brand new password 1' });
  });

  it("puts the server's password message beside the field", async () => {
    stubApi({ 'POST /auth/resetpassword/': { status: 400, body: { password: [PASSWORD_TOO_COMMON] } } });
    const { user } = renderPage(<ResetPassword />, { path: LINK });
    await fill(user);
    expect(await screen.findByText(PASSWORD_TOO_COMMON)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
