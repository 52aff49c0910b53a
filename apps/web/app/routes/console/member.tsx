// /console/members/:id: one account (GET /api/console/members/{id}/): profile, verification,
// what it keeps, whether it is disabled, its newsletter status; and what support may do: mail a
// new verification link, disable or enable it, carry out a deletion request (the address typed to
// confirm). The API never sends a password, token or secret, and neither does this page.
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/member';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { marketLabel } from '../../lib/console/leads.ts';
import { ROLE_LABEL } from '../../lib/console/sections.ts';
import { NewsletterLookupOut } from '@market/domain/api/console-leads';
import { ConsoleMemberActionOut, ConsoleMemberDetailOut, ConsoleMemberOut } from '@market/domain/api/console-members';
import { StaffMeOut } from '@market/domain/api/staff';
import { MemberDeletionBody } from '@market/domain/validation/console-members';

function memberPath(id: string): string {
  return /^[1-9]\d{0,9}$/.test(id) ? `/api/console/members/${id}/` : '/api/console/members/0/';
}

const NEWSLETTER_STATUS = { pending: 'Waiting for confirmation', confirmed: 'Subscribed', unsubscribed: 'Unsubscribed' } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const [member, me] = await Promise.all([api.get(memberPath(params.id), ConsoleMemberDetailOut), api.get('/api/console/me/', StaffMeOut)]);
  const newsletter = member.email.length >= 3 ? (await api.get(`/api/console/newsletter/?q=${encodeURIComponent(member.email)}`, NewsletterLookupOut)).results.find((r) => r.email.toLowerCase() === member.email.toLowerCase()) : undefined;
  return {
    // Only admins act on staff accounts, and nobody on their own (the API refuses with 403).
    canAct: member.id !== me.id && (member.staff_role === null || me.role === 'admin'),
    member: {
      id: member.id,
      email: member.email,
      name: `${member.first_name} ${member.last_name}`.trim(),
      verified: member.email_verified,
      disabled: member.disabled,
      account: member.staff_role ? `Staff: ${ROLE_LABEL[member.staff_role]}` : 'Member',
      staffMarkets: member.staff_role ? (member.staff_markets === null ? 'Every market' : member.staff_markets.map(marketLabel).join(', ') || 'No market yet') : null,
      state: member.state,
      zip: member.zip,
      birthday: member.birthday,
      promotions: member.promotions_agree,
      created: { iso: member.created_at, text: formatDateTime(member.created_at) },
      counts: member.counts,
    },
    newsletter: newsletter
      ? { status: NEWSLETTER_STATUS[newsletter.status], since: formatDateTime(newsletter.unsubscribed_at ?? newsletter.confirmed_at ?? newsletter.subscribed_at) }
      : null,
  };
}

