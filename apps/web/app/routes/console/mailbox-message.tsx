// /console/mailbox/:id (admins): one mail of the local mailbox (GET /api/console/mailbox/{id}/):
// its text, and its HTML in a frame that runs nothing (lib/console/mailbox.ts).
import { data, Link } from 'react-router';
import type { Route } from './+types/mailbox-message';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { isNotFound, mailFrameDocument, SMTP_MODE_MESSAGE } from '../../lib/console/mailbox.ts';
import { MailboxListOut, MailboxMessageOut } from '@market/domain/api/console-dashboard';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  try {
    const mail = await api.get(`/api/console/mailbox/${encodeURIComponent(params.id)}/`, MailboxMessageOut);
    return {
      smtp: false,
      mail: { subject: mail.subject, to: mail.to, from: mail.from, kind: mail.kind, date: { iso: mail.date, text: formatDateTime(mail.date) }, text: mail.text, frame: mail.html ? mailFrameDocument(mail.html) : null },
    };
  } catch (thrown) {
    if (!isNotFound(thrown)) throw thrown;
    // No such mail, or no mailbox at all (SMTP mode): the list tells which.
    try {
      await api.get('/api/console/mailbox/', MailboxListOut);
    } catch (listThrown) {
      if (isNotFound(listThrown)) return { smtp: true, mail: null };
      throw listThrown;
    }
    throw data({ message: 'This mail is not in the local mailbox (any more).' }, { status: 404 });
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <>
      <p className="console-small">
        <Link to="/console/mailbox">← Mailbox</Link>
      </p>
      {!mail ? (
        <>
          <title>Mailbox · Staff console</title>
          <h1>Mailbox</h1>
          <p role="status" className="console-alert console-alert-warning">
            {SMTP_MODE_MESSAGE}
          </p>
        </>
      ) : (
        <>
          <title>{`${mail.subject || 'Mail'} · Mailbox · Staff console`}</title>
          <h1 className="console-break">{mail.subject || '(no subject)'}</h1>
          <dl className="console-dl">
            <div className="console-dl-row">
              <dt>To</dt>
              <dd className="console-break">{mail.to}</dd>
            </div>
            <div className="console-dl-row">
              <dt>From</dt>
              <dd className="console-break">{mail.from}</dd>
            </div>
            <div className="console-dl-row">
              <dt>Date</dt>
              <dd>
                <time dateTime={mail.date.iso}>{mail.date.text}</time>
              </dd>
            </div>
            <div className="console-dl-row">
              <dt>Kind</dt>
              <dd>{mail.kind}</dd>
            </div>
          </dl>
          {mail.frame ? (
            <section className="console-panel" aria-labelledby="mail-html">
              <h2 id="mail-html">As the reader sees it</h2>
              {/* sandbox="" lets the frame run nothing (no scripts, forms or same origin); its own CSP blocks remote images. */}
              <iframe className="console-mail-frame" title={`HTML version of “${mail.subject}”`} sandbox="" srcDoc={mail.frame} referrerPolicy="no-referrer" />
            </section>
          ) : null}
          <section className="console-panel" aria-labelledby="mail-text">
            <h2 id="mail-text">Text version</h2>
            <pre className="console-mail-text">{mail.text}</pre>
          </section>
        </>
      )}
    </>
  );
}
