// /business/centre/:merchantId/team: the business's people (owners): each person's role and (a
// cashier's) locations, changed here (a change of role asks for your password again), "Remove"
// (the account stays), the invitations still pending, and "Invite a person" through the same
// invitation as LocalSaver's console sends (POST /api/merchant/{id}/invitations/).
import { Form, Link } from 'react-router';
import type { Route } from './+types/team';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField } from '../../components/console/field.tsx';
import { parseId } from '@market/domain/ids';
import { InvitationsAnswer, TeamAnswer, centreMerchant } from '../../lib/business/centre-pages.server.ts';
import { when } from '../../lib/business/centre-format.ts';

const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owner: everything, the team and tills included' },
  { value: 'manager', label: 'Manager: offers, analytics, leads, locations' },
  { value: 'cashier', label: 'Cashier: redeems coupons at chosen locations' },
];
const ROLE: Record<string, string> = { owner: 'Owner', manager: 'Manager', cashier: 'Cashier' };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner']);
  const [team, invitations] = await Promise.all([api.get(`/api/merchant/${merchant.id}/team/`, TeamAnswer), api.get(`/api/merchant/${merchant.id}/invitations/`, InvitationsAnswer)]);
  return {
    merchant: { id: merchant.id, name: merchant.name },
    locations: merchant.locations.map((l) => ({ id: l.id, name: `${l.display_name}, ${l.city}` })),
    team,
    invitations,
  };
}

interface Answer {
  ok: boolean;
  form: 'invite' | `person-${number}`;
  message: string | null;
  fields: Record<string, string[]>;
}

const locationIds = (form: FormData) => form.getAll('location_ids').map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0);

export async function action({ request, context, params }: Route.ActionArgs): Promise<Answer> {
  const { api, merchant } = await centreMerchant(context, request, params.merchantId, ['owner']);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'invite') {
    const role = String(form.get('role') ?? '');
    const result = await api.send('POST', `/api/merchant/${merchant.id}/invitations/`, { email: String(form.get('email') ?? ''), role, location_ids: role === 'cashier' ? locationIds(form) : null });
    if (result.ok) return { ok: true, form: 'invite', message: `Invitation sent to ${String(form.get('email'))}. The link works for 72 hours.`, fields: {} };
    return { ok: false, form: 'invite', message: result.message, fields: result.kind === 'invalid' ? result.fields : {} };
  }
  const id = parseId(String(form.get('id') ?? ''));
  if (!id) return { ok: false, form: 'invite', message: 'Choose a person.', fields: {} };
  const key = `person-${id}` as const;
  if (intent === 'remove') {
    const result = await api.send('DELETE', `/api/merchant/${merchant.id}/team/${id}/`, null);
    return result.ok ? { ok: true, form: key, message: 'Taken off the team. Their account stays; they no longer act for this business.', fields: {} } : { ok: false, form: key, message: result.message, fields: result.kind === 'invalid' ? result.fields : {} };
  }
  const role = String(form.get('role') ?? '');
  const body: Record<string, unknown> = { role, version: Number(form.get('version')) || undefined };
  if (role === 'cashier') body.location_ids = locationIds(form);
  const password = String(form.get('current_password') ?? '');
  if (password) body.current_password = password;
  const result = await api.send('PATCH', `/api/merchant/${merchant.id}/team/${id}/`, body);
  if (result.ok) return { ok: true, form: key, message: 'Saved.', fields: {} };
  return { ok: false, form: key, message: result.message, fields: result.kind === 'invalid' ? result.fields : {} };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function LocationBoxes({ name, locations, checked, errors, legend }: { name: string; locations: Array<{ id: number; name: string }>; checked: number[]; errors?: string[] | undefined; legend: string }) {
  return (
    <fieldset className="cat-days">
      <legend>{legend}</legend>
      {locations.map((l) => (
        <label key={l.id}>
          <input type="checkbox" name={name} value={l.id} defaultChecked={checked.includes(l.id)} />
          {l.name}
        </label>
      ))}
      {errors ? <span className="console-field-error">{errors.join(' ')}</span> : null}
    </fieldset>
  );
}

export default function MerchantTeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant, locations, team, invitations } = loaderData;
  const answerFor = (form: Answer['form']) => (actionData?.form === form ? actionData : undefined);
  const invite = answerFor('invite');
  return (
    <>
      <title>{`Team · ${merchant.name} · Business centre`}</title>
      <p className="console-small">
        <Link to="/business/centre">Your businesses</Link> / {merchant.name} /
      </p>
      <h1>{merchant.name}: team</h1>
      <section aria-labelledby="people-title">
        <h2 id="people-title">People</h2>
        <ul className="centre-people">
          {team.map((p) => {
            const answer = answerFor(`person-${p.id}`);
            return (
              <li key={p.id} className="console-panel">
                <h3>
                  {`${p.first_name} ${p.last_name}`.trim() || p.email} <span className="console-badge">{ROLE[p.role]}</span>
                </h3>
                <p className="console-small">{p.email}</p>
                <FormMessage tone={answer?.ok ? 'success' : 'error'} message={answer?.message} />
                <Form method="post" className="console-form" aria-label={`Change ${p.email}`}>
                  <input type="hidden" name="intent" value="change" />
                  <input type="hidden" name="id" value={p.id} />
                  <input type="hidden" name="version" value={p.version} />
                  <SelectField label="Role" name="role" defaultValue={p.role} options={ROLE_OPTIONS} errors={answer?.fields.role} />
                  {locations.length ? <LocationBoxes name="location_ids" legend="Where they redeem (cashiers)" locations={locations} checked={p.location_ids ?? []} errors={answer?.fields.location_ids} /> : null}
                  <Field label="Your password (to change a role)" name="current_password" type="password" autoComplete="current-password" errors={answer?.fields.current_password} />
                  <p className="console-actions">
                    <button type="submit" className="console-btn">
                      Save
                    </button>
                  </p>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" className="console-btn console-btn-danger">
                    Remove from the team
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      </section>
      {invitations.length ? (
        <section aria-labelledby="invited-title">
          <h2 id="invited-title">Invited</h2>
          <ul className="cat-list">
            {invitations.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} <span className="console-badge">{ROLE[i.role] ?? i.role}</span>
                </span>
                <span className="console-small console-muted">Link valid until {when(i.expires_at)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="console-panel" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite a person</h2>
        <Form method="post" className="console-form" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <FormMessage tone={invite?.ok ? 'success' : 'error'} message={invite?.message} />
          <Field label="E-mail" name="email" type="email" autoComplete="off" required errors={invite?.fields.email} />
          <SelectField label="Role" name="role" defaultValue="cashier" options={ROLE_OPTIONS} errors={invite?.fields.role} />
          {locations.length ? <LocationBoxes name="location_ids" legend="Cashier’s locations" locations={locations} checked={[]} errors={invite?.fields.location_ids} /> : null}
          <p className="console-actions">
            <button type="submit" className="console-btn">
              Send the invitation
            </button>
          </p>
        </Form>
      </section>
    </>
  );
}
