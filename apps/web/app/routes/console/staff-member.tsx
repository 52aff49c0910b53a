// /console/staff/:id (admins): change a staff member's role, markets or access, or reset their
// second factor (PATCH /api/console/staff/{id}/, which asks for the admin's own password and ends
// every session of the account), and "End all sessions" (DELETE /api/console/accounts/{id}/sessions/).
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/staff-member';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField } from '../../components/console/field.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { checkBody, formCheck, formList, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { ROLE_LABEL } from '../../lib/console/sections.ts';
import { MarketChecks, marketsLabel } from '../../components/console/market-checks.tsx';
import { StaffListOut, StaffMemberOut } from '@market/domain/api/staff';
import { staffUpdateSchema } from '@market/domain/validation/staff';

function memberId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = memberId(params);
  // The API lists staff accounts (a few dozen) rather than reading one.
  const { staff } = await consoleApi(context, request).get('/api/console/staff/', StaffListOut);
  const member = staff.find((s) => s.id === id);
  if (!member) throw new Response(null, { status: 404 });
  return { member: { ...member, created_text: formatDateTime(member.created_at) } };
}

export type StaffMemberActionData =
  | { intent: 'update'; ok: boolean; message: string | null; fields: FieldErrors; values: { role: string; markets: string[]; disabled: boolean; reset_second_factor: boolean } }
  | { intent: 'end-sessions'; ok: boolean; message: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<StaffMemberActionData> {
  const id = memberId(params);
  const form = await request.formData();
  const api = consoleApi(context, request);
  if (formText(form, 'intent') === 'end-sessions') {
    const ended = await api.send('DELETE', `/api/console/accounts/${id}/sessions/`, undefined);
    if (!ended.ok) return { intent: 'end-sessions', ok: false, message: failureText(ended) };
    return { intent: 'end-sessions', ok: true, message: 'Every session of this account has ended: they must sign in again.' };
  }
  const values = { role: formText(form, 'role'), markets: formList(form, 'markets'), disabled: formCheck(form, 'disabled'), reset_second_factor: formCheck(form, 'reset_second_factor') };
  const checked = checkBody(staffUpdateSchema, { ...values, current_password: formText(form, 'current_password') });
  if (!checked.ok) return { intent: 'update', ok: false, message: null, fields: checked.fields, values };
  const saved = await api.send('PATCH', `/api/console/staff/${id}/`, checked.body, StaffMemberOut);
  if (!saved.ok) {
    if (saved.kind === 'conflict') return { intent: 'update', ok: false, message: saved.message, fields: {}, values };
    return { intent: 'update', ok: false, message: saved.message, fields: saved.fields, values };
  }
  return { intent: 'update', ok: true, message: 'The changes are saved. Every session of this account has ended, so they hold at once.', fields: {}, values };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const ROLE_OPTIONS = (['editor', 'support', 'admin'] as const).map((r) => ({ value: r, label: ROLE_LABEL[r] }));

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const update = actionData?.intent === 'update' ? actionData : null;
  const ended = actionData?.intent === 'end-sessions' ? actionData : null;
  const failed = update && !update.ok ? update : null;
  const values = failed?.values ?? { role: member.role, markets: member.markets ?? [], disabled: member.disabled, reset_second_factor: false };
  const fields = failed?.fields ?? {};
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  // Fields the form shows beside a control; anything else joins the form's message.
  const shown = ['current_password', 'role', 'markets', 'disabled', 'reset_second_factor'];
  const otherMessages = Object.entries(fields)
    .filter(([k]) => !shown.includes(k))
    .flatMap(([, v]) => v);
  const formMessage = failed ? [failed.message, ...otherMessages].filter(Boolean).join(' ') || (Object.keys(fields).length ? 'Check the highlighted fields and try again.' : null) : null;
  return (
    <>
      <title>{`${name} · Staff · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/staff">Staff</Link>
      </p>
      <h1>{name}</h1>
      <dl className="console-facts">
        <div>
          <dt>E-mail</dt>
          <dd>{member.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_LABEL[member.role]}</dd>
        </div>
        <div>
          <dt>Markets</dt>
          <dd>{marketsLabel(member.markets)}</dd>
        </div>
        <div>
          <dt>Second factor</dt>
          <dd>{member.second_factor_enrolled ? 'Enrolled' : 'Not enrolled'}</dd>
        </div>
        <div>
          <dt>Access</dt>
          <dd>{member.disabled ? 'Disabled' : 'Active'}</dd>
        </div>
        <div>
          <dt>Since</dt>
          <dd>{member.created_text}</dd>
        </div>
      </dl>

      <h2 id="change-heading">Change access</h2>
      <Form method="post" className="console-form console-panel console-narrow" aria-labelledby="change-heading" key={update?.ok ? 'saved' : 'edit'}>
        <input type="hidden" name="intent" value="update" />
        {update?.ok ? <FormMessage tone="success" message={update.message} /> : null}
        <FormMessage message={formMessage} />
        <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={values.role} errors={fields.role} />
        <MarketChecks chosen={new Set(values.markets)} errors={fields.markets} />
        <label className="console-check">
          <input type="checkbox" name="disabled" defaultChecked={values.disabled} />
          <span>Disabled (cannot sign in)</span>
        </label>
        <label className="console-check">
          <input type="checkbox" name="reset_second_factor" defaultChecked={values.reset_second_factor} />
          <span>Reset the second factor (they set up their authenticator app again at the next sign-in)</span>
        </label>
        <Field
          label="Your password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          errors={fields.current_password}
          hint="Changes to staff access ask for your own password again."
        />
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            Save changes
          </button>
        </div>
      </Form>

      <h2 id="sessions-heading">Sessions</h2>
      <Form method="post" className="console-panel console-narrow" aria-labelledby="sessions-heading">
        <input type="hidden" name="intent" value="end-sessions" />
        {ended ? <FormMessage tone={ended.ok ? 'success' : 'error'} message={ended.message} /> : null}
        <p>Signs this account out everywhere: the staff console and the saver site.</p>
        <button type="submit" className="console-btn console-btn-danger" disabled={busy}>
          End all sessions
        </button>
      </Form>
    </>
  );
}
