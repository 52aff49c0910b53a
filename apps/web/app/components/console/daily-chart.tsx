// A daily series as a line or bar chart (recharts), for the dashboard and reports: one or more
// series over YYYY-MM-DD dates. The chart is drawn in the browser (it measures its box); the
// server and the first render draw a box of the same size, and the same figures are always there
// as a table (behind "Show the figures") for screen readers and for reading exact values.
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useHydrated } from '../../lib/ui/hooks.ts';

export interface DailySeries {
  /** The key of the value in each day's row. */
  key: string;
  label: string;
  /** Defaults to the console's palette, in order (each at least 3:1 against white). */
  color?: string;
}

export type DailyRow = { date: string } & Record<string, number | string | null>;

export interface DailyChartProps {
  title: string;
  kind: 'line' | 'bar';
  series: readonly DailySeries[];
  /** One row per day, oldest first. */
  data: readonly DailyRow[];
  height?: number;
}

const PALETTE = ['#0a58ca', '#b35c00', '#146c2e', '#8a3ab9', '#b42318'];
const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const NUMBER = new Intl.NumberFormat('en-US');

/** "Nov 3" from "2026-11-03" (the date as written, whatever the viewer's time zone). */
export function dayLabel(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : DAY.format(at);
}

function value(v: unknown): string {
  return typeof v === 'number' ? NUMBER.format(v) : v === null || v === undefined ? '–' : String(v);
}

export function DailyChart({ title, kind, series, data, height = 260 }: DailyChartProps) {
  const id = useId();
  const hydrated = useHydrated();
  const rows = data as DailyRow[];
  const colored = series.map((s, i) => ({ ...s, color: s.color ?? PALETTE[i % PALETTE.length]! }));
  const common = { data: rows, responsive: true, style: { width: '100%', height }, margin: { top: 8, right: 16, bottom: 8, left: 0 } };
  const axes = (
    <>
      <CartesianGrid stroke="#d0d7de" strokeDasharray="3 3" />
      <XAxis dataKey="date" tickFormatter={dayLabel} stroke="#4a5563" minTickGap={16} />
      <YAxis stroke="#4a5563" allowDecimals={false} tickFormatter={(v: number) => NUMBER.format(v)} width={48} />
      <Tooltip labelFormatter={(label) => dayLabel(String(label))} formatter={(v) => value(v)} />
      {colored.length > 1 ? <Legend /> : null}
    </>
  );
  return (
    <figure className="console-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div aria-hidden="true" style={{ height }}>
        {!hydrated ? null : kind === 'line' ? (
          <LineChart {...common} accessibilityLayer={false}>
            {axes}
            {colored.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={rows.length <= 31} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common} accessibilityLayer={false}>
            {axes}
            {colored.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </div>
      <details>
        <summary>Show the figures</summary>
        <table className="console-table">
          <caption className="console-sr">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {colored.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row">{dayLabel(row.date)}</th>
                {colored.map((s) => (
                  <td key={s.key}>{value(row[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
