// The public forms post through fetchers to the real /forms/:kind action, which checks them with
// the shared schemas and calls the API (stubbed fetch): the answers come back as the forms show them.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL, REQUIRED } from '@market/domain/validation/fields';
import { MAIL_REMOVAL_FAILED } from '@market/domain/validation/leads';
import { SERVER_ERROR } from '../lib/api/member-api.ts';
import { gate, stubApi } from '../test/api-stub.ts';
import { renderPage } from '../test/render.tsx';
import { BusinessLeadForm, ContractorForm } from './business-forms.tsx';
import { CHECK_FIELDS } from './form-parts.tsx';
import { MagazineLeadForm, MailingRemovalForm, SuggestForm } from './lead-dialog-forms.tsx';
import { NewsletterForm } from './lead-forms.tsx';

describe('suggest a location', () => {
  it('shows the shared schema messages beside the fields without calling the API', async () => {
    const api = stubApi({});
    const { user } = renderPage(<SuggestForm />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CHECK_FIELDS)).toBeTruthy();
    expect(screen.getAllByText(REQUIRED).length).toBeGreaterThanOrEqual(2);
    expect(api.calls).toHaveLength(0);
  });

  it('says it is submitting, then thanks the visitor', async () => {
    const held = gate();
    const api = stubApi({ 'POST /api/suggestmerchant/': { status: 201, body: {}, gate: held.promise } });
    const { user } = renderPage(<SuggestForm />);
    await user.type(screen.getByLabelText('Business name'), 'Corner Cafe');
    await user.type(screen.getByLabelText('City'), 'Detroit');
    await user.selectOptions(screen.getByLabelText('State'), 'MI');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toHaveProperty('disabled', true);
    held.open();
    expect(await screen.findByText('Suggestion Submitted!')).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ name: 'Corner Cafe', city: 'Detroit', state: 'MI' });
  });

  it("shows the generic text when the API fails", async () => {
    stubApi({ 'POST /api/suggestmerchant/': { status: 500 } });
    const { user } = renderPage(<SuggestForm />);
    await user.type(screen.getByLabelText('Business name'), 'Corner Cafe');
    await user.type(screen.getByLabelText('City'), 'Detroit');
    await user.selectOptions(screen.getByLabelText('State'), 'MI');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SERVER_ERROR);
  });
});

describe('newsletter', () => {
  it("shows the e-mail's message, then 'Submitted!' once the API takes it", async () => {
    const held = gate();
    stubApi({ 'POST /auth/newsletter/': { status: 201, body: {}, gate: held.promise } });
    const { user } = renderPage(<NewsletterForm />);
    await user.type(screen.getByLabelText('E-mail address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', INVALID_EMAIL);
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    held.open();
    expect(await screen.findByRole('button', { name: 'Submitted!' })).toBeTruthy();
  });
});

describe('mailing list removal', () => {
  async function fill(user: ReturnType<typeof renderPage>['user']) {
    await user.type(screen.getByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Detroit');
    await user.type(screen.getByLabelText('ZIP code'), '48226');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it("says 'Submitted.' and blocks a second submit", async () => {
    const api = stubApi({ 'POST /auth/mail_removal/': { status: 201, body: {} } });
    const { user } = renderPage(<MailingRemovalForm />);
    await fill(user);
    expect(await screen.findByText('Submitted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    expect(api.calls[0]?.body).toMatchObject({ streetAddress: '1 Main St', city: 'Detroit', state: 'MI', zipCode: '48226' });
  });

  it("says 'Unable to submit request.' when the API refuses for another reason than a field", async () => {
    stubApi({ 'POST /auth/mail_removal/': { status: 400, body: { detail: 'Rate limited.' } } });
    const { user } = renderPage(<MailingRemovalForm />);
    await fill(user);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MAIL_REMOVAL_FAILED));
  });
});

describe('business forms', () => {
  it('business lead: field messages first, then the thanks', async () => {
    const api = stubApi({ 'POST /api/businesslead/': { status: 201, body: {} } });
    const { user } = renderPage(<BusinessLeadForm />);
    await user.click(screen.getByRole('button', { name: 'Contact me' }));
    expect(await screen.findByText(CHECK_FIELDS)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Business name'), 'Corner Cafe');
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Saver');
    await user.type(screen.getByLabelText('Phone'), '313-555-0123');
    await user.type(screen.getByLabelText('E-mail'), 'pat@example.com');
    await user.type(screen.getByLabelText('City'), 'Detroit');
    await user.selectOptions(screen.getByLabelText('State'), 'MI');
    await user.click(screen.getByRole('button', { name: 'Contact me' }));
    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it('contractor application and magazine lead check their fields before any call', async () => {
    const api = stubApi({});
    const { user, unmount } = renderPage(<ContractorForm />);
    await user.click(screen.getByRole('button'));
    expect(await screen.findByText(CHECK_FIELDS)).toBeTruthy();
    unmount();
    const magazine = renderPage(<MagazineLeadForm />);
    await magazine.user.click(screen.getByRole('button'));
    expect(await screen.findByText(CHECK_FIELDS)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