type ActionResult = { intent: string; ok: boolean; message: string | null; fields?: Record<string, string[]>; typed?: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = consoleApi(context, request);
  const path = memberPath(params.id);
  const intent = formText(form, 'intent');
  if (intent === 'verification') {
    const sent = await api.send('POST', `${path}verification/`, undefined, ConsoleMemberActionOut);
    return sent.ok ? { intent, ok: true, message: sent.data.detail } : { intent, ok: false, message: failureText(sent) };
  }
  if (intent === 'disable' || intent === 'enable') {
    const sent = await api.send('POST', `${path}${intent}/`, undefined, ConsoleMemberOut);
    if (!sent.ok) return { intent, ok: false, message: failureText(sent) };
    return { intent, ok: true, message: sent.data.disabled ? 'The account is disabled: it cannot sign in, and its sessions have ended.' : 'The account is enabled again.' };
  }
  if (intent === 'delete') {
    const typed = formText(form, 'confirm_email');
    const parsed = MemberDeletionBody.safeParse({ confirm_email: typed });
    if (!parsed.success) return { intent, ok: false, message: null, fields: { confirm_email: parsed.error.issues.map((i) => i.message) }, typed };
    const sent = await api.send('POST', `${path}deletion/`, parsed.data, ConsoleMemberActionOut);
    if (!sent.ok) return { intent, ok: false, message: sent.kind === 'invalid' ? sent.message : sent.message, fields: sent.kind === 'invalid' ? sent.fields : {}, typed };
    throw redirect('/console/members?deleted=1');
  }
  return { intent, ok: false, message: 'Choose what to do.' };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Member({ loaderData, actionData }: Route.ComponentProps) {
  const { member, canAct, newsletter } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const deletion = actionData?.intent === 'delete' ? actionData : null;
  const other = actionData && actionData.intent !== 'delete' ? actionData : null;
  return (
    <>
      <title>{`${member.email} · Members · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/members">← Members</Link>
      </p>
      <h1 className="console-break">{member.name || member.email}</h1>
      <p className="console-muted console-break">
        {member.email} · {member.account} · joined <time dateTime={member.created.iso}>{member.created.text}</time>
        {member.disabled ? (
          <>
            {' '}
            · <span className="console-badge console-status-spam">Disabled</span>
          </>
        ) : null}
      </p>
      {other ? <FormMessage tone={other.ok ? 'success' : 'error'} message={other.message} /> : null}

      <div className="console-columns">
        <section className="console-panel" aria-labelledby="member-profile">
          <h2 id="member-profile">Profile</h2>
          <dl className="console-dl">
            <div className="console-dl-row">
              <dt>E-mail</dt>
              <dd>{member.email}</dd>
            </div>
            <div className="console-dl-row">
              <dt>E-mail verified</dt>
              <dd>{member.verified ? 'Yes' : 'Not yet'}</dd>
            </div>
            <div className="console-dl-row">
              <dt>Name</dt>
              <dd>{member.name || <span className="console-muted">Not given</span>}</dd>
            </div>
            <div className="console-dl-row">
              <dt>State and zip</dt>
              <dd>{[member.state, member.zip].filter(Boolean).join(' ') || <span className="console-muted">Not given</span>}</dd>
            </div>
            <div className="console-dl-row">
              <dt>Birthday</dt>
              <dd>{member.birthday ?? <span className="console-muted">Not given</span>}</dd>
            </div>
            <div className="console-dl-row">
              <dt>Promotions by e-mail</dt>
              <dd>{member.promotions ? 'Agreed' : 'No'}</dd>
            </div>
            <div className="console-dl-row">
              <dt>Newsletter</dt>
              <dd>{newsletter ? `${newsletter.status} (${newsletter.since})` : <span className="console-muted">Not on the list</span>}</dd>
            </div>
            {member.staffMarkets ? (
              <div className="console-dl-row">
                <dt>Staff markets</dt>
                <dd>{member.staffMarkets}</dd>
              </div>
            ) : null}
            <div className="console-dl-row">
              <dt>State of the account</dt>
              <dd>{member.disabled ? 'Disabled: cannot sign in' : 'Active'}</dd>
            </div>
          </dl>
        </section>
        <section className="console-panel" aria-labelledby="member-counts">
          <h2 id="member-counts">What the account keeps</h2>
          <dl className="console-dl console-dl-numbers">
            {(
              [
                ['Clipped offers', member.counts.clips],
                ['Favourite merchants', member.counts.favorites],
                ['Copies printed or downloaded', member.counts.prints],
                ['Offers printed', member.counts.offers_printed],
                ['Redemptions', member.counts.redemptions],
                ['Contest entries', member.counts.contest_entries],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="console-dl-row">
                <dt>{label}</dt>
                <dd>{value.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      {canAct ? (
        <>
          <section className="console-panel" aria-labelledby="member-help">
            <h2 id="member-help">Help with signing in</h2>
            <div className="console-actions">
              {!member.verified ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="verification" />
                  <button type="submit" className="console-btn console-btn-secondary" disabled={busy}>
                    Resend the verification mail
                  </button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value={member.disabled ? 'enable' : 'disable'} />
                <button type="submit" className={member.disabled ? 'console-btn' : 'console-btn console-btn-danger'} disabled={busy}>
                  {member.disabled ? 'Enable the account' : 'Disable the account'}
                </button>
              </Form>
            </div>
            <p className="console-small console-muted">Disabling ends every session of the account at once; it cannot sign in until enabled again.</p>
          </section>
          <section className="console-panel console-danger-zone" aria-labelledby="member-delete">
            <h2 id="member-delete">Carry out a deletion request</h2>
            <p>This deletes the account and what it keeps, as the member’s own “Delete my account” does. It cannot be undone.</p>
            <FormMessage message={deletion?.message} />
            <Form method="post" className="console-form" noValidate>
              <input type="hidden" name="intent" value="delete" />
              <Field label={`Type ${member.email} to confirm`} name="confirm_email" type="email" autoComplete="off" defaultValue={deletion?.typed ?? ''} errors={deletion?.fields?.confirm_email} />
              <button type="submit" className="console-btn console-btn-danger" disabled={busy}>
                Delete the account
              </button>
            </Form>
          </section>
        </>
      ) : (
        <p className="console-muted">Only an administrator acts on a staff account, and nobody on their own account from here.</p>
      )}
    </>
  );
}
