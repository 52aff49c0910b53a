// A merchant's people on its console page (docs/api.md "Merchant centre"): who is on the team, the
// invitations still pending, and "Invite a person" (owner, manager or cashier; a cashier's
// locations). The form posts to /console/merchants/:id/invitations: in place with JavaScript,
// as a page of its own without.
import { useFetcher } from 'react-router';
import { Field, FormMessage, SelectField } from './field.tsx';

export interface TeamView {
  members: Array<{ id: number; name: string; email: string; role: string; locations: string }>;
  invitations: Array<{ id: number; email: string; role: string; expires: string }>;
}

const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owner: everything, the team included' },
  { value: 'manager', label: 'Manager: locations, offers, analytics, leads' },
  { value: 'cashier', label: 'Cashier: redeems coupons at chosen locations' },
];

export interface InviteAnswer {
  ok: boolean;
  message: string | null;
  fields: Record<string, string[]>;
}

export function MerchantTeam({ merchantId, team, locations }: { merchantId: number; team: TeamView; locations: Array<{ id: number; name: string }> }) {
  const fetcher = useFetcher<InviteAnswer>();
  const answer = fetcher.data;
  return (
    <section className="console-panel" aria-labelledby="team-title">
      <h2 id="team-title">People</h2>
      {team.members.length ? (
        <ul className="cat-list">
          {team.members.map((m) => (
            <li key={m.id}>
              <span>
                {m.name || m.email} <span className="console-badge">{m.role}</span>
              </span>
              <span className="console-small">{m.email}</span>
              {m.locations ? <span className="console-small console-muted">Redeems at {m.locations}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-muted">Nobody yet: invite the owner.</p>
      )}
      {team.invitations.length ? (
        <>
          <h3>Invited</h3>
          <ul className="cat-list">
            {team.invitations.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} <span className="console-badge">{i.role}</span>
                </span>
                <span className="console-small console-muted">Link valid until {i.expires}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 id="invite-title">Invite a person</h3>
      <fetcher.Form method="post" action={`/console/merchants/${merchantId}/invitations`} className="console-form" aria-labelledby="invite-title" noValidate>
        <FormMessage tone={answer?.ok ? 'success' : 'error'} message={answer?.message} />
        <Field label="E-mail" name="email" type="email" autoComplete="off" required errors={answer?.fields.email} />
        <SelectField label="Role" name="role" defaultValue="owner" options={ROLE_OPTIONS} errors={answer?.fields.role} />
        {locations.length ? (
          <fieldset className="cat-days" aria-describedby={answer?.fields.location_ids ? 'invite-locations-error' : undefined}>
            <legend>Cashier’s locations</legend>
            {locations.map((l) => (
              <label key={l.id}>
                <input type="checkbox" name="location_ids" value={l.id} />
                {l.name}
              </label>
            ))}
            {answer?.fields.location_ids ? (
              <span id="invite-locations-error" className="console-field-error">
                {answer.fields.location_ids.join(' ')}
              </span>
            ) : null}
          </fieldset>
        ) : null}
        <div className="console-actions">
          <button type="submit" className="console-btn console-btn-small" disabled={fetcher.state === 'submitting'}>
            Send the invitation
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
