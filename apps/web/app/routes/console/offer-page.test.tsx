// The offer page as a staff member sees it: a 400's messages beside their fields (tied to them for
// screen readers), the status buttons of the offer's status, and the conflict view with both
// versions. Rendered from loader and action data as the server hands them over.
import { render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Offer from './offer.tsx';
import type { OfferPreview } from '../../components/console/offer-preview.tsx';
import { offerActionsFor } from '../../lib/console/offer-actions.ts';
import type { OfferStatus } from '@market/domain/offer-status';

const VALUES = {
  merchant_id: '5',
  location_id: '31',
  category_id: '1',
  subcategory_ids: ['11'],
  name: 'Two pizzas for $20',
  description: '<p>Any two large pizzas.</p>',
  starts_at: '',
  expires_at: '2026-12-31',
  max_prints: '3',
  code: '',
  external_offer_url: '',
  retailer_terms: '',
  consumer_terms: '',
  secondary_type: 'other',
  is_featured: '',
  'fine_print.days': ['mon'],
  'fine_print.hours.from': '',
  'fine_print.hours.to': '',
  'fine_print.min_purchase': '25',
  'fine_print.new_customers_only': '',
  'fine_print.service': '',
  'fine_print.limit': '',
  'fine_print.exclusions': '',
  version: '4',
};

const PREVIEW: OfferPreview = {
  card: {
    entitiable_id: 77,
    entitiable_type: 'Offer',
    name: 'Two pizzas for $20',
    path: null,
    merchant_logo: null,
    merchant_name: 'Lakeside Pizza',
    merchant_slug: 'lakeside-pizza',
    merchant_id: 5,
    location_id: 31,
    location: { address: '80 S 8th St', city: 'Minneapolis', state: 'MN', zip: '55402' },
    expires_at: '2026-12-31',
    latitude: 44.9,
    longitude: -93.2,
    is_certified: false,
    secondary_type: 'other',
    additional_offers: 0,
    is_featured: true,
    distance: null,
  },
  modal: { name: 'Two pizzas for $20', merchantName: 'Lakeside Pizza', logo: null, picture: null, featured: true, certified: false, expiry: 'Expires: 12/31/2026', address: '80 S 8th St, Minneapolis, MN 55402', externalUrl: '', finePrintLines: ['Valid Mon'], value: { kind: 'price', price_cents: 2000 }, badge: '$20', description: '', retailerTerms: '', consumerTerms: '' },
  couponPdf: '/console/offers/77/preview.pdf',
};

function renderOffer(status: OfferStatus, actionData: unknown = undefined) {
  const loaderData = {
    offer: { id: 77, name: 'Two pizzas for $20', status, version: 4, updated: 'Nov 20, 2026, 5:00 AM EST', marketId: 'minneapolis' },
    actions: offerActionsFor(status),
    merchant: { id: 5, name: 'Lakeside Pizza', locations: [{ id: 31, label: 'Downtown: 80 S 8th St, Minneapolis, MN (Twin Cities)' }] },
    moving: false,
    values: VALUES,
    categories: [{ id: 1, name: 'Food & Dining', group: 'Categories' as const, subcategories: [{ id: 11, name: 'Pizza' }] }],
    q: '',
    picking: false,
    search: null,
    preview: PREVIEW,
    done: null,
  };
  const Stub = createRoutesStub([{ path: '/console/offers/:id', Component: () => <Offer {...({ loaderData, actionData, params: { id: '77' }, matches: [] } as unknown as Parameters<typeof Offer>[0])} /> }]);
  return render(<Stub initialEntries={['/console/offers/77']} />);
}

/** The text a screen reader reads after the control's name (its aria-describedby). */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The three rich-text editors load after hydration: wait for them, so nothing changes after the test. */
async function editorsLoaded() {
  await waitFor(() => expect(screen.getAllByRole('toolbar', { name: 'Formatting' })).toHaveLength(3), { timeout: 5000 });
}

const statusButtons = () =>
  within(screen.getByRole('group', { name: 'Status' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the offer page', () => {
  it('shows the status buttons that apply to the status, each posting the version read', async () => {
    const { unmount } = renderOffer('draft');
    await editorsLoaded();
    expect(statusButtons()).toEqual(['Publish', 'Duplicate']);
    const publish = screen.getByRole('button', { name: 'Publish' }).closest('form')!;
    expect(new FormData(publish).get('version')).toBe('4');
    unmount();
    for (const [status, buttons] of [
      ['live', ['Pause', 'Expire now', 'Duplicate']],
      ['scheduled', ['Pause', 'Expire now', 'Duplicate']],
      ['paused', ['Resume', 'Expire now', 'Duplicate']],
      ['expired', ['Pause', 'Duplicate']],
    ] as const) {
      const view = renderOffer(status);
      await editorsLoaded();
      expect(statusButtons(), status).toEqual(buttons);
      view.unmount();
    }
  });

  it("puts the API's 400 messages beside their fields", async () => {
    renderOffer('draft', {
      ok: false,
      message: null,
      conflict: null,
      values: VALUES,
      fields: { expires_at: ['The last valid day has passed: set a new one before publishing.'], 'fine_print.min_purchase_cents': ['That minimum purchase is too large.'], location_id: ['Choose a location of the merchant.'] },
    });
    await editorsLoaded();
    expect(description(screen.getByLabelText('Last valid day'))).toBe('The last valid day has passed: set a new one before publishing.');
    expect(screen.getByLabelText('Last valid day').getAttribute('aria-invalid')).toBe('true');
    expect(description(screen.getByLabelText('Minimum purchase ($)'))).toBe('That minimum purchase is too large.');
    expect(description(screen.getByLabelText('Location'))).toBe('Choose a location of the merchant.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields and try again.');
  });

  it('shows a 409 with both versions, and the form then carries their version', async () => {
    renderOffer('live', {
      ok: false,
      message: null,
      fields: {},
      values: { ...VALUES, name: 'Two large pizzas for $20', version: '5' },
      conflict: { message: 'Someone else changed this offer since you opened it.', theirs: { ...VALUES, name: 'Two pizzas for $18', version: '5' }, version: '5' },
    });
    await editorsLoaded();
    const notice = screen.getByRole('region', { name: 'Someone else changed this since you opened it' });
    const row = within(notice).getByRole('row', { name: /Name/ });
    expect(row.textContent).toBe('NameTwo pizzas for $18Two large pizzas for $20');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Two large pizzas for $20');
    const saveForm = screen.getByRole('button', { name: 'Save changes' }).closest('form')!;
    expect(new FormData(saveForm).get('version')).toBe('5');
  });

  it('previews the card, the modal and the printed coupon (the PDF preview)', async () => {
    renderOffer('draft');
    await editorsLoaded();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Two pizzas for $20').length).toBeGreaterThanOrEqual(2);
    expect(within(preview).getAllByText('Valid Mon')).toHaveLength(1);
    expect(within(preview).getByTitle('Printed coupon (PDF preview)').getAttribute('src')).toBe('/console/offers/77/preview.pdf');
    expect(within(preview).getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe('/console/offers/77/preview.pdf');
  });
});
