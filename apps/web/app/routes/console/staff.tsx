// /console/staff (admins): the staff accounts (name, e-mail, role, markets, second factor,
// access) and recent invitations (GET /api/console/staff/), and "Invite"
// (POST /api/console/staff/invitations/ {email, role, markets}). Each account links to its edit page.
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/staff';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField } from '../../components/console/field.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { MarketChecks, marketsLabel } from '../../components/console/market-checks.tsx';
import { formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { checkBody, formList, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { ROLE_LABEL } from '../../lib/console/sections.ts';
import { InvitationOut, StaffListOut } from '@market/domain/api/staff';
import { staffInvitationSchema } from '@market/domain/validation/staff';

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await consoleApi(context, request).get('/api/console/staff/', StaffListOut);
  const now = Date.now();
  return {
    staff: list.staff,
    invitations: list.invitations.map((i) => ({
      ...i,
      created_text: formatDateTime(i.created_at),
      expires_text: formatDateTime(i.expires_at),
      state: i.accepted_at ? 'Accepted' : Date.parse(i.expires_at) < now ? 'Expired' : 'Pending',
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<{ ok: boolean; message: string | null; fields: FieldErrors; values: { email: string; role: string; markets: string[] } }> {
  const form = await request.formData();
  const values = { email: formText(form, 'email'), role: formText(form, 'role'), markets: formList(form, 'markets') };
  const checked = checkBody(staffInvitationSchema, values);
  if (!checked.ok) return { ok: false, message: null, fields: checked.fields, values };
  const sent = await consoleApi(context, request).send('POST', '/api/console/staff/invitations/', checked.body, InvitationOut);
  if (!sent.ok) return { ok: false, message: sent.kind === 'invalid' ? sent.message : sent.message, fields: sent.kind === 'invalid' ? sent.fields : {}, values };
  return { ok: true, message: `The invitation is on its way to ${sent.data.email}. The link works once, for 72 hours.`, fields: {}, values: { email: '', role: 'editor', markets: [] } };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const ROLE_OPTIONS = (['editor', 'support', 'admin'] as const).map((r) => ({ value: r, label: ROLE_LABEL[r] }));

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, invitations } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const fields = actionData && !actionData.ok ? actionData.fields : {};
  const values = actionData?.values ?? { email: '', role: 'editor', markets: [] };
  const chosen = new Set(values.markets);
  return (
    <>
      <title>Staff · Staff console</title>
      <h1>Staff</h1>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it */}
      <div className="console-table-wrap" role="region" aria-label="Staff accounts" tabIndex={0}>
        <table className="console-table console-table-stack">
          <caption className="console-sr">Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Markets</th>
              <th scope="col">Second factor</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td data-label="Name">
                  <Link to={`/console/staff/${s.id}`}>{`${s.first_name} ${s.last_name}`.trim() || s.email}</Link>
                </td>
                <td data-label="E-mail">{s.email}</td>
                <td data-label="Role">{ROLE_LABEL[s.role]}</td>
                <td data-label="Markets">{marketsLabel(s.markets)}</td>
                <td data-label="Second factor">{s.second_factor_enrolled ? 'Enrolled' : <span className="console-badge console-badge-warn">Not enrolled</span>}</td>
                <td data-label="Access">{s.disabled ? <span className="console-badge console-badge-off">Disabled</span> : 'Active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Invitations</h2>
      {invitations.length === 0 ? (
        <p className="console-muted">No recent invitations.</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it
        <div className="console-table-wrap" role="region" aria-label="Invitations" tabIndex={0}>
          <table className="console-table console-table-stack">
            <caption className="console-sr">Invitations</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Markets</th>
                <th scope="col">Sent</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((i) => (
                <tr key={i.id}>
                  <td data-label="E-mail">{i.email}</td>
                  <td data-label="Role">{ROLE_LABEL[i.role as keyof typeof ROLE_LABEL] ?? i.role}</td>
                  <td data-label="Markets">{marketsLabel(i.markets)}</td>
                  <td data-label="Sent">
                    <time dateTime={i.created_at}>{i.created_text}</time>
                  </td>
                  <td data-label="State">{i.state === 'Pending' ? `Pending until ${i.expires_text}` : i.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="invite-heading">Invite</h2>
      <Form method="post" className="console-form console-panel console-narrow" aria-labelledby="invite-heading" key={actionData?.ok ? `sent-${actionData.message}` : 'invite'}>
        {actionData ? <FormMessage tone={actionData.ok ? 'success' : 'error'} message={actionData.message ?? (actionData.ok ? null : 'Check the highlighted fields and try again.')} /> : null}
        <Field label="E-mail" name="email" type="email" autoComplete="off" required defaultValue={values.email} errors={fields.email} />
        <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={values.role} errors={fields.role} hint="Editors: merchants, offers, contests, content. Support: leads and members. Administrators: everything." />
        <MarketChecks chosen={chosen} errors={fields.markets} />
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            Send invitation
          </button>
        </div>
      </Form>
    </>
  );
}
