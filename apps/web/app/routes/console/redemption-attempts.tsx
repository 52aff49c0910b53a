// /console/redemption-attempts (support and admins): refused code checks and redeems
// (GET /api/console/redemption-attempts/): unknown codes, codes tried at another business or at a
// location the offer is not valid at, second uses of a copy (a photocopy), void and expired copies.
import { Form, Link } from 'react-router';
import type { Route } from './+types/redemption-attempts';
import { RedemptionAttemptListOut } from '@market/domain/api/redemption-codes';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';

const REASONS = {
  unknown: 'Unknown or mistyped code',
  wrong_merchant: 'Another business',
  wrong_location: 'Location not valid for the offer',
  already_redeemed: 'Already redeemed',
  expired: 'Expired',
  void: 'Void',
  paused: 'Offer paused',
  not_started: 'Not started yet',
  outside_hours: 'Outside its days or hours',
} as const;
type Reason = keyof typeof REASONS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reason = url.searchParams.get('reason') ?? '';
  const pageText = url.searchParams.get('page') ?? '1';
  const page = /^\d{1,3}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const query = new URLSearchParams({ page: String(page), page_size: '50' });
  if (reason in REASONS) query.set('reason', reason);
  const list = await consoleApi(context, request).get(`/api/console/redemption-attempts/?${query}`, RedemptionAttemptListOut);
  return {
    reason: reason in REASONS ? (reason as Reason) : '',
    page,
    count: list.count,
    more: page * list.page_size < list.count,
    rows: list.results.map((a) => ({
      id: a.id,
      at: { iso: a.at, text: formatDateTime(a.at) },
      code: a.code,
      reason: REASONS[a.reason],
      offerMerchant: a.offer_merchant,
      triedMerchant: a.tried_merchant,
      by: a.device_id ? `Till #${a.device_id}` : a.user_id ? `Account #${a.user_id}` : 'Anonymous',
      ip: a.ip ?? '',
    })),
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function RedemptionAttempts({ loaderData }: Route.ComponentProps) {
  const { rows, reason, page, more, count } = loaderData;
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(reason ? { reason } : {}), page: String(n) })}`;
  return (
    <>
      <title>Code attempts · Staff console</title>
      <h1>Code attempts</h1>
      <p className="console-muted">Redemption codes that were refused: look for codes tried at the wrong business, photocopies and bursts of guesses.</p>
      <Form method="get" className="console-table-tools" role="search">
        <label>
          Reason{' '}
          <select name="reason" defaultValue={reason}>
            <option value="">Any</option>
            {Object.entries(REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" className="console-btn">
          Filter
        </button>
      </Form>
      <p className="console-small console-muted">{count > 10_000 ? 'More than 10,000' : count.toLocaleString('en-US')} attempts</p>
      {rows.length ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it
        <div className="console-table-wrap" role="region" aria-label="Refused code attempts" tabIndex={0}>
          <table className="console-table console-table-stack">
            <caption className="console-sr">Refused code attempts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Code</th>
                <th scope="col">Reason</th>
                <th scope="col">Coupon of</th>
                <th scope="col">Tried by</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="When">
                    <time dateTime={row.at.iso}>{row.at.text}</time>
                  </td>
                  <td data-label="Code">
                    <code>{row.code}</code>
                  </td>
                  <td data-label="Reason">{row.reason}</td>
                  <td data-label="Coupon of">{row.offerMerchant ? <Link to={`/console/merchants/${row.offerMerchant.id}`}>{row.offerMerchant.name}</Link> : '—'}</td>
                  <td data-label="Tried by">
                    {row.triedMerchant ? <Link to={`/console/merchants/${row.triedMerchant.id}`}>{row.triedMerchant.name}</Link> : null} {row.by}
                  </td>
                  <td data-label="Address">{row.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="console-muted">No refused attempts{reason ? ' of this kind' : ''}.</p>
      )}
      <nav className="console-pager" aria-label="Pages">
        {page > 1 ? <Link to={pageLink(page - 1)}>Newer</Link> : null} {more ? <Link to={pageLink(page + 1)}>Older</Link> : null}
      </nav>
    </>
  );
}
