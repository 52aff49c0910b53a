import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIM_SUBMITTED } from '@market/domain/validation/contests';
import { INVALID_ZIP, REQUIRED } from '@market/domain/validation/fields';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { SweepstakesClaim } from './sweepstakes-claim.tsx';

async function fill(user: ReturnType<typeof renderPage>['user'], zip = '48226') {
  await user.type(screen.getByLabelText('First Name'), 'Pat');
  await user.type(screen.getByLabelText('Last Name'), 'Saver');
  await user.type(screen.getByLabelText('Email'), 'pat@example.com');
  await user.type(screen.getByLabelText('Your Numbers'), '123456');
  await user.type(screen.getByLabelText('Address 1'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Detroit');
  await user.type(screen.getByLabelText('Zip'), zip);
}

describe('sweepstakes claim', () => {
  it('requires every field but Address 2 and checks the zip before sending', async () => {
    const api = stubApi({});
    const { user } = renderPage(<SweepstakesClaim entityId={5} />);
    await user.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(screen.getAllByText(REQUIRED).length).toBeGreaterThanOrEqual(6);
    expect(screen.getByLabelText('First Name')).toBe(document.activeElement);
    await fill(user, '482');
    await user.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(screen.getByText(INVALID_ZIP)).toBeTruthy();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('waits while sending, then confirms the claim', async () => {
    const held = gate();
    const api = stubApi({ 'POST /api/sweepstakes/': { status: 201, body: {}, gate: held.promise } });
    const { user } = renderPage(<SweepstakesClaim entityId={5} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText(CLAIM_SUBMITTED)).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ firstname: 'Pat', entity_id: 5, zip: '48226', address2: '' });
  });

  it("shows the server's message and keeps the form", async () => {
    stubApi({ 'POST /api/sweepstakes/': { status: 500 } });
    const { user } = renderPage(<SweepstakesClaim entityId={5} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Claim' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SERVER_ERROR));
    expect(screen.getByRole('button', { name: 'Submit Claim' })).toHaveProperty('disabled', false);
  });
});
