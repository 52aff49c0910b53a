// /console/content/callouts/:id (and .../new): a home-page callout's form (image address,
// alternative text, link, states or every state, order, first and last day, default set), saved
// with the version read (a 409 shows both versions), and "Delete" behind a confirmation step.
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/callout';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { dayText } from '../../lib/console/contest-format.ts';
import { failureText, formText, conflictRecord } from '../../lib/console/form-values.server.ts';
import { checkBody, formCheck, formList, formNumber, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { ConsoleCalloutOut } from '@market/domain/api/console-content';
import { US_STATES } from '@market/domain/markets';
import { calloutCreateSchema, calloutUpdateSchema } from '@market/domain/validation/console-content';

export interface CalloutFormValues {
  image_url: string;
  alternative_text: string;
  link: string;
  open_link_in_new_tab: boolean;
  order: number | string;
  states: string[];
  show_for_all_states: boolean;
  starts_on: string | null;
  ends_on: string | null;
  is_default: boolean;
}

const EMPTY: CalloutFormValues = { image_url: '', alternative_text: '', link: '', open_link_in_new_tab: false, order: 0, states: [], show_for_all_states: false, starts_on: null, ends_on: null, is_default: false };

function valuesOf(c: ConsoleCalloutOut): CalloutFormValues {
  return {
    image_url: c.image_url,
    alternative_text: c.alternative_text,
    link: c.link,
    open_link_in_new_tab: c.open_link_in_new_tab,
    order: c.order,
    states: c.states,
    show_for_all_states: c.show_for_all_states,
    starts_on: c.starts_on,
    ends_on: c.ends_on,
    is_default: c.is_default,
  };
}

function calloutId(params: { id?: string }): number | 'new' {
  if (params.id === 'new') return 'new';
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = calloutId(params);
  const created = consolePageUrl(request).searchParams.has('created');
  if (id === 'new') return { callout: null, created };
  return { callout: await consoleApi(context, request).get(`/api/console/callouts/${id}/`, ConsoleCalloutOut), created };
}

export type CalloutActionData =
  | { intent: 'save'; ok: true; message: string }
  | { intent: 'save'; ok: false; values: CalloutFormValues; fields: FieldErrors; message: string | null; conflict: { message: string; current: Record<string, unknown> } | null }
  | { intent: 'delete-review' }
  | { intent: 'delete'; ok: false; message: string };

export async function action({ request, context, params }: Route.ActionArgs): Promise<CalloutActionData> {
  const id = calloutId(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const api = consoleApi(context, request);

  if (intent === 'delete-review' && id !== 'new') return { intent: 'delete-review' };
  if (intent === 'delete-confirm' && id !== 'new') {
    const deleted = await api.send('DELETE', `/api/console/callouts/${id}/`, undefined);
    if (!deleted.ok) return { intent: 'delete', ok: false, message: failureText(deleted) };
    throw redirect('/console/content?deleted=1');
  }

  const values: CalloutFormValues = {
    image_url: formText(form, 'image_url'),
    alternative_text: formText(form, 'alternative_text'),
    link: formText(form, 'link'),
    open_link_in_new_tab: formCheck(form, 'open_link_in_new_tab'),
    order: formNumber(form, 'order') ?? 0,
    states: formList(form, 'states'),
    show_for_all_states: formCheck(form, 'show_for_all_states'),
    starts_on: formText(form, 'starts_on') || null,
    ends_on: formText(form, 'ends_on') || null,
    is_default: formCheck(form, 'is_default'),
  };
  const refused = (fields: FieldErrors, message: string | null = null): CalloutActionData => ({ intent: 'save', ok: false, values, fields, message, conflict: null });

  if (id === 'new') {
    const checked = checkBody(calloutCreateSchema, values);
    if (!checked.ok) return refused(checked.fields);
    const made = await api.send('POST', '/api/console/callouts/', checked.body, ConsoleCalloutOut);
    if (!made.ok) return made.kind === 'invalid' ? refused(made.fields, made.message) : refused({}, failureText(made));
    throw redirect(`/console/content/callouts/${made.data.id}?created=1`);
  }
  const checked = checkBody(calloutUpdateSchema, { ...values, version: formNumber(form, 'version') });
  if (!checked.ok) return refused(checked.fields);
  const saved = await api.send('PATCH', `/api/console/callouts/${id}/`, checked.body, ConsoleCalloutOut);
  if (saved.ok) return { intent: 'save', ok: true, message: 'The callout is saved. The home page shows the change at once.' };
  if (saved.kind === 'conflict') {
    return { intent: 'save', ok: false, values, fields: {}, message: null, conflict: { message: saved.message, current: conflictRecord(saved.current) } };
  }
  return refused(saved.fields, saved.message);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

const day = (v: unknown) => (v ? dayText(String(v)) : '(none)');
export const CALLOUT_CONFLICT_FIELDS: readonly ConflictField[] = [
  { name: 'image_url', label: 'Image address' },
  { name: 'alternative_text', label: 'Alternative text' },
  { name: 'link', label: 'Link' },
  { name: 'open_link_in_new_tab', label: 'Opens in a new tab' },
  { name: 'order', label: 'Order' },
  { name: 'states', label: 'States' },
  { name: 'show_for_all_states', label: 'Every state' },
  { name: 'starts_on', label: 'First day', format: day },
  { name: 'ends_on', label: 'Last day', format: day },
  { name: 'is_default', label: 'Default set' },
];

export default function CalloutPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { callout, created } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const save = actionData?.intent === 'save' ? actionData : null;
  const failed = save && !save.ok ? save : null;
  const values = failed ? failed.values : callout ? valuesOf(callout) : EMPTY;
  const fields = failed?.fields ?? {};
  const version = callout?.version ?? 1;
  const states = new Set(values.states);
  const title = callout ? callout.alternative_text || `Callout ${callout.id}` : 'New callout';
  return (
    <>
      <title>{`${title} · Content · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/content">Callouts</Link>
      </p>
      <h1>{title}</h1>
      {created && !save ? <FormMessage tone="success" message="The callout is created." /> : null}
      {save?.ok ? <FormMessage tone="success" message={save.message} /> : null}
      {failed?.conflict ? (
        <ConflictNotice message={failed.conflict.message} theirs={failed.conflict.current} yours={failed.values as unknown as Record<string, unknown>} fields={CALLOUT_CONFLICT_FIELDS} reloadHref={`/console/content/callouts/${params.id}`} />
      ) : null}
      {failed && !failed.conflict ? <FormMessage message={failed.message ?? 'Check the highlighted fields and try again.'} /> : null}

      <div className="console-split">
        <Form method="post" className="console-form console-panel" key={`${version}-${failed ? 'failed' : 'saved'}`}>
          <input type="hidden" name="intent" value="save" />
          {callout ? <input type="hidden" name="version" value={version} /> : null}
          <Field label="Image address" name="image_url" defaultValue={values.image_url} errors={fields.image_url} required hint="A site path (/...) or an https address." />
          <Field label="Alternative text" name="alternative_text" defaultValue={values.alternative_text} errors={fields.alternative_text} required maxLength={300} hint="What the image says, for people who cannot see it." />
          <Field label="Link" name="link" defaultValue={values.link} errors={fields.link} required hint="A site path (/...) or an http(s) address." />
          <label className="console-check">
            <input type="checkbox" name="open_link_in_new_tab" defaultChecked={values.open_link_in_new_tab} />
            <span>Open the link in a new tab</span>
          </label>
          <div className="console-grid-3">
            <Field label="Order" name="order" type="number" min={0} max={10000} step={1} defaultValue={values.order} errors={fields.order} hint="Lower comes first." />
            <Field label="First day" name="starts_on" type="date" defaultValue={values.starts_on ?? ''} errors={fields.starts_on} hint="Empty: from now." />
            <Field label="Last day" name="ends_on" type="date" defaultValue={values.ends_on ?? ''} errors={fields.ends_on} hint="Empty: no end." />
          </div>
          <fieldset className="console-fieldset">
            <legend>States</legend>
            <label className="console-check">
              <input type="checkbox" name="show_for_all_states" defaultChecked={values.show_for_all_states} />
              <span>Show in every state</span>
            </label>
            <div className="console-check-grid">
              {US_STATES.map((s) => (
                <label key={s.code} className="console-check">
                  <input type="checkbox" name="states" value={s.code} defaultChecked={states.has(s.code)} />
                  <span>{s.name}</span>
                </label>
              ))}
            </div>
            {fields.states ? <span className="console-field-error">{fields.states.join(' ')}</span> : null}
          </fieldset>
          <label className="console-check">
            <input type="checkbox" name="is_default" defaultChecked={values.is_default} />
            <span>Part of the default set (shown when the settings ask for the default callouts)</span>
          </label>
          {fields.version ? <FormMessage message={fields.version.join(' ')} /> : null}
          <div className="console-actions">
            <button type="submit" className="console-btn" disabled={busy}>
              {callout ? 'Save changes' : 'Create callout'}
            </button>
            <Link to="/console/content">Cancel</Link>
          </div>
        </Form>
        {values.image_url ? (
          <figure className="console-panel console-preview">
            <img src={values.image_url} alt={values.alternative_text} />
            <figcaption className="console-small console-muted">Preview of the saved image</figcaption>
          </figure>
        ) : null}
      </div>

      {callout ? <DeleteSection actionData={actionData} busy={busy} href={`/console/content/callouts/${callout.id}`} /> : null}
    </>
  );
}

function DeleteSection({ actionData, busy, href }: { actionData: CalloutActionData | undefined; busy: boolean; href: string }) {
  return (
    <section aria-labelledby="delete-heading" className="console-danger-zone">
      <h2 id="delete-heading">Delete this callout</h2>
      {actionData?.intent === 'delete' ? <FormMessage message={actionData.message} /> : null}
      {actionData?.intent === 'delete-review' ? (
        <Form method="post" className="console-panel console-confirm">
          <input type="hidden" name="intent" value="delete-confirm" />
          <p role="status">
            <strong>Delete this callout for good?</strong> It leaves the home page at once and cannot be brought back.
          </p>
          <div className="console-actions">
            <button type="submit" className="console-btn console-btn-danger" disabled={busy}>
              Yes, delete it
            </button>
            <Link to={href} className="console-btn console-btn-secondary">
              Keep it
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="delete-review" />
          <button type="submit" className="console-btn console-btn-danger">
            Delete callout…
          </button>
        </Form>
      )}
    </section>
  );
}
