// /console/leads/:id: one lead (GET /api/console/leads/{id}/): every field of its form, the notes
// (add one), the status (new -> in progress -> done or spam) and the assignee, each change sending
// the version read (a 409 shows both versions). A contractor application can be approved into the
// home pro's merchant record (editors and admins).
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/lead';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, SelectField, TextAreaField } from '../../components/console/field.tsx';
import { consoleApi, type ConsoleFailure } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { kindLabel, LEAD_NEXT_STATUSES, marketLabel, statusLabel, type LeadStatus } from '../../lib/console/leads.ts';
import { ConsoleLeadDetailOut, ConsoleLeadOut, ContractorApprovedOut, LeadNoteOut } from '@market/domain/api/console-leads';
import { StaffListOut, StaffMeOut } from '@market/domain/api/staff';
import { ContractorApprovalBody, LeadNoteBody, LeadUpdateBody, NOTE_MAX } from '@market/domain/validation/console-leads';
import type { z } from 'zod';

function leadPath(id: string): string {
  if (!/^[1-9]\d{0,9}$/.test(id)) return '/api/console/leads/0/';
  return `/api/console/leads/${id}/`;
}

/** "company_name" -> "Company name". */
function fieldLabel(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The forms' fields in the order a person reads a lead; others follow in the order sent. */
const FIELD_ORDER = ['first_name', 'last_name', 'name', 'company_name', 'business_name', 'email', 'phone', 'address', 'address2', 'city', 'state', 'zip', 'website', 'interests', 'years_in_business', 'licensed', 'insured', 'bonded', 'workers_comp', 'project_slugs', 'message', 'comments'];
/** The contractor application's yes/no answers, stored as 1/0 (SPEC.md 6). */
const YES_NO = new Set(['licensed', 'insured', 'bonded', 'workers_comp']);

function fieldRank(key: string): number {
  const at = FIELD_ORDER.indexOf(key);
  return at === -1 ? FIELD_ORDER.length : at;
}

function fieldValue(value: unknown, key = ''): string {
  if (YES_NO.has(key) && (value === 1 || value === 0)) return value === 1 ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => fieldValue(v)).filter(Boolean).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = consoleApi(context, request);
  const [lead, me] = await Promise.all([api.get(leadPath(params.id), ConsoleLeadDetailOut), api.get('/api/console/me/', StaffMeOut)]);
  // Admins may hand a lead to anyone who works on its market; others take it or let it go.
  const staff = me.role === 'admin' ? (await api.get('/api/console/staff/', StaffListOut)).staff : null;
  const assignees = staff
    ? staff.filter((s) => !s.disabled && (s.markets === null || s.markets.includes(lead.market))).map((s) => ({ id: s.id, name: `${s.first_name} ${s.last_name}`.trim() || s.email }))
    : null;
  return {
    me: { id: me.id, role: me.role },
    assignees,
    lead: {
      id: lead.id,
      version: lead.version,
      kind: lead.kind,
      kindText: kindLabel(lead.kind),
      market: marketLabel(lead.market),
      status: lead.status,
      assignedTo: lead.assigned_to,
      summary: lead.summary,
      trackingId: lead.tracking_id,
      created: { iso: lead.created_at, text: formatDateTime(lead.created_at) },
      updated: { iso: lead.updated_at, text: formatDateTime(lead.updated_at) },
      details: Object.entries(lead.details)
        .sort(([a], [b]) => fieldRank(a) - fieldRank(b))
        .map(([key, value]) => ({ key, label: fieldLabel(key), value: fieldValue(value, key) }))
        .filter((d) => d.value !== ''),
      notes: lead.notes.map((n) => ({ id: n.id, author: n.author?.name ?? 'A former staff member', body: n.body, created: { iso: n.created_at, text: formatDateTime(n.created_at) } })),
    },
  };
}

