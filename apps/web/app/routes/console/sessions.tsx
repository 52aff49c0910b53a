// /console/sessions: where this staff member is signed in (GET /auth/sessions/), each with an End
// button (DELETE /auth/sessions/{id}/). Ending the session of this browser signs it out.
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/sessions';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { clearSessionCookie, consoleApi, secureCookies } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { describeUserAgent, formatDateTime } from '../../lib/console/format.ts';
import { SessionsOut } from '../../lib/console/schemas.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sessions: await consoleApi(context, request).get('/auth/sessions/', SessionsOut) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = formText(form, 'id');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return data({ message: 'Choose a session to end.', ended: false }, { status: 400 });
  const ended = await consoleApi(context, request).send('DELETE', `/auth/sessions/${encodeURIComponent(id)}/`, undefined);
  if (!ended.ok) return data({ message: failureText(ended), ended: false }, { status: ended.status });
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
      <div className="console-table-wrap">
        <table className="console-table">
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
            {sessions.map((s) => {
              const device = describeUserAgent(s.user_agent);
              return (
                <tr key={String(s.id)}>
                  <td>
                    {device} {s.current ? <span className="console-badge console-badge-current">This browser</span> : null}
                  </td>
                  <td>{s.kind === 'staff' ? 'Staff console' : s.kind === 'member' ? 'Saver site' : s.kind}</td>
                  <td>{s.ip ?? ''}</td>
                  <td>
                    <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
                  </td>
                  <td>{s.last_used_at ? <time dateTime={s.last_used_at}>{formatDateTime(s.last_used_at)}</time> : 'Not yet'}</td>
                  <td>{s.expires_at ? <time dateTime={s.expires_at}>{formatDateTime(s.expires_at)}</time> : ''}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={String(s.id)} />
                      {s.current ? <input type="hidden" name="current" value="1" /> : null}
                      <button type="submit" className="console-btn console-btn-danger console-btn-small" disabled={ending === String(s.id)} aria-label={`End session: ${device}${s.current ? ' (this browser)' : ''}, signed in ${formatDateTime(s.created_at)}`}>
                        {s.current ? 'End (sign out)' : 'End'}
                      </button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
