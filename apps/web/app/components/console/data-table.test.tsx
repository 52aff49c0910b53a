import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { consoleColumns, DataTable, type ConsoleColumn } from './data-table.tsx';

interface Offer {
  id: number;
  title: string;
  status: string;
  merchant: string;
}

const col = consoleColumns<Offer>();
const COLUMNS: ConsoleColumn<Offer>[] = [
  col.accessor('title', { header: 'Title', enableSorting: true }),
  col.accessor('status', { header: 'Status', enableSorting: true }),
  col.accessor('merchant', { header: 'Merchant' }),
];

const ROWS: Offer[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, title: `Offer ${i + 1}`, status: 'live', merchant: `Merchant ${i + 1}` }));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderTable(url: string, props: { count?: number; page?: number; rows?: Offer[] } = {}) {
  const Stub = createRoutesStub([
    {
      path: '/console/offers',
      Component: () => {
        const page = Number(new URLSearchParams(useLocation().search).get('page') ?? '1');
        return (
          <>
            <DataTable
              caption="Offers"
              columns={COLUMNS}
              rows={props.rows ?? ROWS}
              count={props.count ?? 60}
              page={props.page ?? page}
              pageSize={25}
              getRowId={(o) => String(o.id)}
              rowHref={(o) => `/console/offers/${o.id}`}
              search={{ label: 'Search offers' }}
              filters={[{ name: 'status', label: 'Status', options: [{ value: '', label: 'All' }, { value: 'live', label: 'Live' }, { value: 'draft', label: 'Draft' }] }]}
            />
            <Where />
          </>
        );
      },
    },
  ]);
  const user = userEvent.setup();
  return { user, ...render(<Stub initialEntries={[url]} />) };
}

function header(name: string): HTMLElement {
  return screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
}

describe('DataTable', () => {
  it('reads the sort from the URL: aria-sort on the sorted column, links that turn the order round', () => {
    renderTable('/console/offers?sort=title&page=2&status=live');
    expect(header('Title').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Status').getAttribute('aria-sort')).toBe('none');
    // Not sortable: no aria-sort, no link.
    expect(header('Merchant').hasAttribute('aria-sort')).toBe(false);
    expect(within(header('Merchant')).queryByRole('link')).toBeNull();
    // A new order keeps the filters and starts again on page 1.
    expect(within(header('Title')).getByRole('link').getAttribute('href')).toBe('/console/offers?sort=-title&status=live');
    expect(within(header('Status')).getByRole('link').getAttribute('href')).toBe('/console/offers?sort=status&status=live');
  });

  it('a descending column links back to ascending', () => {
    renderTable('/console/offers?sort=-status');
    expect(header('Status').getAttribute('aria-sort')).toBe('descending');
    expect(within(header('Status')).getByRole('link').getAttribute('href')).toBe('/console/offers?sort=status');
  });

  it('clicking a header navigates to the new order', async () => {
    const { user } = renderTable('/console/offers?sort=title&page=3');
    await user.click(within(header('Title')).getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/console/offers?sort=-title');
    expect(header('Title').getAttribute('aria-sort')).toBe('descending');
  });

  it('pages: page X of Y, previous and next keep the order and filters', () => {
    renderTable('/console/offers?sort=title&status=live&page=2', { count: 60 });
    const pager = screen.getByRole('navigation', { name: 'Offers: pages' });
    expect(pager.textContent).toContain('60 results · Page 2 of 3');
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/console/offers?sort=title&status=live');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/console/offers?sort=title&status=live&page=3');
  });

  it('on the last page Next is off; on the first, Previous', () => {
    renderTable('/console/offers?page=3', { count: 60, rows: ROWS.slice(0, 10) });
    const pager = screen.getByRole('navigation', { name: 'Offers: pages' });
    expect(within(pager).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(within(pager).getByText('Next').getAttribute('aria-disabled')).toBe('true');
    renderTable('/console/offers', { count: 60 });
    expect(screen.getAllByText('Previous').at(-1)!.getAttribute('aria-disabled')).toBe('true');
  });

  it('a capped count reads 10,000+ and still pages on', () => {
    renderTable('/console/offers?page=400', { count: 10_001 });
    const pager = screen.getByRole('navigation', { name: 'Offers: pages' });
    expect(pager.textContent).toContain('10,000+ results · Page 400 of 400+');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/console/offers?page=401');
  });

  it('the search box and filters are a GET form: they keep the order and go back to page 1', async () => {
    const { user } = renderTable('/console/offers?sort=-status&page=2&q=pizza');
    const box = screen.getByRole('searchbox', { name: 'Search offers' }) as HTMLInputElement;
    expect(box.value).toBe('pizza');
    await user.clear(box);
    await user.type(box, 'tacos');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'draft');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x');
    expect(where.pathname).toBe('/console/offers');
    expect(Object.fromEntries(where.searchParams)).toEqual({ q: 'tacos', status: 'draft', sort: '-status' });
    // The form shows the URL it navigated to.
    expect((screen.getByRole('searchbox', { name: 'Search offers' }) as HTMLInputElement).value).toBe('tacos');
  });

  it('links each row to its detail page from its first cell', () => {
    renderTable('/console/offers');
    const first = screen.getByRole('rowheader', { name: 'Offer 1' });
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/console/offers/1');
    expect(screen.getAllByRole('row')).toHaveLength(26);
  });

  it('says so when the page is empty', () => {
    renderTable('/console/offers?q=none', { count: 0, rows: [] });
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Offers: pages' }).textContent).toContain('0 results · Page 1 of 1');
  });
});
