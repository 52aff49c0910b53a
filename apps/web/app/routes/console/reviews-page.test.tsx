// The offer review page: a proposal of a business the editor is on the team of says why another
// staff member must review it, and offers no Approve or Send back (the API refuses them too).
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Reviews from './reviews.tsx';

const review = (id: number, name: string, ownBusiness: boolean) => ({
  id,
  offerId: id + 100,
  name,
  merchant: { id: 7, name: 'Two Hats Bakery' },
  market: 'Minneapolis-St. Paul',
  isNew: true,
  submitted: 'Dec 8, 2026, 9:00 AM CST',
  by: 'owner@twohats.example',
  finePrint: [],
  badge: null,
  diff: [],
  ownBusiness,
});

describe('offer review page', () => {
  it('shows the notice instead of the buttons on a proposal of the reviewer’s own business', async () => {
    const Stub = createRoutesStub([
      { path: '/console/reviews', Component: Reviews as never, loader: () => ({ count: 2, done: null, reviews: [review(1, 'Own bread', true), review(2, 'Their cake', false)] }) },
    ]);
    render(<Stub initialEntries={['/console/reviews']} />);
    const own = await screen.findByRole('region', { name: 'Own bread' });
    expect(within(own).getByRole('note').textContent).toBe('You belong to this business, so another staff member must review it.');
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Send back' })).toBeNull();
    const theirs = screen.getByRole('region', { name: 'Their cake' });
    expect(within(theirs).queryByRole('note')).toBeNull();
    expect(within(theirs).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Send back' })).toBeTruthy();
  });
});
