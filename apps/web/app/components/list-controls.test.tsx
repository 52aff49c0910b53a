import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { renderPage } from '../test/render.tsx';
import { ListControls } from './list-controls.tsx';
import { OfferCard } from './offer-card.tsx';
import { NothingValidNow } from './results.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('list sort and radius control', () => {
  it('is a GET form with labelled selects that keeps the other query values but not the page or a modal', () => {
    const { container } = renderPage(<ListControls choices={{ sort: 'ending', radius: 10 }} />, { path: '/browse/all?filter=food-dining&offset=24&o=5&sort=ending&radius=10' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    const radius = screen.getByLabelText('Within') as HTMLSelectElement;
    expect(sort.value).toBe('ending');
    expect(radius.value).toBe('10');
    expect([...sort.options].map((o) => o.textContent)).toEqual(['Nearest', 'Ending soon', 'Newest', 'Biggest saving']);
    expect([...radius.options].map((o) => o.textContent)).toEqual(['Your area', '5 miles', '10 miles', '25 miles', '50 miles']);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((i) => `${(i as HTMLInputElement).name}=${(i as HTMLInputElement).value}`);
    expect(hidden).toEqual(['filter=food-dining']);
  });

  it('offers "Best match" as the search default', () => {
    renderPage(<ListControls choices={{ sort: undefined, radius: undefined }} relevance />, { path: '/search?q=pizza' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toEqual(['Best match', 'Nearest', 'Ending soon', 'Newest', 'Biggest saving']);
    expect(sort.value).toBe('');
  });

  it('applies a choice on change, starting again at page 1', async () => {
    const { user } = renderPage(
      <>
        <ListControls choices={{ sort: undefined, radius: undefined }} />
        <Where />
      </>,
      { path: '/browse/all?filter=retail-fashion&offset=12' },
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'ending');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/browse/all?filter=retail-fashion&sort=ending'));
  });
});

describe('"Valid right now" switch', () => {
  it('is a checkbox of the same GET form (now=1), checked from the page, not repeated as a hidden field', () => {
    const { container } = renderPage(<ListControls choices={{ sort: 'newest', radius: undefined }} validNow />, { path: '/browse/all?now=1&sort=newest&offset=12&filter=food-dining' });
    const box = screen.getByLabelText('Valid right now') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.name).toBe('now');
    expect(box.value).toBe('1');
    expect(box.checked).toBe(true);
    expect(box.closest('form')).toBe(container.querySelector('form'));
    const hidden = [...container.querySelectorAll('input[type=hidden]')].map((i) => (i as HTMLInputElement).name);
    expect(hidden).toEqual(['filter']);
  });

  it('is left out where the page has no such filter', () => {
    renderPage(<ListControls choices={{ sort: undefined, radius: undefined }} />, { path: '/browse/all' });
    expect(screen.queryByLabelText('Valid right now')).toBeNull();
  });

  it('turns on and off with the sort kept, starting again at page 1', async () => {
    const { user } = renderPage(
      <>
        <ListControls choices={{ sort: 'ending', radius: undefined }} validNow={false} />
        <Where />
      </>,
      { path: '/search?q=pizza&sort=ending&offset=12' },
    );
    await user.click(screen.getByLabelText('Valid right now'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=pizza&sort=ending&now=1'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=pizza&sort=newest&now=1'));
  });
});

describe('nothing valid right now', () => {
  it('says so and links to the same list without the filter', () => {
    renderPage(<NothingValidNow />, { path: '/browse/food-dining?now=1&sort=ending&offset=12&filter=pizza' });
    expect(screen.getByRole('heading', { name: 'Nothing valid right now nearby' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all offers' }).getAttribute('href')).toBe('/browse/food-dining?sort=ending&filter=pizza');
  });
});

describe('offer card distance', () => {
  const offer: OfferListItem = {
    entitiable_id: 1,
    entitiable_type: 'Offer',
    name: 'Two for one',
    path: null,
    merchant_logo: null,
    merchant_name: 'Alpha Grill',
    merchant_slug: 'alpha-grill',
    merchant_id: 3,
    location_id: 4,
    location: { address: '1 Main St', city: 'Detroit', state: 'MI', zip: '48201' },
    expires_at: '2030-01-01',
    latitude: 42.3,
    longitude: -83,
    is_certified: false,
    secondary_type: 'other',
    additional_offers: 0,
    is_featured: false,
    distance: 0.37,
  };

  it('shows the distance from the visitor: one decimal under 10 miles, whole miles above', () => {
    const { unmount } = renderPage(<OfferCard offer={offer} />);
    expect(screen.getByText('0.4 mi')).toBeTruthy();
    unmount();
    renderPage(<OfferCard offer={{ ...offer, distance: 23.6 }} />);
    expect(screen.getByText('24 mi')).toBeTruthy();
  });
});
