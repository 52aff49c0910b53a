import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUIRED } from '@market/domain/validation/fields';
import { LEASE_SUBMITTED } from '@market/domain/validation/leads';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { LeaseForm } from './lease-form.tsx';

async function fill(user: ReturnType<typeof renderPage>['user'], phone = '(313) 555-0123') {
  await user.type(screen.getByLabelText('First Name'), 'Pat');
  await user.type(screen.getByLabelText('Last Name'), 'Saver');
  await user.type(screen.getByLabelText('Email'), 'pat@example.com');
  await user.type(screen.getByLabelText('Phone'), phone);
  await user.type(screen.getByLabelText('Zip'), '48226');
}

describe('lease form', () => {
  it('shows the field messages of the shared schema before sending', async () => {
    const api = stubApi({});
    const { user } = renderPage(<LeaseForm offerId={9} secondaryType="lease" />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText(REQUIRED).length).toBeGreaterThanOrEqual(4);
    await fill(user, '12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('says it is sending, sends once with the phone normalised, then confirms and ignores further submits', async () => {
    const held = gate();
    const api = stubApi({ 'POST /api/autolead/': { status: 201, body: {}, gate: held.promise } });
    const { user } = renderPage(<LeaseForm offerId={9} secondaryType="lease" />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText(LEASE_SUBMITTED)).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toMatchObject({ offer_id: 9, offer_type: 'lease', phone: '+13135550123' });
    expect(screen.getByLabelText('First Name')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it("shows the server's message under the form and allows another try", async () => {
    stubApi({ 'POST /api/autolead/': { status: 400, body: { detail: 'Too many requests from this address.' } } });
    const { user } = renderPage(<LeaseForm offerId={9} secondaryType="purchase" />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests from this address.'));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });
});
