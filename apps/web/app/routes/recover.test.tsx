import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUIRED } from '@market/domain/validation/fields';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import Recover from './recover.tsx';

describe('forgot password', () => {
  it('asks for the e-mail before sending', async () => {
    const api = stubApi({});
    const { user } = renderPage(<Recover />);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("waits while sending, then shows the server's answer", async () => {
    const held = gate();
    stubApi({ 'POST /auth/passwordreset/': { body: { detail: 'Password reset e-mail has been sent.' }, gate: held.promise } });
    const { user } = renderPage(<Recover />);
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText('Password reset e-mail has been sent.')).toBeTruthy();
  });

  it("shows a refusal's detail", async () => {
    stubApi({ 'POST /auth/passwordreset/': { status: 400, body: { detail: 'Too many requests.' } } });
    const { user } = renderPage(<Recover />);
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests.'));
  });
});
