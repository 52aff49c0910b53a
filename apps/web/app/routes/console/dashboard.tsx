// /console/ (the dashboard): today's figures and the last 30 days (GET /api/console/dashboard/)
// for the markets this staff member works on, or one of them (the market picker), then the
// sections they may open. Days are business days in Detroit, written by the API.
import { Form, Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/dashboard';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { DailyChart, type DailyRow } from '../../components/console/daily-chart.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { dayText, marketName } from '../../lib/console/contest-format.ts';
import { CONSOLE_HOME, ROLE_LABEL, sectionsFor } from '../../lib/console/sections.ts';
import type { loader as layoutLoader } from './layout.tsx';
import { DashboardOut } from '@market/domain/api/console-dashboard';
import { MARKET_IDS } from '@market/domain/markets';

const LEAD_KIND_LABEL: Record<string, string> = {
  autolead: 'Auto lease',
  businesslead: 'Advertising',
  contractorapplication: 'Contractors',
  suggestmerchant: 'Merchant suggestions',
  magazine_lead: 'Magazine',
  mail_removal: 'Mailing removal',
};

export function leadKindLabel(kind: string): string {
  return LEAD_KIND_LABEL[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const asked = consolePageUrl(request).searchParams.get('market') ?? '';
  const market = (MARKET_IDS as readonly string[]).includes(asked) ? asked : '';
  // A market outside the staff member's own answers 403 from the API: the picker offers theirs only.
  const figures = await api.get(`/api/console/dashboard/${market ? `?market=${market}` : ''}`, DashboardOut);
  return { figures, market };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const NUMBER = new Intl.NumberFormat('en-US');

/** The API's series (one list per measure) as one row per day, for the charts. */
export function dailyRows(series: Record<string, ReadonlyArray<{ date: string; value: number }>>): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  for (const [key, points] of Object.entries(series)) {
    for (const p of points) {
      const row = rows.get(p.date) ?? ({ date: p.date } as DailyRow);
      row[key] = p.value;
      rows.set(p.date, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const me = useRouteLoaderData<typeof layoutLoader>('routes/console/layout')?.me;
  const { figures, market } = loaderData;
  if (!me) return null;
  const choices: readonly string[] = me.markets ?? MARKET_IDS;
  const markets = me.markets === null ? 'every market' : me.markets.length ? me.markets.map(marketName).join(', ') : 'no market yet';
  const { today, series } = figures;
  const leadKinds = Object.keys(series.new_leads).sort();
  const tiles = [
    { label: 'Offers live', value: today.offers_live },
    { label: 'Impressions', value: today.impressions },
    { label: 'Prints', value: today.prints },
    { label: 'Redemptions', value: today.redemptions },
    { label: 'New members', value: today.new_members },
    { label: 'New leads', value: today.new_leads },
  ];
  const counted = figures.markets.length === MARKET_IDS.length ? 'every market' : figures.markets.map(marketName).join(', ');
  return (
    <>
      <title>Dashboard · Staff console</title>
      <h1>Welcome, {me.first_name || me.email}</h1>
      <p className="console-muted">
        Signed in as {ROLE_LABEL[me.role].toLowerCase()} for {markets}.
      </p>

      <Form method="get" className="console-table-tools" action={CONSOLE_HOME}>
        <div className="console-field">
          <label htmlFor="dashboard-market">Market</label>
          <select id="dashboard-market" name="market" defaultValue={market}>
            <option value="">{me.markets === null ? 'Every market' : 'All my markets'}</option>
            {choices.map((m) => (
              <option key={m} value={m}>
                {marketName(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="console-btn">
          Show
        </button>
      </Form>

      <section aria-labelledby="today-heading">
        <h2 id="today-heading">
          Today, {dayText(figures.to)} <span className="console-muted console-small">({counted})</span>
        </h2>
        <ul className="console-stats">
          {tiles.map((t) => (
            <li key={t.label} className="console-stat">
              <span className="console-stat-value">{NUMBER.format(t.value)}</span>
              <span className="console-stat-label">{t.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="days-heading">
        <h2 id="days-heading">
          The last 30 days{' '}
          <span className="console-muted console-small">
            ({dayText(figures.from)} – {dayText(figures.to)})
          </span>
        </h2>
        <div className="console-charts">
          <DailyChart title="Impressions" kind="line" series={[{ key: 'impressions', label: 'Impressions' }]} data={dailyRows({ impressions: series.impressions })} />
          <DailyChart
            title="Prints and redemptions"
            kind="line"
            series={[
              { key: 'prints', label: 'Prints' },
              { key: 'redemptions', label: 'Redemptions' },
            ]}
            data={dailyRows({ prints: series.prints, redemptions: series.redemptions })}
          />
          <DailyChart title="New members" kind="bar" series={[{ key: 'new_members', label: 'New members' }]} data={dailyRows({ new_members: series.new_members })} />
          <DailyChart
            title="New leads by kind"
            kind="bar"
            height={320}
            series={leadKinds.map((k) => ({ key: k, label: leadKindLabel(k) }))}
            data={dailyRows(Object.fromEntries(leadKinds.map((k) => [k, series.new_leads[k]!])))}
          />
        </div>
      </section>

      <h2>What you can do here</h2>
      <ul className="console-tiles">
        {sectionsFor(me.role)
          .filter((s) => s.href !== CONSOLE_HOME)
          .map((section) => (
            <li key={section.href}>
              <Link to={section.href} className="console-tile">
                <strong>{section.label}</strong>
                <span>{section.description}</span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}
