import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTEST_LOGIN_REQUIRED, EMAIL_NOT_CONFIRMED, ENTRY_SUBMITTED } from '@market/domain/validation/contests';
import type { Contest } from '../lib/api/api-types.ts';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { gate, stubApi, type StubAnswer } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { ContestEntry, ENTRY_MESSAGE } from './contest-entry.tsx';

const CONTEST: Contest = {
  entity_id: 5,
  is_featured: false,
  contest: { id: 2, path: null, banner: null, display_name: 'Win a grill', contest_description: '', contest_rules: '', win_save_contest_link: null, slug: 'win-a-grill', prize: 'A grill', starts_at: '2026-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z', merchant: null },
  sweepstakes_numbers: [],
  entered: false,
};
const NOTHING_SAVED = { body: { offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 } };

function renderSignedIn(entry: StubAnswer, verified = true) {
  const api = stubApi({
    'GET /auth/user/info/': { body: { email_verified: verified } },
    'GET /api/contests/5/': { body: { entered: false } },
    'POST /api/contestapplication/': entry,
    'GET /api/userfavorites/': NOTHING_SAVED,
  });
  return { api, ...renderPage(<ContestEntry contest={CONTEST} />, { signedIn: true }) };
}

describe('contest entry', () => {
  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderPage(<ContestEntry contest={CONTEST} />);
    expect(await screen.findByText(CONTEST_LOGIN_REQUIRED, { exact: false })).toBeTruthy();
  });

  it('needs the rules ticked, waits while entering, then confirms the entry', async () => {
    const held = gate();
    const { api, user } = renderSignedIn({ status: 201, body: {}, gate: held.promise });
    const enter = screen.getByRole('button', { name: 'Enter Contest' });
    expect(enter).toHaveProperty('disabled', true);
    await user.click(screen.getByLabelText(/I have read and agree to the contest rules/));
    await waitFor(() => expect(enter).toHaveProperty('disabled', false));
    await user.click(enter);
    expect(enter).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText(ENTRY_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: ENTRY_SUBMITTED })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ contest: 2, entity_id: 5 });
  });

  it('offers the confirmation link again when the address is not confirmed', async () => {
    const { user } = renderSignedIn({ status: 403, body: { detail: 'Confirm your e-mail address.' } });
    await user.click(screen.getByLabelText(/I have read and agree to the contest rules/));
    await user.click(screen.getByRole('button', { name: 'Enter Contest' }));
    expect(await screen.findByText(EMAIL_NOT_CONFIRMED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it("shows the server's message when entering fails", async () => {
    const { user } = renderSignedIn({ status: 500 });
    await user.click(screen.getByLabelText(/I have read and agree to the contest rules/));
    await user.click(screen.getByRole('button', { name: 'Enter Contest' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SERVER_ERROR);
  });
});
