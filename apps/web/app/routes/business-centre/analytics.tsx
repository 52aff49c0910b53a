// /business/centre/:merchantId/analytics: the business's dashboard (owners and managers): the
// measures of a period against the one before, the funnel from a view to a redeemed coupon, the
// days as charts (the console's DailyChart, recharts), and the same measures per offer and per
// location. Filters: from/to, one offer, one location (GET form, so a view is a link). The CSV
// link goes through this site (analytics-export.ts), which asks the API with the session.
import { Form, Link } from 'react-router';
import type { Route } from './+types/analytics';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { DailyChart } from '../../components/console/daily-chart.tsx';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { AnalyticsAnswer, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import { MEASURES, MEASURE_LABEL, type Measure } from '../../lib/business/centre-format.ts';
import { MerchantOfferList } from '@market/domain/api/merchant-centre';

const NUMBER = new Intl.NumberFormat('en-US');
const FILTERS = ['from', 'to', 'offer_id', 'location_id'] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner', 'manager']);
  const url = consolePageUrl(request);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const qs = query.size ? `?${query}` : '';
  const [figures, offers] = await Promise.all([api.get(`/api/merchant/${merchant.id}/analytics/${qs}`, AnalyticsAnswer), api.get(`/api/merchant/${merchant.id}/offers/`, MerchantOfferList)]);
  return {
    merchant: { id: merchant.id, name: merchant.name },
    locations: merchant.locations.map((l) => ({ id: l.id, name: `${l.display_name}, ${l.city}` })),
    offers: offers.map((o) => ({ id: o.id, name: o.fields.name })),
    figures,
    csv: `/business/centre/${merchant.id}/analytics.csv${qs}`,
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="console-muted">–</span>;
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return <span className={value > 0 ? 'centre-up' : value < 0 ? 'centre-down' : undefined}>{`${sign}${Math.abs(value)}%`}</span>;
}

const pct = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

const FUNNEL_LABEL = { viewed: 'Viewed the offer', took_a_copy: 'Took a copy (printed or downloaded)', redeemed: 'Redeemed at your counter' } as const;

function MeasureTable({ caption, first, rows }: { caption: string; first: string; rows: Array<{ key: number; name: string } & Record<Measure, number>> }) {
  if (!rows.length) return <p className="console-muted">{caption}: nothing counted in this period.</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {MEASURES.map((m) => (
              <th key={m} scope="col" className="centre-num">
                {MEASURE_LABEL[m]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              {MEASURES.map((m) => (
                <td key={m} className="centre-num">
                  {NUMBER.format(r[m])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function MerchantAnalytics({ loaderData }: Route.ComponentProps) {
  const { merchant, locations, offers, figures, csv } = loaderData;
  const top = Math.max(1, ...figures.funnel.map((f) => f.count));
  const rows = figures.days.map((d) => ({ ...d, date: d.day }));
  return (
    <>
      <title>{`Analytics · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: analytics</h1>

      <Form method="get" className="console-table-tools centre-filters">
        <div className="console-field">
          <label htmlFor="an-from">From</label>
          <input id="an-from" type="date" name="from" defaultValue={figures.from} />
        </div>
        <div className="console-field">
          <label htmlFor="an-to">To</label>
          <input id="an-to" type="date" name="to" defaultValue={figures.to} />
        </div>
        <div className="console-field">
          <label htmlFor="an-offer">Offer</label>
          <select id="an-offer" name="offer_id" defaultValue={figures.offer_id ?? ''}>
            <option value="">Every offer</option>
            {offers.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="an-location">Location</label>
          <select id="an-location" name="location_id" defaultValue={figures.location_id ?? ''}>
            <option value="">Every location</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="console-btn">
          Show
        </button>
        <a href={csv} className="console-btn console-btn-secondary" download>
          Download CSV
        </a>
      </Form>

      <section aria-labelledby="period-heading">
        <h2 id="period-heading">
          {figures.from} to {figures.to}{' '}
          <span className="console-muted console-small">
            against {figures.previous.from} to {figures.previous.to}
          </span>
        </h2>
        <ul className="console-stats">
          {MEASURES.map((m) => (
            <li key={m} className="console-stat">
              <span className="console-stat-value">{NUMBER.format(figures.totals[m])}</span>
              <span className="console-stat-label">
                {MEASURE_LABEL[m]} <Change value={figures.change[m]} />
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="funnel-heading" className="console-panel">
        <h2 id="funnel-heading">From a view to a redeemed coupon</h2>
        <ol className="centre-funnel">
          {figures.funnel.map((f) => (
            <li key={f.step}>
              <span className="centre-funnel-label">
                {FUNNEL_LABEL[f.step]}: <strong>{NUMBER.format(f.count)}</strong>
                {f.rate !== null ? <span className="console-muted"> ({pct(f.rate)} of the step before)</span> : null}
              </span>
              <span className="centre-funnel-bar" style={{ width: `${Math.max(1, (f.count / top) * 100)}%` }} aria-hidden="true" />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="days-heading">
        <h2 id="days-heading">Day by day</h2>
        <div className="console-charts">
          <DailyChart
            title="Views"
            kind="line"
            series={[
              { key: 'impressions', label: MEASURE_LABEL.impressions },
              { key: 'detail_views', label: MEASURE_LABEL.detail_views },
            ]}
            data={rows}
          />
          <DailyChart
            title="Copies and redemptions"
            kind="bar"
            series={[
              { key: 'prints', label: MEASURE_LABEL.prints },
              { key: 'downloads', label: MEASURE_LABEL.downloads },
              { key: 'verified_redemptions', label: MEASURE_LABEL.verified_redemptions },
            ]}
            data={rows}
          />
          <DailyChart
            title="Saves, shares and leads"
            kind="line"
            series={[
              { key: 'saves', label: MEASURE_LABEL.saves },
              { key: 'shares', label: MEASURE_LABEL.shares },
              { key: 'leads', label: MEASURE_LABEL.leads },
            ]}
            data={rows}
          />
        </div>
      </section>

      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading">Per offer</h2>
        <MeasureTable caption="Offers with anything counted, most views first" first="Offer" rows={figures.offers.map((o) => ({ ...o, key: o.offer_id }))} />
      </section>
      {figures.offer_id === null ? (
        <section aria-labelledby="locations-heading">
          <h2 id="locations-heading">Per location</h2>
          <MeasureTable caption="Your locations" first="Location" rows={figures.locations.map((l) => ({ ...l, key: l.location_id, name: `${l.name}, ${l.city}` }))} />
        </section>
      ) : null}
    </>
  );
}
