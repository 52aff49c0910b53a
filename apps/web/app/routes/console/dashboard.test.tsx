// The dashboard as a staff member sees it: today's figures, the market picker with their own
// markets, and each chart's figures as a table.
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import ConsoleDashboard from './dashboard.tsx';

const series = (values: number[]) => values.map((value, i) => ({ date: `2026-11-${String(24 + i).padStart(2, '0')}`, value }));
const FIGURES = {
  markets: ['detroit', 'chicago'],
  from: '2026-11-24',
  to: '2026-11-26',
  today: { offers_live: 1234, impressions: 56789, prints: 321, redemptions: 45, new_members: 12, new_leads: 7 },
  series: {
    impressions: series([50000, 52000, 56789]),
    prints: series([300, 310, 321]),
    redemptions: series([40, 41, 45]),
    new_members: series([10, 11, 12]),
    new_leads: { autolead: series([1, 2, 3]), businesslead: series([0, 1, 4]) },
  },
};
const ME = { id: 2, email: 'eve@example.com', first_name: 'Eve', last_name: 'Editor', role: 'editor', markets: ['detroit', 'chicago'] };

function renderDashboard() {
  const Stub = createRoutesStub([
    {
      id: 'routes/console/layout',
      path: '/console',
      loader: () => ({ me: ME }),
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [{ path: '/console/', index: true, loader: () => ({ figures: FIGURES, market: '' }), Component: ConsoleDashboard as never, HydrateFallback: () => null }],
    },
  ]);
  return render(<Stub initialEntries={['/console/']} />);
}

describe('the dashboard', () => {
  it("shows today's figures, the staff member's markets to pick from, and the charts' figures", async () => {
    renderDashboard();
    const today = await screen.findByRole('heading', { name: /Today, Nov 26, 2026/ });
    const tiles = within(today.closest('section')!).getAllByRole('listitem').map((li) => li.textContent);
    expect(tiles).toEqual(['1,234Offers live', '56,789Impressions', '321Prints', '45Redemptions', '12New members', '7New leads']);
    const picker = screen.getByLabelText('Market');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['All my markets', 'Detroit', 'Chicago']);
    const leads = screen.getByRole('table', { name: 'New leads by kind' });
    expect(within(leads).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day', 'Auto lease', 'Advertising']);
    expect(within(leads).getAllByRole('row').at(-1)!.textContent).toBe('Nov 2634');
    expect(within(screen.getByRole('table', { name: 'Impressions' })).getAllByRole('row').at(-1)!.textContent).toBe('Nov 2656,789');
    expect(within(screen.getByRole('table', { name: 'Prints and redemptions' })).getAllByRole('row').at(-1)!.textContent).toBe('Nov 2632145');
  });
});
