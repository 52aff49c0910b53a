// What the analytics and leads pages draw from their loader data: the measures with their change,
// the funnel's rates, the per-offer table; a handled lead names who marked it and offers "Open
// again", an open one "Mark handled".
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Analytics from './analytics.tsx';
import Leads from './leads.tsx';

const zero = { impressions: 0, detail_views: 0, saves: 0, shares: 0, prints: 0, downloads: 0, verified_redemptions: 0, leads: 0 };
const FIGURES = {
  from: '2026-11-01',
  to: '2026-11-02',
  offer_id: null,
  location_id: null,
  previous: { from: '2026-10-30', to: '2026-10-31' },
  totals: { ...zero, impressions: 200, prints: 30, downloads: 10, verified_redemptions: 8 },
  previous_totals: { ...zero, impressions: 100, prints: 40 },
  change: { ...zero, impressions: 100, prints: -25, detail_views: null, saves: null, shares: null, downloads: null, verified_redemptions: null, leads: null },
  funnel: [
    { step: 'viewed', count: 200, rate: null },
    { step: 'took_a_copy', count: 40, rate: 0.2 },
    { step: 'redeemed', count: 8, rate: 0.2 },
  ],
  days: [
    { ...zero, day: '2026-11-01', impressions: 120 },
    { ...zero, day: '2026-11-02', impressions: 80 },
  ],
  offers: [{ ...zero, offer_id: 4, name: 'Free croissant', location_id: 9, impressions: 200 }],
  locations: [{ ...zero, location_id: 9, name: 'Loring Park', city: 'Minneapolis', impressions: 200 }],
};

describe('analytics page', () => {
  it('shows each measure with its change, the funnel rates and the per-offer table', async () => {
    const Stub = createRoutesStub([
      {
        path: '/business/centre/:merchantId/analytics',
        Component: Analytics as never,
        loader: () => ({ merchant: { id: 3, name: 'Loon Bakery' }, locations: [{ id: 9, name: 'Loring Park, Minneapolis' }], offers: [{ id: 4, name: 'Free croissant' }], figures: FIGURES, csv: '/business/centre/3/analytics.csv?from=2026-11-01' }),
      },
    ]);
    render(<Stub initialEntries={['/business/centre/3/analytics']} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loon Bakery: analytics' })).toBeTruthy();
    const views = screen.getByText('Offer views', { selector: '.console-stat-label' }).closest('li')!;
    expect(views.textContent).toContain('200');
    expect(views.textContent).toContain('+100%');
    expect(screen.getByText('Prints', { selector: '.console-stat-label' }).textContent).toContain('−25%');
    expect(screen.getByText(/Took a copy/).textContent).toContain('(20% of the step before)');
    expect(within(screen.getByRole('table', { name: /Offers with anything counted/ })).getByRole('rowheader').textContent).toBe('Free croissant');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/business/centre/3/analytics.csv?from=2026-11-01');
  });
});

describe('leads page', () => {
  it('a handled lead names who marked it; an open one can be marked handled', async () => {
    const lead = { id: 70, kind: 'autolead', status: 'new', created_at: '2026-11-26T15:00:00.000Z', request: 'test-drive', offer_id: 4, offer_name: '2026 Sedan lease', first_name: 'Dee', last_name: 'Driver', email: 'dee@example.com', phone: '+12485550142', zip: '48075', handled_at: null, handled_by: null };
    const Stub = createRoutesStub([
      {
        path: '/business/centre/:merchantId/leads',
        Component: Leads as never,
        loader: () => ({
          merchant: { id: 3, name: 'Loon Motors' },
          show: 'all',
          leads: { results: [lead, { ...lead, id: 71, first_name: 'Hal', handled_at: '2026-11-26T16:00:00.000Z', handled_by: 'Max Manager' }], count: 2, page: 1, page_size: 25 },
        }),
      },
    ]);
    render(<Stub initialEntries={['/business/centre/3/leads?show=all']} />);
    const open = (await screen.findByRole('heading', { name: /Dee Driver/ })).closest('li')!;
    expect(within(open).getByRole('button', { name: 'Mark handled' })).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'dee@example.com' }).getAttribute('href')).toBe('mailto:dee@example.com');
    const handled = screen.getByRole('heading', { name: /Hal Driver/ }).closest('li')!;
    expect(handled.textContent).toContain('by Max Manager');
    expect(within(handled).getByRole('button', { name: 'Open again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
  });
});
