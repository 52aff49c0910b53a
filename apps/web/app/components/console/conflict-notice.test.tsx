import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConflictNotice, type ConflictField } from './conflict-notice.tsx';

const FIELDS: ConflictField[] = [
  { name: 'title', label: 'Title' },
  { name: 'price', label: 'Price', format: (v) => (v === null || v === undefined || v === '' ? '(empty)' : `$${Number(v).toFixed(2)}`) },
  { name: 'featured', label: 'Featured' },
  { name: 'categories', label: 'Categories' },
  { name: 'fine_print', label: 'Fine print' },
];

const THEIRS = { id: 9, version: 4, title: 'Two pizzas for $20', price: 20, featured: true, categories: ['food', 'pizza'], fine_print: null };
// What the form sent: strings, as forms send them.
const YOURS = { title: 'Two large pizzas for $20', price: '20', featured: false, categories: ['food', 'pizza'], fine_print: '' };

function renderNotice(onKeepEditing = vi.fn()) {
  const Stub = createRoutesStub([
    {
      path: '/console/offers/9',
      Component: () => (
        <form aria-label="Edit offer">
          <ConflictNotice theirs={THEIRS} yours={YOURS} fields={FIELDS} reloadHref="/console/offers/9" onKeepEditing={onKeepEditing} />
        </form>
      ),
    },
  ]);
  const user = userEvent.setup();
  return { user, onKeepEditing, ...render(<Stub initialEntries={['/console/offers/9']} />) };
}

describe('ConflictNotice', () => {
  it('says someone else changed it and moves focus to the notice', () => {
    renderNotice();
    const heading = screen.getByRole('heading', { name: 'Someone else changed this since you opened it' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('region', { name: 'Someone else changed this since you opened it' })).toBeTruthy();
  });

  it('lists only the fields that differ, theirs beside yours, compared as a person reads them', () => {
    renderNotice();
    const table = screen.getByRole('table', { name: 'Differences between the saved version and yours' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Two pizzas for $20', 'Two large pizzas for $20'],
      ['Yes', 'No'],
    ]);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Title', 'Featured']);
    // 20 and '20', equal lists, null and '': the same to a reader, so not listed.
    expect(within(table).queryByText('Price')).toBeNull();
    expect(within(table).queryByText('Categories')).toBeNull();
    expect(within(table).queryByText('Fine print')).toBeNull();
  });

  it('links to their version: the same page, loaded again', () => {
    renderNotice();
    const link = screen.getByRole('link', { name: 'Load their version' });
    expect(link.getAttribute('href')).toBe('/console/offers/9');
  });

  it('keeps editing: the notice goes and the page is told', async () => {
    const { user, onKeepEditing } = renderNotice();
    await user.click(screen.getByRole('button', { name: 'Keep editing mine' }));
    expect(onKeepEditing).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Someone else changed this since you opened it' })).toBeNull();
  });

  it('says so when the edited fields hold the same values', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <ConflictNotice theirs={THEIRS} yours={{ title: THEIRS.title }} fields={[FIELDS[0]!]} reloadHref="/" /> }]);
    render(<Stub />);
    expect(screen.getByText('The fields you edited hold the same values in both versions; other details changed.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