type Yours = { status?: LeadStatus; assigned_to?: number | null };
type ActionResult =
  | { intent: 'status' | 'assign'; ok: true; message: string }
  | { intent: 'status' | 'assign'; ok: false; failure: ConsoleFailure; text: string; yours: Yours }
  | { intent: 'note'; ok: true; message: string }
  | { intent: 'note'; ok: false; fields: Record<string, string[]>; message: string | null; body: string }
  | { intent: 'approve'; ok: true; merchantId: number; created: boolean; locationId: number | null }
  | { intent: 'approve'; ok: false; fields: Record<string, string[]>; message: string | null; values: Record<string, string> };

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'detail');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = consoleApi(context, request);
  const path = leadPath(params.id);
  const intent = formText(form, 'intent');
  const version = Number(formText(form, 'version'));

  if (intent === 'note') {
    const parsed = LeadNoteBody.safeParse({ body: formText(form, 'body') });
    if (!parsed.success) return { intent, ok: false, fields: fieldErrors(parsed.error), message: null, body: formText(form, 'body') };
    const sent = await api.send('POST', `${path}notes/`, parsed.data, LeadNoteOut);
    if (!sent.ok) return { intent, ok: false, fields: sent.kind === 'invalid' ? sent.fields : {}, message: sent.kind === 'invalid' ? sent.message : sent.message, body: formText(form, 'body') };
    return { intent, ok: true, message: 'Note added.' };
  }

  if (intent === 'approve') {
    const values = { licence_number: formText(form, 'licence_number').trim(), licence_expires_on: formText(form, 'licence_expires_on').trim(), insurance_expires_on: formText(form, 'insurance_expires_on').trim() };
    const body = { version, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) };
    const parsed = ContractorApprovalBody.safeParse(body);
    if (!parsed.success) return { intent, ok: false, fields: fieldErrors(parsed.error), message: null, values };
    const sent = await api.send('POST', `${path}approve-contractor/`, parsed.data, ContractorApprovedOut);
    if (!sent.ok) return { intent, ok: false, fields: sent.kind === 'invalid' ? sent.fields : {}, message: sent.kind === 'conflict' ? 'Someone else changed this lead since you opened it. Look at it again, then approve.' : sent.message, values };
    return { intent, ok: true, merchantId: sent.data.merchant_id, created: sent.data.created, locationId: sent.data.location_id };
  }

  if (intent === 'status' || intent === 'assign') {
    const yours: Yours =
      intent === 'status' ? { status: formText(form, 'status') as LeadStatus } : { assigned_to: formText(form, 'assigned_to') === '' ? null : Number(formText(form, 'assigned_to')) };
    const parsed = LeadUpdateBody.safeParse({ version, ...yours });
    if (!parsed.success) {
      const failure: ConsoleFailure = { ok: false, kind: 'invalid', status: 400, message: null, fields: fieldErrors(parsed.error) };
      return { intent, ok: false, failure, text: failureText(failure), yours };
    }
    const sent = await api.send('PATCH', path, parsed.data, ConsoleLeadOut);
    if (!sent.ok) return { intent, ok: false, failure: sent, text: failureText(sent), yours };
    const message = intent === 'status' ? `Status: ${statusLabel(sent.data.status)}.` : sent.data.assigned_to ? `Assigned to ${sent.data.assigned_to.name}.` : 'Nobody is assigned now.';
    return { intent, ok: true, message };
  }
  return { intent: 'status', ok: false, failure: { ok: false, kind: 'invalid', status: 400, message: 'Choose what to change.', fields: {} }, text: 'Choose what to change.', yours: {} };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function assigneeName(value: unknown, names: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined) return 'Nobody';
  if (typeof value === 'object' && value && 'name' in value) return String((value as { name: unknown }).name);
  if (typeof value === 'number') return names.get(value) ?? `Staff member ${value}`;
  return String(value);
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, me, assignees } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const names = new Map<number, string>((assignees ?? []).map((a) => [a.id, a.name]));
  if (lead.assignedTo) names.set(lead.assignedTo.id, lead.assignedTo.name);
  const conflictFields: ConflictField[] = [
    { name: 'status', label: 'Status', format: (v) => (typeof v === 'string' ? statusLabel(v) : '(unchanged)') },
    { name: 'assigned_to', label: 'Assigned to', format: (v) => (v === undefined ? '(unchanged)' : assigneeName(v, names)) },
  ];
  const change = actionData && (actionData.intent === 'status' || actionData.intent === 'assign') ? actionData : null;
  const note = actionData?.intent === 'note' ? actionData : null;
  const approval = actionData?.intent === 'approve' ? actionData : null;
  const conflict = change && !change.ok && change.failure.kind === 'conflict' ? change.failure : null;
  // Their saved version beside what this page sent: only the field this form changed is "yours".
  const theirs = conflict && conflict.current && typeof conflict.current === 'object' ? (conflict.current as Record<string, unknown>) : null;
  const yoursShown = change && !change.ok ? { status: change.yours.status ?? theirs?.status, assigned_to: 'assigned_to' in change.yours ? change.yours.assigned_to : theirs?.assigned_to } : {};
  const title = lead.summary.name || lead.summary.company || lead.summary.email || `Lead ${lead.id}`;
  const canApprove = lead.kind === 'contractorapplication' && (me.role === 'admin' || me.role === 'editor');

  return (
    <>
      <title>{`${title} · Leads · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/leads">← Leads</Link>
      </p>
      <h1>{title}</h1>
      <p className="console-muted">
        {lead.kindText} · {lead.market} · received <time dateTime={lead.created.iso}>{lead.created.text}</time> · last change <time dateTime={lead.updated.iso}>{lead.updated.text}</time>
      </p>

      {conflict && theirs ? (
        <ConflictNotice key={String(theirs.version)} message={conflict.message} theirs={theirs} yours={yoursShown} fields={conflictFields} reloadHref={`/console/leads/${lead.id}`} />
      ) : null}
      {change?.ok ? <FormMessage tone="success" message={change.message} /> : null}
      {change && !change.ok && change.failure.kind === 'invalid' ? <FormMessage message={change.text} /> : null}

      <div className="console-columns">
        <section className="console-panel" aria-labelledby="lead-handling">
          <h2 id="lead-handling">Handling</h2>
          <dl className="console-dl">
            <dt>Status</dt>
            <dd>
              <span className={`console-badge console-status-${lead.status}`}>{statusLabel(lead.status)}</span>
            </dd>
            <dt>Assigned to</dt>
            <dd>{lead.assignedTo ? lead.assignedTo.name : <span className="console-muted">Nobody</span>}</dd>
          </dl>
          <Form method="post" className="console-actions">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="version" value={lead.version} />
            {LEAD_NEXT_STATUSES[lead.status].map((next) => (
              <button key={next.status} type="submit" name="status" value={next.status} className={next.status === 'spam' ? 'console-btn console-btn-secondary' : 'console-btn'} disabled={busy === 'status'}>
                {next.label}
              </button>
            ))}
          </Form>
          {assignees ? (
            <Form method="post" className="console-inline-form">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={lead.version} />
              <SelectField
                label="Assign to (staff of this market)"
                name="assigned_to"
                defaultValue={lead.assignedTo ? String(lead.assignedTo.id) : ''}
                options={[{ value: '', label: 'Nobody' }, ...assignees.map((a) => ({ value: String(a.id), label: a.id === me.id ? `${a.name} (you)` : a.name }))]}
              />
              <button type="submit" className="console-btn console-btn-secondary" disabled={busy === 'assign'}>
                Assign
              </button>
            </Form>
          ) : (
            <Form method="post" className="console-actions">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="version" value={lead.version} />
              {lead.assignedTo?.id !== me.id ? (
                <button type="submit" name="assigned_to" value={String(me.id)} className="console-btn console-btn-secondary" disabled={busy === 'assign'}>
                  Assign to me
                </button>
              ) : null}
              {lead.assignedTo ? (
                <button type="submit" name="assigned_to" value="" className="console-btn console-btn-secondary" disabled={busy === 'assign'}>
                  Unassign
                </button>
              ) : null}
            </Form>
          )}
        </section>

        <section className="console-panel" aria-labelledby="lead-details">
          <h2 id="lead-details">What was sent</h2>
          <dl className="console-dl">
            {lead.details.map((d) => (
              <div key={d.key} className="console-dl-row">
                <dt>{d.label}</dt>
                <dd>{d.value}</dd>
              </div>
            ))}
            {lead.trackingId ? (
              <div className="console-dl-row">
                <dt>Tracking id</dt>
                <dd>{lead.trackingId}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>

      {canApprove ? (
        <section className="console-panel" aria-labelledby="lead-approve">
          <h2 id="lead-approve">Approve and create the pro’s merchant</h2>
          {approval?.ok ? (
            <p role="status" className="console-alert console-alert-success">
              {approval.created ? 'Merchant created' : 'Existing merchant updated'}: merchant {approval.merchantId}. <Link to={`/console/merchants/${approval.merchantId}`}>Open merchant {approval.merchantId}</Link> · <Link to={`/console/merchants/${approval.merchantId}#invite-title`}>Invite the pro to the business centre</Link>
            </p>
          ) : (
            <>
              <p className="console-muted">Creates (or updates, by company name) the merchant under Home Improvement, certified when licensed and insured, with a location when the application gives a street address. The lead becomes done.</p>
              <FormMessage message={approval && !approval.ok ? approval.message : null} />
              <Form method="post" className="console-form" noValidate>
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="version" value={lead.version} />
                <Field label="Licence number" name="licence_number" maxLength={60} defaultValue={approval && !approval.ok ? approval.values.licence_number : ''} errors={approval && !approval.ok ? approval.fields.licence_number : null} hint="Optional." />
                <Field label="Licence expires on" name="licence_expires_on" type="date" defaultValue={approval && !approval.ok ? approval.values.licence_expires_on : ''} errors={approval && !approval.ok ? approval.fields.licence_expires_on : null} hint="Optional." />
                <Field label="Insurance expires on" name="insurance_expires_on" type="date" defaultValue={approval && !approval.ok ? approval.values.insurance_expires_on : ''} errors={approval && !approval.ok ? approval.fields.insurance_expires_on : null} hint="Optional." />
                <button type="submit" className="console-btn" disabled={busy === 'approve'}>
                  Approve and create merchant
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <section className="console-panel" aria-labelledby="lead-notes">
        <h2 id="lead-notes">Notes</h2>
        {lead.notes.length ? (
          <ol className="console-notes">
            {lead.notes.map((n) => (
              <li key={n.id}>
                <p className="console-small console-muted">
                  {n.author} · <time dateTime={n.created.iso}>{n.created.text}</time>
                </p>
                <p className="console-note-body">{n.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="console-muted">No notes yet.</p>
        )}
        {note?.ok ? <FormMessage tone="success" message={note.message} /> : null}
        {note && !note.ok ? <FormMessage message={note.message} /> : null}
        {/* A new key after each note empties the box. */}
        <Form method="post" className="console-form" key={lead.notes.length}>
          <input type="hidden" name="intent" value="note" />
          <TextAreaField label="Add a note" name="body" rows={3} maxLength={NOTE_MAX} defaultValue={note && !note.ok ? note.body : ''} errors={note && !note.ok ? note.fields.body : null} hint="Seen by staff only." />
          <button type="submit" className="console-btn" disabled={busy === 'note'}>
            Add note
          </button>
        </Form>
      </section>
    </>
  );
}
