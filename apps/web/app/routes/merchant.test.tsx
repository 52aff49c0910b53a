// The merchant location page's hours (docs/api.md "Open now and valid today"): the API computes
// "Open now", the label and the week's rows; the page shows them, today highlighted, with
// tap-to-call, directions, menu and booking links, and the offers' card labels.
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LocationOut, OfferListItem } from '@market/domain/api/catalogue';
import { MemberProvider } from '../lib/member/member.tsx';
import { webRequestContext } from '../lib/server/request-context.ts';
import Merchant, { loader } from './merchant.tsx';

const HOURS = { mon: [{ open: '09:00', close: '21:00' }], thu: [{ open: '09:00', close: '21:00' }] };
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const offer = (id: number, extra: Partial<OfferListItem>): OfferListItem => ({
  entitiable_id: id,
  entitiable_type: 'Offer',
  name: `Deal ${id}`,
  path: null,
  merchant_logo: null,
  merchant_name: 'Hours Diner',
  merchant_slug: 'hours-diner',
  merchant_id: 3,
  location_id: 5,
  location: { address: '1 Main St', city: 'Detroit', state: 'MI', zip: '48201' },
  expires_at: '2099-01-31',
  latitude: 42.33,
  longitude: -83.05,
  is_certified: false,
  secondary_type: 'other',
  additional_offers: 1,
  is_featured: false,
  distance: null,
  ...extra,
});

const LOCATION: LocationOut = {
  id: 5,
  display_name: 'Main Street',
  address: '1 Main St',
  address2: '',
  city: 'Detroit',
  state: 'MI',
  zip: '48201',
  phone: '(313) 555-0100',
  website_url: 'https://diner.example',
  menu_url: 'https://diner.example/menu',
  booking_url: null,
  latitude: 42.33,
  longitude: -83.05,
  merchant_slug: 'hours-diner',
  merchant_name: 'Hours Diner',
  is_certified: false,
  logo: { path: null },
  merchant: { id: 3, display: 'Hours Diner', slug: 'hours-diner', is_certified: false, about: '', website: null },
  category: null,
  entities: [
    offer(11, { open_now: true, hours_label: 'Closes 9 pm', valid_today: true, valid_now: true, valid_label: 'Valid today' }),
    offer(12, { open_now: true, hours_label: 'Closes 9 pm', valid_today: false, valid_now: false, valid_label: 'Not valid today' }),
  ],
  offer: null,
  additional_offers: 1,
  distance: null,
  open_now: true,
  hours_label: 'Closes 9 pm',
  opening_hours: DAYS.map((day) => ({
    day,
    label: day[0]!.toUpperCase() + day.slice(1),
    hours: day === 'mon' || day === 'thu' ? '9 am – 9 pm' : 'Closed',
    today: day === 'thu',
  })),
  opening_hours_raw: HOURS,
  timezone: 'America/Detroit',
};

function contextAnswering(answers: Record<string, unknown>) {
  const context = new RouterContextProvider();
  context.set(webRequestContext, {
    nonce: '',
    publicUrl: 'http://localhost',
    secureCookies: false,
    api: async (path) => {
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { detail: 'Not found.' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
    },
  });
  return context;
}

const ANSWERS = { '/api/locations/5/': LOCATION, '/api/locations/?slug=hours-diner': [LOCATION] };

describe('merchant location page', () => {
  it('shows Open now, the hours with today highlighted, call, directions and menu links, and card labels', async () => {
    const Page = () => (
      <MemberProvider initialAuth={null}>
        <Merchant />
      </MemberProvider>
    );
    const Stub = createRoutesStub([{ path: '/merchants/:merchantSlug/:locationId', Component: Page, loader: loader as never }], contextAnswering(ANSWERS));
    render(<Stub initialEntries={['/merchants/hours-diner/5']} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hours Diner' })).toBeTruthy();
    expect(screen.getByTestId('open-now').textContent).toBe('Open now · Closes 9 pm');
    const hours = within(screen.getByRole('region', { name: 'Hours' }));
    const rows = hours.getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Mon', '9 am – 9 pm'],
      ['Tue', 'Closed'],
      ['Wed', 'Closed'],
      ['Thu (today)', '9 am – 9 pm'],
      ['Fri', 'Closed'],
      ['Sat', 'Closed'],
      ['Sun', 'Closed'],
    ]);
    expect(rows[3]!.getAttribute('aria-current')).toBe('date');
    expect(rows[3]!.className).toBe('today');
    expect(screen.getByRole('link', { name: 'Call (313) 555-0100' }).getAttribute('href')).toBe('tel:3135550100');
    expect(screen.getByRole('link', { name: /^Directions/ }).getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Detroit%2C%20MI%2048201');
    expect(screen.getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('https://diner.example/menu');
    expect(screen.queryByRole('link', { name: 'Book' })).toBeNull();
    const cards = screen.getAllByRole('article');
    expect(cards[0]!.querySelector('.card-now')!.textContent).toBe('● Open now · Closes 9 pm✓ Valid today');
    expect(within(cards[1]!).getByText('Not valid today')).toBeTruthy();
  });

  it('works out the schema.org opening hours in the loader (server side)', async () => {
    const context = contextAnswering(ANSWERS);
    const out = (await loader({ params: { merchantSlug: 'hours-diner', locationId: '5' }, context, request: new Request('http://localhost/merchants/hours-diner/5') } as never)) as { hoursSpec: unknown };
    expect(out.hoursSpec).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '21:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Thursday', opens: '09:00', closes: '21:00' },
    ]);
  });

  it('shows no hours and no open state when the hours are unknown', async () => {
    const bare = { ...LOCATION, open_now: null, hours_label: null, opening_hours_raw: null, entities: [offer(11, {})] };
    const Stub = createRoutesStub(
      [{ path: '/merchants/:merchantSlug/:locationId', Component: () => <MemberProvider initialAuth={null}><Merchant /></MemberProvider>, loader: loader as never }],
      contextAnswering({ '/api/locations/5/': bare, '/api/locations/?slug=hours-diner': [bare] }),
    );
    render(<Stub initialEntries={['/merchants/hours-diner/5']} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hours Diner' })).toBeTruthy();
    expect(screen.queryByTestId('open-now')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Hours' })).toBeNull();
    expect(screen.getByRole('article').querySelector('.card-now')).toBeNull();
  });

  it("shows each location card's open state in words on the merchant's locations page", async () => {
    const closed = { ...LOCATION, id: 6, open_now: false, hours_label: 'Opens Fri 9 am' };
    const Stub = createRoutesStub(
      [{ path: '/merchants/:merchantSlug/', Component: () => <MemberProvider initialAuth={null}><Merchant /></MemberProvider>, loader: loader as never }],
      contextAnswering({ '/api/locations/?slug=hours-diner': [LOCATION, closed] }),
    );
    render(<Stub initialEntries={['/merchants/hours-diner/']} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hours Diner Locations' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.querySelector('.card-now')?.textContent)).toEqual(['● Open now · Closes 9 pm', '○ Closed now · Opens Fri 9 am']);
  });
});
