import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyChart, dayLabel } from './daily-chart.tsx';

describe('DailyChart', () => {
  it('names the chart and always carries its figures as a table', () => {
    render(
      <DailyChart
        title="Prints per day"
        kind="bar"
        series={[
          { key: 'prints', label: 'Prints' },
          { key: 'redemptions', label: 'Redemptions' },
        ]}
        data={[
          { date: '2026-11-01', prints: 1200, redemptions: 31 },
          { date: '2026-11-02', prints: 980, redemptions: null },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Prints per day' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Prints per day', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true }).map((r) => r.textContent);
    expect(rows).toEqual(['DayPrintsRedemptions', 'Nov 11,20031', 'Nov 2980–']);
  });

  it('writes a date as written, whatever the time zone', () => {
    expect(dayLabel('2026-03-08')).toBe('Mar 8');
    expect(dayLabel('not a date')).toBe('not a date');
  });
});
