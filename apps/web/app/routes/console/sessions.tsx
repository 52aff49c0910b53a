// /console/sessions: where this staff member is signed in (GET /auth/sessions/), each with an End
// button (DELETE /auth/sessions/{id}/). Ending the session of this browser signs it out.
import { Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/sessions';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { clearSessionCookie, consoleApi, secureCookies } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { describeUserAgent, formatDateTime } from '../../lib/console/format.server.ts';
import { z } from 'zod';
import { SessionOut } from '@market/domain/api/staff';

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessions = await consoleApi(context, request).get('/auth/sessions/', z.array(SessionOut));
  // Written here, in the business time zone, so the page needs no date code of its own.
  return {
    sessions: sessions.map((s) => ({
      id: String(s.id),
      current: s.current,
      kind: s.kind === 'staff' ? 'Staff console' : s.kind === 'member' ? 'Saver site' : s.kind,
      device: describeUserAgent(s.user_agent),
      ip: s.ip ?? '',
      created: { iso: s.created_at, text: formatDateTime(s.created_at) },
      lastUsed: s.last_used_at ? { iso: s.last_used_at, text: formatDateTime(s.last_used_at) } : null,
      expires: s.expires_at ? { iso: s.expires_at, text: formatDateTime(s.expires_at) } : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = formText(form, 'id');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return { message: 'Choose a session to end.', ended: false };
  const ended = await consoleApi(context, request).send('DELETE', `/auth/sessions/${encodeURIComponent(id)}/`, undefined);
  if (!ended.ok) return { message: failureText(ended), ended: false };
  if (formText(form, 'current') === '1') {
    throw redirect('/console/login?signed_out=1', { headers: { 'Set-Cookie': clearSessionCookie(secureCookies(context)) } });
  }
  return { message: 'The session has ended. That device is signed out.', ended: true };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const ending = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  const { sessions } = loaderData;
  return (
    <>
      <title>Sessions · Staff console</title>
      <h1>Sessions</h1>
      <p className="console-muted">The browsers and devices signed in to your account. End any session you do not recognise, then change your password.</p>
      {actionData ? <FormMessage tone={actionData.ended ? 'success' : 'error'} message={actionData.message} /> : null}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it (axe scrollable-region-focusable) */}
      <div className="console-table-wrap" role="region" aria-label="Your sessions" tabIndex={0}>
        <table className="console-table console-table-stack">
          <caption className="console-sr">Your sessions</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Kind</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last used</th>
              <th scope="col">Ends</th>
              <th scope="col">
                <span className="console-sr">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.length === 0 ? (
              <tr>
                <td colSpan={7}>No sessions.</td>
              </tr>
            ) : null}
            {sessions.map((s) => (
              <tr key={s.id}>
                <td data-label="Device">
                  {s.device} {s.current ? <span className="console-badge console-badge-current">This browser</span> : null}
                </td>
                <td data-label="Kind">{s.kind}</td>
                <td data-label="Address">{s.ip}</td>
                <td data-label="Signed in">
                  <time dateTime={s.created.iso}>{s.created.text}</time>
                </td>
                <td data-label="Last used">{s.lastUsed ? <time dateTime={s.lastUsed.iso}>{s.lastUsed.text}</time> : 'Not yet'}</td>
                <td data-label="Ends">{s.expires ? <time dateTime={s.expires.iso}>{s.expires.text}</time> : ''}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="id" value={s.id} />
                    {s.current ? <input type="hidden" name="current" value="1" /> : null}
                    <button type="submit" className="console-btn console-btn-danger console-btn-small" disabled={ending === s.id} aria-label={`End session: ${s.device}${s.current ? ' (this browser)' : ''}, signed in ${s.created.text}`}>
                      {s.current ? 'End (sign out)' : 'End'}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
