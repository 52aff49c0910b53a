// /console/newsletter: the newsletter status of an address (GET /api/console/newsletter/?q=):
// waiting for confirmation, subscribed or unsubscribed, with when. For support answering "am I
// subscribed?" and "why do I still get it?".
import { Form } from 'react-router';
import type { Route } from './+types/newsletter';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { NewsletterLookupOut } from '@market/domain/api/console-leads';

const STATUS = { pending: 'Waiting for confirmation', confirmed: 'Subscribed', unsubscribed: 'Unsubscribed' } as const;
const MIN = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (consolePageUrl(request).searchParams.get('q') ?? '').trim().slice(0, 254);
  if (!q) return { q, message: null, results: null };
  if (q.length < MIN) return { q, message: `Enter at least ${MIN} characters of the e-mail address.`, results: null };
  const answer = await consoleApi(context, request).get(`/api/console/newsletter/?q=${encodeURIComponent(q)}`, NewsletterLookupOut);
  return {
    q,
    message: null,
    results: answer.results.map((r) => ({
      email: r.email,
      status: STATUS[r.status],
      subscribed: formatDateTime(r.subscribed_at),
      confirmed: formatDateTime(r.confirmed_at),
      unsubscribed: formatDateTime(r.unsubscribed_at),
    })),
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { q, message, results } = loaderData;
  return (
    <>
      <title>Newsletter look-up · Staff console</title>
      <h1>Newsletter look-up</h1>
      <p className="console-muted">Whether an address is on the newsletter list: the address, or its beginning (at most 20 answers).</p>
      <Form method="get" className="console-table-tools" role="search">
        <div className="console-field console-search">
          <label htmlFor="newsletter-q">E-mail address</label>
          <input id="newsletter-q" type="search" name="q" defaultValue={q} minLength={MIN} maxLength={254} placeholder="name@example.com" />
        </div>
        <button type="submit" className="console-btn">
          Look up
        </button>
      </Form>
      <FormMessage message={message} />
      {results ? (
        results.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it
          <div className="console-table-wrap" role="region" aria-label="Newsletter addresses" tabIndex={0}>
            <table className="console-table console-table-stack">
              <caption className="console-sr">Newsletter addresses</caption>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Status</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">Confirmed</th>
                  <th scope="col">Unsubscribed</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.email}>
                    <th scope="row" data-label="E-mail" className="console-break">
                      {r.email}
                    </th>
                    <td data-label="Status">{r.status}</td>
                    <td data-label="Signed up">{r.subscribed}</td>
                    <td data-label="Confirmed">{r.confirmed || '—'}</td>
                    <td data-label="Unsubscribed">{r.unsubscribed || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p role="status">No newsletter address starts with “{q}”.</p>
        )
      ) : null}
    </>
  );
}
