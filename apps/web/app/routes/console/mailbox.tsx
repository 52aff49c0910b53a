// /console/mailbox (admins): the mails the site wrote while it runs without a mail server
// (GET /api/console/mailbox/), newest first. In SMTP mode there is none (the API answers 404).
import { Link } from 'react-router';
import type { Route } from './+types/mailbox';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { isNotFound, SMTP_MODE_MESSAGE } from '../../lib/console/mailbox.ts';
import { MailboxListOut } from '@market/domain/api/console-dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const list = await consoleApi(context, request).get('/api/console/mailbox/', MailboxListOut);
    return { smtp: false, mails: list.results.map((m) => ({ id: m.id, to: m.to, subject: m.subject, date: { iso: m.date, text: formatDateTime(m.date) } })) };
  } catch (thrown) {
    if (isNotFound(thrown)) return { smtp: true, mails: [] };
    throw thrown;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { smtp, mails } = loaderData;
  return (
    <>
      <title>Mailbox · Staff console</title>
      <h1>Mailbox</h1>
      {smtp ? (
        <p role="status" className="console-alert console-alert-warning">
          {SMTP_MODE_MESSAGE}
        </p>
      ) : (
        <>
          <p className="console-muted">The mails the site wrote, newest first. Without a mail server they are kept here instead of being sent.</p>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it */}
          <div className="console-table-wrap" role="region" aria-label="Mails" tabIndex={0}>
            <table className="console-table console-table-stack">
              <caption className="console-sr">Mails, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {mails.length === 0 ? (
                  <tr>
                    <td colSpan={3}>The mailbox is empty.</td>
                  </tr>
                ) : null}
                {mails.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" data-label="Subject">
                      <Link to={`/console/mailbox/${encodeURIComponent(m.id)}`}>{m.subject || '(no subject)'}</Link>
                    </th>
                    <td data-label="To" className="console-break">
                      {m.to}
                    </td>
                    <td data-label="Date">
                      <time dateTime={m.date.iso}>{m.date.text}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
